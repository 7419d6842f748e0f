/**
 * The leaderboard entry of a game that finishes (`leaderboard/{gid}`, readable by everyone,
 * written by the backend only): built by `@sim/core/templates/leaderboard` (beer, in the week's
 * transaction) or `@sim/core/templates/lean-leaderboard` (lean, in the transaction that ends the
 * run) from the final state, so a finished ranked game always has its entry. The players'
 * consent is read from their profiles (`users/{uid}.leaderboardConsent`, which only they write).
 */
import type { Transaction } from '@sim/core/port/data-port';
import type { BeerState } from '@sim/core/beer/engine';
import type { Policy } from '@sim/core/beer/policies';
import {
  beerLeaderboardEntry,
  LEADERBOARD_COLLECTION,
  type BeerLeaderboardEntry,
  type LeaderboardRoleInput,
} from '@sim/core/templates/leaderboard';
import type { LeanLeaderboardEntry } from '@sim/core/templates/lean-leaderboard';

export const leaderboardPath = (gid: string): string => `${LEADERBOARD_COLLECTION}/${gid}`;

/** The game as the leaderboard reads it: its facilities and those a human plays. */
export interface RankedGame {
  readonly facilities: Readonly<Record<string, Record<string, unknown>>>;
  /** Facilities a human plays (`humanFacilities`). */
  readonly humans: readonly string[];
}

/**
 * The roles of a finished game in `order` (the core's facility order), each with whether a human
 * holds it and, read from that player's profile in the transaction, whether they agreed to be
 * named. Shared by the beer and lean games' entries.
 */
export async function readLeaderboardRoles(
  tx: Transaction,
  order: readonly string[],
  game: RankedGame,
): Promise<LeaderboardRoleInput[]> {
  const facilities = game.facilities;
  const humans = new Set(game.humans);
  const users = [
    ...new Set(
      [...humans].map((fid) => facilities[fid]?.user).filter((u) => typeof u === 'string'),
    ),
  ].filter((uid) => uid !== '' && !uid.includes('/'));
  const profiles = await Promise.all(users.map((uid) => tx.get(`users/${uid}`)));
  const consent = new Map(users.map((uid, i) => [uid, profiles[i]?.data?.leaderboardConsent]));
  return order.map((id) => {
    const f = Object.hasOwn(facilities, id) ? (facilities[id] ?? {}) : {};
    const human = humans.has(id);
    return {
      id,
      name: typeof f.name === 'string' ? f.name : id,
      human,
      playerName: typeof f.playerName === 'string' ? f.playerName : null,
      consent: human && typeof f.user === 'string' && consent.get(f.user) === true,
    };
  });
}

/** Writes the entry, or nothing for an unranked game (null). */
export function writeLeaderboardEntry(
  tx: Transaction,
  gid: string,
  entry: BeerLeaderboardEntry | LeanLeaderboardEntry | null,
): void {
  if (entry) tx.set(leaderboardPath(gid), { ...entry });
}

/**
 * Reads what the entry needs (the human players' consent) now; the returned function writes the
 * entry once the transaction's other reads are done. An unranked game writes nothing.
 */
export async function prepareLeaderboardEntry(
  tx: Transaction,
  gid: string,
  game: RankedGame & { readonly demo: boolean },
  finished: BeerState,
  policy: Policy,
  now: number,
): Promise<() => void> {
  // Downstream first, as the core orders the chain.
  const roles = await readLeaderboardRoles(
    tx,
    finished.facilities.map(({ id }) => id),
    game,
  );
  const entry = beerLeaderboardEntry({
    gid,
    state: finished,
    policy,
    roles,
    demo: game.demo,
    finishedAt: now,
  });
  return () => writeLeaderboardEntry(tx, gid, entry);
}
