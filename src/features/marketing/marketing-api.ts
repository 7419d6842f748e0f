/**
 * The visitors' pages' documents through the data port: a quote request (create only), the plan
 * catalogue and a country's VAT rate for the price preview (public reference data), and the
 * leaderboard's entries of one template (public summaries the backend writes when a ranked game
 * finishes: the page never reads a game).
 */
import type { VatRate, VatRates } from '@sim/core/billing/tax';
import {
  LEADERBOARD_SIZE,
  type BeerLeaderboardEntry,
  type LeaderboardRole,
} from '@sim/core/templates/leaderboard';
import type { LeanLeaderboardEntry } from '@sim/core/templates/lean-leaderboard';
import { getDataPort } from '@/lib/data/port';
import { type CatalogPlanPrice, catalogPlanOf } from '@/features/marketing/quote-preview';

export interface QuoteRequest {
  readonly institution: string;
  readonly email: string;
  readonly country: string;
  readonly players: number;
  readonly gameTypes: readonly string[];
  readonly message: string;
  readonly locale: string;
}

/** Stores the request for the team (`quoteRequests/{id}`, which no client reads back). */
export async function submitQuoteRequest(uid: string, request: QuoteRequest): Promise<void> {
  const docs = getDataPort().docs;
  await docs.set(`quoteRequests/${docs.newId()}`, {
    uid,
    institution: request.institution,
    email: request.email,
    country: request.country,
    players: request.players,
    gameTypes: [...request.gameTypes],
    message: request.message,
    ...(/^[a-z]{2}$/.test(request.locale) ? { locale: request.locale } : {}),
    created_at: Date.now(),
  });
}

/** The plans on sale with their prices (`planCatalog`, public). */
export async function readPlanCatalog(): Promise<CatalogPlanPrice[]> {
  const snaps = await getDataPort().docs.query({ collection: 'planCatalog' });
  return snaps.flatMap((s) => {
    const plan = catalogPlanOf(s.id, s.data);
    return plan ? [plan] : [];
  });
}

/** A country's VAT rate as the tax rule reads it (none outside the EU). */
export async function readVatRates(countryCode: string): Promise<VatRates> {
  if (!/^[A-Z]{2}$/.test(countryCode)) return {};
  const snap = await getDataPort().docs.get(`vatRates/${countryCode}`);
  const d = snap.data;
  if (!d || typeof d.standard_rate !== 'number') return {};
  const rate: VatRate = {
    country_code: countryCode,
    standard_rate: d.standard_rate,
    member_state: d.member_state === true,
  };
  return { [countryCode]: rate };
}

interface LeaderboardRowBase {
  readonly gid: string;
  readonly finished_at: number;
  readonly roles: readonly LeaderboardRole[];
}

/** A beer game's row: the team cost against the benchmark rule's. */
export type BeerLeaderboardRow = LeaderboardRowBase &
  Pick<BeerLeaderboardEntry, 'type' | 'cost' | 'benchmarkCost' | 'ratio' | 'weeks' | 'demo'>;

/** A lean run's row: its profit, deliveries on time and flow efficiency. */
export type LeanLeaderboardRow = LeaderboardRowBase &
  Pick<
    LeanLeaderboardEntry,
    'type' | 'profit' | 'otifRate' | 'flowEfficiency' | 'delivered' | 'minutes'
  >;

export type LeaderboardRow = BeerLeaderboardRow | LeanLeaderboardRow;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** A share 0…1 as stored, else null (shown as a dash). */
const share = (v: unknown): number | null => (finite(v) && v >= 0 && v <= 1 ? v : null);

function rolesOf(roles: unknown): LeaderboardRole[] {
  if (!Array.isArray(roles)) return [];
  return roles.flatMap((r: unknown) => {
    if (typeof r !== 'object' || r === null) return [];
    const { id, name, kind, player } = r as Record<string, unknown>;
    if (typeof id !== 'string' || typeof name !== 'string') return [];
    return [
      {
        id,
        name,
        kind: kind === 'player' ? 'player' : 'computer',
        player: typeof player === 'string' ? player : null,
      } as const,
    ];
  });
}

/** A stored entry as the page shows it, read defensively; null when it is not one. */
export function rowOf(data: Record<string, unknown> | undefined): LeaderboardRow | null {
  if (!data || typeof data.gid !== 'string') return null;
  const base = {
    gid: data.gid,
    finished_at: finite(data.finished_at) ? data.finished_at : 0,
    roles: rolesOf(data.roles),
  };
  if (data.type === 'leangame') {
    if (!finite(data.profit)) return null;
    return {
      ...base,
      type: 'leangame',
      profit: data.profit,
      otifRate: share(data.otifRate),
      flowEfficiency: share(data.flowEfficiency),
      delivered: finite(data.delivered) ? data.delivered : 0,
      minutes: finite(data.minutes) ? data.minutes : 0,
    };
  }
  const { cost, benchmarkCost, ratio, weeks } = data;
  if (!finite(cost) || !finite(benchmarkCost)) return null;
  return {
    ...base,
    type: 'beergame',
    cost,
    benchmarkCost,
    ratio: finite(ratio) ? ratio : null,
    weeks: finite(weeks) ? weeks : 0,
    demo: data.demo === true,
  };
}

/** The best games of a template, best first (both game types sort ascending on `rankScore`). */
export async function readLeaderboard(template: string): Promise<LeaderboardRow[]> {
  const snaps = await getDataPort().docs.query({
    collection: 'leaderboard',
    where: [{ field: 'template', op: '==', value: template }],
    orderBy: [{ field: 'rankScore', direction: 'asc' }],
    limit: LEADERBOARD_SIZE,
  });
  return snaps.flatMap((s) => {
    const row = rowOf(s.data);
    return row ? [row] : [];
  });
}
