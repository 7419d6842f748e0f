/** The `?startTrial=<pack>` request of a trial link (spec §2, business.md §3.8). */
import { isGameType, type GameType } from '@sim/core/billing/plans';

export const START_TRIAL_PARAM = 'startTrial';

/**
 * The game type a link asks a trial of. `null` when there is no request; `'unknown'` for a pack
 * that is not a game type (taken off the address without calling the server).
 */
export function startTrialParam(search: string): GameType | 'unknown' | null {
  const value = new URLSearchParams(search).get(START_TRIAL_PARAM);
  if (value === null || value === '') return null;
  return isGameType(value) ? value : 'unknown';
}

/** The query string without `startTrial` ('' or '?…'). */
export function withoutStartTrial(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(START_TRIAL_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
