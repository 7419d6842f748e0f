/**
 * Value helpers for the access policy: the small subset of the Firestore rules language the policy
 * uses (map.get with a default, `is int`, map diffs), written for plain JSON-like document data.
 */
import type { DocData } from '@sim/core/port/data-port';

export function isMap(value: unknown): value is DocData {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty string, usable as a document id (what `x is string` guards in the rules before a get). */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/**
 * `is int` in rules. Firestore's SDKs (web and admin) send a JS number as a 64-bit integer only
 * when it is a safe integer and not -0; anything else (1e300, 2^53, 2^63, -0, 0.5) is stored as
 * a double, and `is int` is false for it (checked against the emulator with both SDKs).
 */
export function isInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && !Object.is(value, -0);
}

/**
 * `map.get(key, fallback)` in rules. Own keys only: a document's map never holds 'constructor' or
 * 'toString' unless written so, and `in` would find `Object.prototype`'s.
 */
export function getField(map: unknown, key: string, fallback: unknown = undefined): unknown {
  if (!isMap(map) || !Object.hasOwn(map, key)) return fallback;
  return map[key];
}

/** A map field, or an empty map when absent or not a map. */
export function mapField(map: unknown, key: string): DocData {
  const value = getField(map, key);
  return isMap(value) ? value : {};
}

/** A list field, or an empty list when absent or not a list. */
export function listField(map: unknown, key: string): readonly unknown[] {
  const value = getField(map, key);
  return Array.isArray(value) ? value : [];
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  }
  if (isMap(a)) {
    if (!isMap(b)) return false;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

export interface MapDiff {
  readonly added: ReadonlySet<string>;
  readonly removed: ReadonlySet<string>;
  readonly changed: ReadonlySet<string>;
  /** added ∪ removed ∪ changed, like `diff().affectedKeys()` in rules. */
  readonly affected: ReadonlySet<string>;
}

/** `after.diff(before)` in rules: top-level keys only, values compared deeply. */
export function diff(after: DocData, before: DocData): MapDiff {
  const added = new Set<string>();
  const removed = new Set<string>();
  const changed = new Set<string>();
  for (const k of Object.keys(after)) {
    if (!Object.hasOwn(before, k)) added.add(k);
    else if (!deepEqual(after[k], before[k])) changed.add(k);
  }
  for (const k of Object.keys(before)) if (!Object.hasOwn(after, k)) removed.add(k);
  return { added, removed, changed, affected: new Set([...added, ...removed, ...changed]) };
}

/** `set.hasOnly(list)` in rules. */
export function hasOnly(
  keys: ReadonlySet<string> | readonly string[],
  allowed: readonly string[],
): boolean {
  for (const k of keys) if (!allowed.includes(k)) return false;
  return true;
}

/** `set.hasAny(list)` in rules. */
export function hasAny(
  keys: ReadonlySet<string> | readonly string[],
  wanted: readonly string[],
): boolean {
  for (const k of keys) if (wanted.includes(k)) return true;
  return false;
}
