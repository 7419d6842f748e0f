import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountsOf, roundHalfUp, vatOf } from './money';
import {
  EU_MEMBER_STATES,
  REVERSE_CHARGE_MENTION,
  type VatRates,
  type VatStatus,
  isEuMemberState,
  taxFor,
} from './tax';

/** A few rates as `vatRates` holds them; the full seeded table is pinned in the seed's test. */
const RATES: VatRates = {
  FR: { country_code: 'FR', standard_rate: 20, member_state: true },
  FI: { country_code: 'FI', standard_rate: 25.5, member_state: true },
  DK: { country_code: 'DK', standard_rate: 25, member_state: true },
  GR: { country_code: 'GR', standard_rate: 24, member_state: true },
  NL: { country_code: 'NL', standard_rate: 21, member_state: true },
};

/** business.md §4 runs the table with a seller in Denmark, so the spec's cases are not domestic. */
const SELLER = 'DK';

const tax = (countryCode: string, vatStatus: VatStatus, sellerCountry = SELLER) =>
  taxFor({ countryCode, vatStatus, rates: RATES, sellerCountry });

describe('taxFor (spec §9, business.md §3.3 and §4)', () => {
  it('FR company with a valid VAT number: EUR, 0 %, reverse charge', () => {
    expect(tax('FR', 'valid')).toEqual({
      currency: 'EUR',
      ratePercent: 0,
      treatment: 'eu-reverse-charge',
      mention: REVERSE_CHARGE_MENTION,
    });
    expect(REVERSE_CHARGE_MENTION).toBe('Reverse charge');
  });

  it('FR company the checker could not verify (null is valid): EUR, 0 %', () => {
    expect(tax('FR', 'unverified')).toMatchObject({
      currency: 'EUR',
      ratePercent: 0,
      treatment: 'eu-reverse-charge',
    });
  });

  it('FR consumer without a VAT number: EUR at 20 %, eu-standard, no mention', () => {
    expect(tax('FR', 'none')).toEqual({
      currency: 'EUR',
      ratePercent: 20,
      treatment: 'eu-standard',
    });
  });

  it('FI consumer, net 10 000: VAT 2 550, gross 12 550 (25.5 %)', () => {
    const { ratePercent } = tax('FI', 'none');
    expect(ratePercent).toBe(25.5);
    expect(amountsOf(10_000, ratePercent)).toEqual({ net: 10_000, vat: 2_550, gross: 12_550 });
  });

  it('US, with or without a number: USD, 0 %, export', () => {
    for (const status of ['none', 'valid', 'unverified'] as const) {
      expect(tax('US', status)).toEqual({ currency: 'USD', ratePercent: 0, treatment: 'export' });
    }
  });

  it('GB, CH, MC (outside the EU): USD, 0 %', () => {
    for (const cc of ['GB', 'CH', 'MC', 'NO']) {
      expect(tax(cc, 'none')).toMatchObject({ currency: 'USD', ratePercent: 0 });
      expect(tax(cc, 'valid')).toMatchObject({ currency: 'USD', ratePercent: 0 });
    }
  });

  it('GR customer with a valid EL… number: EUR, 0 %', () => {
    expect(tax('GR', 'valid')).toMatchObject({
      currency: 'EUR',
      ratePercent: 0,
      treatment: 'eu-reverse-charge',
    });
  });

  it('DK company with a valid number, seller in DK: EUR, 25 %, domestic (VAT still charged)', () => {
    expect(tax('DK', 'valid')).toEqual({ currency: 'EUR', ratePercent: 25, treatment: 'domestic' });
    expect(tax('DK', 'unverified')).toMatchObject({ ratePercent: 25, treatment: 'domestic' });
    expect(tax('DK', 'none')).toMatchObject({ ratePercent: 25, treatment: 'domestic' });
  });

  it("the default seller is in France: a French company's valid number is charged 20 %", () => {
    expect(tax('FR', 'valid', 'FR')).toEqual({
      currency: 'EUR',
      ratePercent: 20,
      treatment: 'domestic',
    });
  });

  it('reads rates as own keys only: a country named like an Object property is export', () => {
    expect(tax('__proto__', 'none')).toMatchObject({ currency: 'USD', treatment: 'export' });
    expect(tax('constructor', 'none')).toMatchObject({ currency: 'USD', treatment: 'export' });
  });

  it('a rate document that is not a member state is export', () => {
    const rates: VatRates = { CH: { country_code: 'CH', standard_rate: 8.1, member_state: false } };
    expect(taxFor({ countryCode: 'CH', vatStatus: 'none', rates, sellerCountry: 'FR' })).toEqual({
      currency: 'USD',
      ratePercent: 0,
      treatment: 'export',
    });
  });

  it('knows the 27 member states', () => {
    expect(EU_MEMBER_STATES).toHaveLength(27);
    expect(isEuMemberState('GR')).toBe(true);
    expect(isEuMemberState('EL')).toBe(false);
    expect(isEuMemberState('GB')).toBe(false);
  });

  const countryArb = fc.constantFrom('FR', 'FI', 'DK', 'GR', 'NL', 'US', 'GB', 'CH', 'JP');
  const statusArb = fc.constantFrom<VatStatus>('none', 'valid', 'unverified');
  const sellerArb = fc.constantFrom('FR', 'DK', 'NL');

  it('property: gross = net + vat, vat ≥ 0, rate 0 exactly when reverse charge or export', () => {
    fc.assert(
      fc.property(
        countryArb,
        statusArb,
        sellerArb,
        fc.integer({ min: 0, max: 100_000_000 }),
        (countryCode, vatStatus, sellerCountry, net) => {
          const t = taxFor({ countryCode, vatStatus, rates: RATES, sellerCountry });
          const { vat, gross } = amountsOf(net, t.ratePercent);
          expect(gross).toBe(net + vat);
          expect(vat).toBeGreaterThanOrEqual(0);
          const zeroRated = t.treatment === 'eu-reverse-charge' || t.treatment === 'export';
          expect(t.ratePercent === 0).toBe(zeroRated);
          expect(t.currency).toBe(t.treatment === 'export' ? 'USD' : 'EUR');
          expect(t.mention !== undefined).toBe(t.treatment === 'eu-reverse-charge');
        },
      ),
    );
  });
});

