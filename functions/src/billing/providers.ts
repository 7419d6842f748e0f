/**
 * Which adapters stand behind the billing ports (business.md §3.5), read once from the
 * environment like the data backend (`data/port.ts`) and the mailer (`mail/providers.ts`):
 * - `BILLING_PROVIDERS`: 'fake' or 'live'. Default: 'fake' inside the Functions emulator
 *   (`FUNCTIONS_EMULATOR=true`), 'live' anywhere else.
 * - 'fake' is refused unless the emulator or `NODE_ENV=test` is set, so production can never
 *   silently accept any VAT number or take no money.
 * - 'live': VIES for VAT numbers (`VIES_URL` may point elsewhere, e.g. a test double).
 */
import { fakesAllowed } from '../mail/providers';
import { createFakeVatChecker } from './fake-vat-checker';
import type { VatChecker } from './ports';
import { VIES_BASE_URL, createViesChecker } from './vies';

export type BillingProviders = 'fake' | 'live';

type Env = Readonly<Record<string, string | undefined>>;

/** Pure: the adapters' choice from an environment; throws when it is not allowed here. */
export function readBillingProviders(env: Env): BillingProviders {
  const requested = env.BILLING_PROVIDERS?.trim().toLowerCase() || undefined;
  if (requested !== undefined && requested !== 'fake' && requested !== 'live') {
    throw new Error(`BILLING_PROVIDERS must be 'fake' or 'live', not '${env.BILLING_PROVIDERS}'`);
  }
  const providers = requested ?? (env.FUNCTIONS_EMULATOR === 'true' ? 'fake' : 'live');
  if (providers === 'fake' && !fakesAllowed(env)) {
    throw new Error(
      "BILLING_PROVIDERS 'fake' accepts VAT numbers and payments without asking anyone and runs " +
        'only in the Functions emulator or under tests; production uses the live services.',
    );
  }
  return providers;
}

export function createVatChecker(providers: BillingProviders, env: Env): VatChecker {
  if (providers === 'fake') return createFakeVatChecker();
  return createViesChecker({ baseUrl: env.VIES_URL?.trim() || VIES_BASE_URL });
}

/**
 * A checker that reads its configuration on first use, so loading the functions needs none and a
 * wrong one fails the checking call, with its reason in the log.
 */
export function lazyVatChecker(env: () => Env): VatChecker {
  let checker: VatChecker | undefined;
  return {
    check(countryCode, number) {
      try {
        const current = env();
        checker ??= createVatChecker(readBillingProviders(current), current);
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
      return checker.check(countryCode, number);
    },
  };
}
