import { describe, expect, it } from 'vitest';
import type { VatRates } from '@sim/core/billing/tax';
import {
  billingDetailsOf,
  catalogOf,
  catalogOfferOf,
  currentPlansOf,
  isTeamAdmin,
  planLength,
  preselectedPlan,
  pricePreview,
  purchaseReturnOf,
  ratesOf,
  type BillingDetails,
  type CatalogOffer,
} from '@/features/billing/subscription-model';

const CLASS = {
  planName: 'Class',
  games: ['beergame'],
  players: 50,
  unlimitedPlayers: false,
  licenses: 2,
  durationDays: 365,
  renew: true,
  prices: { EUR: 49_000, USD: 53_000 },
  active: true,
};

const RATES: VatRates = ratesOf([
  { id: 'FR', data: { country_code: 'FR', standard_rate: 20, member_state: true } },
  { id: 'FI', data: { country_code: 'FI', standard_rate: 25.5, member_state: true } },
  { id: 'NL', data: { country_code: 'NL', standard_rate: 21, member_state: true } },
]);

const offer = catalogOfferOf('beergame-class', CLASS) as CatalogOffer;

function billing(over: Partial<BillingDetails>): BillingDetails {
  return {
    countryCode: 'FR',
    euvatnr: '',
    vatStatus: 'none',
    companyName: 'Université de Lille',
    address: '',
    zip: '',
    city: '',
    email: '',
    ...over,
  };
}

describe('the catalogue as the tab reads it', () => {
  it('keeps a plan with its prices and drops withdrawn or malformed ones', () => {
    expect(offer).toEqual({
      planId: 'beergame-class',
      planName: 'Class',
      games: ['beergame'],
      players: 50,
      unlimitedPlayers: false,
      licenses: 2,
      durationDays: 365,
      prices: { EUR: 49_000, USD: 53_000 },
    });
    expect(catalogOfferOf('x', { ...CLASS, active: false })).toBeNull();
    expect(catalogOfferOf('x', { ...CLASS, games: ['chess'] })).toBeNull();
    expect(catalogOfferOf('x', { ...CLASS, prices: { EUR: -5, USD: 1.5 } })).toBeNull();
    expect(catalogOfferOf('x', { ...CLASS, players: 0 })).toBeNull();
    expect(catalogOfferOf('x', { ...CLASS, durationDays: 1e9 })).toBeNull();
    expect(catalogOfferOf('x', 'Class')).toBeNull();
    // A price under an inherited key is not a price.
    expect(catalogOfferOf('x', { ...CLASS, prices: Object.create({ EUR: 100 }) })).toBeNull();
  });

  it('sorts by game type, then from the smallest plan to unlimited', () => {
    const docs = [
      { id: 'leangame-class', data: { ...CLASS, games: ['leangame'] } },
      {
        id: 'beergame-unlimited',
        data: { ...CLASS, planName: 'Unlimited', players: null, unlimitedPlayers: true },
      },
      { id: 'beergame-campus', data: { ...CLASS, planName: 'Campus', players: 300 } },
      { id: 'beergame-class', data: CLASS },
    ];
    expect(catalogOf(docs).map((o) => o.planId)).toEqual([
      'beergame-class',
      'beergame-campus',
      'beergame-unlimited',
      'leangame-class',
    ]);
  });

  it('says a year as twelve months', () => {
    expect(planLength(365)).toEqual({ unit: 'months', count: 12 });
    expect(planLength(730)).toEqual({ unit: 'months', count: 24 });
    expect(planLength(90)).toEqual({ unit: 'months', count: 3 });
    expect(planLength(14)).toEqual({ unit: 'days', count: 14 });
  });
});

