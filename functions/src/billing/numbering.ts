/**
 * Invoice numbers without gaps (business.md §3.6). One counter, `counters/invoiceNumber
 * {next, updated_at}`, is read and advanced in the same transaction that creates the invoice (or
 * credit note) document, so:
 * 1. a number exists only in the commit that also creates its document: an aborted or retried
 *    transaction consumes nothing (every read is a precondition on both backends);
 * 2. nothing slow or external runs inside it (the tax and the VAT check come before, the ledger
 *    after), so contention stays short;
 * 3. an issued number is never deleted: a cancellation issues a credit note with the next one.
 *
 * One function instance serves many requests at once; its numbering transactions run one after
 * another (`inNumberingOrder`) instead of aborting each other on the counter and backing off
 * (the Firestore SDK waits a second and more between attempts). Instances still contend with
 * each other, which the transaction settles.
 */
import type { DataPort, DocumentPort, Transaction } from '@sim/core/port/data-port';

export const INVOICE_COUNTER_PATH = 'counters/invoiceNumber';

/**
 * The first number when the counter was never seeded; the seed sets it once to continue the
 * existing ledger series (business.md §5.4).
 */
export const FIRST_INVOICE_NUMBER = 1001;

/**
 * Attempts of a numbering transaction: a class of instructors buying at once contends on one
 * counter, and the default 5 would let some of 50 concurrent purchases fail.
 */
export const INVOICE_TX_ATTEMPTS = 25;

export const invoicePath = (id: string) => `economicInvoices/${id}`;

/**
 * Reads the counter inside `tx` and returns the number to issue with a function that advances
 * the counter: call it among the transaction's writes. Reads must come before writes, so a
 * transaction reads whatever else it needs, then this, then writes.
 */
export async function takeNumber(
  tx: Transaction,
  now: number,
): Promise<{ readonly invoiceNumber: number; readonly advance: () => void }> {
  const counter = (await tx.get(INVOICE_COUNTER_PATH)).data;
  const next = counter?.next;
  const invoiceNumber =
    typeof next === 'number' && Number.isSafeInteger(next) && next > 0
      ? next
      : FIRST_INVOICE_NUMBER;
  return {
    invoiceNumber,
    advance: () => {
      tx.set(INVOICE_COUNTER_PATH, { next: invoiceNumber + 1, updated_at: now });
    },
  };
}

/** The numbering transactions of this instance, per document port, chained. */
const numberingQueues = new WeakMap<DocumentPort, Promise<unknown>>();

/**
 * Runs `issue` (a numbering transaction) after the ones this instance already started on the
 * same port, whether they succeeded or failed.
 */
export function inNumberingOrder<T>(port: DataPort, issue: () => Promise<T>): Promise<T> {
  const previous = numberingQueues.get(port.docs) ?? Promise.resolve();
  const result = previous.then(issue, issue);
  numberingQueues.set(
    port.docs,
    result.catch(() => undefined),
  );
  return result;
}
