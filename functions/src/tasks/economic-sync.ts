/**
 * A task of the `economicSync` queue `{invoiceId}` (business.md §3.4): books an issued invoice or
 * credit note in the ledger under our number, so the app and e-conomic keep one series.
 *
 * 1. The team's ledger customer is created, or updated from the invoice's customer
 *    (`teams/{tid}.economicCustomerNumber` keeps its number).
 * 2. If the ledger already has our number booked (an earlier attempt got that far), nothing is
 *    booked again. Otherwise the draft is created once (its number is kept in `sync.economicDraft`
 *    before booking, so a retry books the same draft) and booked with `bookWithNumber`.
 * 3. The ledger's totals must equal ours; a difference is permanent (`sync.state = 'failed'`,
 *    not retried) and needs a person: usually a VAT code missing in the agreement.
 * 4. `sync.state = 'done'` with the booked number.
 *
 * A failure records `sync.state = 'failed'` with its error and rethrows, so the queue retries
 * with backoff; a later attempt that succeeds sets `done`. An invoice already `done` is left alone.
 * A payload that is not `{invoiceId}` throws `invalid-argument`.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import { z } from 'zod';
import type { DataPort } from '@sim/core/port/data-port';
import { increment } from '@sim/core/port/field-values';
import { idSchema } from '../ids';
import { economicInvoicePath, invoiceRecordOf } from '../billing/invoice-records';
import { type Ledger, vatZoneFor } from '../billing/ledger';
import { ECONOMIC_SYNC_QUEUE } from '../billing/economic-sync-queue';
import { teamPath } from '../teams/team-docs';

export const QUEUE = ECONOMIC_SYNC_QUEUE;

export const payloadSchema = z.object({ invoiceId: idSchema }).strict();

export type EconomicSyncOutcome =
  'booked' | 'already-booked' | 'done-before' | 'unknown' | 'mismatch';

export interface EconomicSyncDeps {
  readonly port: DataPort;
  readonly ledger: Ledger;
  readonly now: () => number;
}

/** Errors are cut so a ledger's long answer does not fill the invoice document. */
const ERROR_MAX = 500;

function positiveInteger(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

export async function handleEconomicSync(
  deps: EconomicSyncDeps,
  payload: unknown,
): Promise<EconomicSyncOutcome> {
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success) {
    throw new HttpsError('invalid-argument', `Bad ${QUEUE} payload`);
  }
  const { invoiceId } = parsed.data;
  const { port, ledger } = deps;
  const path = economicInvoicePath(invoiceId);
  const record = invoiceRecordOf((await port.docs.get(path)).data);
  if (!record) return 'unknown';
  if (record.sync.state === 'done') return 'done-before';
  const doc = record.document;
  try {
    const team = (await port.docs.get(teamPath(record.teamId))).data;
    const known = positiveInteger(team?.economicCustomerNumber);
    const { customerNumber } = await ledger.upsertCustomer({
      teamId: record.teamId,
      customerNumber: known,
      name: doc.customer.name,
      address: doc.customer.address,
      zip: doc.customer.zip,
      city: doc.customer.city,
      countryCode: doc.customer.countryCode,
      vatNumber: doc.customer.vatNumber,
      email: doc.customer.email,
      currency: doc.currency,
      vatZone: vatZoneFor(doc.treatment),
    });
    if (team && customerNumber !== known) {
      await port.docs.update(teamPath(record.teamId), { economicCustomerNumber: customerNumber });
    }
    let booked = await ledger.findBooked(doc.invoiceNumber);
    const outcome: EconomicSyncOutcome = booked ? 'already-booked' : 'booked';
    if (!booked) {
      let draftNumber = record.sync.economicDraft;
      if (draftNumber === null) {
        ({ draftNumber } = await ledger.createDraft({ invoiceId, customerNumber, document: doc }));
        await port.docs.update(path, { 'sync.economicDraft': draftNumber });
      }
      booked = await ledger.bookDraft(draftNumber, doc.invoiceNumber);
    }
    const ours = doc.totals;
    const differs =
      (booked.net !== null && booked.net !== ours.net) ||
      (booked.vat !== null && booked.vat !== ours.vat) ||
      (booked.gross !== null && booked.gross !== ours.gross);
    if (differs) {
      await port.docs.update(path, {
        'sync.state': 'failed',
        'sync.economicBooked': booked.bookedNumber,
        'sync.error':
          `The ledger booked net ${booked.net}, VAT ${booked.vat}, gross ${booked.gross}; ` +
          `the invoice says ${ours.net}, ${ours.vat}, ${ours.gross}`,
        'sync.updated_at': deps.now(),
      });
      return 'mismatch';
    }
    await port.docs.update(path, {
      'sync.state': 'done',
      'sync.economicBooked': booked.bookedNumber,
      'sync.error': null,
      'sync.updated_at': deps.now(),
    });
    return outcome;
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX);
    await port.docs.update(path, {
      'sync.state': 'failed',
      'sync.error': message,
      'sync.attempts': increment(1),
      'sync.updated_at': deps.now(),
    });
    throw err;
  }
}
