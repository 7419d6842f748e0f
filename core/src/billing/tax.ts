/**
 * The tax rule of an invoice (spec §9, business.md §3.3), pure and shared by the functions (which
 * decide) and the SPA (which previews the same figures):
 *
 * 1. An EU member state (`rates[cc].member_state`):
 *    - a VAT number that is valid, or that the tax authority could not check (`unverified`: the
 *      spec counts a null answer as valid), from another country than the seller's → EUR, 0 %,
 *      reverse charge (VAT Directive art. 196; the invoice says "Reverse charge", art. 226(11a));
 *    - otherwise → EUR at the country's standard rate: `domestic` in the seller's own country
 *      (a valid number there is still charged VAT), `eu-standard` elsewhere.
 * 2. Anything else (US, GB, CH, NO, MC…) → USD, 0 %, `export`.
 */
import type { Currency } from './money';

/** 'unverified': the checker answered null (its service was down); counted as valid. */
export type VatStatus = 'none' | 'valid' | 'unverified';

export const VAT_STATUSES = ['none', 'valid', 'unverified'] as const satisfies readonly VatStatus[];

export type Treatment = 'eu-standard' | 'eu-reverse-charge' | 'domestic' | 'export';

/** `vatRates/{cc}` */
export interface VatRate {
  readonly country_code: string;
  /** Percent, e.g. 25.5. */
  readonly standard_rate: number;
  readonly member_state: boolean;
  /** The day the current rate applies from (YYYY-MM-DD), when the source dates it. */
  readonly effective_from?: string | null;
  /** Where the rate comes from, e.g. 'sales-tax@2.23.0'. */
  readonly source?: string;
}

export type VatRates = Readonly<Record<string, VatRate>>;

/** The seller's country when configuration names none (business.md §5.1). */
export const DEFAULT_SELLER_COUNTRY = 'FR';

/** The wording an invoice under the reverse charge must carry. */
export const REVERSE_CHARGE_MENTION = 'Reverse charge';

/** The 27 member states (ISO 3166 alpha-2; Greece as GR, which VAT numbers write EL). */
export const EU_MEMBER_STATES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

export function isEuMemberState(countryCode: string): boolean {
  return (EU_MEMBER_STATES as readonly string[]).includes(countryCode);
}

export interface TaxInput {
  readonly countryCode: string;
  readonly vatStatus: VatStatus;
  readonly rates: VatRates;
  readonly sellerCountry: string;
}

export interface Tax {
  readonly currency: Currency;
  readonly ratePercent: number;
  readonly treatment: Treatment;
  readonly mention?: string;
}

/** `rates[cc]` as an own key, or undefined. */
export function rateOf(rates: VatRates, countryCode: string): VatRate | undefined {
  return Object.hasOwn(rates, countryCode) ? rates[countryCode] : undefined;
}

export function taxFor({ countryCode, vatStatus, rates, sellerCountry }: TaxInput): Tax {
  const rate = rateOf(rates, countryCode);
  if (rate?.member_state === true) {
    const numberCounts = vatStatus === 'valid' || vatStatus === 'unverified';
    if (numberCounts && countryCode !== sellerCountry) {
      return {
        currency: 'EUR',
        ratePercent: 0,
        treatment: 'eu-reverse-charge',
        mention: REVERSE_CHARGE_MENTION,
      };
    }
    return {
      currency: 'EUR',
      ratePercent: rate.standard_rate,
      treatment: countryCode === sellerCountry ? 'domestic' : 'eu-standard',
    };
  }
  return { currency: 'USD', ratePercent: 0, treatment: 'export' };
}
