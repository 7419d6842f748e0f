/**
 * The VAT checker of the local stack and the tests (business.md §3.5): no network. A number is
 * valid when jsvat-next's checksum says so, and one ending in 999 stands for "the tax authority
 * is down" (`valid: null`), so the unverified path can be tried by hand. A test may pass its own
 * answers by full number (FR40303265045) instead.
 */
import { vatChecksumValid, vatPrefixOf } from '@sim/core/billing/vat-number';
import type { VatChecker, VatCheckResult } from './ports';

/** A number (national part) ending so is answered `valid: null`. */
export const FAKE_VAT_DOWN_SUFFIX = '999';

export function createFakeVatChecker(
  table: Readonly<Record<string, VatCheckResult | Error>> = {},
): VatChecker {
  return {
    check(countryCode, number) {
      const full = vatPrefixOf(countryCode) + number;
      const answer = Object.hasOwn(table, full) ? table[full] : undefined;
      if (answer instanceof Error) return Promise.reject(answer);
      if (answer) return Promise.resolve({ ...answer });
      if (number.endsWith(FAKE_VAT_DOWN_SUFFIX)) return Promise.resolve({ valid: null });
      const valid = vatChecksumValid(full);
      return Promise.resolve(
        valid ? { valid, name: 'Registered company', consultation: `FAKE-${full}` } : { valid },
      );
    },
  };
}
