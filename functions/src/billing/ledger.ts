/**
 * The accounting boundary (business.md §2.7, §3.5): every invoice the app issues is booked in the
 * ledger (e-conomic) under the app's own number, and the ledger renders the PDF the customer
 * downloads. The `economicSync` task reaches the ledger only through `Ledger`, so the local stack
 * and the tests run `fake-ledger.ts` beside the real `economic.ts`; `boundary-config.ts` picks
 * one and refuses the fake in production.
 *
 * Booking is split in steps the task can repeat safely: a booked number is looked up first, the
 * draft's number is kept on the invoice before it is booked, and booking uses our number
 * (`bookWithNumber`), which the ledger refuses a second time.
 */
import type { InvoiceDocument } from '@sim/core/billing/invoice';
import type { Currency } from '@sim/core/billing/money';
import type { Treatment } from '@sim/core/billing/tax';

/** e-conomic's VAT zones: 1 domestic, 2 EU (reverse charge), 3 abroad. */
export type VatZone = 1 | 2 | 3;

/**
 * The ledger's VAT zone of a treatment. An EU consumer is charged VAT like a domestic one; the
 * rate of their country needs its own VAT code in the e-conomic agreement (OSS), and the sync
 * compares the booked totals with ours, so a missing code shows as a failed sync.
 */
export function vatZoneFor(treatment: Treatment): VatZone {
  if (treatment === 'eu-reverse-charge') return 2;
  if (treatment === 'export') return 3;
  return 1;
}

export interface LedgerCustomer {
  /** Our team id: the ledger customer stands for the team. */
  readonly teamId: string;
  /** The ledger's number once the team has one (update); null to create it. */
  readonly customerNumber: number | null;
  readonly name: string;
  readonly address: string;
  readonly zip: string;
  readonly city: string;
  readonly countryCode: string;
  /** With its country prefix; '' when none. */
  readonly vatNumber: string;
  readonly email: string;
  readonly currency: Currency;
  readonly vatZone: VatZone;
}

export interface LedgerDraft {
  readonly invoiceId: string;
  readonly customerNumber: number;
  readonly document: InvoiceDocument;
}

export interface BookedInvoice {
  readonly bookedNumber: number;
  /** The ledger's own totals, minor units (null when it did not say). */
  readonly net: number | null;
  readonly vat: number | null;
  readonly gross: number | null;
}

export interface Ledger {
  /** Creates the team's customer, or updates it when `customerNumber` is set. */
  upsertCustomer(customer: LedgerCustomer): Promise<{ readonly customerNumber: number }>;
  createDraft(draft: LedgerDraft): Promise<{ readonly draftNumber: number }>;
  /** Books a draft under our invoice number; refused when that number is already booked. */
  bookDraft(draftNumber: number, invoiceNumber: number): Promise<BookedInvoice>;
  /** The booked invoice with this number, or null. */
  findBooked(invoiceNumber: number): Promise<BookedInvoice | null>;
  /** The booked invoice's PDF. */
  pdf(invoiceNumber: number): Promise<Uint8Array>;
}

/** The ledger has no booked invoice with this number (yet). */
export class LedgerNotBookedError extends Error {
  constructor(readonly invoiceNumber: number) {
    super(`Invoice ${invoiceNumber} is not booked in the ledger`);
    this.name = 'LedgerNotBookedError';
  }
}
