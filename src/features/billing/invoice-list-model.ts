/**
 * The team's invoices and payments on the subscription tab (business.md §3.2, §3.11), pure:
 * `economicInvoices` (invoices and credit notes, newest number first) with what the viewer may do
 * with each, `invoices` (the payment records), and the state of a purchase the payment page sent
 * back to the app.
 */
import { CURRENCIES, isMinorAmount, type Currency } from '@sim/core/billing/money';
import type { InvoiceKind, InvoiceStatus } from '@sim/core/billing/invoice';
import type { PurchaseReturn } from '@/features/billing/subscription-model';

type Rec = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invoiceNumberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

function currencyOf(value: unknown): Currency | null {
  return CURRENCIES.find((c) => c === value) ?? null;
}

const time = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;

/** Whether the ledger has booked it (its PDF can be fetched), is still booking it, or failed. */
export type BookingState = 'booked' | 'pending' | 'failed';

export interface InvoiceRow {
  readonly id: string;
  readonly invoiceNumber: number;
  readonly kind: InvoiceKind;
  readonly status: InvoiceStatus;
  readonly planId: string;
  /** The first line's text, for a plan the catalogue no longer names. */
  readonly description: string;
  readonly currency: Currency;
  /** Minor units (negative on a credit note). */
  readonly net: number;
  readonly vat: number;
  readonly gross: number;
  readonly ratePercent: number;
  readonly createdAt: number;
  readonly paidAt: number | null;
  /** On a credit note: the number of the invoice it cancels. */
  readonly creditForNumber: number | null;
  /** On a cancelled invoice: its credit note's number. */
  readonly creditNoteNumber: number | null;
  readonly booking: BookingState;
  readonly canPay: boolean;
  readonly canCancel: boolean;
}

/**
 * One `economicInvoices` document as a row, or null when it lacks what a row shows. Paying and
 * cancelling are offered to team admins for an open invoice only (a credit note is neither paid
 * nor cancelled); every member may download.
 */
export function invoiceRowOf(id: string, data: unknown, isAdmin: boolean): InvoiceRow | null {
  if (!isRecord(data)) return null;
  const invoiceNumber = invoiceNumberOf(data['invoiceNumber']);
  const currency = currencyOf(data['currency']);
  const { net, vat, gross } = data;
  if (invoiceNumber === null || currency === null) return null;
  if (!isMinorAmount(net) || !isMinorAmount(vat) || !isMinorAmount(gross)) return null;
  const kind: InvoiceKind = data['kind'] === 'credit-note' ? 'credit-note' : 'invoice';
  const status: InvoiceStatus =
    data['status'] === 'paid' ? 'paid' : data['status'] === 'cancelled' ? 'cancelled' : 'open';
  const sync = isRecord(data['sync']) ? data['sync']['state'] : undefined;
  const lines = Array.isArray(data['lines']) ? data['lines'] : [];
  const first: unknown = lines[0];
  const description =
    isRecord(first) && typeof first['description'] === 'string' ? first['description'] : '';
  const rate = data['vatRatePercent'];
  const payable = isAdmin && kind === 'invoice' && status === 'open';
  return {
    id,
    invoiceNumber,
    kind,
    status,
    planId: typeof data['planId'] === 'string' ? data['planId'] : '',
    description,
    currency,
    net,
    vat,
    gross,
    ratePercent: typeof rate === 'number' && rate >= 0 && rate <= 100 ? rate : 0,
    createdAt: time(data['created_at']),
    paidAt: status === 'paid' ? time(data['paid_at']) : null,
    creditForNumber: invoiceNumberOf(data['creditForNumber']),
    creditNoteNumber: invoiceNumberOf(data['creditNoteNumber']),
    booking: sync === 'done' ? 'booked' : sync === 'failed' ? 'failed' : 'pending',
    canPay: payable,
    canCancel: payable,
  };
}

/** The team's invoices and credit notes, highest number first. */
export function invoiceRowsOf(
  docs: readonly { id: string; data: unknown }[],
  isAdmin: boolean,
): InvoiceRow[] {
  return docs
    .flatMap((doc) => {
      const row = invoiceRowOf(doc.id, doc.data, isAdmin);
      return row ? [row] : [];
    })
    .sort((a, b) => b.invoiceNumber - a.invoiceNumber);
}

/** A payment record (`invoices/{paymentId}`). */
export interface PaymentRow {
  readonly id: string;
  readonly invoiceNumber: number;
  /** Minor units. */
  readonly amount: number;
  readonly currency: Currency;
  readonly paidAt: number;
}

/** The team's payments, newest first. */
export function paymentRowsOf(docs: readonly { id: string; data: unknown }[]): PaymentRow[] {
  return docs
    .flatMap((doc): PaymentRow[] => {
      const data = doc.data;
      if (!isRecord(data)) return [];
      const invoiceNumber = invoiceNumberOf(data['invoiceNumber']);
      const currency = currencyOf(data['currency']);
      const amount = data['amount'];
      if (invoiceNumber === null || currency === null || !isMinorAmount(amount)) return [];
      return [{ id: doc.id, invoiceNumber, amount, currency, paidAt: time(data['paid_at']) }];
    })
    .sort((a, b) => b.paidAt - a.paidAt || b.invoiceNumber - a.invoiceNumber);
}

/**
 * What the page says after the payment page sent the buyer back: 'processing' until the
 * invoice listener shows the payment (the webhook may land a moment after the browser),
 * 'paid', 'cancelled' when the buyer left the payment page, 'unknown' for an invoice the team
 * does not have.
 */
export type PurchaseState = 'processing' | 'paid' | 'cancelled' | 'unknown';

export function purchaseStateOf(
  back: PurchaseReturn,
  rows: readonly InvoiceRow[] | undefined,
): PurchaseState | null {
  if (!back) return null;
  if (back.outcome === 'cancelled') return 'cancelled';
  if (rows === undefined) return 'processing';
  const row = rows.find((r) => r.id === back.invoiceId);
  if (!row || row.kind !== 'invoice') return 'unknown';
  return row.status === 'paid' ? 'paid' : 'processing';
}
