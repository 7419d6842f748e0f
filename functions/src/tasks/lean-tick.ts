/**
 * A tick of a lean run (docs/games/lean-documents.md "Ticks"; LEAN-AI-1, LEAN-CALL-2). A Cloud Task
 * `{gid, run, chain, at}` on the `leanTick` queue. A chain tick brings the run's documents up to
 * now (the computer stations' work; at most one flush a second) and schedules the next tick; the
 * task with `chain: null` is the end of the run, which ends it even when every browser is closed.
 * A tick of another run (the game was reset or restarted) or of a replaced chain does nothing.
 *
 * The local Tasks emulator dispatches a task at once instead of at its `scheduleTime`: a chain
 * tick that arrives early waits for its time (never more than two tick intervals), and an end
 * task that arrives early does nothing, the chain's last tick ending the run instead.
 *
 * A payload that is not a tick throws `invalid-argument`, so the task shows as failed.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import { z } from 'zod';
import type { DataPort } from '@sim/core/port/data-port';
import { idSchema } from '../ids';
import { gamePath, statePath } from '../beer/beer-game';
import {
  endLeanRun,
  FLUSH_MS,
  flushLeanRun,
  runTimes,
  TICK_MS,
  type LeanTicker,
} from '../lean/lean-game';

export const QUEUE = 'leanTick';

export const payloadSchema = z.object({
  gid: idSchema,
  run: z.number().int().min(0),
  chain: idSchema.nullable(),
  at: z.number().int().min(0),
});

/** Tolerance for a task that fires slightly before its time (clock skew). */
export const EARLY_MS = 250;

export type LeanTickOutcome = 'early' | 'stale' | 'replaced' | 'ended' | 'flushed' | 'fresh';

export interface LeanTickDeps {
  readonly port: DataPort;
  readonly clock: () => number;
  readonly ticker: LeanTicker;
  readonly sleep: (ms: number) => Promise<void>;
}

export async function handleLeanTick(
  deps: LeanTickDeps,
  payload: unknown,
): Promise<LeanTickOutcome> {
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (i) => `${i.path.join('.') || '(payload)'}: ${i.message}`,
    );
    throw new HttpsError('invalid-argument', `Bad ${QUEUE} payload: ${issues.join('; ')}`);
  }
  const tick = parsed.data;
  const { port } = deps;
  let now = deps.clock();
  if (tick.at - now > EARLY_MS) {
    if (tick.chain === null || tick.at - now > 2 * TICK_MS) return 'early';
    await deps.sleep(tick.at - now);
    now = deps.clock();
  }
  const game = (await port.docs.get(gamePath(tick.gid))).data;
  if (!game || game.type !== 'leangame' || game.deleted === true) return 'stale';
  const { start, end } = runTimes(game);
  if (start !== tick.run || end !== null) return 'stale';
  const state = (await port.docs.get(statePath(tick.gid))).data;
  if (!state || state.run !== tick.run || typeof state.duration !== 'number') return 'stale';
  const runEnd = tick.run + state.duration;
  if (now >= runEnd) {
    await endLeanRun(port, tick.gid, now);
    return 'ended';
  }
  const ticks = state.ticks as { chain?: unknown; until?: unknown } | null | undefined;
  if (tick.chain === null) return 'early';
  if (ticks?.chain !== tick.chain || typeof ticks.until !== 'number') return 'replaced';
  let outcome = await flushLeanRun(port, tick.gid, now);
  if (outcome === 'fresh') {
    // An action flushed less than FLUSH_MS ago: flush once it is due rather than a whole tick
    // later, so the shared documents follow each other about a second apart (decision 0012).
    const flushed = (await port.docs.get(statePath(tick.gid))).data?.updated_at;
    const wait = typeof flushed === 'number' ? flushed + FLUSH_MS - now : 0;
    if (wait > 0 && wait < TICK_MS) {
      await deps.sleep(wait);
      now = deps.clock();
      outcome = await flushLeanRun(port, tick.gid, now);
    }
  }
  if (outcome === 'ended' || outcome === 'stale') return outcome;
  // The next tick keeps the cadence, and never falls behind the clock.
  const next = Math.max(tick.at + TICK_MS, now + TICK_MS / 2);
  const at = next <= ticks.until ? next : ticks.until >= runEnd ? runEnd : null;
  if (at !== null) await deps.ticker.schedule({ ...tick, at }, at);
  return outcome;
}
