/**
 * Who plays each role of a beer game, and when a game that waits for its players starts
 * (docs/rules/beer.md "Who plays", docs/decisions/0007-who-plays.md). Pure: the backend decides
 * with it which roles hold the week, the instructor's live view shows the same seats.
 *
 * - BEER-SEAT-1 A role is played by a human (its user is among the game's players and the
 *   computer was not put in its place), by the computer (handed to it), or nobody: then it is
 *   awaited while the game waits for its players, free once the game has started.
 * - BEER-SEAT-2 A game waits for its players while `started` is false (a game of a session is
 *   created so); without the field, or true, it has started.
 * - BEER-SEAT-5 A waiting game starts by itself when its team is complete: at least one human
 *   and every role held by a human or the computer, or as many humans as the team has players
 *   (`expectedPlayers`).
 */
import type { TeamComposition } from '../templates/types';

export type Seat = 'human' | 'computer' | 'awaited' | 'free';

/** The fields of a role that say who plays it (the public game document's facility). */
export interface RoleHolder {
  readonly user?: unknown;
  readonly computer?: unknown;
}

/** BEER-SEAT-2: only an explicit `started: false` makes a game wait. */
export function hasStarted(game: { readonly started?: unknown }): boolean {
  return game.started !== false;
}

/** BEER-SEAT-1. */
export function seatOf(role: RoleHolder, players: readonly string[], started: boolean): Seat {
  if (role.computer === true) return 'computer';
  if (typeof role.user === 'string' && role.user !== '' && players.includes(role.user)) {
    return 'human';
  }
  return started ? 'free' : 'awaited';
}

/**
 * BEER-SEAT-5: how many humans make a team complete. With a lobby (`maintainall`, `random`) the
 * team is the lobby's players of that team number, so a team smaller than the game leaves its
 * other roles to the computer; with `nolobby` players keep arriving, and without players in the
 * lobby nothing is known, so every role is expected.
 */
export function expectedPlayers(
  roles: number,
  composition: TeamComposition | null,
  teamMembers: number,
): number {
  if (composition === null || composition === 'nolobby' || teamMembers <= 0) return roles;
  return Math.min(roles, teamMembers);
}

export interface Lineup {
  readonly human: string[];
  readonly computer: string[];
  readonly awaited: string[];
  readonly free: string[];
}

/** The roles of a game by seat, in the order given. */
export function lineupOf(
  roles: readonly (RoleHolder & { readonly id: string })[],
  players: readonly string[],
  started: boolean,
): Lineup {
  const out: Lineup = { human: [], computer: [], awaited: [], free: [] };
  for (const r of roles) out[seatOf(r, players, started)].push(r.id);
  return out;
}

/** BEER-SEAT-5: whether a waiting game's team is complete. */
export function teamComplete(
  lineup: Lineup,
  composition: TeamComposition | null,
  teamMembers: number,
): boolean {
  const humans = lineup.human.length;
  if (humans === 0) return false;
  if (lineup.awaited.length === 0 && lineup.free.length === 0) return true;
  const roles = humans + lineup.computer.length + lineup.awaited.length + lineup.free.length;
  return humans >= expectedPlayers(roles, composition, teamMembers);
}
