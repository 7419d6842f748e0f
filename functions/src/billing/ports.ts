/**
 * The billing boundaries we do not own (business.md §3.5). Handlers reach an outside service only
 * through one of these interfaces, so the local stack and the tests run a fake beside the real
 * adapter and production refuses the fake (`providers.ts`).
 */

/**
 * What a VAT number check answered. `valid: null` means the tax authority could not say (its
 * service was down or busy); the spec counts that as valid ("valid true or null is valid") and the
 * customer is stored as `unverified`.
 */
export interface VatCheckResult {
  readonly valid: boolean | null;
  /** The registered name, when the authority gives it. */
  readonly name?: string;
  /** The registered address, when the authority gives it. */
  readonly address?: string;
  /** The authority's reference of this check, kept as proof of the consultation. */
  readonly consultation?: string;
}

export interface VatChecker {
  /**
   * Asks whether `number` (without its country prefix) is a registered VAT number of
   * `countryCode` (ISO 3166 alpha-2; Greece as 'GR', the adapter maps it to 'EL'). Rejects only
   * when the service could not be asked at all (network, unexpected answer).
   */
  check(countryCode: string, number: string): Promise<VatCheckResult>;
}
