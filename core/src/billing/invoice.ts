/**
 * The invoice as a document a person reads (business.md §3.2, §3.13): who sells, who buys, what,
 * for how much and under which tax treatment. `economicInvoices/{id}` stores these fields (plus
 * its status and sync state), the invoice PDF is rendered from an `InvoiceDocument`, and the
 * ledger books the same figures. Pure, shared by the functions and the SPA.
 *
 * Amounts are integer minor units (money.ts). A credit note carries the negative amounts of the
 * invoice it cancels and that invoice's number in `creditForNumber`.
 */
import { type Currency, CURRENCIES, amountsOf, isMinorAmount } from './money';
import type { Treatment, VatStatus } from './tax';
import { VAT_STATUSES } from './tax';

export type InvoiceKind = 'invoice' | 'credit-note';

export type InvoiceStatus = 'open' | 'paid' | 'cancelled';

/** A seller or a customer as the invoice names them. */
export interface InvoiceParty {
  /** The company (or person) name. */
  readonly name: string;
  readonly address: string;
  readonly zip: string;
  readonly city: string;
  /** ISO 3166 alpha-2. */
  readonly countryCode: string;
  /** With its country prefix (FR40303265045, EL094259216); '' when there is none. */
  readonly vatNumber: string;
  readonly email: string;
}

/** The customer, as the team's billing data stood when the invoice was issued. */
export interface InvoiceCustomer extends InvoiceParty {
  readonly vatStatus: VatStatus;
}

export interface InvoiceLine {
  readonly description: string;
  readonly quantity: number;
  /** Net price of one unit, minor units (negative on a credit note). */
  readonly unitNet: number;
}

export interface InvoiceTotals {
  /** Minor units. */
  readonly net: number;
  /** Percent, e.g. 25.5. */
  readonly vatRatePercent: number;
  readonly vat: number;
  readonly gross: number;
}

/** Everything printed on an invoice or a credit note. */
export interface InvoiceDocument {
  readonly kind: InvoiceKind;
  readonly invoiceNumber: number;
  /** The cancelled invoice's number, on a credit note. */
  readonly creditForNumber?: number;
  /** When it was issued (epoch ms). */
  readonly issuedAt: number;
  readonly currency: Currency;
  readonly seller: InvoiceParty;
  readonly customer: InvoiceCustomer;
  readonly lines: readonly InvoiceLine[];
  readonly totals: InvoiceTotals;
  readonly treatment: Treatment;
  /** The legal wording the treatment requires ("Reverse charge"), if any. */
  readonly mention?: string;
}

/** The net of some lines (minor units). */
export function linesNet(lines: readonly InvoiceLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unitNet, 0);
}

/** Net, VAT and gross of some lines at a rate; VAT on the total, not per line. */
export function totalsOf(lines: readonly InvoiceLine[], ratePercent: number): InvoiceTotals {
  const { net, vat, gross } = amountsOf(linesNet(lines), ratePercent);
  return { net, vatRatePercent: ratePercent, vat, gross };
}

/** The lines and totals of the credit note that cancels an invoice: every amount negated. */
export function creditLinesOf(lines: readonly InvoiceLine[]): InvoiceLine[] {
  return lines.map((line) => ({ ...line, unitNet: -line.unitNet }));
}

// ---- reading a stored `economicInvoices/{id}` back ----

type Rec = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function partyOf(value: unknown): InvoiceParty | null {
  if (!isRecord(value) || typeof value.name !== 'string') return null;
  return {
    name: value.name,
    address: text(value.address),
    zip: text(value.zip),
    city: text(value.city),
    countryCode: text(value.countryCode),
    vatNumber: text(value.vatNumber),
    email: text(value.email),
  };
}

function lineOf(value: unknown): InvoiceLine | null {
  if (!isRecord(value)) return null;
  const { description, quantity, unitNet } = value;
  if (typeof description !== 'string') return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return null;
  if (!isMinorAmount(unitNet)) return null;
  return { description, quantity, unitNet };
}

const TREATMENTS: readonly Treatment[] = ['eu-standard', 'eu-reverse-charge', 'domestic', 'export'];

/**
 * The `InvoiceDocument` of a stored `economicInvoices/{id}`, or null when the document does not
 * hold a complete invoice (so a renderer never prints half of one).
 */
export function invoiceDocumentOf(data: unknown): InvoiceDocument | null {
  if (!isRecord(data)) return null;
  const kind =
    data.kind === 'credit-note' ? 'credit-note' : data.kind === 'invoice' ? 'invoice' : null;
  const seller = partyOf(data.seller);
  const customerParty = partyOf(data.customer);
  const currency = CURRENCIES.find((c) => c === data.currency);
  const treatment = TREATMENTS.find((t) => t === data.treatment);
  const lines = Array.isArray(data.lines) ? data.lines.map(lineOf) : [];
  const { invoiceNumber, created_at, net, vat, gross, vatRatePercent } = data;
  if (!kind || !seller || !customerParty || !currency || !treatment) return null;
  if (lines.length === 0 || lines.some((line) => line === null)) return null;
  if (typeof invoiceNumber !== 'number' || !Number.isInteger(invoiceNumber)) return null;
  if (typeof created_at !== 'number') return null;
  if (!isMinorAmount(net) || !isMinorAmount(vat) || !isMinorAmount(gross)) return null;
  if (typeof vatRatePercent !== 'number') return null;
  const customerRecord = data.customer as Rec;
  const vatStatus = VAT_STATUSES.find((s) => s === customerRecord.vatStatus) ?? 'none';
  const creditForNumber = data.creditForNumber;
  return {
    kind,
    invoiceNumber,
    ...(kind === 'credit-note' && typeof creditForNumber === 'number' ? { creditForNumber } : {}),
    issuedAt: created_at,
    currency,
    seller,
    customer: { ...customerParty, vatStatus },
    lines: lines as InvoiceLine[],
    totals: { net, vatRatePercent, vat, gross },
    treatment,
    ...(typeof data.mention === 'string' && data.mention !== '' ? { mention: data.mention } : {}),
  };
}
