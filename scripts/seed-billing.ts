/**
 * Seeds a real Firebase project with the billing reference data (business.md §3.2, §5):
 * `vatRates/{cc}` from the installed `sales-tax` data, `planCatalog/{planId}` with prices, and
 * `counters/invoiceNumber` (created once; an existing counter is never moved).
 *
 *   node --import tsx scripts/seed-billing.ts --project <projectId>
 *        [--prices prices.json] [--first-invoice-number 1001]
 *
 * Credentials: Application Default Credentials (`gcloud auth application-default login`, or
 * GOOGLE_APPLICATION_CREDENTIALS naming a service account key). `prices.json` maps every plan id
 * to `{"EUR": minor units, "USD": minor units}`. Run it again after a `sales-tax` bump or a price
 * change.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { createAdminPort } from '../functions/src/data/admin-adapter';
import { type PlanPrices, seedBilling } from './billing-seed';

const { values: flags } = parseArgs({
  options: {
    project: { type: 'string' },
    prices: { type: 'string' },
    'first-invoice-number': { type: 'string' },
  },
});

if (!flags.project) {
  console.error(
    'Usage: seed-billing.ts --project <projectId> [--prices FILE.json] [--first-invoice-number N]',
  );
  process.exit(2);
}

const prices = flags.prices
  ? (JSON.parse(readFileSync(flags.prices, 'utf8')) as PlanPrices)
  : undefined;
const firstInvoiceNumber =
  flags['first-invoice-number'] !== undefined ? Number(flags['first-invoice-number']) : undefined;

const app = initializeApp({ projectId: flags.project, credential: applicationDefault() }, 'seed');
try {
  const result = await seedBilling(createAdminPort(app), Date.now(), {
    ...(prices ? { prices } : {}),
    ...(firstInvoiceNumber !== undefined ? { firstInvoiceNumber } : {}),
  });
  console.log(
    `${flags.project}: ${result.vatRates} VAT rates, ${result.plans} plans; next invoice number ` +
      `${result.nextInvoiceNumber}${result.counterCreated ? ' (counter created)' : ' (counter kept)'}`,
  );
} finally {
  await deleteApp(app);
}
