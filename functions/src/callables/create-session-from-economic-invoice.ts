/**
 * createSessionFromEconomicInvoice {invoiceId} → {id, url} (spec §7, business.md §3.4, §3.11).
 *
 * Opens the card payment of one of the team's open invoices: a checkout of the invoice's gross
 * amount in its currency, which the SPA's browser is sent to. A checkout that is still open for
 * at least REUSE_MARGIN_MS is returned again instead of a new one (a second click, a return from
 * the page). The checkout comes back to `/dashboard/subscription?purchase=success&invoice=<id>`
 * (or `purchase=cancelled`). Any member of the team may pay; the payer is the buyer whose profile
 * gets `notifyPlanPurchase`.
 *
 * Refusals: unauthenticated / errorUnauthenticated; permission-denied / errorPermissionDenied (an
 * anonymous player, or not a member of the invoice's team); not-found / invoiceUnknown;
 * failed-precondition / invoiceNotPayable (paid, cancelled, or a credit note).
 */
import { z } from 'zod';
import { CallableError, type CallableHandler } from '../callable';
import { idSchema } from '../ids';
import { economicInvoicePath, invoiceRecordOf } from '../billing/invoice-records';
import type { Payments } from '../billing/payments';
import { teamCaller } from '../teams/caller';
import { memberOf, teamPath } from '../teams/team-docs';

export const name = 'createSessionFromEconomicInvoice';

export const schema = z.object({ invoiceId: idSchema }).strict();

export type CreateSessionData = z.output<typeof schema>;

export interface CheckoutLink {
  readonly id: string;
  readonly url: string;
}

/** Checkouts are made in windows of this length; one window shares one idempotency key. */
export const CHECKOUT_WINDOW_MS = 60 * 60 * 1000;
/** A checkout is reused while it stays open at least this long (time to pay). */
export const REUSE_MARGIN_MS = 15 * 60 * 1000;

/**
 * A checkout made at `now` expires at the end of the next window, 1 to 2 hours later (Stripe
 * takes 30 minutes to 24 hours), and the same inputs within a window give the same key.
 */
export function checkoutWindow(now: number): { readonly expiresAt: number; readonly key: number } {
  const window = Math.floor(now / CHECKOUT_WINDOW_MS);
  return { expiresAt: (window + 2) * CHECKOUT_WINDOW_MS, key: window };
}

export interface CreateSessionDeps {
  readonly payments: Payments;
  /** The SPA's address (`APP_URL`), where the checkout returns. */
  readonly appUrl: () => string;
}

export function createHandler(
  deps: CreateSessionDeps,
): CallableHandler<CreateSessionData, CheckoutLink> {
  return async (ctx, data) => {
    const caller = teamCaller(ctx);
    const path = economicInvoicePath(data.invoiceId);
    const record = invoiceRecordOf((await ctx.port.docs.get(path)).data);
    if (!record) throw new CallableError('not-found', 'invoiceUnknown');
    const team = (await ctx.port.docs.get(teamPath(record.teamId))).data;
    if (!memberOf(team, caller.uid)) {
      throw new CallableError('permission-denied', 'errorPermissionDenied');
    }
    const doc = record.document;
    if (record.status !== 'open' || doc.kind !== 'invoice' || doc.totals.gross <= 0) {
      throw new CallableError('failed-precondition', 'invoiceNotPayable');
    }
    const now = ctx.now();
    if (record.checkout && record.checkout.expiresAt - now >= REUSE_MARGIN_MS) {
      return { id: record.checkout.sessionId, url: record.checkout.url };
    }
    const window = checkoutWindow(now);
    const back = (outcome: 'success' | 'cancelled') =>
      `${deps.appUrl()}/dashboard/subscription?purchase=${outcome}&invoice=${encodeURIComponent(data.invoiceId)}`;
    const session = await deps.payments.createCheckout({
      invoiceId: data.invoiceId,
      teamId: record.teamId,
      invoiceNumber: doc.invoiceNumber,
      buyerUid: caller.uid,
      currency: doc.currency,
      amount: doc.totals.gross,
      description: `${doc.lines[0]?.description ?? ''} — ${doc.invoiceNumber}`,
      customerEmail: doc.customer.email || caller.email,
      successUrl: back('success'),
      cancelUrl: back('cancelled'),
      expiresAt: window.expiresAt,
      idempotencyKey: `checkout-${data.invoiceId}-${caller.uid}-${window.key}`,
    });
    const stillOpen = await ctx.port.docs.runTransaction(async (tx) => {
      const current = invoiceRecordOf((await tx.get(path)).data);
      if (current?.status !== 'open') return false;
      tx.update(path, {
        checkout: {
          sessionId: session.id,
          url: session.url,
          expiresAt: session.expiresAt,
          createdBy: caller.uid,
          created_at: now,
        },
      });
      return true;
    });
    if (!stillOpen) {
      // Paid or cancelled meanwhile: the new checkout must not take a second payment.
      await deps.payments.expire(session.id);
      throw new CallableError('failed-precondition', 'invoiceNotPayable');
    }
    return { id: session.id, url: session.url };
  };
}
