/**
 * Queries for the scanner's own test (firestore-indexes.test.ts): one it reads, and the ways of
 * building a query it must refuse to guess. Never run.
 */
import { where } from 'firebase/firestore';
import type { DataPort, Filter, QuerySpec } from '@sim/core/port/data-port';

export function readable(port: DataPort, by: 'creator' | 'team', uid: string) {
  return port.docs.query({
    collection: 'games',
    where: [{ field: by, op: '==', value: uid }],
    orderBy: [{ field: 'created_at', direction: 'desc' }],
  });
}

/** Passes its callers' query through: accepted, the callers are checked. */
export function passThrough(port: DataPort, spec: QuerySpec) {
  return port.docs.query(spec);
}

export function filtersFromOutside(port: DataPort, filters: Filter[]) {
  return passThrough(port, { collection: 'games', where: filters });
}

export function fieldFromOutside(port: DataPort, field: string) {
  return port.docs.query({ collection: 'games', where: [{ field, op: '==', value: 1 }] });
}

export function specFromElsewhere(port: DataPort, make: () => QuerySpec) {
  return port.docs.onQuery(make(), () => undefined);
}

/** The SDK's query API outside the adapters bypasses the port. */
export function sdkDirectly() {
  return where('creator', '==', 'u1');
}
