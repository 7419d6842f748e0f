/**
 * The `economicSync` task queue (business.md §3.4): after an invoice or credit note is issued,
 * one task books it in the ledger (`tasks/economic-sync.ts`). `createInvoice` and
 * `cancelEconomicInvoice` call `enqueueEconomicSync` on their success path; `getEconomicInvoicePdf`
 * calls it again for an invoice whose booking has not finished.
 */
import * as logger from 'firebase-functions/logger';
import { getFunctions } from 'firebase-admin/functions';
import { getAdminApp } from '../admin-app';

export const ECONOMIC_SYNC_QUEUE = 'economicSync';

export interface EconomicSyncPayload {
  readonly invoiceId: string;
}

export interface EconomicSyncQueue {
  enqueue(payload: EconomicSyncPayload): Promise<void>;
}

/** Production and the local stack: a Cloud Task (the Tasks emulator locally). */
export const cloudEconomicSyncQueue: EconomicSyncQueue = {
  async enqueue(payload) {
    await getFunctions(getAdminApp())
      .taskQueue<EconomicSyncPayload>(ECONOMIC_SYNC_QUEUE)
      .enqueue(payload);
  },
};

/**
 * Asks for the invoice's booking. Never fails its caller: the invoice is issued either way, and
 * a booking that was not queued is queued again when its PDF is asked for.
 */
export async function enqueueEconomicSync(
  invoiceId: string,
  queue: EconomicSyncQueue = cloudEconomicSyncQueue,
): Promise<boolean> {
  try {
    await queue.enqueue({ invoiceId });
    return true;
  } catch (err) {
    logger.error('economicSync could not be queued', { invoiceId, err });
    return false;
  }
}
