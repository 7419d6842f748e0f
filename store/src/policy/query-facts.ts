/**
 * What a list query proves about every document it could return. Firestore judges a list from
 * the query, never from the documents found: in a `list` rule, `resource.data.x` is known only
 * where an equality filter fixes it, and `v in resource.data.x` holds only where an
 * array-contains filter names `v` (or an equality fixes `x` to a list holding `v`). Anything else
 * is unknown, and a rule branch that needs it does not hold. An `in` filter stands for one query
 * per value, and each must pass (checked against the Firestore emulator: `creator in ['alice']`
 * passes for alice, `creator in ['alice', 'bob']` does not; `to array-contains 'all'` does not
 * prove `to is list`; a range on `creator` proves nothing).
 */
import type { Filter } from '@sim/core/port/data-port';
import { deepEqual } from './data';

export interface QueryFacts {
  /**
   * `resource.data.<field>` for every possible result: the value an equality filter fixes, or
   * undefined when the query leaves it open (a rule must then treat it as unproven).
   */
  fixed(field: string): unknown;
  /** `value in resource.data.<field>` for every possible result. */
  holds(field: string, value: unknown): boolean;
}

/** Firestore refuses a query that stands for more than this many disjunctions. */
export const MAX_DISJUNCTIONS = 30;

/** The facts of a query made of `==` and `array-contains` filters (others prove nothing). */
export function queryFacts(where: readonly Filter[]): QueryFacts {
  const fixedFilter = (field: string): Filter | undefined =>
    where.find((f) => f.op === '==' && f.field === field);
  return {
    fixed: (field) => fixedFilter(field)?.value,
    holds: (field, value) => {
      if (
        where.some(
          (f) => f.op === 'array-contains' && f.field === field && deepEqual(f.value, value),
        )
      )
        return true;
      const list = fixedFilter(field)?.value;
      return Array.isArray(list) && list.some((v) => deepEqual(v, value));
    },
  };
}

/**
 * The conjunctions a query stands for: each `in` filter becomes one `==` per value, combined
 * with the others'. Undefined when there are more than MAX_DISJUNCTIONS.
 */
export function disjunctions(where: readonly Filter[]): Filter[][] | undefined {
  let out: Filter[][] = [[]];
  for (const f of where) {
    if (f.op !== 'in') {
      out = out.map((conj) => [...conj, f]);
      continue;
    }
    const values: readonly unknown[] = Array.isArray(f.value) ? f.value : [];
    if (values.length === 0) return undefined;
    out = out.flatMap((conj) =>
      values.map((value) => [...conj, { field: f.field, op: '==' as const, value }]),
    );
    if (out.length > MAX_DISJUNCTIONS) return undefined;
  }
  return out;
}
