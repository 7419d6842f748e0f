/**
 * What a paid checkout does (business.md §3.4, §3.10, §3.11), in one transaction:
 * - `stripeEvents/{event.id}` records the event; an event seen before changes nothing, so the
 *   provider's retries and a second delivery activate the plan once;
 * - the invoice `open` → `paid` (`paid_at`, the payment's ids);
 * - the plan of each game type the catalogue plan covers is activated on the team:
 *   `until = max(now, until of the current plan if active) + durationDays`, its players,
 *   unlimitedPlayers and licences, a new `periodStart` when the current plan had ended (a plan
 *   still running keeps its period, so its seats carry over); the buyer holds the types;
 * - `invoices/{paymentId}`, the payment record the subscription tab lists;
 * - the buyer's `users/{uid}.notifyPlanPurchase`, which the SPA turns into one analytics
 *   `purchase` event and deletes.
 * Then the referral conversion of the team's first payment (`recordReferralConversion`, itself
 * idempotent, run again when the same event comes back).
 *
 * Odd cases, all answered 200 so the provider stops retrying, and logged: an event for an invoice
 * we do not know; a payment for an invoice already paid (flagged when it came from another
 * checkout); a payment for a cancelled invoice (status `paid`, `flags.paidAfterCancel`, no plan:
 * a credit note cancelled it, so the money is refunded by hand, business.md §5.6); a charged
 * amount or currency that is not the invoice's gross (flagged, still activated: we created the
 * session with that amount, so a difference needs a person to look).
 */
import * as logger from 'firebase-functions/logger';
import {
  type CatalogPlan,
  DAY_MS,
  PLAN_CATALOG,
  type GameType,
  paidPlanActive,
  planActive,
  planOf,
} from '@sim/core/billing/plans';
import type { DataPort, DocData, Transaction } from '@sim/core/port/data-port';
import { recordReferralConversion } from '../referral/conversion';
import { memberOf, teamPath } from '../teams/team-docs';
import {
  type InvoiceRecord,
  economicInvoicePath,
  invoiceRecordOf,
  paymentPath,
  stripeEventPath,
} from './invoice-records';
import type { CheckoutPayment } from './payments';

export type MarkPaidOutcome =
  'paid' | 'duplicate' | 'unknown-invoice' | 'already-paid' | 'paid-after-cancel' | 'not-payable';

export interface PaidEvent {
  readonly eventId: string;
  readonly type: string;
  readonly checkout: CheckoutPayment;
}

export type PlanPurchaseType = 'new' | 'renewal' | 'upgrade';

const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

function safeId(value: string | null | undefined): string | null {
  return typeof value === 'string' && SAFE_ID.test(value) ? value : null;
}

/** `PLAN_CATALOG` by id, own entries only. */
export function catalogPlan(planId: string | null): CatalogPlan | null {
  return PLAN_CATALOG.find((plan) => plan.planId === planId) ?? null;
}

function wholeNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

/** The plan a payment gives a game type, from the type's current plan (or none). */
export function activatedPlan(current: unknown, plan: CatalogPlan, now: number) {
  const running = planActive(current, now);
  const record = (typeof current === 'object' && current !== null ? current : {}) as DocData;
  const currentUntil = running && typeof record.until === 'number' ? record.until : now;
  const periodStart = running ? (wholeNumber(record.periodStart) ?? now) : now;
  return {
    active: true,
    trial: false,
    planId: plan.planId,
    planName: plan.planName,
    duration: plan.durationDays,
    until: Math.max(now, currentUntil) + plan.durationDays * DAY_MS,
    players: plan.players,
    unlimitedPlayers: plan.unlimitedPlayers,
    licenses: plan.licenses,
    periodStart,
  };
}

/** New, renewal (the same paid plan again) or upgrade (another paid plan still running). */
export function purchaseType(current: unknown, plan: CatalogPlan, now: number): PlanPurchaseType {
  const record = (typeof current === 'object' && current !== null ? current : {}) as DocData;
  const paid = record.trial !== true && record.planId !== undefined;
  if (paid && record.planId === plan.planId) return 'renewal';
  if (paidPlanActive(current, now)) return 'upgrade';
  return 'new';
}

interface Applied {
  readonly outcome: MarkPaidOutcome;
  readonly record: InvoiceRecord | null;
  readonly invoiceId: string | null;
  readonly buyerUid: string | null;
}

function recordEvent(
  tx: Transaction,
  event: PaidEvent,
  applied: Omit<Applied, 'record'> & { teamId: string | null },
  now: number,
): void {
  tx.set(stripeEventPath(event.eventId), {
    type: event.type,
    invoiceId: applied.invoiceId,
    teamId: applied.teamId,
    buyerUid: applied.buyerUid,
    sessionId: event.checkout.sessionId,
    outcome: applied.outcome,
    processed_at: now,
  });
}

