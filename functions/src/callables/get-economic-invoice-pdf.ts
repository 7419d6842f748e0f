/**
 * getEconomicInvoicePdf {invoiceId} → {base64, fileName, contentType} (spec §7, business.md §3.4).
 *
 * The PDF of one of the team's invoices or credit notes as the ledger booked it (e-conomic in
 * production, the local ledger's pdfmake rendering otherwise), named `<invoiceNumber>.pdf`.
 * Any member of the invoice's team may download it.
 *
 * Refusals: unauthenticated / errorUnauthenticated; permission-denied / errorPermissionDenied (an
 * anonymous player, or not a member of the invoice's team); not-found / invoiceUnknown;
 * unavailable / invoicePdfPending (not booked in the ledger yet: its booking is queued again, the
 * SPA says to try in a moment).
 */
import { z } from 'zod';
import { CallableError, type CallableHandler } from '../callable';
import { idSchema } from '../ids';
import { type EconomicSyncQueue, enqueueEconomicSync } from '../billing/economic-sync-queue';
import { economicInvoicePath, invoiceRecordOf } from '../billing/invoice-records';
import { type Ledger, LedgerNotBookedError } from '../billing/ledger';
import { teamCaller } from '../teams/caller';
import { memberOf, teamPath } from '../teams/team-docs';

export const name = 'getEconomicInvoicePdf';

export const schema = z.object({ invoiceId: idSchema }).strict();

export type GetEconomicInvoicePdfData = z.output<typeof schema>;

export interface InvoicePdf {
  readonly base64: string;
  readonly fileName: string;
  readonly contentType: 'application/pdf';
}

export interface GetEconomicInvoicePdfDeps {
  readonly ledger: Ledger;
  readonly syncQueue: EconomicSyncQueue;
}

export function createHandler(
  deps: GetEconomicInvoicePdfDeps,
): CallableHandler<GetEconomicInvoicePdfData, InvoicePdf> {
  return async (ctx, data) => {
    const caller = teamCaller(ctx);
    const record = invoiceRecordOf(
      (await ctx.port.docs.get(economicInvoicePath(data.invoiceId))).data,
    );
    if (!record) throw new CallableError('not-found', 'invoiceUnknown');
    const team = (await ctx.port.docs.get(teamPath(record.teamId))).data;
    if (!memberOf(team, caller.uid)) {
      throw new CallableError('permission-denied', 'errorPermissionDenied');
    }
    const pending = async (): Promise<never> => {
      await enqueueEconomicSync(data.invoiceId, deps.syncQueue);
      throw new CallableError('unavailable', 'invoicePdfPending');
    };
    if (record.sync.state !== 'done') return pending();
    const number = record.document.invoiceNumber;
    let bytes: Uint8Array;
    try {
      bytes = await deps.ledger.pdf(number);
    } catch (err) {
      if (err instanceof LedgerNotBookedError) return pending();
      throw err;
    }
    return {
      base64: Buffer.from(bytes).toString('base64'),
      fileName: `${number}.pdf`,
      contentType: 'application/pdf',
    };
  };
}
