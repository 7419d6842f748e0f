/**
 * Readers for stored document values: each accepts anything and gives a typed value or the
 * default, so a parser never trusts the shape of what it reads. Pure.
 */
export type Obj = Record<string, unknown>;

export function obj(v: unknown): Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {};
}

export function str(v: unknown, d = ''): string {
  return typeof v === 'string' ? v : d;
}

export function num(v: unknown, d = 0): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : d;
}

export function bool(v: unknown, d = false): boolean {
  return typeof v === 'boolean' ? v : d;
}

export function strs(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** A non-empty string, else null (ids such as `team` and `session`). */
export function idOrNull(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}