async function apply(port: DataPort, event: PaidEvent, now: number): Promise<Applied> {
  const { checkout } = event;
  const invoiceId = safeId(checkout.invoiceId);
  return port.docs.runTransaction<Applied>(async (tx) => {
    const seen = (await tx.get(stripeEventPath(event.eventId))).data;
    if (seen) {
      // Only a payment that activated a plan has a referral to record again.
      const paid = seen.outcome === 'paid';
      return {
        outcome: 'duplicate',
        record: null,
        invoiceId: paid && typeof seen.invoiceId === 'string' ? seen.invoiceId : null,
        buyerUid: paid && typeof seen.buyerUid === 'string' ? seen.buyerUid : null,
      };
    }
    const stored = invoiceId ? (await tx.get(economicInvoicePath(invoiceId))).data : undefined;
    const record = invoiceRecordOf(stored);
    if (!invoiceId || !record) {
      const applied = { outcome: 'unknown-invoice' as const, invoiceId, buyerUid: null };
      recordEvent(tx, event, { ...applied, teamId: null }, now);
      return { ...applied, record: null };
    }
    const buyerUid = safeId(checkout.buyerUid) ?? record.createdBy;
    const team = (await tx.get(teamPath(record.teamId))).data;
    const invoicePath = economicInvoicePath(invoiceId);
    const paymentId = safeId(checkout.paymentIntent) ?? safeId(checkout.sessionId) ?? event.eventId;
    const payment = {
      provider: 'stripe',
      paymentId,
      sessionId: checkout.sessionId,
      paymentIntent: checkout.paymentIntent,
    };
    const done = (outcome: MarkPaidOutcome): Applied => {
      recordEvent(tx, event, { outcome, invoiceId, buyerUid, teamId: record.teamId }, now);
      return { outcome, record, invoiceId, buyerUid };
    };
    const doc = record.document;
    if (doc.kind === 'credit-note') {
      logger.error('A payment arrived for a credit note', { invoiceId, eventId: event.eventId });
      return done('not-payable');
    }
    if (record.status === 'paid') {
      const previous = stored?.payment as DocData | undefined;
      if (previous?.sessionId !== checkout.sessionId) {
        tx.update(invoicePath, { 'flags.paidTwice': true, 'flags.secondPayment': payment });
        logger.error('An invoice was paid twice: refund one payment by hand', {
          invoiceId,
          payment,
        });
      }
      return done('already-paid');
    }
    const amountMatches =
      checkout.amountTotal === doc.totals.gross && checkout.currency === doc.currency;
    if (!amountMatches) {
      logger.error('The amount charged is not the invoice gross', {
        invoiceId,
        charged: checkout.amountTotal,
        currency: checkout.currency,
        gross: doc.totals.gross,
      });
    }
    const paidFields = {
      status: 'paid',
      paid_at: now,
      payment,
      ...(amountMatches ? {} : { 'flags.amountMismatch': true }),
    };
    tx.set(paymentPath(paymentId), {
      teamId: record.teamId,
      invoiceNumber: doc.invoiceNumber,
      invoiceId,
      provider: 'stripe',
      sessionId: checkout.sessionId,
      paymentIntent: checkout.paymentIntent,
      amount: checkout.amountTotal ?? doc.totals.gross,
      currency: checkout.currency ?? doc.currency,
      paid_at: now,
      paidBy: buyerUid,
    });
    if (record.status === 'cancelled') {
      tx.update(invoicePath, { ...paidFields, 'flags.paidAfterCancel': true });
      logger.error('A cancelled invoice was paid: refund it by hand', { invoiceId, payment });
      return done('paid-after-cancel');
    }
    // The plan as invoiced; an invoice issued before invoices kept it falls back on the code's.
    const plan = record.plan ?? catalogPlan(record.planId);
    if (!plan || !team) {
      tx.update(invoicePath, { ...paidFields, 'flags.planNotActivated': true });
      logger.error('A paid invoice names no known plan or team', {
        invoiceId,
        planId: record.planId,
        teamId: record.teamId,
      });
      return done('paid');
    }
    const types: readonly GameType[] = plan.games;
    const firstCurrent = planOf(team, types[0] as GameType);
    const teamUpdate: DocData = {};
    for (const type of types) {
      teamUpdate[`plans.${type}`] = activatedPlan(planOf(team, type), plan, now);
    }
    const buyer = buyerUid ? memberOf(team, buyerUid) : null;
    if (buyerUid && buyer) {
      teamUpdate[`members.${buyerUid}.games`] = [
        ...buyer.games,
        ...types.filter((type) => !buyer.games.includes(type)),
      ];
    }
    tx.update(teamPath(record.teamId), teamUpdate);
    tx.update(invoicePath, paidFields);
    if (buyerUid) {
      tx.set(
        `users/${buyerUid}`,
        {
          notifyPlanPurchase: {
            transaction_id: String(doc.invoiceNumber),
            plan_renew: plan.renew,
            revenue: doc.totals.net / 100,
            plan_tax: doc.totals.vat / 100,
            plan_duration: plan.durationDays,
            plan_maxplayers: plan.players,
            plan_unlimitedplayers: plan.unlimitedPlayers,
            plan_licenses: plan.licenses,
            plan_games: [...types],
            plan_type: purchaseType(firstCurrent, plan, now),
            plan_name: plan.planName,
          },
        },
        { merge: true },
      );
    }
    return done('paid');
  });
}

/** Marks the checkout's invoice paid; see the module's comment. */
export async function markPaid(
  port: DataPort,
  event: PaidEvent,
  now: number,
): Promise<MarkPaidOutcome> {
  const applied = await apply(port, event, now);
  if (applied.outcome === 'unknown-invoice') {
    logger.error('A payment names an invoice we do not know', {
      eventId: event.eventId,
      invoiceId: event.checkout.invoiceId,
      sessionId: event.checkout.sessionId,
    });
  }
  const paidNow = applied.outcome === 'paid' && applied.record;
  const paidBefore = applied.outcome === 'duplicate' && applied.invoiceId;
  if ((paidNow || paidBefore) && applied.invoiceId && applied.buyerUid) {
    // Its own transaction, idempotent: a retry of the event after a failure here records it.
    const record =
      applied.record ??
      invoiceRecordOf((await port.docs.get(economicInvoicePath(applied.invoiceId))).data);
    if (record) {
      await recordReferralConversion(
        port,
        {
          teamId: record.teamId,
          invoiceId: applied.invoiceId,
          payerUid: applied.buyerUid,
          net: record.document.totals.net,
          currency: record.document.currency,
        },
        now,
      );
    }
  }
  return applied.outcome;
}
