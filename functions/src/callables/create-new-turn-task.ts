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
 *
 * Lean games (`type: 'leangame'`, docs/games/lean-documents.md, LEAN-CALL-1): `{gid, type}` from an
 * admin starts the run at server time (once; later calls change nothing) and schedules its ticks
 * and its end; `{gid, type, end: true}` ends it early (LEAN-RUN-2). The result is
 * `{started, finished, game_start_at, game_end_at}`. The beer fields (`timer`, `force`, `week`) are
 * refused with a lean type.
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
import {
  endLeanRun,
  loadLeanGameAsAdmin,
  noTicker,
  startLeanRun,
  type LeanTicker,
  type LeanTurnResult,
} from '../lean/lean-game';

export const name = 'createNewTurnTask';

export const beerSchema = z.object({
  gid: idSchema,
  type: z.enum(['beergame']).default('beergame'),
  timer: z.union([z.boolean(), z.number().int().min(0).max(BEER_TIMER_MAX_SECONDS)]).optional(),
  force: z.boolean().optional(),
  /** The week the caller saw: a call about a week that has already turned changes nothing. */
  week: z.number().int().min(1).max(10_000).optional(),
});

/** A lean game's start, or its end with `end: true`; nothing else. */
export const leanSchema = z.strictObject({
  gid: idSchema,
  type: z.literal('leangame'),
  end: z.boolean().optional(),
});

export const schema = z.union([leanSchema, beerSchema]);

export type CreateNewTurnTaskData = z.output<typeof schema>;
export type BeerTurnData = z.output<typeof beerSchema>;
export type LeanTurnData = z.output<typeof leanSchema>;

export type CreateNewTurnTaskResult = AdvanceResult;

/** LEAN-CALL-1: the creator (an admin) starts the run, or ends it early with `end: true`. */
export function createLeanHandler(deps: {
  readonly ticker: LeanTicker;
}): CallableHandler<LeanTurnData, LeanTurnResult> {
  return async (ctx, data) => {
    await loadLeanGameAsAdmin(ctx.port, data.gid, requireAuth(ctx.auth).uid);
    const now = ctx.now();
    return data.end === true
      ? endLeanRun(ctx.port, data.gid, now)
      : startLeanRun(ctx.port, data.gid, now, deps.ticker);
  };
}

/** The deployed callable: a lean game's start or end, or a beer game's week. */
export function createTurnHandler(deps: {
  readonly timer: WeekTimer;
  readonly ticker: LeanTicker;
}): CallableHandler<CreateNewTurnTaskData, CreateNewTurnTaskResult | LeanTurnResult> {
  const beer = createHandler({ timer: deps.timer });
  const lean = createLeanHandler({ ticker: deps.ticker });
  return (ctx, data) => (data.type === 'leangame' ? lean(ctx, data) : beer(ctx, data));
}

/** A lean start or end without Cloud Tasks (tests). */
export const handleLean = createLeanHandler({ ticker: noTicker });

export function createHandler(deps: {
  readonly timer: WeekTimer;
}): CallableHandler<BeerTurnData, CreateNewTurnTaskResult> {
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
