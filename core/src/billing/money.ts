/**
 * Money in integer minor units (cents), so sums never drift and every invoice total is exact
 * (business.md §3.3). Rates are percentages with at most two decimals (FI 25.5).
 */

export type Currency = 'EUR' | 'USD';

export const CURRENCIES = ['EUR', 'USD'] as const satisfies readonly Currency[];

/**
 * The largest amount one invoice may carry, in minor units (one hundred million): far above
 * any plan, and small enough that `amount × basis points` stays an exact integer.
 */
export const MAX_AMOUNT_MINOR = 10_000_000_000;

/** Whether `value` is a whole number of minor units within ±MAX_AMOUNT_MINOR. */
export function isMinorAmount(value: unknown): value is number {
  return (
    typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= MAX_AMOUNT_MINOR
  );
}

/**
 * Rounds half away from zero: 209.5 → 210, -209.5 → -210. A credit note's VAT is then exactly
 * the negative of its invoice's.
 */
export function roundHalfUp(value: number): number {
  const rounded = Math.floor(Math.abs(value) + 0.5);
  // Never -0: the local store cannot carry it, and a zero amount has no sign.
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** A percentage as basis points (25.5 → 2550). */
export function basisPoints(ratePercent: number): number {
  return Math.round(ratePercent * 100);
}

/**
 * The VAT on a net amount: `roundHalfUp(net × round(rate × 100) / 10000)`, computed on integers
 * so 10 000 at 25.5 % is exactly 2 550.
 */
export function vatOf(netMinor: number, ratePercent: number): number {
  if (!Number.isInteger(netMinor)) throw new RangeError('net must be in whole minor units');
  if (!(ratePercent >= 0 && ratePercent <= 100)) throw new RangeError('rate out of range');
  const bp = basisPoints(ratePercent);
  const scaled = Math.abs(netMinor) * bp;
  // Integer half-up division: (scaled + 5000) / 10000 rounded down.
  const vat = Math.floor((scaled + 5000) / 10000);
  return netMinor < 0 && vat !== 0 ? -vat : vat;
}

export interface Amounts {
  readonly net: number;
  readonly vat: number;
  readonly gross: number;
}

/** Net, VAT and gross of a net amount at a rate. */
export function amountsOf(netMinor: number, ratePercent: number): Amounts {
  const vat = vatOf(netMinor, ratePercent);
  return { net: netMinor, vat, gross: netMinor + vat };
}
