/**
 * Spec §6 player-count tags: for each game type the instructor's team makes available (in the
 * member's `games` list with an active plan), `used/max` players; skipped when the plan is
 * unlimited or has no maximum. An upgrade tag when no game type is available, or when a plan's
 * players are all seated; beside it, the free allowance used this period (business.md §3.7,
 * §5). Spec §2 dashboard messages for the `joinTeam` and `startTrial` query parameters.
 */
import {
  FREE_PLAYERS,
  GAME_TYPES,
  planActive,
  seatLimitFor,
  usageId,
} from '@sim/core/billing/plans';
import type { DocData } from '@sim/core/port/data-port';

export type PlanTag =
  | { readonly kind: 'players'; readonly type: string; readonly used: number; readonly max: number }
  | { readonly kind: 'free'; readonly type: string; readonly used: number; readonly max: number }
  | { readonly kind: 'upgrade' };

/** Seats used per usage document id (`{type}~{periodStart}`, `{type}~free~{start}`). */
export type PlanUsage = Readonly<Record<string, number>>;

function record(value: unknown): DocData | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as DocData)
    : null;
}

function count(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

/** The `used` figure of each usage document (`teams/{tid}/planUsage/*`). */
export function planUsageOf(docs: readonly { id: string; data: DocData | undefined }[]): PlanUsage {
  const usage: Record<string, number> = {};
  for (const doc of docs) usage[doc.id] = count(doc.data?.['used']);
  return usage;
}

/**
 * The team with each plan's `usedPlayers` taken from its current period's usage document, as
 * the backend counts them (a plan's own field, if any, is never trusted over the count).
 */
export function withUsage(team: DocData | null, usage: PlanUsage, now: number): DocData | null {
  const plans = record(team?.['plans']);
  if (!team || !plans) return team;
  const merged: DocData = {};
  for (const [type, value] of Object.entries(plans)) {
    const plan = record(value);
    if (!plan || !GAME_TYPES.some((t) => t === type) || !planActive(plan, now)) {
      merged[type] = value;
      continue;
    }
    const id = usageId(type as (typeof GAME_TYPES)[number], seatLimitFor(plan, now));
    merged[type] = { ...plan, usedPlayers: usage[id] ?? 0 };
  }
  return { ...team, plans: merged };
}

/**
 * The tags for a user of a team document (null: no team, so no game available). `usage`: the
 * seats counted for the team (or, without a team, for the instructor), for the free tags.
 */
export function planTags(
  team: DocData | null,
  uid: string,
  now: number,
  usage: PlanUsage = {},
): PlanTag[] {
  const member = record(record(team?.['members'])?.[uid]);
  const games = Array.isArray(member?.['games'])
    ? (member['games'] as unknown[]).filter((g): g is string => typeof g === 'string')
    : [];
  const plans = record(team?.['plans']);
  const tags: PlanTag[] = [];
  let available = 0;
  let full = false;
  for (const type of games) {
    const plan = record(plans?.[type]);
    if (!plan || !planActive(plan, now)) continue;
    available++;
    if (plan['unlimitedPlayers'] === true) continue;
    const max = plan['maxPlayers'] ?? plan['players'];
    if (typeof max !== 'number' || !Number.isFinite(max) || max <= 0) continue;
    const used = count(plan['playersList'] ?? plan['usedPlayers']);
    if (used >= max) full = true;
    tags.push({ kind: 'players', type, used, max });
  }
  // The free allowance applies to each game type without an active plan.
  for (const type of GAME_TYPES) {
    if (planActive(plans?.[type], now)) continue;
    const used = usage[usageId(type, seatLimitFor(undefined, now))] ?? 0;
    if (used > 0) tags.push({ kind: 'free', type, used, max: FREE_PLAYERS });
  }
  return available === 0 || full ? [...tags, { kind: 'upgrade' }] : tags;
}

export type DashboardMessageKey =
  'messJoiningTeam' | 'messSignupToJoinTeam' | 'messStartingTrial' | 'messLoginToStartTrial';

/**
 * Spec §2/§4: the message for a pending join-team or start-trial request. A signed-in instructor
 * sees the request running; the signup/login variants are for someone who must first sign in.
 */
export function dashboardMessage(search: string, signedIn: boolean): DashboardMessageKey | null {
  const params = new URLSearchParams(search);
  if (params.get('joinTeam')) return signedIn ? 'messJoiningTeam' : 'messSignupToJoinTeam';
  if (params.get('startTrial')) return signedIn ? 'messStartingTrial' : 'messLoginToStartTrial';
  return null;
}

/** Spec §8: trial and team-join messages display after 500 ms. */
export const DASHBOARD_MESSAGE_DELAY_MS = 500;