describe('money in minor units (business.md §3.3)', () => {
  it('rounds half up: net 999 at 21 % → VAT 210', () => {
    expect(vatOf(999, 21)).toBe(210);
  });

  it('rounds a half away from zero, and below a half down', () => {
    expect(roundHalfUp(209.5)).toBe(210);
    expect(roundHalfUp(209.49)).toBe(209);
    expect(roundHalfUp(-209.5)).toBe(-210);
    expect(Object.is(roundHalfUp(-0.2), -0)).toBe(false);
    // 50 at 25 % is 12.5 → 13; 10 at 5.5 % is 0.55 → 1; 9 at 5.5 % is 0.495 → 0.
    expect(vatOf(50, 25)).toBe(13);
    expect(vatOf(10, 5.5)).toBe(1);
    expect(vatOf(9, 5.5)).toBe(0);
  });

  it('computes on integers: 25.5 % never drifts through binary fractions', () => {
    expect(vatOf(10_000, 25.5)).toBe(2_550);
    expect(vatOf(1, 25.5)).toBe(0);
    expect(vatOf(2, 25.5)).toBe(1); // 0.51
  });

  it('refuses amounts that are not whole minor units and rates outside 0–100', () => {
    expect(() => vatOf(10.5, 20)).toThrow(RangeError);
    expect(() => vatOf(100, -1)).toThrow(RangeError);
    expect(() => vatOf(100, 101)).toThrow(RangeError);
    expect(() => vatOf(100, Number.NaN)).toThrow(RangeError);
  });

  it('property: a credit note’s VAT is exactly the negative of its invoice’s', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
        (net, rate) => {
          // A sum, not a negation: a zero VAT is 0 on both, never -0.
          expect(vatOf(-net, rate) + vatOf(net, rate)).toBe(0);
          expect(Object.is(vatOf(-net, rate), -0)).toBe(false);
          // Half up: never more than half a cent away from the exact amount.
          expect(Math.abs(vatOf(net, rate) - (net * rate) / 100)).toBeLessThanOrEqual(0.5 + 1e-9);
        },
      ),
    );
  });
});
