/**
 * Which composite index a query needs in production, and whether `firestore.indexes.json` holds
 * it. The Firestore emulator serves every query without indexes, so this is the only check
 * before deploying.
 *
 * Firestore's rules (https://firebase.google.com/docs/firestore/query-data/index-overview):
 * - every field has automatic single-field indexes (ascending, descending, array-contains), so
 *   a query on one field needs nothing more;
 * - equality filters (`==`, `in`) on several fields with no order are served by merging the
 *   single-field indexes;
 * - anything else needs a composite index: the equality fields first (in any order; `==`/`in`
 *   in either direction, `array-contains` as CONTAINS), then the order fields exactly: the
 *   explicit orderBy, then the inequality fields not ordered explicitly (ascending, by name).
 *   An array-contains with any other field is held to a composite index too (no merging is
 *   assumed for it).
 * - equality queries with an order may also be served by several composite indexes that each
 *   hold some of the equality fields and the same order ("index merging").
 */
import type { WhereOp } from '@sim/core/port/data-port';

export interface QueryShape {
  /** The last collection id of the path (the index's `collectionGroup`). */
  readonly collectionGroup: string;
  readonly where: readonly { readonly field: string; readonly op: WhereOp }[];
  readonly orderBy: readonly { readonly field: string; readonly direction: 'asc' | 'desc' }[];
  /** Where the query is built (file:line), for messages. */
  readonly source: string;
}

export interface IndexField {
  readonly fieldPath: string;
  readonly order?: 'ASCENDING' | 'DESCENDING';
  readonly arrayConfig?: 'CONTAINS';
}

export interface CompositeIndex {
  readonly collectionGroup: string;
  readonly queryScope: 'COLLECTION' | 'COLLECTION_GROUP';
  readonly fields: readonly IndexField[];
}

export interface IndexFile {
  readonly indexes: readonly CompositeIndex[];
  readonly fieldOverrides?: readonly {
    readonly collectionGroup: string;
    readonly fieldPath: string;
  }[];
}

/** A composite index a query needs: equality fields (any order) then the order fields. */
export interface Requirement {
  readonly collectionGroup: string;
  readonly equality: readonly { readonly fieldPath: string; readonly contains: boolean }[];
  readonly order: readonly {
    readonly fieldPath: string;
    readonly order: 'ASCENDING' | 'DESCENDING';
  }[];
  readonly hasInequality: boolean;
}

const EQUALITY: ReadonlySet<WhereOp> = new Set(['==', 'in']);
const INEQUALITY: ReadonlySet<WhereOp> = new Set(['<', '<=', '>', '>=', '!=']);

/** The composite index the query needs, or null when automatic single-field indexes serve it. */
export function requirement(q: QueryShape): Requirement | null {
  const equality: { fieldPath: string; contains: boolean }[] = [];
  const addEquality = (fieldPath: string, contains: boolean): void => {
    if (!equality.some((e) => e.fieldPath === fieldPath && e.contains === contains))
      equality.push({ fieldPath, contains });
  };
  const inequalities = new Set<string>();
  for (const f of q.where) {
    if (EQUALITY.has(f.op)) addEquality(f.field, false);
    else if (f.op === 'array-contains') addEquality(f.field, true);
    else if (INEQUALITY.has(f.op)) inequalities.add(f.field);
  }
  const fixed = new Set(equality.filter((e) => !e.contains).map((e) => e.fieldPath));
  const order: { fieldPath: string; order: 'ASCENDING' | 'DESCENDING' }[] = [];
  for (const o of q.orderBy) {
    // An order on a field an equality filter fixes changes nothing.
    if (fixed.has(o.field) || order.some((x) => x.fieldPath === o.field)) continue;
    order.push({ fieldPath: o.field, order: o.direction === 'desc' ? 'DESCENDING' : 'ASCENDING' });
  }
  for (const field of [...inequalities].sort()) {
    if (!order.some((x) => x.fieldPath === field))
      order.push({ fieldPath: field, order: 'ASCENDING' });
  }
  const fields = new Set([...equality.map((e) => e.fieldPath), ...order.map((o) => o.fieldPath)]);
  if (fields.size <= 1) return null;
  const onlyValueEquality = order.length === 0 && equality.every((e) => !e.contains);
  if (onlyValueEquality) return null;
  return {
    collectionGroup: q.collectionGroup,
    equality,
    order,
    hasInequality: inequalities.size > 0,
  };
}

