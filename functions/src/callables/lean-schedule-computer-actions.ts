/**
 * leanScheduleComputerActions {gid, type: 'leangame', totalDurationMin} → {until, end}
 * (spec §7, LEAN-AI-1, LEAN-CALL-2).
 *
 * Schedules the server ticks of a running lean game: a tick every second from now until
 * `game_start_at + min(totalDurationMin, T)`, each advancing the run to server time so the
 * computer stations work, and a task at the end of the run that ends it, even when every browser
 * is closed. The ticks never change the outcome (LEAN-EVT-8), only when the documents show it. A
 * new schedule replaces the previous one. `createNewTurnTask` schedules the whole run itself when
 * it starts it; this call re-arms the schedule. Admins of the game.
 */
import { z } from 'zod';
import { LEAN_BOUNDS } from '@sim/core/lean/validate';
import { type CallableHandler } from '../callable';
import { requireAuth } from '../beer/beer-game';
import { idSchema } from '../ids';
import {
  loadLeanGameAsAdmin,
  noTicker,
  scheduleLeanTicks,
  type LeanTicker,
} from '../lean/lean-game';

export const name = 'leanScheduleComputerActions';

export const schema = z.object({
  gid: idSchema,
  type: z.literal('leangame'),
  totalDurationMin: z.number().positive().max(LEAN_BOUNDS.totalDuration.max),
});

export type LeanScheduleData = z.output<typeof schema>;

export interface LeanScheduleResult {
  /** Epoch ms of the chain's last tick. */
  readonly until: number;
  /** Epoch ms of the run's end. */
  readonly end: number;
}

export function createHandler(deps: {
  readonly ticker: LeanTicker;
}): CallableHandler<LeanScheduleData, LeanScheduleResult> {
  return async (ctx, data) => {
    await loadLeanGameAsAdmin(ctx.port, data.gid, requireAuth(ctx.auth).uid);
    const out = await scheduleLeanTicks(
      ctx.port,
      data.gid,
      ctx.now(),
      data.totalDurationMin,
      deps.ticker,
    );
    return { until: out.until, end: out.end };
  };
}

/** Without Cloud Tasks (tests; the deployed function schedules real ticks). */
export const handle = createHandler({ ticker: noTicker });
