/**
 * The production adapter of the `Ledger` port: e-conomic's REST API over `fetch` (business.md
 * §2.7), authenticated by two secrets sent as headers, `X-AppSecretToken` and
 * `X-AgreementGrantToken`. Endpoints: `POST /customers`, `PUT /customers/{n}`,
 * `POST /invoices/drafts`, `POST /invoices/booked {draftInvoice, bookWithNumber}` (booked under
 * our number), `GET /invoices/booked/{n}` and `GET /invoices/booked/{n}/pdf`. Amounts go out and
 * come back in major units with two decimals; ours are minor units.
 *
 * The agreement's own numbers (customer group, payment terms, layout, optionally a product) are
 * configuration (`boundary-config.ts`).
 */
import type { InvoiceDocument } from '@sim/core/billing/invoice';
import {
  type BookedInvoice,
  type Ledger,
  type LedgerCustomer,
  type LedgerDraft,
  LedgerNotBookedError,
  vatZoneFor,
} from './ledger';

export const ECONOMIC_API = 'https://restapi.e-conomic.com';

export interface EconomicConfig {
  readonly appSecretToken: string;
  readonly agreementGrantToken: string;
  /** The API's address; e-conomic's own unless a test points it at a local server. */
  readonly baseUrl?: string;
  readonly customerGroupNumber: number;
  readonly paymentTermsNumber: number;
  readonly layoutNumber: number;
  /** The product every line is booked on, when the agreement needs one. */
  readonly productNumber?: string;
}

/** A slow ledger must not hold the task until its own deadline; the task retries. */
const ECONOMIC_TIMEOUT_MS = 20_000;

/** A refusal or failure of the e-conomic API, with its status and (cut) answer. */
export class EconomicError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    detail: string,
  ) {
    super(`e-conomic ${path} answered ${status}: ${detail.slice(0, 500)}`);
    this.name = 'EconomicError';
  }
}

const major = (minor: number) => minor / 100;
const minor = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : null;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The customer's body for `POST /customers` and `PUT /customers/{n}`. */
export function customerBody(config: EconomicConfig, customer: LedgerCustomer) {
  return {
    ...(customer.customerNumber !== null ? { customerNumber: customer.customerNumber } : {}),
    name: customer.name,
    currency: customer.currency,
    customerGroup: { customerGroupNumber: config.customerGroupNumber },
    paymentTerms: { paymentTermsNumber: config.paymentTermsNumber },
    vatZone: { vatZoneNumber: customer.vatZone },
    ...(customer.address ? { address: customer.address } : {}),
    ...(customer.zip ? { zip: customer.zip } : {}),
    ...(customer.city ? { city: customer.city } : {}),
    country: customer.countryCode,
    ...(customer.email ? { email: customer.email } : {}),
    ...(customer.vatNumber ? { corporateIdentificationNumber: customer.vatNumber } : {}),
  };
}

/** The draft's body for `POST /invoices/drafts`: our invoice id as its reference. */
export function draftBody(config: EconomicConfig, draft: LedgerDraft) {
  const doc: InvoiceDocument = draft.document;
  return {
    date: isoDay(doc.issuedAt),
    currency: doc.currency,
    paymentTerms: { paymentTermsNumber: config.paymentTermsNumber },
    layout: { layoutNumber: config.layoutNumber },
    customer: { customerNumber: draft.customerNumber },
    recipient: {
      name: doc.customer.name,
      ...(doc.customer.address ? { address: doc.customer.address } : {}),
      ...(doc.customer.zip ? { zip: doc.customer.zip } : {}),
      ...(doc.customer.city ? { city: doc.customer.city } : {}),
      country: doc.customer.countryCode,
      vatZone: { vatZoneNumber: vatZoneFor(doc.treatment) },
    },
    references: { other: draft.invoiceId },
    ...(doc.mention ? { notes: { textLine2: doc.mention } } : {}),
    lines: doc.lines.map((line, index) => ({
      lineNumber: index + 1,
      description: line.description,
      quantity: line.quantity,
      unitNetPrice: major(line.unitNet),
      ...(config.productNumber ? { product: { productNumber: config.productNumber } } : {}),
    })),
  };
}

function bookedOf(body: unknown): BookedInvoice {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const number = b.bookedInvoiceNumber;
  if (typeof number !== 'number') throw new Error('e-conomic answered without bookedInvoiceNumber');
  return {
    bookedNumber: number,
    net: minor(b.netAmount),
    vat: minor(b.vatAmount),
    gross: minor(b.grossAmount),
  };
}

export function createEconomicLedger(
  config: EconomicConfig,
  fetchImpl: typeof fetch = fetch,
): Ledger {
  const base = (config.baseUrl ?? ECONOMIC_API).replace(/\/+$/, '');
  const headers = {
    'X-AppSecretToken': config.appSecretToken,
    'X-AgreementGrantToken': config.agreementGrantToken,
  };

  async function call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
  ): Promise<Response> {
    const res = await fetchImpl(`${base}${path}`, {
      method,
      headers: {
        ...headers,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(ECONOMIC_TIMEOUT_MS),
    });
    return res;
  }

  async function json(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
    const res = await call(method, path, body);
    if (!res.ok) throw new EconomicError(res.status, path, await res.text());
    return (await res.json()) as unknown;
  }

  return {
    async upsertCustomer(customer) {
      const body = customerBody(config, customer);
      const answer = (
        customer.customerNumber === null
          ? await json('POST', '/customers', body)
          : await json('PUT', `/customers/${customer.customerNumber}`, body)
      ) as { customerNumber?: unknown };
      if (typeof answer.customerNumber !== 'number') {
        throw new Error('e-conomic answered without customerNumber');
      }
      return { customerNumber: answer.customerNumber };
    },
    async createDraft(draft) {
      const answer = (await json('POST', '/invoices/drafts', draftBody(config, draft))) as {
        draftInvoiceNumber?: unknown;
      };
      if (typeof answer.draftInvoiceNumber !== 'number') {
        throw new Error('e-conomic answered without draftInvoiceNumber');
      }
      return { draftNumber: answer.draftInvoiceNumber };
    },
    async bookDraft(draftNumber, invoiceNumber) {
      return bookedOf(
        await json('POST', '/invoices/booked', {
          draftInvoice: { draftInvoiceNumber: draftNumber },
          bookWithNumber: invoiceNumber,
        }),
      );
    },
    async findBooked(invoiceNumber) {
      const path = `/invoices/booked/${invoiceNumber}`;
      const res = await call('GET', path);
      if (res.status === 404) return null;
      if (!res.ok) throw new EconomicError(res.status, path, await res.text());
      return bookedOf(await res.json());
    },
    async pdf(invoiceNumber) {
      const path = `/invoices/booked/${invoiceNumber}/pdf`;
      const res = await call('GET', path);
      if (res.status === 404) throw new LedgerNotBookedError(invoiceNumber);
      if (!res.ok) throw new EconomicError(res.status, path, await res.text());
      return new Uint8Array(await res.arrayBuffer());
    },
  };
}
