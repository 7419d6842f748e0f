/**
 * What the billing form says about a VAT number while it is typed (business.md §2.4): the
 * format and check digits of the billing country's numbers, from jsvat-next through the shared
 * `vat-number.ts`. Only a hint: saving asks the server, which checks the format again and asks
 * the tax authority ("Your VAT number was validated" / "Incorrect VAT number", spec §5).
 */
import { isEuMemberState } from '@sim/core/billing/tax';
import {
  normaliseVatNumber,
  vatChecksumValid,
  vatNumberFormat,
  vatPrefixOf,
} from '@sim/core/billing/vat-number';
import type { BillingDetails } from '@/features/billing/subscription-model';

export type VatFeedback =
  /** Nothing typed: no number, no reverse charge. */
  | { readonly kind: 'empty' }
  /** Outside the EU a number changes no tax and is not checked. */
  | { readonly kind: 'not-checked' }
  /** Not the country's format (or another country's prefix). */
  | { readonly kind: 'format'; readonly prefix: string }
  /** The country's format, but the check digits do not match. */
  | { readonly kind: 'checksum'; readonly full: string }
  /** Format and check digits right; the tax authority has the last word. */
  | { readonly kind: 'well-formed'; readonly full: string }
  /** The number the server validated for this country (valid, or unverifiable: spec §5). */
  | { readonly kind: 'validated'; readonly full: string };

export function vatFeedback(
  countryCode: string,
  typed: string,
  saved: BillingDetails | null,
): VatFeedback {
  if (normaliseVatNumber(typed) === '') return { kind: 'empty' };
  if (!isEuMemberState(countryCode)) return { kind: 'not-checked' };
  const format = vatNumberFormat(countryCode, typed);
  if (!format.ok) return { kind: 'format', prefix: vatPrefixOf(countryCode) };
  if (
    saved &&
    saved.countryCode === countryCode &&
    saved.euvatnr === format.full &&
    (saved.vatStatus === 'valid' || saved.vatStatus === 'unverified')
  ) {
    return { kind: 'validated', full: format.full };
  }
  return vatChecksumValid(format.full)
    ? { kind: 'well-formed', full: format.full }
    : { kind: 'checksum', full: format.full };
}
