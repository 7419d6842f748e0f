import { describe, expect, it } from 'vitest';
import { PLAN_CATALOG } from '@sim/core/billing/plans';
import { EU_MEMBER_STATES } from '@sim/core/billing/tax';
import { DEFAULT_PLAN_PRICES, catalogDocuments, euVatRates } from './billing-seed';

/**
 * The 27 standard rates the seed writes, pinned: a bump of `sales-tax` that changes a rate shows
 * here in review (business.md §2.3). The start dates are the package's (a change is keyed by the
 * instant the old rate stopped; RO's is a day after the law's 1 August 2025 in the package).
 */
const PINNED: Readonly<Record<string, [rate: number, from: string | null]>> = {
  AT: [20, null],
  BE: [21, null],
  BG: [20, null],
  CY: [19, null],
  CZ: [21, null],
  DE: [19, '2021-01-01'],
  DK: [25, null],
  EE: [24, '2025-07-01'],
  ES: [21, null],
  FI: [25.5, '2024-09-01'],
  FR: [20, null],
  GR: [24, null],
  HR: [25, null],
  HU: [27, null],
  IE: [23, '2021-03-01'],
  IT: [22, null],
  LT: [21, null],
  LU: [17, '2024-01-01'],
  LV: [21, null],
  MT: [18, null],
  NL: [21, null],
  PL: [23, null],
  PT: [23, null],
  RO: [21, '2025-08-02'],
  SE: [25, null],
  SI: [22, null],
  SK: [23, '2025-01-01'],
};

describe('billing seed (business.md §2.3, §3.2, §5)', () => {
  it('the 27 EU standard rates equal the pinned table, from sales-tax@2.23.0', () => {
    const rates = euVatRates();
    expect(rates.map((r) => r.country_code)).toEqual([...EU_MEMBER_STATES].sort());
    expect(
      Object.fromEntries(rates.map((r) => [r.country_code, [r.standard_rate, r.effective_from]])),
    ).toEqual(PINNED);
    for (const rate of rates) {
      expect(rate).toMatchObject({ member_state: true, source: 'sales-tax@2.23.0' });
    }
  });

  it('the catalogue documents are plans.ts with a price in EUR and USD each', () => {
    const docs = catalogDocuments();
    expect(docs.map(([id]) => id)).toEqual(PLAN_CATALOG.map((p) => p.planId));
    const [id, classPlan] = docs[0]!;
    expect(id).toBe('beergame-class');
    expect(classPlan).toEqual({
      planName: 'Class',
      games: ['beergame'],
      players: 50,
      unlimitedPlayers: false,
      licenses: 2,
      durationDays: 365,
      renew: true,
      prices: DEFAULT_PLAN_PRICES['beergame-class'],
      active: true,
    });
    expect(() => catalogDocuments({})).toThrow(/No EUR price/);
    expect(() =>
      catalogDocuments({ ...DEFAULT_PLAN_PRICES, 'leangame-class': { EUR: 10.5, USD: 1 } }),
    ).toThrow(/leangame-class/);
  });
});
