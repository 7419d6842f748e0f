/**
 * The run's clock as the screens show it (spec §4, LEAN-RUN-1, -3, -4): the state of the run, the
 * lean minute to 0.1 and the time left, from the game document's start and end and the wall
 * clock, which the screens refresh every second. Pure.
 */
import { coverageMinute, leanMinute, type LeanRunStatus } from '@sim/core/lean/clock';
import { leanConfigFromDocs } from '@sim/core/lean/game-docs';
import { ms, normalizeLeanGame } from '@sim/core/lean/model';

export interface RunClock {
  status: LeanRunStatus;
  /** Game ms of the run now, in [0, T]; 0 before the start. */
  gameMs: number;
  /** The lean minute (whole tenths). */
  minute: number;
  /** The run's length in minutes. */
  durationMin: number;
  /** Whole seconds left while running (0 once T is reached), else null. */
  secondsLeft: number | null;
}

/** The state of the run, which its documents alone decide: not started until it has a start. */
export function runStatus(run: { status: LeanRunStatus; startAt: number | null }): LeanRunStatus {
  return run.startAt === null ? 'notStarted' : run.status;
}

export function runClock(
  run: { status: LeanRunStatus; startAt: number | null; endAt: number | null },
  durationMin: number,
  now: number,
): RunClock {
  if (runStatus(run) === 'notStarted' || run.startAt === null) {
    return { status: 'notStarted', gameMs: 0, minute: 0, durationMin, secondsLeft: null };
  }
  const T = ms(durationMin);
  const end = run.status === 'ended' ? run.endAt : null;
  const gameMs = Math.min(Math.max((end ?? now) - run.startAt, 0), T);
  return {
    status: run.status,
    gameMs,
    minute: leanMinute(run.startAt, end, now, durationMin),
    durationMin,
    secondsLeft: run.status === 'running' ? Math.ceil((T - gameMs) / 1000) : null,
  };
}

/** "m:ss". */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * LEAN-RUN-4: the minute until which the stock on hand covers the demand, from the game document
 * and `private/params` (the demand is secret: only the game's admins read it). Null when the
 * demand is not known or the line cannot be read.
 */
export function coverageOf(gameData: unknown, privateParams: unknown): number | null {
  if (typeof privateParams !== 'object' || privateParams === null) return null;
  if (!Array.isArray((privateParams as Record<string, unknown>)['consumerDemand'])) return null;
  try {
    return coverageMinute(normalizeLeanGame(leanConfigFromDocs(gameData, privateParams)));
  } catch {
    return null;
  }
}
