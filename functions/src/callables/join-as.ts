/**
 * joinAs {gid, roleId, roleName?, playerName?, isDemo?, showName?, user_id?}
 * → {gid, roleId, playerName} (spec §7; `showName`: the player's leaderboard consent).
 *
 * Takes a role in a beer game for the signed-in caller (anonymous or account), or enters as an
 * observer (`roleId: 'observer'`). The player's name follows spec §6: the profile's firstname,
 * else the given `playerName`, else the profile's playerName, else null (shown as anonymous).
 * A role held by another human player is refused; a role held by the computer is taken over. A
 * caller who held another role in the game leaves it (and stops observing). In one transaction on
 * the game: `facilities.{fid}.user/playerName/computer`, `players` / `observers`; then
 * `users/{uid}.playingGame = {id, roleId, playerName}`. The first join also builds the game's
 * state from its documents when it is not stored yet. A join that completes the team of a game
 * waiting for its players starts it (BEER-SEAT-5; its week timer armed when one runs).
 *
 * Who may observe (an observer reads every facility, never the game's secrets): anyone signed in
 * who has never played in the game, unless the game's session keeps observing to its admins
 * (`observersAdminsOnly`). A player never becomes an observer (not even after quitting: the
 * game's `playedBy` remembers it), and an observer takes a role only before the first week has
 * turned, when there was nothing to see yet.
 *
 * Lean games (docs/games/lean-documents.md): one player per facility, as above. Once the run has
 * started, the facilities the computer plays keep it until the end (its set is part of the run,
 * LEAN-FAC-4): taking one is `lean.role.computer`; a facility a player left may be taken again.
 * An observer takes a role only before the start. No state is built on a join: the run's
 * documents are written when it starts.
 *
 * Seats (business.md §3.7): a player taking a role takes a seat of the game type's plan of the
 * game's team first (`takeSeat`, its own small transaction), once per distinct player per plan
 * period; observers, the creator and the team's members are not counted. Every seat taken:
 * resource-exhausted / planPlayersLimitReached, and nothing is written.
 */
import { z } from 'zod';
import type { DataPort, DocData } from '@sim/core/port/data-port';
import { arrayRemove, arrayUnion } from '@sim/core/port/field-values';
import { CallableError, type CallableContext, type CallableHandler } from '../callable';
import {
  type WeekTimer,
  checkGame,
  facilitiesOf,
  isGameAdmin,
  facilityIn,
  gamePath,
  listOf,
  noTimer,
  rebuildGame,
  startIfTeamComplete,
} from '../beer/beer-game';
import { idSchema } from '../ids';
import { checkLeanGame, isLeanGame, runTimes } from '../lean/lean-game';
import { takeSeat } from '../plans/seats';

export const name = 'joinAs';

const id = idSchema;

export const OBSERVER = 'observer';
export const PLAYER_NAME_MAX = 40;

export const schema = z.object({
  gid: id,
  roleId: id,
  roleName: z.string().max(100).optional(),
  playerName: z.string().max(200).optional(),
  isDemo: z.boolean().optional(),
  /** A player's answer to "show my name on the leaderboard" (`users/{uid}.leaderboardConsent`). */
  showName: z.boolean().optional(),
  /** Accepted for compatibility with the spec's payload; the caller is always the signed-in user. */
  user_id: z.string().max(128).optional(),
});

export type JoinAsData = z.output<typeof schema>;

export interface JoinAsResult {
  readonly gid: string;
  readonly roleId: string;
  readonly playerName: string | null;
}

function clean(name: unknown): string | null {
  if (typeof name !== 'string') return null;
  const trimmed = name.trim().replace(/\s+/g, ' ').slice(0, PLAYER_NAME_MAX);
  return trimmed.length > 0 ? trimmed : null;
}

/** Spec §6: firstname, else playerName, else anonymous (null). */
export function playerNameOf(
  profile: Record<string, unknown> | undefined,
  given: string | undefined,
): string | null {
  return clean(profile?.firstname) ?? clean(given) ?? clean(profile?.playerName);
}

/** A session that keeps observing to its admins refuses everyone else (checked before the join). */
async function checkMayObserve(port: DataPort, gid: string, uid: string): Promise<void> {
  const game = checkJoinable((await port.docs.get(gamePath(gid))).data);
  const sid = game.session;
  if (typeof sid !== 'string' || sid === '' || sid.includes('/')) return;
  const session = (await port.docs.get(`sessions/${sid}`)).data;
  if (session?.observersAdminsOnly !== true) return;
  if (!(await isGameAdmin(port, game, uid))) {
    throw new CallableError('permission-denied', 'observeAdminsOnly');
  }
}

/** A beer or a lean game (`messGameUnknown` otherwise). */
function checkJoinable(data: DocData | undefined): DocData {
  return isLeanGame(data) ? checkLeanGame(data) : checkGame(data);
}

/** The game has moved on: a beer game past its first week, a lean game whose run started. */
function underway(game: DocData): boolean {
  if (isLeanGame(game)) return runTimes(game).start !== null;
  return typeof game.week === 'number' && game.week > 1;
}

