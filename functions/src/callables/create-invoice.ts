/**
 * createInvoice {teamId, planId} → {invoiceId, invoiceNumber, currency, net, ratePercent, vat,
 * gross, treatment}  (spec §7; business.md §3.2, §3.4, §3.6)
 *
 * A team admin gets an invoice for a plan of the catalogue. Nothing about the amount comes from
 * the client: the price is the catalogue's (`planCatalog/{planId}.prices` in the invoice's
 * currency), the tax the pure `taxFor` on `vatRates/{cc}` and the team's billing data, and the
 * number the next of the gapless counter, taken in the transaction that creates
 * `economicInvoices/{id}` (numbering.ts). The invoice starts `open`, waiting for the ledger
 * (`sync.state: 'pending'`, the `economicSync` task is queued) and for a payment.
 *
 * Refusals: unauthenticated / errorUnauthenticated; permission-denied / errorPermissionDenied (a
 * player); permission-denied / teamAdminOnly; failed-precondition / billingDataMissing;
 * not-found / planUnknown (not in the catalogue, withdrawn, or without a price in the currency);
 * failed-precondition / vatRateMissing; aborted / errorConflict (the counter stayed contended
 * beyond INVOICE_TX_ATTEMPTS attempts).
 */
import { z } from 'zod';
import type { Currency } from '@sim/core/billing/money';
import { type InvoiceLine, totalsOf } from '@sim/core/billing/invoice';
import { type Treatment, taxFor } from '@sim/core/billing/tax';
import { CallableError, type CallableHandler } from '../callable';
import { idSchema } from '../ids';
import {
  type CatalogEntry,
  billingDataOf,
  catalogEntryOf,
  ratesFor,
} from '../billing/billing-docs';
import {
  INVOICE_TX_ATTEMPTS,
  inNumberingOrder,
  invoicePath,
  takeNumber,
} from '../billing/numbering';
import { type EconomicSyncQueue, enqueueEconomicSync } from '../billing/economic-sync-queue';
import { type BillingSettings, invoiceSeller } from '../billing/settings';
import { teamCaller } from '../teams/caller';
import { isTeamAdmin, teamPath } from '../teams/team-docs';
import { GAME_NAMES } from './start-trial';

export const name = 'createInvoice';

export const schema = z.object({ teamId: idSchema, planId: idSchema }).strict();

export type CreateInvoiceData = z.output<typeof schema>;

export interface CreateInvoiceResult {
  readonly invoiceId: string;
  readonly invoiceNumber: number;
  readonly currency: Currency;
  /** Minor units. */
  readonly net: number;
  readonly ratePercent: number;
  readonly vat: number;
  readonly gross: number;
  readonly treatment: Treatment;
}

export interface CreateInvoiceDeps {
  readonly settings: () => BillingSettings;
  /** Books the invoice in the ledger after it is issued. */
  readonly syncQueue: EconomicSyncQueue;
}

/** The invoice line of a plan, in the invoice's language (English). */
export function planLineDescription(plan: CatalogEntry): string {
  const games = plan.games
    .map((g) => (Object.hasOwn(GAME_NAMES, g) ? GAME_NAMES[g as keyof typeof GAME_NAMES] : g))
    .join(' + ');
  const players = plan.unlimitedPlayers ? 'unlimited players' : `up to ${plan.players} players`;
  return `${games}: ${plan.planName} plan, ${plan.durationDays} days, ${players}`;
}

export function createHandler(
  deps: CreateInvoiceDeps,
): CallableHandler<CreateInvoiceData, CreateInvoiceResult> {
  return async (ctx, data) => {
    const caller = teamCaller(ctx);
    const port = ctx.port;
    const team = (await port.docs.get(teamPath(data.teamId))).data;
    if (!isTeamAdmin(team, caller.uid)) {
      throw new CallableError('permission-denied', 'teamAdminOnly');
    }
    const billing = billingDataOf(team);
    if (!billing) throw new CallableError('failed-precondition', 'billingDataMissing');
    const plan = catalogEntryOf(
      data.planId,
      (await port.docs.get(`planCatalog/${data.planId}`)).data,
    );
    if (!plan) throw new CallableError('not-found', 'planUnknown');
    const rates = await ratesFor(port, billing.countryCode);
    const settings = deps.settings();
    const tax = taxFor({
      countryCode: billing.countryCode,
      vatStatus: billing.vatStatus,
      rates,
      sellerCountry: settings.sellerCountry,
    });
    const price = plan.prices[tax.currency];
    if (price === undefined) throw new CallableError('not-found', 'planUnknown');
    const seller = invoiceSeller(settings);
    const lines: InvoiceLine[] = [
      { description: planLineDescription(plan), quantity: 1, unitNet: price },
    ];
    const totals = totalsOf(lines, tax.ratePercent);
    const now = ctx.now();
    const fields = {
      teamId: data.teamId,
      kind: 'invoice',
      status: 'open',
      planId: plan.planId,
      // What the payment activates is what was invoiced, even if the catalogue changes before
      // the invoice is paid (mark-paid.ts reads this).
      plan: {
        planName: plan.planName,
        games: [...plan.games],
        players: plan.players,
        unlimitedPlayers: plan.unlimitedPlayers,
        licenses: plan.licenses,
        durationDays: plan.durationDays,
        renew: plan.renew,
      },
      lines,
      currency: tax.currency,
      net: totals.net,
      vatRatePercent: totals.vatRatePercent,
      vat: totals.vat,
      gross: totals.gross,
      treatment: tax.treatment,
      mention: tax.mention ?? '',
      // Where the rate came from, kept with the invoice: it is never derived again.
      vatRateSource:
        tax.ratePercent === 0
          ? null
          : (rates[billing.countryCode]?.source ?? `vatRates/${billing.countryCode}`),
      customer: {
        name: billing.companyName,
        address: billing.address,
        zip: billing.zip,
        city: billing.city,
        countryCode: billing.countryCode,
        vatNumber: billing.euvatnr,
        email: billing.email,
        vatStatus: billing.vatStatus,
        ...(billing.vatConsultation ? { vatConsultation: billing.vatConsultation } : {}),
      },
      seller: { ...seller },
      created_at: now,
      createdBy: caller.uid,
      sync: { state: 'pending' },
    };
    const invoiceId = port.docs.newId();
    const invoiceNumber = await inNumberingOrder(port, () =>
      port.docs.runTransaction(
        async (tx) => {
          const { invoiceNumber: n, advance } = await takeNumber(tx, now);
          advance();
          tx.set(invoicePath(invoiceId), { ...fields, invoiceNumber: n });
          return n;
        },
        { maxAttempts: INVOICE_TX_ATTEMPTS },
      ),
    );
    await enqueueEconomicSync(invoiceId, deps.syncQueue);
    return {
      invoiceId,
      invoiceNumber,
      currency: tax.currency,
      net: totals.net,
      ratePercent: totals.vatRatePercent,
      vat: totals.vat,
      gross: totals.gross,
      treatment: tax.treatment,
    };
  };
}
