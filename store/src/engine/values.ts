/**
 * Firestore value ordering for JSON documents: null < boolean < number < string < array < map.
 * Range comparisons only match values of the same type, as in Firestore.
 */
type TypeRank = 0 | 1 | 2 | 3 | 4 | 5;

function typeRank(value: unknown): TypeRank {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'boolean') return 1;
  if (typeof value === 'number') return 2;
  if (typeof value === 'string') return 3;
  if (Array.isArray(value)) return 4;
  return 5;
}

const isSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdfff;

/**
 * Firestore orders strings by their UTF-8 bytes, that is by code point. JS compares UTF-16 units,
 * which puts a character above U+FFFF (a surrogate pair, units D800-DFFF) before U+E000-U+FFFF.
 */
export function compareStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate starts a code point above every one of the Basic Multilingual Plane.
    if (isSurrogate(x) !== isSurrogate(y)) return isSurrogate(x) ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

export function sameType(a: unknown, b: unknown): boolean {
  return typeRank(a) === typeRank(b);
}

export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 0:
      return 0;
    case 1:
      return Number(a) - Number(b);
    case 2: {
      const x = a as number;
      const y = b as number;
      if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
      if (Number.isNaN(y)) return 1;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 3:
      return compareStrings(a as string, b as string);
    case 4: {
      const x = a as unknown[];
      const y = b as unknown[];
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const c = compareValues(x[i], y[i]);
        if (c !== 0) return c;
      }
      return x.length - y.length;
    }
    case 5: {
      const x = a as Record<string, unknown>;
      const y = b as Record<string, unknown>;
      const kx = Object.keys(x).sort(compareStrings);
      const ky = Object.keys(y).sort(compareStrings);
      for (let i = 0; i < Math.min(kx.length, ky.length); i++) {
        const ka = kx[i] as string;
        const kb = ky[i] as string;
        if (ka !== kb) return compareStrings(ka, kb);
        const c = compareValues(x[ka], y[kb]);
        if (c !== 0) return c;
      }
      return kx.length - ky.length;
    }
  }
}

export function valuesEqual(a: unknown, b: unknown): boolean {
  return sameType(a, b) && compareValues(a, b) === 0;
}

/**
 * Reads a dotted field path; undefined when any step is missing. Own fields only: a query on
 * `constructor` or `toString` must not find what every object inherits.
 */
export function readField(data: unknown, fieldPath: string): unknown {
  let current: unknown = data;
  for (const key of fieldPath.split('.')) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    if (!Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
