/**
 * The purchase notification (spec §3, §4; business.md §3.11): after a payment the backend puts
 * `notifyPlanPurchase` on the buyer's profile; the app sends it to analytics as one `purchase`
 * event and then removes it. Session storage remembers the transactions sent from this tab, so
 * a second snapshot (or a removal that failed and is retried) never sends the event twice.
 */
import type { AnalyticsEvent } from '@/lib/analytics/analytics';
import type { KeyValueStorage } from '@/lib/storage/key-value-storage';

export interface PlanPurchase {
  readonly transaction_id: string;
  readonly plan_renew: boolean;
  /** Net, major units. */
  readonly revenue: number;
  readonly plan_tax: number;
  readonly plan_duration: number;
  readonly plan_maxplayers: number | null;
  readonly plan_unlimitedplayers: boolean;
  readonly plan_licenses: number;
  readonly plan_games: readonly string[];
  readonly plan_type: string;
  readonly plan_name: string;
}

type Rec = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const MAX_AMOUNT = 100_000_000;

function amount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_AMOUNT
    ? value
    : 0;
}

function short(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 100) : '';
}

/**
 * The profile's pending notification, or null: none, or one without a transaction id (which
 * could not be guarded against a double send). Other fields are bounded, not trusted.
 */
export function planPurchaseOf(profile: unknown): PlanPurchase | null {
  const raw = isRecord(profile) ? profile['notifyPlanPurchase'] : undefined;
  if (!isRecord(raw)) return null;
  const id = raw['transaction_id'];
  const transactionId = typeof id === 'number' && Number.isInteger(id) ? String(id) : short(id);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(transactionId)) return null;
  const maxPlayers = raw['plan_maxplayers'];
  const games = Array.isArray(raw['plan_games']) ? raw['plan_games'] : [];
  return {
    transaction_id: transactionId,
    plan_renew: raw['plan_renew'] === true,
    revenue: amount(raw['revenue']),
    plan_tax: amount(raw['plan_tax']),
    plan_duration: amount(raw['plan_duration']),
    plan_maxplayers:
      typeof maxPlayers === 'number' && Number.isInteger(maxPlayers) && maxPlayers >= 0
        ? maxPlayers
        : null,
    plan_unlimitedplayers: raw['plan_unlimitedplayers'] === true,
    plan_licenses: amount(raw['plan_licenses']),
    plan_games: games
      .filter((g): g is string => typeof g === 'string')
      .slice(0, 10)
      .map(short),
    plan_type: short(raw['plan_type']),
    plan_name: short(raw['plan_name']),
  };
}

/** The analytics `purchase` event of a notification: `value` and `tax` as analytics name them. */
export function purchaseEvent(purchase: PlanPurchase): AnalyticsEvent {
  return {
    name: 'purchase',
    params: { ...purchase, value: purchase.revenue, tax: purchase.plan_tax },
  };
}

/** Where this tab remembers the transactions it sent. */
export const SENT_PURCHASES_KEY = 'simgames.purchasesSent';

function sentIds(storage: KeyValueStorage | null): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SENT_PURCHASES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Records the transaction as sent and answers whether it was new (send the event) or already
 * sent from this tab (only remove the field).
 */
export function claimPurchase(storage: KeyValueStorage | null, transactionId: string): boolean {
  const sent = sentIds(storage);
  if (sent.includes(transactionId)) return false;
  try {
    storage?.setItem(SENT_PURCHASES_KEY, JSON.stringify([...sent, transactionId].slice(-50)));
  } catch {
    // Unwritable storage: the removal from the profile still keeps the event single.
  }
  return true;
}
