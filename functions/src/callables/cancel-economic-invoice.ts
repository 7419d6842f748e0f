/**
 * cancelEconomicInvoice {invoiceId} → {invoiceId, status: 'cancelled', creditNoteId,
 * creditNoteNumber}  (spec §7; business.md §3.4, §3.6)
 *
 * A team admin cancels an open invoice. An issued number is never deleted: in one transaction
 * the invoice becomes `cancelled` and a credit note takes the next number of the same counter
 * (`kind: 'credit-note'`, `creditFor` = the invoice's id, `creditForNumber`, every amount
 * negated, the same parties, rate and treatment). Cancelling a cancelled invoice again answers
 * the same credit note (a double click, a retry) and issues nothing. The new credit note is then
 * queued for the ledger (`economicSync`), and a checkout still open for the invoice is expired, so
 * the cancelled invoice cannot be paid from a tab left open (a payment that slips through anyway is
 * flagged for a refund by `markPaid`).
 *
 * Refusals: unauthenticated / errorUnauthenticated; permission-denied / errorPermissionDenied (a
 * player); not-found / invoiceUnknown; permission-denied / teamAdminOnly (not an admin of the
 * invoice's team); failed-precondition / invoicePaid; failed-precondition / invoiceNotCancellable
 * (a credit note); aborted / errorConflict (the counter stayed contended).
 */
import * as logger from 'firebase-functions/logger';
import { z } from 'zod';
import { type InvoiceLine, creditLinesOf } from '@sim/core/billing/invoice';
import { CallableError, type CallableHandler } from '../callable';
import { idSchema } from '../ids';
import {
  INVOICE_TX_ATTEMPTS,
  inNumberingOrder,
  invoicePath,
  takeNumber,
} from '../billing/numbering';
import { type EconomicSyncQueue, enqueueEconomicSync } from '../billing/economic-sync-queue';
import type { Payments } from '../billing/payments';
import { teamCaller } from '../teams/caller';
import { isTeamAdmin, teamPath } from '../teams/team-docs';

export const name = 'cancelEconomicInvoice';

export const schema = z.object({ invoiceId: idSchema }).strict();

export type CancelEconomicInvoiceData = z.output<typeof schema>;

export interface CancelEconomicInvoiceResult {
  readonly invoiceId: string;
  readonly status: 'cancelled';
  readonly creditNoteId: string;
  readonly creditNoteNumber: number;
}

type Outcome =
  | {
      readonly kind: 'cancelled';
      readonly creditNoteId: string;
      readonly creditNoteNumber: number;
      /** Whether this call issued the credit note (not a repeat). */
      readonly issued: boolean;
      /** The payment provider's checkout the invoice still had open, to be expired. */
      readonly openCheckout?: string;
    }
  | { readonly kind: 'paid' | 'credit-note' | 'unknown' | 'admin-only' };

const negate = (value: unknown): number => (typeof value === 'number' ? -value : 0);

export interface CancelEconomicInvoiceDeps {
  /** Books the credit note in the ledger after it is issued. */
  readonly syncQueue: EconomicSyncQueue;
  /** Expires the invoice's open checkout. */
  readonly payments: Pick<Payments, 'expire'>;
}

