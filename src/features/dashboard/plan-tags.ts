/**
 * Spec §6 player-count tags: for each game type the instructor's team makes available (in the
 * member's `games` list with an active plan), `used/max` players; skipped when the plan is
 * unlimited or has no maximum. An upgrade tag when no game type is available. Spec §2 dashboard
 * messages for the `joinTeam` and `startTrial` query parameters.
 */
import type { DocData } from '@sim/core/port/data-port';

export type PlanTag =
  | { readonly kind: 'players'; readonly type: string; readonly used: number; readonly max: number }
  | { readonly kind: 'upgrade' };

function record(value: unknown): DocData | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as DocData)
    : null;
}

function count(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

/** Whether a plan is active now (`active` true and `until`, when set, not passed). */
function planActive(plan: DocData, now: number): boolean {
  if (plan['active'] !== true) return false;
  const until = plan['until'];
  return typeof until !== 'number' || until > now;
}

/** The tags for a user of a team document (null: no team, so no game available). */
export function planTags(team: DocData | null, uid: string, now: number): PlanTag[] {
  const member = record(record(team?.['members'])?.[uid]);
  const games = Array.isArray(member?.['games'])
    ? (member['games'] as unknown[]).filter((g): g is string => typeof g === 'string')
    : [];
  const plans = record(team?.['plans']);
  const tags: PlanTag[] = [];
  let available = 0;
  for (const type of games) {
    const plan = record(plans?.[type]);
    if (!plan || !planActive(plan, now)) continue;
    available++;
    if (plan['unlimitedPlayers'] === true) continue;
    const max = plan['maxPlayers'] ?? plan['players'];
    if (typeof max !== 'number' || !Number.isFinite(max) || max <= 0) continue;
    tags.push({
      kind: 'players',
      type,
      used: count(plan['playersList'] ?? plan['usedPlayers']),
      max,
    });
  }
  return available === 0 ? [{ kind: 'upgrade' }] : tags;
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
