/** Evaluates a query spec over documents in memory with Firestore's semantics. */
import type { DocData, Filter, QuerySpec } from '@sim/core/port/data-port';
import { PortError } from '@sim/core/port/data-port';
import { compareStrings, compareValues, readField, sameType, valuesEqual } from './values';

export interface StoredDoc {
  readonly path: string;
  readonly id: string;
  readonly data: DocData;
  /** Commit sequence number of the last write. */
  readonly version: number;
}

export function matchesFilter(data: DocData, filter: Filter): boolean {
  const value = readField(data, filter.field);
  if (value === undefined) return false;
  switch (filter.op) {
    case '==':
      return valuesEqual(value, filter.value);
    case '!=':
      return !valuesEqual(value, filter.value);
    case '<':
      return sameType(value, filter.value) && compareValues(value, filter.value) < 0;
    case '<=':
      return sameType(value, filter.value) && compareValues(value, filter.value) <= 0;
    case '>':
      return sameType(value, filter.value) && compareValues(value, filter.value) > 0;
    case '>=':
      return sameType(value, filter.value) && compareValues(value, filter.value) >= 0;
    case 'in':
      if (!Array.isArray(filter.value))
        throw new PortError('invalid-argument', "'in' needs an array");
      return filter.value.some((v) => valuesEqual(value, v));
    case 'array-contains':
      return Array.isArray(value) && value.some((v) => valuesEqual(v, filter.value));
  }
}

const RANGE_OPS = new Set(['<', '<=', '>', '>=', '!=']);

export function validateQuery(spec: QuerySpec): void {
  const rangeFields = new Set(
    (spec.where ?? []).filter((f) => RANGE_OPS.has(f.op)).map((f) => f.field),
  );
  if (spec.limit !== undefined && (!Number.isInteger(spec.limit) || spec.limit < 0)) {
    throw new PortError('invalid-argument', 'limit must be a non-negative integer');
  }
  for (const f of spec.where ?? []) {
    if (f.op === 'in' && (!Array.isArray(f.value) || f.value.length === 0 || f.value.length > 30)) {
      throw new PortError('invalid-argument', "'in' needs 1 to 30 values");
    }
  }
  if (rangeFields.size > 0 && spec.orderBy && spec.orderBy.length > 0) {
    const first = spec.orderBy[0]?.field;
    if (first !== undefined && rangeFields.size === 1 && !rangeFields.has(first)) {
      throw new PortError(
        'invalid-argument',
        'The first orderBy must be on the field of an inequality filter',
      );
    }
  }
}

/** Order fields with the implicit ones: inequality fields first, then the document id. */
export function effectiveOrder(spec: QuerySpec): { field: string; direction: 'asc' | 'desc' }[] {
  const order = (spec.orderBy ?? []).map((o) => ({
    field: o.field,
    direction: o.direction ?? 'asc',
  }));
  if (order.length === 0) {
    for (const f of spec.where ?? []) {
      if (RANGE_OPS.has(f.op) && !order.some((o) => o.field === f.field)) {
        order.push({ field: f.field, direction: 'asc' });
      }
    }
  }
  return order;
}

export function compareDocs(
  a: StoredDoc,
  b: StoredDoc,
  order: { field: string; direction: 'asc' | 'desc' }[],
): number {
  for (const o of order) {
    const c = compareValues(readField(a.data, o.field), readField(b.data, o.field));
    if (c !== 0) return o.direction === 'desc' ? -c : c;
  }
  const last = order[order.length - 1]?.direction ?? 'asc';
  const c = compareStrings(a.id, b.id);
  return last === 'desc' ? -c : c;
}

export interface Cursor {
  readonly values: readonly unknown[];
  readonly id?: string;
}

function afterCursor(
  doc: StoredDoc,
  cursor: Cursor,
  order: { field: string; direction: 'asc' | 'desc' }[],
): boolean {
  for (let i = 0; i < cursor.values.length && i < order.length; i++) {
    const o = order[i];
    if (!o) break;
    const c = compareValues(readField(doc.data, o.field), cursor.values[i]);
    if (c !== 0) return o.direction === 'desc' ? c < 0 : c > 0;
  }
  if (cursor.id === undefined) return false;
  const last = order[order.length - 1]?.direction ?? 'asc';
  const c = compareStrings(doc.id, cursor.id);
  return last === 'desc' ? c < 0 : c > 0;
}

/** Runs a query over the documents of its collection. */
export function runQuery(docs: Iterable<StoredDoc>, spec: QuerySpec, cursor?: Cursor): StoredDoc[] {
  validateQuery(spec);
  const order = effectiveOrder(spec);
  const filters = spec.where ?? [];
  const out: StoredDoc[] = [];
  for (const doc of docs) {
    if (!filters.every((f) => matchesFilter(doc.data, f))) continue;
    // Firestore leaves out documents that lack an orderBy field.
    if (!order.every((o) => readField(doc.data, o.field) !== undefined)) continue;
    if (cursor && !afterCursor(doc, cursor, order)) continue;
    out.push(doc);
  }
  out.sort((a, b) => compareDocs(a, b, order));
  return spec.limit !== undefined ? out.slice(0, spec.limit) : out;
}
