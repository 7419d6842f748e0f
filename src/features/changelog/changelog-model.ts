/**
 * The "What's new" entries (the project's `changelog.json`, text per language in
 * `locales/<lang>/changelog.json`) and what this browser has seen of them: the date of the newest
 * entry shown when the bell was last opened. Entries dated after it are unread.
 */
import type { KeyValueStorage } from '@/lib/storage/key-value-storage';

export interface ChangelogEntry {
  readonly id: string;
  /** YYYY-MM-DD. */
  readonly date: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[a-z0-9-]{1,60}$/;

/** The valid entries of the file's content, newest first. */
export function parseChangelog(raw: unknown): ChangelogEntry[] {
  const list =
    typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)['entries'] : null;
  if (!Array.isArray(list)) return [];
  const entries = list.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, date } = item as Record<string, unknown>;
    return typeof id === 'string' && ID.test(id) && typeof date === 'string' && DATE.test(date)
      ? [{ id, date }]
      : [];
  });
  // Stable: entries of one day keep the file's order.
  return entries.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** Entries dated after the last one seen; every entry when none was seen. */
export function unreadEntries(
  entries: readonly ChangelogEntry[],
  lastSeen: string | null,
): ChangelogEntry[] {
  return entries.filter((e) => lastSeen === null || e.date > lastSeen);
}

export const SEEN_KEY = 'simgames.changelogSeen';

/** The date of the newest entry this browser has seen, or null (also when storage fails). */
export function readLastSeen(storage: KeyValueStorage | null): string | null {
  try {
    const value = storage?.getItem(SEEN_KEY) ?? null;
    return value !== null && DATE.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** Remembers that every entry up to the newest has been seen; answers the date kept. */
export function markSeen(
  storage: KeyValueStorage | null,
  entries: readonly ChangelogEntry[],
  lastSeen: string | null,
): string | null {
  const newest = entries.reduce<string | null>(
    (max, e) => (max === null || e.date > max ? e.date : max),
    lastSeen,
  );
  if (newest === null || newest === lastSeen) return lastSeen;
  try {
    storage?.setItem(SEEN_KEY, newest);
  } catch {
    // Not remembered: the entries show as new again next time, nothing worse.
  }
  return newest;
}
