/**
 * createNewTurnTask {gid, type?, timer?, force?} → {advanced, week, finished, waitingFor, paused,
 * deadline} (spec §7).
 *
 * Called by a player after its order batch (docs/games/beer-documents.md "A week"). The week is
 * processed when every human-held facility has validated; otherwise the public validation flags
 * are mirrored and `waitingFor` lists the facilities still deciding. Idempotent: the week number
 * is the transaction's precondition, so any number of simultaneous calls advance it once.
 *
 * - `timer: true` from a player: the week's timer has run out on its screen; the week advances
 *   (computer orders for roles that did not validate) only if the stored deadline has passed.
 * - `timer: <seconds>` from an admin (creator, team member, session admin): sets the game's
 *   timer (`params.timer`, `params.playTimer = seconds > 0`) and starts it for the current week;
 *   0 stops it.
 * - `force: true`, or `timer: true` from an admin: force the week now, even when paused.
 * - `week`: the week the caller saw; when that week has already turned, nothing happens.
 * Every call also arms the week's timer when the game's timer runs and no deadline is set.
 * Only the game's players and admins may call it.
 */
import { z } from 'zod';
import { BEER_TIMER_MAX_SECONDS } from '@sim/core/beer/game-docs';
import { CallableError, type CallableHandler } from '../callable';
import {
  type AdvanceResult,
  type WeekTimer,
  armTimer,
  gamePath,
  isGameAdmin,
  loadGame,
  needsDeadline,
  processWeek,
  requireAuth,
  roleOf,
} from '../beer/beer-game';
import { idSchema } from '../ids';

export const name = 'createNewTurnTask';

export const schema = z.object({
  gid: idSchema,
  type: z.enum(['beergame']).default('beergame'),
  timer: z.union([z.boolean(), z.number().int().min(0).max(BEER_TIMER_MAX_SECONDS)]).optional(),
  force: z.boolean().optional(),
  /** The week the caller saw: a call about a week that has already turned changes nothing. */
  week: z.number().int().min(1).max(10_000).optional(),
});

export type CreateNewTurnTaskData = z.output<typeof schema>;

export type CreateNewTurnTaskResult = AdvanceResult;

export function createHandler(deps: {
  readonly timer: WeekTimer;
}): CallableHandler<CreateNewTurnTaskData, CreateNewTurnTaskResult> {
  return async (ctx, data) => {
    const uid = requireAuth(ctx.auth).uid;
    const game = await loadGame(ctx.port, data.gid);
    const player = roleOf(game, uid) !== null;
    const setsTimer = typeof data.timer === 'number';
    const admin =
      !player || data.force === true || setsTimer ? await isGameAdmin(ctx.port, game, uid) : false;
    if (!player && !admin) throw new CallableError('permission-denied', 'gameNotPlayer');
    if ((data.force === true || setsTimer) && !admin) {
      throw new CallableError('permission-denied', 'gameNotAdmin');
    }
    const now = ctx.now();
    if (typeof data.timer === 'number') {
      await ctx.port.docs.update(gamePath(data.gid), {
        'params.timer': data.timer,
        'params.playTimer': data.timer > 0,
        turnDeadline: null,
      });
    }
    let mode: 'validated' | 'timeout' | 'force' = 'validated';
    if (data.force === true || (data.timer === true && admin)) mode = 'force';
    else if (data.timer === true) {
      const deadline = game.turnDeadline;
      if (typeof deadline === 'number' && deadline <= now) mode = 'timeout';
    }
    const week = typeof game.week === 'number' ? game.week : 1;
    const result = await processWeek(ctx.port, data.gid, {
      mode,
      // One decision turns one week: a second click on 'force', or a player's late call, names
      // a week that is gone, and changes nothing.
      expectedWeek: data.week ?? week,
      now,
      timer: deps.timer,
      ...(setsTimer ? {} : { game }),
    });
    if (!result.advanced && !result.finished && (setsTimer || needsDeadline(game))) {
      const deadline = await armTimer(ctx.port, data.gid, now, deps.timer);
      if (deadline !== null) return { ...result, deadline };
    }
    return result;
  };
}
