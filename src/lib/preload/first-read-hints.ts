/**
 * The documents each page of this browser read first, by path name, so that the page's next load
 * asks for all of them at once, as soon as the app's code runs (`src/lib/data/port.ts`), instead
 * of in rounds as its components find out what they need: a player's facility is known only once
 * the game has been read, and read only once the play screen has rendered from it.
 * A hint only: the rules judge each read, and one for another user is refused like any other.
 */
import { browserStorage, type KeyValueStorage } from '@/lib/storage/key-value-storage';

export const FIRST_READ_HINTS_KEY = 'simgames.firstReads';

/** The most recent pages kept, and the documents kept per page: a class's pages, not a history. */
const KEPT_PAGES = 20;
const KEPT_PATHS = 8;

/** A document path of the port: segments of letters, digits, `-` and `_`, in pairs. */
const DOC_PATH =
  /^[A-Za-z0-9_-]{1,128}\/[A-Za-z0-9_-]{1,128}(?:\/[A-Za-z0-9_-]{1,128}\/[A-Za-z0-9_-]{1,128}){0,3}$/;
const PAGE_PATH = /^\/[A-Za-z0-9_/-]{0,200}$/;

export type FirstReadHints = Record<string, string[]>;

/** The stored hints, newest page last; anything malformed is left out. */
export function readFirstReadHints(raw: string | null): FirstReadHints {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const hints: FirstReadHints = {};
    // Own properties only; a page starts with `/`, so no key is `__proto__`.
    for (const [page, paths] of Object.entries(value)) {
      if (!PAGE_PATH.test(page) || !Array.isArray(paths)) continue;
      const kept = paths.filter((p): p is string => typeof p === 'string' && DOC_PATH.test(p));
      hints[page] = kept.slice(0, KEPT_PATHS);
    }
    return hints;
  } catch {
    return {};
  }
}

/** The hints with `page` as the newest entry, the oldest dropped past the limit. */
export function withFirstReads(
  hints: FirstReadHints,
  page: string,
  paths: readonly string[],
): FirstReadHints {
  if (!PAGE_PATH.test(page)) return hints;
  const kept = [...new Set(paths)].filter((p) => DOC_PATH.test(p)).slice(0, KEPT_PATHS);
  const entries = Object.entries(hints).filter(([other]) => other !== page);
  if (kept.length > 0) entries.push([page, kept]);
  return Object.fromEntries(entries.slice(-KEPT_PAGES));
}

/** The documents `page` read first when it last loaded in this browser. */
export function firstReadHints(
  page: string,
  store: KeyValueStorage | null = browserStorage(),
): readonly string[] {
  try {
    const hints = readFirstReadHints(store?.getItem(FIRST_READ_HINTS_KEY) ?? null);
    return Object.hasOwn(hints, page) ? (hints[page] ?? []) : [];
  } catch {
    return [];
  }
}

/** Remembers the documents `page` read first; storage refused or full changes nothing. */
export function rememberFirstReads(
  page: string,
  paths: readonly string[],
  store: KeyValueStorage | null = browserStorage(),
): void {
  try {
    const hints = readFirstReadHints(store?.getItem(FIRST_READ_HINTS_KEY) ?? null);
    store?.setItem(FIRST_READ_HINTS_KEY, JSON.stringify(withFirstReads(hints, page, paths)));
  } catch {
    // A hint only: the page reads in rounds, as without it.
  }
}