export function createHandler(
  deps: CancelEconomicInvoiceDeps,
): CallableHandler<CancelEconomicInvoiceData, CancelEconomicInvoiceResult> {
  return async (ctx, data) => {
    const caller = teamCaller(ctx);
    const port = ctx.port;
    const path = invoicePath(data.invoiceId);
    const invoice = (await port.docs.get(path)).data;
    if (!invoice) throw new CallableError('not-found', 'invoiceUnknown');
    const teamId = typeof invoice.teamId === 'string' ? invoice.teamId : '';
    const team = teamId ? (await port.docs.get(teamPath(teamId))).data : undefined;
    if (!isTeamAdmin(team, caller.uid)) {
      throw new CallableError('permission-denied', 'teamAdminOnly');
    }
    const now = ctx.now();
    const creditNoteId = port.docs.newId();
    const outcome = await inNumberingOrder(port, () =>
      port.docs.runTransaction<Outcome>(
        async (tx) => {
          const current = (await tx.get(path)).data;
          if (!current) return { kind: 'unknown' };
          if (current.teamId !== teamId) return { kind: 'admin-only' };
          if (current.kind === 'credit-note') return { kind: 'credit-note' };
          if (current.status === 'paid') return { kind: 'paid' };
          if (
            current.status === 'cancelled' &&
            typeof current.creditNoteId === 'string' &&
            typeof current.creditNoteNumber === 'number'
          ) {
            return {
              kind: 'cancelled',
              creditNoteId: current.creditNoteId,
              creditNoteNumber: current.creditNoteNumber,
              issued: false,
            };
          }
          const { invoiceNumber, advance } = await takeNumber(tx, now);
          const lines = Array.isArray(current.lines) ? (current.lines as InvoiceLine[]) : [];
          advance();
          tx.set(invoicePath(creditNoteId), {
            teamId,
            invoiceNumber,
            kind: 'credit-note',
            // A credit note is issued, never paid nor cancelled: it stays 'open'.
            status: 'open',
            creditFor: data.invoiceId,
            creditForNumber: current.invoiceNumber,
            planId: current.planId ?? null,
            lines: creditLinesOf(lines),
            currency: current.currency,
            net: negate(current.net),
            vatRatePercent: current.vatRatePercent,
            vat: negate(current.vat),
            gross: negate(current.gross),
            treatment: current.treatment,
            mention: current.mention ?? '',
            vatRateSource: current.vatRateSource ?? null,
            customer: current.customer,
            seller: current.seller,
            created_at: now,
            createdBy: caller.uid,
            sync: { state: 'pending' },
          });
          tx.update(path, {
            status: 'cancelled',
            cancelled_at: now,
            cancelledBy: caller.uid,
            creditNoteId,
            creditNoteNumber: invoiceNumber,
          });
          return {
            kind: 'cancelled',
            creditNoteId,
            creditNoteNumber: invoiceNumber,
            issued: true,
            openCheckout: openCheckoutOf(current.checkout, now),
          };
        },
        { maxAttempts: INVOICE_TX_ATTEMPTS },
      ),
    );
    switch (outcome.kind) {
      case 'unknown':
        throw new CallableError('not-found', 'invoiceUnknown');
      case 'admin-only':
        throw new CallableError('permission-denied', 'teamAdminOnly');
      case 'credit-note':
        throw new CallableError('failed-precondition', 'invoiceNotCancellable');
      case 'paid':
        throw new CallableError('failed-precondition', 'invoicePaid');
      case 'cancelled':
        if (outcome.issued) await enqueueEconomicSync(outcome.creditNoteId, deps.syncQueue);
        if (outcome.openCheckout !== undefined) {
          // The invoice is cancelled whatever the provider answers; markPaid flags a late payment.
          await deps.payments.expire(outcome.openCheckout).catch((err: unknown) => {
            logger.warn('The cancelled invoice keeps an open checkout', {
              invoiceId: data.invoiceId,
              err: String(err),
            });
          });
        }
        return {
          invoiceId: data.invoiceId,
          status: 'cancelled',
          creditNoteId: outcome.creditNoteId,
          creditNoteNumber: outcome.creditNoteNumber,
        };
    }
  };
}

/** The id of a checkout the invoice recorded (`createSessionFromEconomicInvoice`) not yet expired. */
function openCheckoutOf(checkout: unknown, now: number): string | undefined {
  if (typeof checkout !== 'object' || checkout === null) return undefined;
  const { sessionId, expiresAt } = checkout as { sessionId?: unknown; expiresAt?: unknown };
  return typeof sessionId === 'string' && typeof expiresAt === 'number' && expiresAt > now
    ? sessionId
    : undefined;
}
