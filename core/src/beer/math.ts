/** Small numeric helpers shared by the beer core. */

/** Rounds half away from zero (2.5 → 3, −2.5 → −3), tolerant of float noise. */
export function roundHalfAway(x: number): number {
  const a = Math.floor(Math.abs(x) + 0.5 + 1e-9);
  return x < 0 ? -a : a;
}

/**
 * Splits `available` integer units among slots that are owed `owed[j]`
 * (BEER-SHIP-2/3). Shares are proportional to `weights` (or to `owed` when
 * null), never above what is owed; integer parts first, then the remaining
 * units one by one to the largest fractional parts (ties: lower index first).
 * When every weighted slot is full, the units left go to the other slots in
 * proportion to what they are owed. Never ships more than is owed in total.
 */
export function allocate(
  available: number,
  owed: readonly number[],
  weights: readonly number[] | null,
): number[] {
  return allocateInto(available, owed, weights, { alloc: [], frac: [] }).slice(0, owed.length);
}

/**
 * `allocate` into caller-owned scratch arrays (grown as needed): the shares are
 * `scratch.alloc[0 .. owed.length − 1]`, which is returned.
 */
export function allocateInto(
  available: number,
  owed: readonly number[],
  weights: readonly number[] | null,
  scratch: { alloc: number[]; frac: number[] },
): number[] {
  const n = owed.length;
  const x = scratch.alloc;
  const frac = scratch.frac;
  for (let j = 0; j < n; j++) x[j] = 0;
  let left = available;
  let w: readonly number[] = weights ?? owed;
  for (let round = 0; round < 2 && left > 0; round++) {
    for (let guard = 0; guard < n + 1 && left > 0; guard++) {
      let wsum = 0;
      for (let j = 0; j < n; j++)
        if ((owed[j] as number) > (x[j] as number)) wsum += w[j] as number;
      if (wsum <= 0) break;
      const pool = left;
      for (let j = 0; j < n; j++) frac[j] = -1;
      for (let j = 0; j < n; j++) {
        const room = (owed[j] as number) - (x[j] as number);
        if (room <= 0 || (w[j] as number) <= 0) continue;
        const share = (pool * (w[j] as number)) / wsum;
        const whole = Math.min(room, Math.floor(share + 1e-9));
        x[j] = (x[j] as number) + whole;
        left -= whole;
        frac[j] = whole < room ? share - whole : -1;
      }
      // Hand out the remainder by largest fraction.
      while (left > 0) {
        let best = -1;
        for (let j = 0; j < n; j++) {
          if (
            (frac[j] as number) >= 0 &&
            (best < 0 || (frac[j] as number) > (frac[best] as number) + 1e-12)
          )
            best = j;
        }
        if (best < 0 || (frac[best] as number) <= 1e-12) break;
        x[best] = (x[best] as number) + 1;
        left -= 1;
        frac[best] = -1;
      }
    }
    w = owed;
  }
  return x;
}
