/**
 * Player seats (business.md §3.7): a player who takes a role in a game takes one seat of the game
 * type's plan of the game's team, once per distinct player per plan period. The count is
 * `{scope}/planUsage/{usageId}` = `{type, kind, used, max, periodStart, until}` and each seat is
 * `{scope}/planUsage/{usageId}/seats/{uid}` = `{gid, joined_at}`, written by the backend only.
 *
 * The scope is the game's team (`game.team`, else the creator's team): `teams/{tid}`. A creator
 * without a team has the free allowance alone, counted under `users/{creator}` (decision 0013).
 * Nobody who administers the game counts: its creator and the members of the counting team.
 */
import type { DataPort, DocData } from '@sim/core/port/data-port';
import {
  type GameType,
  type SeatLimit,
  planOf,
  seatDecision,
  seatLimitFor,
  usageId,
} from '@sim/core/billing/plans';
import { CallableError } from '../callable';
import { findTeamOf } from '../teams/ensure-team';
import { memberOf, teamPath } from '../teams/team-docs';

export interface SeatScope {
  /** `teams/{tid}` or `users/{uid}`. */
  readonly path: string;
  readonly team: DocData | undefined;
}

/**
 * Attempts of the seat transaction: a class joins at once, and every join of the team's games
 * in the period updates the same count.
 */
export const SEAT_TX_ATTEMPTS = 40;

export const usagePath = (scope: string, id: string) => `${scope}/planUsage/${id}`;
export const seatPath = (scope: string, id: string, uid: string) =>
  `${usagePath(scope, id)}/seats/${uid}`;

/** Where a game's players are counted, or null when nobody is (a game without a creator). */
export async function seatScopeOf(
  port: DataPort,
  game: DocData,
  now: number,
): Promise<SeatScope | null> {
  const teamId = game.team;
  if (typeof teamId === 'string' && teamId !== '' && !teamId.includes('/')) {
    const team = (await port.docs.get(teamPath(teamId))).data;
    if (team) return { path: teamPath(teamId), team };
  }
  const creator = game.creator;
  if (typeof creator !== 'string' || creator === '' || creator.includes('/')) return null;
  const found = await findTeamOf(port, creator, now);
  if (found) return { path: teamPath(found.teamId), team: found.team };
  return { path: `users/${creator}`, team: undefined };
}

/**
 * Takes a seat for `uid` as a player of `game` (type `type`), or refuses with
 * `resource-exhausted / planPlayersLimitReached`, writing nothing. A player who already holds a
 * seat this period is let in without a transaction.
 */
export async function takeSeat(
  port: DataPort,
  game: DocData,
  gid: string,
  type: GameType,
  uid: string,
  now: number,
): Promise<void> {
  if (game.creator === uid) return;
  const scope = await seatScopeOf(port, game, now);
  if (!scope || memberOf(scope.team, uid)) return;
  const limit: SeatLimit = seatLimitFor(planOf(scope.team, type), now);
  if (limit.max === null) return;
  const id = usageId(type, limit);
  const seat = seatPath(scope.path, id, uid);
  if ((await port.docs.get(seat)).exists) return;
  const max = limit.max;
  const outcome = await port.docs.runTransaction(
    async (tx) => {
      const usage = (await tx.get(usagePath(scope.path, id))).data;
      const held = (await tx.get(seat)).exists;
      const used = typeof usage?.used === 'number' ? usage.used : 0;
      const decision = seatDecision({ max, used, hasSeat: held });
      if (decision !== 'new-seat') return decision;
      tx.set(seat, { gid, joined_at: now });
      tx.set(usagePath(scope.path, id), {
        type,
        kind: limit.kind,
        used: used + 1,
        max,
        periodStart: limit.periodStart,
        until: limit.until,
      });
      return decision;
    },
    { maxAttempts: SEAT_TX_ATTEMPTS },
  );
  if (outcome === 'limit') {
    throw new CallableError('resource-exhausted', 'planPlayersLimitReached');
  }
}