/**
 * Takes the player's seat before the join (a rejoin reads one document). The role is looked at
 * first, so a player refused for a taken or unknown role does not use a seat on the way.
 */
async function checkSeat(
  ctx: CallableContext,
  gid: string,
  roleId: string,
  uid: string,
): Promise<void> {
  const game = checkJoinable((await ctx.port.docs.get(gamePath(gid))).data);
  if ((game.draft === true || game.archived === true) && game.creator !== uid) {
    throw new CallableError('failed-precondition', 'messGameNotPublished');
  }
  const f = facilityIn(facilitiesOf(game), roleId);
  if (!f) throw new CallableError('not-found', 'roleUnknown');
  const holder = f.user;
  if (typeof holder === 'string' && holder !== uid && listOf(game.players).includes(holder)) {
    throw new CallableError('already-exists', 'roleTaken');
  }
  const type = isLeanGame(game) ? 'leangame' : 'beergame';
  await takeSeat(ctx.port, game, gid, type, uid, ctx.now());
}

export function createHandler(deps: {
  readonly timer: WeekTimer;
}): CallableHandler<JoinAsData, JoinAsResult> {
  return (ctx, data) => joinAs(ctx, data, deps.timer);
}

/** Without a week timer to schedule (tests; the deployed function schedules Cloud Tasks). */
export const handle: CallableHandler<JoinAsData, JoinAsResult> = createHandler({
  timer: noTimer,
});

async function joinAs(
  ctx: CallableContext,
  data: JoinAsData,
  timer: WeekTimer,
): Promise<JoinAsResult> {
  // Spec §8: 'Couldn't connect, please try again' when joining fails without a user.
  if (!ctx.auth) throw new CallableError('unauthenticated', 'errorJoinNoUser');
  const uid = ctx.auth.uid;
  const { gid, roleId } = data;
  const profile = (await ctx.port.docs.get(`users/${uid}`)).data;
  const playerName = playerNameOf(profile, data.playerName);
  if (roleId === OBSERVER) await checkMayObserve(ctx.port, gid, uid);
  else await checkSeat(ctx, gid, roleId, uid);
  const lean = await ctx.port.docs.runTransaction(async (tx) => {
    const game = checkJoinable((await tx.get(gamePath(gid))).data);
    if ((game.draft === true || game.archived === true) && game.creator !== uid) {
      throw new CallableError('failed-precondition', 'messGameNotPublished');
    }
    const facilities = facilitiesOf(game);
    const players = listOf(game.players);
    const update: Record<string, unknown> = {};
    // Leave any role held in this game (a change of role, or becoming an observer).
    for (const [fid, f] of Object.entries(facilities)) {
      if (f.user === uid && fid !== roleId) {
        update[`facilities.${fid}.user`] = null;
        update[`facilities.${fid}.playerName`] = null;
      }
    }
    if (roleId === OBSERVER) {
      if (players.includes(uid) || listOf(game.playedBy).includes(uid)) {
        throw new CallableError('failed-precondition', 'observeAfterPlaying');
      }
      update.observers = arrayUnion(uid);
      if (players.includes(uid)) update.players = arrayRemove(uid);
    } else {
      const f = facilityIn(facilities, roleId);
      if (!f) throw new CallableError('not-found', 'roleUnknown');
      const holder = f.user;
      if (typeof holder === 'string' && holder !== uid && players.includes(holder)) {
        throw new CallableError('already-exists', 'roleTaken');
      }
      update[`facilities.${roleId}.user`] = uid;
      update[`facilities.${roleId}.playerName`] = playerName;
      const observed = listOf(game.observers).includes(uid);
      if (observed && underway(game)) {
        throw new CallableError('failed-precondition', 'playAfterObserving');
      }
      if (isLeanGame(game) && underway(game) && f.computer === true) {
        throw new CallableError('failed-precondition', 'lean.role.computer');
      }
      update[`facilities.${roleId}.computer`] = false;
      update.players = arrayUnion(uid);
      update.playedBy = arrayUnion(uid);
      if (observed) update.observers = arrayRemove(uid);
    }
    tx.update(gamePath(gid), update);
    return isLeanGame(game);
  });
  // The player's own answer about the leaderboard, given where it joins (an observer is not asked).
  const consent =
    roleId !== OBSERVER && data.showName !== undefined ? { leaderboardConsent: data.showName } : {};
  await ctx.port.docs.set(
    `users/${uid}`,
    { playingGame: { id: gid, roleId, playerName }, ...consent },
    { merge: true },
  );
  if (lean) return { gid, roleId, playerName };
  await rebuildGame(ctx.port, gid, ctx.now(), true);
  if (roleId !== OBSERVER) {
    const game = checkGame((await ctx.port.docs.get(gamePath(gid))).data);
    await startIfTeamComplete(ctx.port, gid, game, ctx.now(), timer);
  }
  return { gid, roleId, playerName };
}
