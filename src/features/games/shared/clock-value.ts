/**
 * The wall clock for the parts of a game screen that show time (a countdown, a run's minute, a
 * task's bar, which orders are late), to the second. One ticker for the page, running while a part
 * that needs it is on screen; each part selects what it shows of the time and renders again only
 * when that changes. A page that read the clock itself rendered whole every second, its desk, its
 * floor and its tables, for a chip's countdown (decision 0040).
 */
import { useSyncExternalStoreWithSelector } from 'use-sync-external-store/with-selector';

const TICK_MS = 1000;

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick(): void {
  now = Date.now();
  for (const listener of [...listeners]) listener();
}

/**
 * The time the screen shows: the last tick's, or now when that is a second or more away (no part
 * ticks, the tab slept, the device's clock was set back). It stays the same within a second, as a
 * store's snapshot must between its changes.
 */
export function clockNow(): number {
  const current = Date.now();
  if (Math.abs(current - now) >= TICK_MS) now = current;
  return now;
}

/** Hears every tick; the ticker runs while anyone listens. */
export function subscribeTicks(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(tick, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function subscribeNever(): () => void {
  return () => undefined;
}

/** Equal by content: what a part shows of the time is a few numbers, flags or rows. */
function sameContent(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * `select(now)`, again every second while `ticking`; the component renders again only when the
 * selected value changes by content, and gets the same object until then (so a `memo` part below
 * it is left alone).
 */
export function useClockValue<T>(select: (now: number) => T, ticking: boolean): T {
  return useSyncExternalStoreWithSelector(
    ticking ? subscribeTicks : subscribeNever,
    clockNow,
    clockNow,
    select,
    sameContent,
  );
}
