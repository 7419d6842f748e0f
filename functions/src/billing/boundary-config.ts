/**
 * Which adapters of the ledger and payment ports this instance uses, chosen by the same
 * `BILLING_PROVIDERS` as the VAT checker (`providers.ts`: 'fake' by default in the Functions
 * emulator, 'live' elsewhere, 'fake' refused outside the emulator and tests):
 * - 'fake': the local ledger (`fake-ledger.ts`) and the fake checkout (`fake-payments.ts`), so
 *   production can never take a pretend payment or keep its books in a collection.
 * - 'live' reads the secrets `STRIPE_SECRET_KEY`, `STRIPE_WEBHOOK_SECRET`,
 *   `ECONOMIC_APP_SECRET_TOKEN`, `ECONOMIC_AGREEMENT_GRANT_TOKEN` and the agreement's numbers
 *   `ECONOMIC_CUSTOMER_GROUP`, `ECONOMIC_PAYMENT_TERMS`, `ECONOMIC_LAYOUT` (default 1, 1, 19)
 *   and optionally `ECONOMIC_PRODUCT`. A missing secret fails the first call that needs it, with
 *   its name, not the loading of the functions.
 * - 'fake' builds the checkout's address from `FUNCTIONS_BASE_URL` (the local stack sets it),
 *   else the emulator's default `http://127.0.0.1:5001/<project>/us-central1`.
 */
import type { DataPort } from '@sim/core/port/data-port';
import { createEconomicLedger, type EconomicConfig } from './economic';
import { createFakeLedger } from './fake-ledger';
import { createFakePayments } from './fake-payments';
import type { Ledger } from './ledger';
import type { Payments } from './payments';
import { type BillingProviders, readBillingProviders } from './providers';
import { createStripePayments } from './stripe';

type Env = Readonly<Record<string, string | undefined>>;

/** The secrets the live payment adapter reads (bound to the functions that pay). */
export const PAYMENT_SECRETS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
/** The secrets the live ledger adapter reads (bound to the functions that book or print). */
export const LEDGER_SECRETS = [
  'ECONOMIC_APP_SECRET_TOKEN',
  'ECONOMIC_AGREEMENT_GRANT_TOKEN',
] as const;

/** The functions' own base address, where the fake checkout page is served. */
export function readFunctionsBaseUrl(env: Env): string {
  const raw = env.FUNCTIONS_BASE_URL?.trim();
  if (raw) return raw.replace(/\/+$/, '');
  const project = env.GCLOUD_PROJECT?.trim() || 'demo-simgames';
  return `http://127.0.0.1:5001/${project}/us-central1`;
}

function missing(env: Env, names: readonly string[]): string[] {
  return names.filter((name) => !env[name]?.trim());
}

function wholeNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

export function readEconomicConfig(env: Env): EconomicConfig {
  const absent = missing(env, LEDGER_SECRETS);
  if (absent.length > 0)
    throw new Error(`e-conomic is not configured: ${absent.join(', ')} missing`);
  const product = env.ECONOMIC_PRODUCT?.trim();
  return {
    appSecretToken: (env.ECONOMIC_APP_SECRET_TOKEN as string).trim(),
    agreementGrantToken: (env.ECONOMIC_AGREEMENT_GRANT_TOKEN as string).trim(),
    ...(env.ECONOMIC_BASE_URL?.trim() ? { baseUrl: env.ECONOMIC_BASE_URL.trim() } : {}),
    customerGroupNumber: wholeNumber(env, 'ECONOMIC_CUSTOMER_GROUP', 1),
    paymentTermsNumber: wholeNumber(env, 'ECONOMIC_PAYMENT_TERMS', 1),
    layoutNumber: wholeNumber(env, 'ECONOMIC_LAYOUT', 19),
    ...(product ? { productNumber: product } : {}),
  };
}

export function createLedger(
  providers: BillingProviders,
  env: Env,
  port: () => DataPort,
  now: () => number,
): Ledger {
  if (providers === 'fake') return createFakeLedger(port, now);
  return createEconomicLedger(readEconomicConfig(env));
}

export function createPayments(
  providers: BillingProviders,
  env: Env,
  port: () => DataPort,
): Payments {
  if (providers === 'fake') {
    return createFakePayments({ port, functionsBaseUrl: () => readFunctionsBaseUrl(env) });
  }
  const absent = missing(env, PAYMENT_SECRETS);
  if (absent.length > 0) throw new Error(`Stripe is not configured: ${absent.join(', ')} missing`);
  return createStripePayments({
    secretKey: (env.STRIPE_SECRET_KEY as string).trim(),
    webhookSecret: (env.STRIPE_WEBHOOK_SECRET as string).trim(),
  });
}

/** Defers a port's creation to its first call, so a refused configuration fails that call only. */
function lazy<T extends object>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

function rejecting<T>(run: () => Promise<T>): Promise<T> {
  try {
    return run();
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
}

export function lazyLedger(env: () => Env, port: () => DataPort, now: () => number): Ledger {
  const get = lazy(() => createLedger(readBillingProviders(env()), env(), port, now));
  return {
    upsertCustomer: (customer) => rejecting(() => get().upsertCustomer(customer)),
    createDraft: (draft) => rejecting(() => get().createDraft(draft)),
    bookDraft: (draft, number) => rejecting(() => get().bookDraft(draft, number)),
    findBooked: (number) => rejecting(() => get().findBooked(number)),
    pdf: (number) => rejecting(() => get().pdf(number)),
  };
}

export function lazyPayments(env: () => Env, port: () => DataPort): Payments {
  const get = lazy(() => createPayments(readBillingProviders(env()), env(), port));
  return {
    createCheckout: (request) => rejecting(() => get().createCheckout(request)),
    expire: (sessionId) => rejecting(() => get().expire(sessionId)),
    parseWebhook: (raw, signature, now) => rejecting(() => get().parseWebhook(raw, signature, now)),
  };
}