describe('price preview with the server’s tax rule (business.md §3.3)', () => {
  it('without billing details: the list price in euro, no tax', () => {
    expect(pricePreview(offer, null, RATES, 'FR')).toEqual({
      kind: 'list',
      currency: 'EUR',
      net: 49_000,
    });
  });

  it('a French consumer pays 20 % VAT in euro', () => {
    expect(pricePreview(offer, billing({}), RATES, 'DK')).toEqual({
      kind: 'priced',
      currency: 'EUR',
      ratePercent: 20,
      treatment: 'eu-standard',
      net: 49_000,
      vat: 9_800,
      gross: 58_800,
    });
  });

  it('a valid or unverifiable VAT number from another member state: reverse charge', () => {
    for (const vatStatus of ['valid', 'unverified'] as const) {
      expect(
        pricePreview(offer, billing({ euvatnr: 'FR40303265045', vatStatus }), RATES, 'DK'),
      ).toMatchObject({ treatment: 'eu-reverse-charge', ratePercent: 0, vat: 0, gross: 49_000 });
    }
  });

  it('the seller’s own country pays VAT even with a valid number', () => {
    expect(
      pricePreview(offer, billing({ euvatnr: 'FR40303265045', vatStatus: 'valid' }), RATES, 'FR'),
    ).toMatchObject({ treatment: 'domestic', ratePercent: 20, vat: 9_800 });
  });

  it('Finland at 25.5 % rounds as the invoice does', () => {
    const small = { ...offer, prices: { EUR: 999 } };
    expect(pricePreview(small, billing({ countryCode: 'FI' }), RATES, 'FR')).toMatchObject({
      net: 999,
      vat: 255,
      gross: 1_254,
    });
  });

  it('outside the EU: dollars, no VAT', () => {
    expect(pricePreview(offer, billing({ countryCode: 'US' }), RATES, 'FR')).toEqual({
      kind: 'priced',
      currency: 'USD',
      ratePercent: 0,
      treatment: 'export',
      net: 53_000,
      vat: 0,
      gross: 53_000,
    });
    const euroOnly = { ...offer, prices: { EUR: 49_000 } };
    expect(pricePreview(euroOnly, billing({ countryCode: 'CH' }), RATES, 'FR')).toEqual({
      kind: 'unavailable',
    });
  });

  it('a member state without a rate yet is no figure in dollars', () => {
    expect(pricePreview(offer, billing({ countryCode: 'DE' }), RATES, 'FR')).toEqual({
      kind: 'rate-missing',
    });
  });
});

describe('billing details, rates and plans read defensively', () => {
  it('reads the team’s billing data; a status without a number is none', () => {
    expect(
      billingDetailsOf({
        billingData: {
          countryCode: 'FR',
          companyName: 'Lille',
          euvatnr: '',
          vatStatus: 'valid',
        },
      }),
    ).toMatchObject({ countryCode: 'FR', vatStatus: 'none' });
    expect(billingDetailsOf({ billingData: { countryCode: 'fr', companyName: 'x' } })).toBeNull();
    expect(billingDetailsOf({ billingData: { countryCode: 'FR', companyName: '' } })).toBeNull();
    expect(billingDetailsOf(null)).toBeNull();
  });

  it('keeps usable rates only', () => {
    const rates = ratesOf([
      { id: 'FR', data: { standard_rate: 20, member_state: true } },
      { id: 'XX1', data: { standard_rate: 20, member_state: true } },
      { id: 'DE', data: { standard_rate: 'nineteen', member_state: true } },
      { id: 'SE', data: { standard_rate: 250, member_state: true } },
    ]);
    expect(Object.keys(rates)).toEqual(['FR']);
  });

  it('lists the team’s active plans and who is its admin', () => {
    const now = 1_000_000;
    const team = {
      members: { ada: { role: 'admin' }, bob: { role: 'member' } },
      plans: {
        beergame: { active: true, planName: 'Class', until: now + 10, trial: false },
        leangame: { active: true, planName: 'trial', until: now - 1, trial: true },
      },
    };
    expect(currentPlansOf(team, now)).toEqual([
      { type: 'beergame', planName: 'Class', trial: false, until: now + 10 },
    ]);
    expect(isTeamAdmin(team, 'ada')).toBe(true);
    expect(isTeamAdmin(team, 'bob')).toBe(false);
    expect(isTeamAdmin(team, 'toString')).toBe(false);
  });
});

describe('the tab’s address', () => {
  it('?purchase=<planId> chooses a plan on sale', () => {
    const catalog = [offer];
    expect(preselectedPlan('?purchase=beergame-class', catalog)).toBe('beergame-class');
    expect(preselectedPlan('?purchase=gold', catalog)).toBeNull();
    expect(preselectedPlan('?purchase=success&invoice=i1', catalog)).toBeNull();
    expect(preselectedPlan('', catalog)).toBeNull();
  });

  it('reads the payment page’s return', () => {
    expect(purchaseReturnOf('?purchase=success&invoice=inv_1')).toEqual({
      outcome: 'success',
      invoiceId: 'inv_1',
    });
    expect(purchaseReturnOf('?purchase=cancelled&invoice=inv_1')).toEqual({
      outcome: 'cancelled',
      invoiceId: 'inv_1',
    });
    expect(purchaseReturnOf('?purchase=success')).toBeNull();
    expect(purchaseReturnOf('?purchase=success&invoice=../x')).toBeNull();
    expect(purchaseReturnOf('?purchase=beergame-class')).toBeNull();
  });
});
