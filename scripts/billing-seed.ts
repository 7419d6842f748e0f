/**
 * The billing reference data every backend needs before an invoice can be issued (business.md
 * §3.2, §5): `vatRates/{cc}` (the EU standard rates from the `sales-tax` package's data),
 * `planCatalog/{planId}` (the catalogue of `core/src/billing/plans.ts` with its prices) and
 * `counters/invoiceNumber` (created once, never moved back). Written through the data port, so the
 * local stack seeds the local store and the Firestore emulator alike, and
 * `scripts/seed-billing.ts` a real project.
 */
import { createRequire } from 'node:module';
import { PLAN_CATALOG, type CatalogPlan } from '@sim/core/billing/plans';
import type { Currency } from '@sim/core/billing/money';
import { EU_MEMBER_STATES, type VatRate } from '@sim/core/billing/tax';
import type { DataPort } from '@sim/core/port/data-port';
import { FIRST_INVOICE_NUMBER, INVOICE_COUNTER_PATH } from '../functions/src/billing/numbering';

const require = createRequire(import.meta.url);

interface SalesTaxRate {
  readonly type: string;
  readonly currency: string;
  /** A fraction: 0.255 for 25.5 %. */
  readonly rate: number;
  /** Earlier rates, keyed by the instant (ISO, UTC) they stopped applying. */
  readonly before?: Readonly<Record<string, unknown>>;
}

const salesTaxRates = require('sales-tax/res/sales_tax_rates.json') as Readonly<
  Record<string, SalesTaxRate>
>;
const salesTaxRegions = require('sales-tax/res/region_countries.json') as {
  readonly EU: readonly string[];
};
const salesTaxVersion = (require('sales-tax/package.json') as { version: string }).version;

export const VAT_RATES_SOURCE = `sales-tax@${salesTaxVersion}`;

/**
 * The day a rate started: the package keys a rate change by the instant the old rate stopped,
 * which is local midnight of the first day (e.g. 2025-06-30T21:00Z for Estonia's 1 July); half a
 * day later is that day in UTC for every member state.
 */
function effectiveFrom(rate: SalesTaxRate): string | null {
  const changes = Object.keys(rate.before ?? {})
    .map((instant) => Date.parse(instant))
    .filter((ms) => Number.isFinite(ms));
  if (changes.length === 0) return null;
  return new Date(Math.max(...changes) + 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** `vatRates/{cc}` for the 27 member states, from the package's data. */
export function euVatRates(): VatRate[] {
  const members = [...salesTaxRegions.EU].sort();
  const expected = [...EU_MEMBER_STATES].sort();
  if (members.join() !== expected.join()) {
    throw new Error(`sales-tax's EU list differs from the member states: ${members.join(',')}`);
  }
  return members.map((cc) => {
    const rate = Object.hasOwn(salesTaxRates, cc) ? salesTaxRates[cc] : undefined;
    if (!rate || rate.type !== 'vat' || !(rate.rate > 0 && rate.rate < 1)) {
      throw new Error(`sales-tax has no VAT rate for ${cc}`);
    }
    return {
      country_code: cc,
      // Two decimals of a percent, without the float noise of 0.255 × 100.
      standard_rate: Math.round(rate.rate * 10_000) / 100,
      member_state: true,
      effective_from: effectiveFrom(rate),
      source: VAT_RATES_SOURCE,
    };
  });
}

/** Prices in minor units per currency (configuration: `seed-billing.ts --prices FILE.json`). */
export type PlanPrices = Readonly<Record<string, Readonly<Record<Currency, number>>>>;

/** The list prices of business.md §5.3's catalogue, until the owner sets their own. */
export const DEFAULT_PLAN_PRICES: PlanPrices = Object.fromEntries(
  PLAN_CATALOG.map((plan) => [
    plan.planId,
    plan.planName === 'Class'
      ? { EUR: 39_000, USD: 45_000 }
      : plan.planName === 'Campus'
        ? { EUR: 149_000, USD: 169_000 }
        : { EUR: 299_000, USD: 339_000 },
  ]),
);

export interface CatalogDocument extends Omit<CatalogPlan, 'planId'> {
  readonly prices: Readonly<Record<Currency, number>>;
  readonly active: boolean;
}

/** `planCatalog/{planId}` documents: the catalogue with its prices. */
export function catalogDocuments(
  prices: PlanPrices = DEFAULT_PLAN_PRICES,
): [planId: string, doc: CatalogDocument][] {
  return PLAN_CATALOG.map(({ planId, ...plan }) => {
    const price = Object.hasOwn(prices, planId) ? prices[planId] : undefined;
    for (const currency of ['EUR', 'USD'] as const) {
      const amount = price?.[currency];
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
        throw new Error(`No ${currency} price (whole minor units) for plan ${planId}`);
      }
    }
    return [planId, { ...plan, games: [...plan.games], prices: { ...price! }, active: true }];
  });
}

export interface SeedOptions {
  readonly prices?: PlanPrices;
  /** The counter's start when it does not exist yet; an existing counter is left alone. */
  readonly firstInvoiceNumber?: number;
}

export interface SeedResult {
  readonly vatRates: number;
  readonly plans: number;
  /** The counter's `next` after seeding, and whether this run created it. */
  readonly nextInvoiceNumber: number;
  readonly counterCreated: boolean;
}

/** Writes the reference data; run it again after a rate or price change (idempotent). */
export async function seedBilling(
  port: DataPort,
  now: number,
  options: SeedOptions = {},
): Promise<SeedResult> {
  const rates = euVatRates();
  const plans = catalogDocuments(options.prices);
  const batch = port.docs.batch();
  for (const rate of rates) batch.set(`vatRates/${rate.country_code}`, { ...rate });
  for (const [planId, doc] of plans) batch.set(`planCatalog/${planId}`, { ...doc });
  await batch.commit();
  const first = options.firstInvoiceNumber ?? FIRST_INVOICE_NUMBER;
  if (!Number.isSafeInteger(first) || first < 1) {
    throw new Error(`The first invoice number must be a whole number ≥ 1, not ${first}`);
  }
  const counter = await port.docs.runTransaction(async (tx) => {
    const existing = (await tx.get(INVOICE_COUNTER_PATH)).data;
    if (typeof existing?.next === 'number') return { next: existing.next, created: false };
    tx.set(INVOICE_COUNTER_PATH, { next: first, updated_at: now });
    return { next: first, created: true };
  });
  return {
    vatRates: rates.length,
    plans: plans.length,
    nextInvoiceNumber: counter.next,
    counterCreated: counter.created,
  };
}