/** The index's fields without a trailing `__name__` (Firestore adds it by itself). */
function fieldsOf(index: CompositeIndex): readonly IndexField[] {
  const last = index.fields[index.fields.length - 1];
  return last?.fieldPath === '__name__' ? index.fields.slice(0, -1) : index.fields;
}

function equalityMatches(
  field: IndexField,
  wanted: { readonly fieldPath: string; readonly contains: boolean },
): boolean {
  if (field.fieldPath !== wanted.fieldPath) return false;
  return wanted.contains ? field.arrayConfig === 'CONTAINS' : field.order !== undefined;
}

/**
 * Splits an index into an equality prefix (fields the requirement fixes, in any order) and the
 * rest, which must be the requirement's order exactly; undefined when it does not fit.
 */
function prefixServing(index: CompositeIndex, req: Requirement): IndexField[] | undefined {
  if (index.collectionGroup !== req.collectionGroup || index.queryScope !== 'COLLECTION') return;
  const fields = fieldsOf(index);
  const prefixLength = fields.length - req.order.length;
  if (prefixLength < 0) return;
  const suffix = fields.slice(prefixLength);
  const orderFits = req.order.every(
    (o, i) => suffix[i]?.fieldPath === o.fieldPath && suffix[i]?.order === o.order,
  );
  if (!orderFits) return;
  const prefix = fields.slice(0, prefixLength);
  const distinct = new Set(prefix.map((f) => f.fieldPath)).size === prefix.length;
  const allEquality = prefix.every((f) => req.equality.some((e) => equalityMatches(f, e)));
  return distinct && allEquality ? [...prefix] : undefined;
}

/**
 * The indexes of the file that serve the requirement: one index holding every equality field
 * then the order, or (equality filters only, no inequality) several that together hold every
 * equality field, each followed by the same order. Undefined when the file cannot serve it.
 */
export function servingIndexes(
  file: IndexFile,
  req: Requirement,
): readonly CompositeIndex[] | undefined {
  const fitting = file.indexes
    .map((index) => ({ index, prefix: prefixServing(index, req) }))
    .filter((x): x is { index: CompositeIndex; prefix: IndexField[] } => x.prefix !== undefined);
  const exact = fitting.find((x) => x.prefix.length === req.equality.length);
  if (exact) return [exact.index];
  if (req.hasInequality || req.equality.some((e) => e.contains) || req.order.length === 0) return;
  const covered = new Set(fitting.flatMap((x) => x.prefix.map((f) => f.fieldPath)));
  if (!req.equality.every((e) => covered.has(e.fieldPath))) return;
  return fitting.filter((x) => x.prefix.length > 0).map((x) => x.index);
}

/** The requirement as an entry of firestore.indexes.json, for the failure message. */
export function asIndexEntry(req: Requirement): CompositeIndex {
  return {
    collectionGroup: req.collectionGroup,
    queryScope: 'COLLECTION',
    fields: [
      ...req.equality.map((e): IndexField =>
        e.contains
          ? { fieldPath: e.fieldPath, arrayConfig: 'CONTAINS' }
          : { fieldPath: e.fieldPath, order: 'ASCENDING' },
      ),
      ...req.order.map((o): IndexField => ({ fieldPath: o.fieldPath, order: o.order })),
    ],
  };
}

export function describeIndex(index: CompositeIndex): string {
  const fields = fieldsOf(index).map(
    (f) => `${f.fieldPath} ${f.arrayConfig === 'CONTAINS' ? 'CONTAINS' : (f.order ?? '?')}`,
  );
  return `${index.collectionGroup} (${fields.join(', ')})`;
}
