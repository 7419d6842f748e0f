/**
 * Adapter-neutral helpers for the case table: the world a case starts from, what an update map
 * does to a document, which seeded documents a list query returns, and how a case is decided by
 * the TypeScript policy module.
 */
import type { DocData, Filter } from '@sim/core/port/data-port';
import { isFieldTransform } from '@sim/core/port/field-values';
import {
  checkAccess,
  checkFileAccess,
  checkQuery,
  type Decision,
  type DocReader,
} from '@sim/store/policy/access-policy';
import { ACTORS, WORLD, type DocCase, type FileCase } from './cases';

/** The documents of a case: WORLD with the case's seed applied (null removes a document). */
export function worldOf(c: Pick<DocCase, 'seed'>): Map<string, DocData> {
  const docs = new Map<string, DocData>();
  for (const [path, data] of Object.entries(WORLD)) docs.set(path, structuredClone(data));
  for (const [path, data] of Object.entries(c.seed ?? {})) {
    if (data === null) docs.delete(path);
    else docs.set(path, structuredClone(data));
  }
  return docs;
}

function isPlainMap(v: unknown): v is DocData {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !isFieldTransform(v);
}

function resolve(value: unknown, previous: unknown): unknown | undefined {
  if (!isFieldTransform(value)) return structuredClone(value);
  switch (value.$transform) {
    case 'delete':
      return undefined;
    case 'serverTimestamp':
      return 0;
    case 'increment':
      return (typeof previous === 'number' ? previous : 0) + value.by;
    case 'arrayUnion': {
      const list = Array.isArray(previous) ? [...(previous as unknown[])] : [];
      for (const v of value.values)
        if (!list.some((x) => JSON.stringify(x) === JSON.stringify(v))) list.push(v);
      return list;
    }
    case 'arrayRemove': {
      const list = Array.isArray(previous) ? (previous as unknown[]) : [];
      return list.filter((x) => !value.values.some((v) => JSON.stringify(x) === JSON.stringify(v)));
    }
  }
}

/** The document after the port's `update(path, data)`: keys are dotted field paths. */
export function applyUpdate(existing: DocData, update: DocData): DocData {
  const out = structuredClone(existing);
  for (const [key, value] of Object.entries(update)) {
    const parts = key.split('.');
    let target: DocData = out;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      if (!isPlainMap(next)) target[part] = {};
      target = target[part] as DocData;
    }
    const last = parts[parts.length - 1] ?? key;
    const resolved = resolve(value, target[last]);
    if (resolved === undefined) delete target[last];
    else target[last] = resolved;
  }
  return out;
}

/** The document written by the port's `set(path, data)`: transforms resolved. */
export function resolveTop(data: DocData): DocData {
  const out: DocData = {};
  for (const [k, v] of Object.entries(data)) {
    const r = resolve(v, undefined);
    if (r !== undefined) out[k] = isPlainMap(r) ? resolveTop(r) : r;
  }
  return out;
}

function fieldValue(data: DocData, path: string): unknown {
  let v: unknown = data;
  for (const part of path.split('.')) {
    if (!isPlainMap(v)) return undefined;
    v = v[part];
  }
  return v;
}

function compare(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return undefined;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export function matchesFilter(data: DocData, f: Filter): boolean {
  const v = fieldValue(data, f.field);
  switch (f.op) {
    case '==':
      return v !== undefined && same(v, f.value);
    case '!=':
      return v !== undefined && v !== null && !same(v, f.value);
    case 'in':
      return Array.isArray(f.value) && f.value.some((x) => same(v, x));
    case 'array-contains':
      return Array.isArray(v) && v.some((x) => same(x, f.value));
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const d = compare(v, f.value);
      if (d === undefined) return false;
      return f.op === '<' ? d < 0 : f.op === '<=' ? d <= 0 : f.op === '>' ? d > 0 : d >= 0;
    }
  }
}

/** The documents directly in `collection` (not in its subcollections) matching every filter. */
export function queryWorld(
  docs: ReadonlyMap<string, DocData>,
  collection: string,
  where: readonly Filter[] = [],
): { path: string; data: DocData }[] {
  const depth = collection.split('/').length + 1;
  const out: { path: string; data: DocData }[] = [];
  for (const [path, data] of docs) {
    if (!path.startsWith(`${collection}/`) || path.split('/').length !== depth) continue;
    if (where.every((f) => matchesFilter(data, f))) out.push({ path, data });
  }
  return out;
}

/** Decides a document case with the TypeScript policy module. */
export function decideWithModule(c: DocCase): Decision {
  const docs = worldOf(c);
  const read: DocReader = (path) => docs.get(path);
  const auth = ACTORS[c.who];
  if (c.op === 'list') {
    // The decision comes from the filters alone; the results only keep the case meaningful (a
    // refused list that would have found nothing proves little about the local store).
    if (queryWorld(docs, c.path, c.where).length === 0) {
      throw new Error(`list case "${c.name}" returns no document`);
    }
    return checkQuery(auth, c.path, c.where ?? [], read);
  }
  const existing = docs.get(c.path);
  let incoming: DocData | undefined;
  if (c.op === 'create') incoming = resolveTop(c.data ?? {});
  if (c.op === 'update') {
    if (existing === undefined)
      throw new Error(`update case "${c.name}" targets a missing document`);
    incoming = applyUpdate(existing, c.data ?? {});
  }
  if (c.op === 'create' && existing !== undefined) {
    throw new Error(`create case "${c.name}" targets an existing document`);
  }
  return checkAccess({ auth, op: c.op, path: c.path, existing, incoming }, read);
}

export function decideFileWithModule(c: FileCase): Decision {
  return checkFileAccess({
    auth: ACTORS[c.who],
    op: c.op,
    path: c.path,
    size: c.size,
    contentType: c.contentType,
  });
}
