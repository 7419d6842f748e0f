/**
 * The local adapter of the `Ledger` port (business.md §3.5): the ledger's customers, drafts and
 * booked invoices are documents written through the data port, so they survive restarts of the
 * local stack in `.data/` and live in the test's own backend. Like e-conomic it refuses to book a
 * number twice, and it renders the PDF itself with pdfmake from the booked `InvoiceDocument`.
 * Nobody but the backend reads these collections. `boundary-config.ts` refuses this adapter
 * outside the emulator and tests.
 */
import { randomInt } from 'node:crypto';
import type { InvoiceDocument } from '@sim/core/billing/invoice';
import type { DataPort, DocData } from '@sim/core/port/data-port';
import {
  type BookedInvoice,
  type Ledger,
  type LedgerCustomer,
  type LedgerDraft,
  LedgerNotBookedError,
} from './ledger';
import { renderInvoicePdf } from './pdf';

export const FAKE_LEDGER = 'fakeLedger';
export const FAKE_LEDGER_DRAFTS = 'fakeLedgerDrafts';
export const FAKE_LEDGER_CUSTOMERS = 'fakeLedgerCustomers';

export const fakeBookedPath = (invoiceNumber: number) => `${FAKE_LEDGER}/${invoiceNumber}`;
export const fakeDraftPath = (draftNumber: number) => `${FAKE_LEDGER_DRAFTS}/${draftNumber}`;
export const fakeCustomerPath = (teamId: string) => `${FAKE_LEDGER_CUSTOMERS}/${teamId}`;

/** Plain JSON for a document (drops `undefined` optional fields, which stores refuse). */
function plain(document: InvoiceDocument): DocData {
  return JSON.parse(JSON.stringify(document)) as DocData;
}

function bookedOf(invoiceNumber: number, data: DocData | undefined): BookedInvoice | null {
  const document = data?.document as InvoiceDocument | undefined;
  if (!document) return null;
  return {
    bookedNumber: invoiceNumber,
    net: document.totals.net,
    vat: document.totals.vat,
    gross: document.totals.gross,
  };
}

export function createFakeLedger(port: () => DataPort, now: () => number): Ledger {
  return {
    async upsertCustomer(customer: LedgerCustomer) {
      const path = fakeCustomerPath(customer.teamId);
      return port().docs.runTransaction(async (tx) => {
        const existing = (await tx.get(path)).data;
        const stored = existing?.customerNumber;
        const customerNumber =
          customer.customerNumber ??
          (typeof stored === 'number' ? stored : randomInt(10_000, 100_000_000));
        tx.set(path, { ...customer, customerNumber, updated_at: now() });
        return { customerNumber };
      });
    },
    async createDraft(draft: LedgerDraft) {
      const draftNumber = randomInt(1, 1_000_000_000);
      await port().docs.set(fakeDraftPath(draftNumber), {
        invoiceId: draft.invoiceId,
        customerNumber: draft.customerNumber,
        document: plain(draft.document),
        created_at: now(),
      });
      return { draftNumber };
    },
    async bookDraft(draftNumber: number, invoiceNumber: number) {
      return port().docs.runTransaction(async (tx) => {
        const booked = await tx.get(fakeBookedPath(invoiceNumber));
        const draft = (await tx.get(fakeDraftPath(draftNumber))).data;
        if (booked.exists) throw new Error(`Invoice number ${invoiceNumber} is already booked`);
        if (!draft) throw new Error(`Draft invoice ${draftNumber} does not exist`);
        const document = { ...(draft.document as DocData), invoiceNumber };
        tx.set(fakeBookedPath(invoiceNumber), {
          invoiceId: draft.invoiceId,
          customerNumber: draft.customerNumber,
          draftNumber,
          document,
          booked_at: now(),
        });
        tx.delete(fakeDraftPath(draftNumber));
        return bookedOf(invoiceNumber, { document }) as BookedInvoice;
      });
    },
    async findBooked(invoiceNumber: number) {
      return bookedOf(invoiceNumber, (await port().docs.get(fakeBookedPath(invoiceNumber))).data);
    },
    async pdf(invoiceNumber: number) {
      const data = (await port().docs.get(fakeBookedPath(invoiceNumber))).data;
      if (!data?.document) throw new LedgerNotBookedError(invoiceNumber);
      return renderInvoicePdf(data.document as InvoiceDocument);
    },
  };
}
