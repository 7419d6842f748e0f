/**
 * The lean minute shown on screen (spec §4, design LEAN-RUN-3 and LEAN-RUN-4). Pure: the caller
 * passes the wall clock; the UI recomputes it every second.
 */
import { ms, type LeanGame } from './model';

export type LeanRunStatus = 'notStarted' | 'running' | 'ended';

/**
 * LEAN-RUN-1: the state of a run from the game document's `game_start_at` and `game_end_at`
 * (epoch ms). Anything but a finite number counts as null; without a start the run has not
 * started, whatever the end says (decision 0009 section 5).
 */
export function leanRunStatus(startAt: unknown, endAt: unknown): LeanRunStatus {
  if (typeof startAt !== 'number' || !Number.isFinite(startAt)) return 'notStarted';
  return typeof endAt === 'number' && Number.isFinite(endAt) ? 'ended' : 'running';
}

/**
 * LEAN-RUN-3: the current minute of a running or ended run, to 0.1 minute. `startAt`, `endAt` and
 * `now` are wall-clock milliseconds (`game_start_at`, `game_end_at`); the elapsed time is
 * `(endAt ?? now) − startAt` clamped to [0, T], so an ended run shows its end whatever the clock
 * says, and a late tick never shows more than the run's length.
 */
export function leanMinute(
  startAt: number,
  endAt: number | null,
  now: number,
  totalDurationMin: number,
): number {
  const T = ms(totalDurationMin);
  const elapsed = Math.min(Math.max((endAt ?? now) - startAt, 0), T);
  // Whole tenths of a minute (6000 ms) first, so the division by 10 is the only rounding.
  return Math.floor(elapsed / 6000) / 10;
}

/**
 * LEAN-RUN-4: before the start, the minute until which the finished stock on hand covers the
 * demand. Orders are taken in (created_min, index) order and each takes its quantity from its
 * template's initial stock (LEAN-WH-5); the first order that drives a stock below 0 gives its
 * `created_min`. Every order covered: `totalDuration`; no orders: 0.
 */
export function coverageMinute(game: LeanGame): number {
  if (game.orders.length === 0) return 0;
  const stock = new Map<string, number>();
  for (const t of game.templates) stock.set(t.id, t.initialStock);
  const orders = [...game.orders].sort(
    (a, b) => a.created_min - b.created_min || a.index - b.index,
  );
  for (const o of orders) {
    const left = (stock.get(o.template_id) ?? 0) - o.qty;
    if (left < 0) return o.created_min;
    stock.set(o.template_id, left);
  }
  return game.totalDuration;
}
