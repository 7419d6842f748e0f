/**
 * The bookkeeping fields of a stored `economicInvoices/{id}` (business.md §3.2) that payment and
 * booking read besides the printed `InvoiceDocument`: team, status, plan, who issued it, the
 * open checkout and the ledger sync. Read field by field, never trusted whole.
 */
import { type InvoiceDocument, invoiceDocumentOf } from '@sim/core/billing/invoice';
import { type CatalogPlan, GAME_TYPES } from '@sim/core/billing/plans';
import type { DocData } from '@sim/core/port/data-port';

export const economicInvoicePath = (id: string) => `economicInvoices/${id}`;
/** Payment records (business.md §3.1): one per paid checkout. */
export const paymentPath = (paymentId: string) => `invoices/${paymentId}`;
/** Webhook events already handled, by the provider's event id. */
export const stripeEventPath = (eventId: string) => `stripeEvents/${eventId}`;

export type SyncState = 'pending' | 'done' | 'failed';

export interface InvoiceRecord {
  readonly teamId: string;
  readonly status: 'open' | 'paid' | 'cancelled';
  readonly planId: string | null;
  /** The plan as invoiced (`plan` of the invoice); null on an invoice that has none. */
  readonly plan: CatalogPlan | null;
  readonly createdBy: string | null;
  readonly document: InvoiceDocument;
  readonly checkout: {
    readonly sessionId: string;
    readonly url: string;
    readonly expiresAt: number;
  } | null;
  readonly sync: {
    readonly state: SyncState;
    readonly economicDraft: number | null;
    readonly economicBooked: number | null;
  };
}

type Rec = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function safeId(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(value) ? value : null;
}

function positiveInteger(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The plan an invoice was issued for, as `createInvoice` stored it, or null when malformed. */
export function invoicedPlanOf(planId: string | null, value: unknown): CatalogPlan | null {
  if (planId === null || !isRecord(value)) return null;
  const { planName, games, players, licenses, durationDays } = value;
  if (typeof planName !== 'string' || planName === '') return null;
  if (!Array.isArray(games) || games.length === 0) return null;
  const types = GAME_TYPES.filter((type) => games.includes(type));
  if (types.length !== games.length) return null;
  const unlimitedPlayers = value.unlimitedPlayers === true;
  const seats = players === null ? null : positiveInteger(players);
  if (seats === null && !unlimitedPlayers) return null;
  const licenceCount = positiveInteger(licenses);
  const days = positiveInteger(durationDays);
  if (licenceCount === null || days === null) return null;
  return {
    planId,
    planName,
    games: types,
    players: seats,
    unlimitedPlayers,
    licenses: licenceCount,
    durationDays: days,
    renew: value.renew === true,
  };
}

/** The record of a stored invoice, or null when it is not a complete one. */
export function invoiceRecordOf(data: DocData | undefined): InvoiceRecord | null {
  if (!data) return null;
  const document = invoiceDocumentOf(data);
  const teamId = safeId(data.teamId);
  const status =
    data.status === 'paid' || data.status === 'cancelled' || data.status === 'open'
      ? data.status
      : null;
  if (!document || !teamId || !status) return null;
  const checkout = isRecord(data.checkout) ? data.checkout : null;
  const sync = isRecord(data.sync) ? data.sync : {};
  const planId = typeof data.planId === 'string' && data.planId !== '' ? data.planId : null;
  return {
    teamId,
    status,
    planId,
    plan: invoicedPlanOf(planId, data.plan),
    createdBy: safeId(data.createdBy),
    document,
    checkout:
      checkout &&
      typeof checkout.sessionId === 'string' &&
      typeof checkout.url === 'string' &&
      typeof checkout.expiresAt === 'number'
        ? { sessionId: checkout.sessionId, url: checkout.url, expiresAt: checkout.expiresAt }
        : null,
    sync: {
      state: sync.state === 'done' || sync.state === 'failed' ? sync.state : 'pending',
      economicDraft: positiveInteger(sync.economicDraft),
      economicBooked: positiveInteger(sync.economicBooked),
    },
  };
}
