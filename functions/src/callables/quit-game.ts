/**
 * quitGame {gid, roleId?, user_id?} → {gid, left} (spec §7).
 *
 * The caller leaves its role (or stops observing) in the game: `facilities.{fid}.user` and
 * `playerName` become null, its uid leaves `players` / `observers`, and `users/{uid}.playingGame`
 * becomes null when it pointed at this game. The role left is free, played by the computer until
 * someone takes it, or awaited again while the game waits for its players (BEER-SEAT-7). An admin
 * of the game (creator, team member, session admin) may remove the player of another role by
 * naming it in `roleId` (the live view's "disconnect"). In a lean game the facility left stays a
 * human's in a running run: idle until a player takes it again (the computer's set is part of
 * the run).
 */
import { z } from 'zod';
import { arrayRemove } from '@sim/core/port/field-values';
import { CallableError, type CallableHandler } from '../callable';
import {
  type WeekTimer,
  facilitiesOf,
  facilityIn,
  processWeek,
  gamePath,
  isGameAdmin,
  listOf,
  loadGame,
  requireAuth,
} from '../beer/beer-game';
import { OBSERVER } from './join-as';
import { idSchema } from '../ids';
import { checkLeanGame, isLeanGame } from '../lean/lean-game';

export const name = 'quitGame';

const id = idSchema;

export const schema = z.object({
  gid: id,
  roleId: id.optional(),
  /** Accepted for compatibility with the spec's payload; ignored. */
  user_id: z.string().max(128).optional(),
});

export type QuitGameData = z.output<typeof schema>;

export interface QuitGameResult {
  readonly gid: string;
  /** The facility left, 'observer', or null when the caller held nothing. */
  readonly left: string | null;
}

export function createHandler(deps: {
  readonly timer: WeekTimer;
}): CallableHandler<QuitGameData, QuitGameResult> {
  return async (ctx, data) => {
    const uid = requireAuth(ctx.auth).uid;
    const { gid } = data;
    const read = (await ctx.port.docs.get(`games/${gid}`)).data;
    const game = isLeanGame(read) ? checkLeanGame(read) : await loadGame(ctx.port, gid);
    const facilities = facilitiesOf(game);
    let target = uid;
    if (data.roleId !== undefined && data.roleId !== OBSERVER) {
      const f = facilityIn(facilities, data.roleId);
      if (!f) throw new CallableError('not-found', 'roleUnknown');
      if (f.user !== uid) {
        if (!(await isGameAdmin(ctx.port, game, uid))) {
          throw new CallableError('permission-denied', 'gameNotAdmin');
        }
        if (typeof f.user !== 'string') return { gid, left: null };
        target = f.user;
      }
    }
    const left = await ctx.port.docs.runTransaction<string | null>(async (tx) => {
      const fresh = (await tx.get(gamePath(gid))).data;
      if (!fresh) throw new CallableError('not-found', 'messGameUnknown');
      const update: Record<string, unknown> = {};
      let out: string | null = null;
      for (const [fid, f] of Object.entries(facilitiesOf(fresh))) {
        if (f.user === target) {
          update[`facilities.${fid}.user`] = null;
          update[`facilities.${fid}.playerName`] = null;
          out = fid;
        }
      }
      if (listOf(fresh.players).includes(target)) update.players = arrayRemove(target);
      if (listOf(fresh.observers).includes(target)) {
        update.observers = arrayRemove(target);
        out ??= OBSERVER;
      }
      if (Object.keys(update).length > 0) tx.update(gamePath(gid), update);
      return out;
    });
    const user = (await ctx.port.docs.get(`users/${target}`)).data;
    const playing = user?.playingGame;
    if (
      typeof playing === 'object' &&
      playing !== null &&
      (playing as { id?: unknown }).id === gid
    ) {
      await ctx.port.docs.set(`users/${target}`, { playingGame: null }, { merge: true });
    }
    // The role left is now played by the computer: the others may all have validated already.
    if (left !== null && left !== OBSERVER && !isLeanGame(game)) {
      await processWeek(ctx.port, gid, { mode: 'validated', now: ctx.now(), timer: deps.timer });
    }
    return { gid, left };
  };
}
