/**
 * The shape of a VAT number (business.md §2.4): written the way people type it (spaces, dots,
 * dashes, with or without the country prefix), checked against the country's format with
 * jsvat-next before anyone asks the tax authority, so a typo costs no request. Shared by the
 * functions (`updateCustomer`) and the SPA's billing form (live feedback).
 */
import * as jsvatModule from 'jsvat-next';

type Jsvat = typeof jsvatModule;

/**
 * jsvat-next is CommonJS whose names Node's ESM loader cannot see (it finds only `default`),
 * while bundlers (Vite, esbuild) expose them: take whichever holds `checkVAT`.
 */
const jsvat: Jsvat =
  typeof (jsvatModule as Partial<Jsvat>).checkVAT === 'function'
    ? jsvatModule
    : (jsvatModule as unknown as { default: Jsvat }).default;

/** Longer than any member state's number with its prefix (the longest is 14). */
export const VAT_NUMBER_MAX = 20;

/** The prefix VAT numbers use for a country: Greece writes EL. */
export function vatPrefixOf(countryCode: string): string {
  return countryCode === 'GR' ? 'EL' : countryCode;
}

/** Upper case, without spaces, dots, dashes or slashes. */
export function normaliseVatNumber(raw: string): string {
  return raw.toUpperCase().replace(/[\s.\-/]/g, '');
}

export type VatNumberFormat =
  | {
      readonly ok: true;
      /** With the prefix: FR40303265045, EL094259216. */
      readonly full: string;
      /** Without it, as the tax authority's service wants it: 40303265045. */
      readonly national: string;
    }
  | { readonly ok: false };

/**
 * Whether `raw` has the format of a VAT number of `countryCode`. A number typed without its
 * prefix gets the country's; a prefix of another country (FR… for a Belgian customer) is refused.
 * Only the format: the checksum and the number's existence are the tax authority's answer.
 */
export function vatNumberFormat(countryCode: string, raw: string): VatNumberFormat {
  const typed = normaliseVatNumber(raw);
  if (typed.length === 0 || typed.length > VAT_NUMBER_MAX) return { ok: false };
  const prefix = vatPrefixOf(countryCode);
  const full = /^[0-9]/.test(typed) ? prefix + typed : typed;
  if (!full.startsWith(prefix)) return { ok: false };
  const result = jsvat.checkVAT(full, jsvat.countries);
  if (!result.isValidFormat || result.country?.isoCode.short !== countryCode) return { ok: false };
  return { ok: true, full, national: full.slice(prefix.length) };
}

/** jsvat-next's checksum of a number in its full form (format and check digits). */
export function vatChecksumValid(full: string): boolean {
  return jsvat.checkVAT(full, jsvat.countries).isValid;
}
