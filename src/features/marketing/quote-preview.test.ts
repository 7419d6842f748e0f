import { describe, expect, it } from 'vitest';
import { PLAN_CATALOG } from '@sim/core/billing/plans';
import type { VatRates } from '@sim/core/billing/tax';
import { type CatalogPlanPrice, catalogPlanOf, planFor, quotePreview } from './quote-preview';

/** The catalogue of core/src/billing/plans.ts with test prices (minor units). */
const PRICES: Record<string, { EUR: number; USD: number }> = {
  Class: { EUR: 49_000, USD: 55_000 },
  Campus: { EUR: 149_000, USD: 165_000 },
  Unlimited: { EUR: 399_000, USD: 440_000 },
};
const CATALOG: CatalogPlanPrice[] = PLAN_CATALOG.map(
  (p) =>
    catalogPlanOf(p.planId, { ...p, prices: PRICES[p.planName], active: true }) as CatalogPlanPrice,
);
const RATES: VatRates = {
  FR: { country_code: 'FR', standard_rate: 20, member_state: true },
  FI: { country_code: 'FI', standard_rate: 25.5, member_state: true },
};

describe('quote preview (spec §9 tax, business.md §5.3 catalogue)', () => {
  it('picks the smallest plan that seats the players, per game type', () => {
    expect(planFor(CATALOG, 'beergame', 50, 'EUR')?.planName).toBe('Class');
    expect(planFor(CATALOG, 'beergame', 51, 'EUR')?.planName).toBe('Campus');
    expect(planFor(CATALOG, 'leangame', 300, 'EUR')?.planName).toBe('Campus');
    expect(planFor(CATALOG, 'leangame', 301, 'EUR')?.planName).toBe('Unlimited');
    expect(planFor(CATALOG, 'beergame', 100_000, 'USD')?.planName).toBe('Unlimited');
  });

  it('prices an EU country in euro with its standard VAT, rounded half up', () => {
    const fi = quotePreview({
      players: 120,
      gameTypes: ['beergame', 'leangame'],
      countryCode: 'FI',
      catalog: CATALOG,
      rates: RATES,
    });
    expect(fi).toEqual({
      currency: 'EUR',
      ratePercent: 25.5,
      treatment: 'eu-standard',
      lines: [
        {
          type: 'beergame',
          planId: 'beergame-campus',
          planName: 'Campus',
          players: 300,
          durationDays: 365,
          net: 149_000,
        },
        {
          type: 'leangame',
          planId: 'leangame-campus',
          planName: 'Campus',
          players: 300,
          durationDays: 365,
          net: 149_000,
        },
      ],
      net: 298_000,
      vat: 75_990,
      gross: 373_990,
    });
    expect(
      quotePreview({
        players: 30,
        gameTypes: ['beergame'],
        countryCode: 'FR',
        catalog: CATALOG,
        rates: RATES,
      }),
    ).toMatchObject({
      currency: 'EUR',
      ratePercent: 20,
      treatment: 'domestic',
      net: 49_000,
      vat: 9_800,
      gross: 58_800,
    });
  });

  it('prices another country in dollars without VAT', () => {
    expect(
      quotePreview({
        players: 400,
        gameTypes: ['leangame'],
        countryCode: 'US',
        catalog: CATALOG,
        rates: RATES,
      }),
    ).toMatchObject({
      currency: 'USD',
      ratePercent: 0,
      treatment: 'export',
      lines: [{ planName: 'Unlimited', players: null, net: 440_000 }],
      gross: 440_000,
    });
  });

  it('has no preview for an incomplete request or an unpriced catalogue', () => {
    const base = {
      players: 20,
      gameTypes: ['beergame'],
      countryCode: 'FR',
      catalog: CATALOG,
      rates: RATES,
    };
    expect(quotePreview({ ...base, gameTypes: [] })).toBeNull();
    expect(quotePreview({ ...base, gameTypes: ['chess'] })).toBeNull();
    expect(quotePreview({ ...base, countryCode: '' })).toBeNull();
    expect(quotePreview({ ...base, players: 0 })).toBeNull();
    expect(quotePreview({ ...base, players: 2.5 })).toBeNull();
    expect(quotePreview({ ...base, catalog: [] })).toBeNull();
  });

  it('reads only well-formed, active catalogue documents with positive whole prices', () => {
    expect(
      catalogPlanOf('x', { active: false, planName: 'Class', games: [], prices: {} }),
    ).toBeNull();
    expect(catalogPlanOf('x', { planName: 'Class', games: ['beergame'] })).toBeNull();
    expect(
      catalogPlanOf('x', {
        planName: 'Class',
        games: ['beergame'],
        players: 50,
        durationDays: 365,
        prices: { EUR: 12.5, USD: -1, constructor: 5 },
      })?.prices,
    ).toEqual({});
  });
});
