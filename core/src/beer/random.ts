/**
 * Seeded randomness for the beer core. The core never uses global randomness:
 * every random draw is derived from the game's seed and the coordinates of the
 * draw (week, facility, capability…), so a draw never depends on the order in
 * which other draws were made, nor on what the players ordered (BEER-RND-1).
 */

/** A seeded pseudo-random generator: mulberry32. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes a 32-bit value (the finaliser of murmur3). */
function fmix32(h: number): number {
  let x = h >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/**
 * A uniform float in [0, 1) determined only by the seed, a stream tag and
 * coordinates. Same inputs, same output.
 */
export function randomAt(seed: number, stream: number, a: number, b: number, c: number): number {
  let h = fmix32((seed >>> 0) ^ 0x9e3779b9);
  h = fmix32(h ^ Math.imul(stream + 1, 0x27d4eb2d));
  h = fmix32(h ^ Math.imul(a + 1, 0x165667b1));
  h = fmix32(h ^ Math.imul(b + 1, 0xd3a2646c));
  h = fmix32(h ^ Math.imul(c + 1, 0xfd7046c5));
  return mulberryOnce(h);
}

/** The first output of mulberry32(seed), without allocating a generator. */
function mulberryOnce(seed: number): number {
  let t = (seed + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A uniform integer in [min, max] (inclusive) at the given coordinates. */
export function randomIntAt(
  seed: number,
  stream: number,
  a: number,
  b: number,
  c: number,
  min: number,
  max: number,
): number {
  if (max <= min) return min;
  return min + Math.floor(randomAt(seed, stream, a, b, c) * (max - min + 1));
}

/** A standard normal draw (Box–Muller) at the given coordinates. */
export function randomNormalAt(
  seed: number,
  stream: number,
  a: number,
  b: number,
  c: number,
): number {
  const u1 = 1 - randomAt(seed, stream, a, b, c * 2);
  const u2 = randomAt(seed, stream, a, b, c * 2 + 1);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** Streams of random draws, so that two kinds of draw never share coordinates (3: the lean game's defects, LEAN-DESK-6). */
export const STREAM = { demand: 1, leadtime: 2, leanDefect: 3 } as const;
