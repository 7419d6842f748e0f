/**
 * Spec §2: a failed dynamic module load (usually a stale chunk after a deploy) reloads the page,
 * once: the time of the last reload is kept in sessionStorage so a chunk that keeps failing
 * shows the error page instead of reloading forever.
 */

export const RELOAD_KEY = 'simgames.chunkReloadAt';
/** A second failure within this window after a reload is not retried. */
export const RELOAD_WINDOW_MS = 30_000;

/** Pure decision: reload unless the page was already reloaded for this reason very recently. */
export function shouldReloadAfterImportError(
  lastReloadAt: number | null,
  now: number,
  windowMs: number = RELOAD_WINDOW_MS,
): boolean {
  return lastReloadAt === null || !(now - lastReloadAt >= 0 && now - lastReloadAt < windowMs);
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function readLastReload(storage: KeyValueStorage): number | null {
  const raw = storage.getItem(RELOAD_KEY);
  const n = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(n) ? n : null;
}

/**
 * Records the reload and returns true when the caller should reload; false when it already
 * reloaded recently (or storage is unavailable), so the error must surface instead.
 */
export function claimReload(storage: KeyValueStorage | undefined, now: number): boolean {
  if (!storage) return false;
  try {
    if (!shouldReloadAfterImportError(readLastReload(storage), now)) return false;
    storage.setItem(RELOAD_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}
