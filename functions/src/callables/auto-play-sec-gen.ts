/**
 * autoPlaySecGen {gid, type?, roleId?, roleIds?, computer?} → {computer, advanced, week} (spec §7).
 *
 * Lets the computer play roles (`facilities.{fid}.computer = true`): the named ones, or every
 * role without a human player. Its orders come from the game's computer policy (default: the
 * product rule, BEER-AI-5) when the week is processed. `computer: false` gives the named roles
 * back to their human players. Then the week is processed if every remaining human has
 * validated. Only admins of the game (creator, team member, session admin).
 *
 * Without named roles it is also the instructor's start of a game that waits for its players
 * (BEER-SEAT-4): the game is marked started (`started`, `startedBy: 'instructor'`) in the same
 * transaction, the week's timer is armed when one runs, and the week turns at once when every
 * human has ordered.
 *
 * A lean game (`type: 'leangame'`, LEAN-AI-5): the computer takes the named stations (or every
 * station without a player) or gives them back, before the start or during the run, where each
 * change is logged as a `setComputer` action (`setLeanComputer`); `advanced` is false and `week`
 * 0. It starts nothing: the creator starts a lean run with createNewTurnTask.
 */
import { z } from 'zod';
import { CallableError, type CallableHandler } from '../callable';
import {
  type WeekTimer,
  facilitiesOf,
  facilityIn,
  armTimer,
  gamePath,
  listOf,
  loadGame,
  processWeek,
  requireAdmin,
  requireAuth,
} from '../beer/beer-game';
import { idSchema } from '../ids';
import { isLeanGame, loadLeanGameAsAdmin, setLeanComputer } from '../lean/lean-game';

export const name = 'autoPlaySecGen';

const id = idSchema;

export const schema = z.object({
  gid: id,
  type: z.enum(['beergame', 'leangame']).default('beergame'),
  roleId: id.optional(),
  roleIds: z.array(id).max(8).optional(),
  computer: z.boolean().default(true),
});

export type AutoPlaySecGenData = z.output<typeof schema>;

export interface AutoPlaySecGenResult {
  /** Every facility played by the computer after the call. */
  readonly computer: string[];
  readonly advanced: boolean;
  readonly week: number;
}

export function createHandler(deps: {
  readonly timer: WeekTimer;
}): CallableHandler<AutoPlaySecGenData, AutoPlaySecGenResult> {
  return async (ctx, data) => {
    const uid = requireAuth(ctx.auth).uid;
    const named = [...(data.roleIds ?? []), ...(data.roleId !== undefined ? [data.roleId] : [])];
    if (
      data.type === 'leangame' ||
      isLeanGame((await ctx.port.docs.get(gamePath(data.gid))).data)
    ) {
      await loadLeanGameAsAdmin(ctx.port, data.gid, uid);
      const lean = await setLeanComputer(ctx.port, data.gid, uid, named, data.computer, ctx.now());
      return { computer: lean.computer, advanced: false, week: 0 };
    }
    const game = await loadGame(ctx.port, data.gid);
    await requireAdmin(ctx.port, game, uid);
    const computer = await ctx.port.docs.runTransaction(async (tx) => {
      const fresh = (await tx.get(gamePath(data.gid))).data;
      if (!fresh) throw new CallableError('not-found', 'messGameUnknown');
      const facilities = facilitiesOf(fresh);
      const players = listOf(fresh.players);
      for (const fid of named) {
        if (!facilityIn(facilities, fid)) throw new CallableError('not-found', 'roleUnknown');
      }
      const targets =
        named.length > 0
          ? named
          : Object.entries(facilities)
              .filter(([, f]) => typeof f.user !== 'string' || !players.includes(f.user))
              .map(([fid]) => fid);
      const update: Record<string, unknown> = {};
      for (const fid of targets) update[`facilities.${fid}.computer`] = data.computer;
      if (named.length === 0 && data.computer && fresh.started === false) {
        update.started = true;
        update.startedBy = 'instructor';
      }
      if (Object.keys(update).length > 0) tx.update(gamePath(data.gid), update);
      return Object.entries(facilities)
        .filter(([fid, f]) => (targets.includes(fid) ? data.computer : f.computer === true))
        .map(([fid]) => fid);
    });
    const now = ctx.now();
    const result = await processWeek(ctx.port, data.gid, {
      mode: 'validated',
      now,
      timer: deps.timer,
    });
    // A game that now runs needs its week's timer (armTimer does nothing when none runs).
    if (!result.advanced && !result.finished) await armTimer(ctx.port, data.gid, now, deps.timer);
    return { computer, advanced: result.advanced, week: result.week };
  };
}
