/**
 * The game's name on a play page's frame (app.html, decision 0030): the play page remembers the
 * name of the games it showed, and the frame's inline script writes it into the frame's heading,
 * where the page will draw it, before any JavaScript has loaded. A player who reloads the page, or
 * reopens it after the phone slept, sees which game this is at once.
 */
// Types only: the build's HTML plugin (scripts/prerender-home.ts) loads this module without the
// app's aliases.
import type { KeyValueStorage } from '@/lib/storage/key-value-storage';

export const GAME_NAMES_KEY = 'simgames.gameNames';

/** The games of a class or two: names, not a history. */
const KEPT_GAMES = 10;
/** The longest name the frame shows; a game's name is far shorter (the editor's limit is 100). */
const LONGEST_NAME = 200;

interface RememberedName {
  readonly id: string;
  readonly name: string;
}

function readNames(raw: string | null): RememberedName[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (entry: unknown): entry is RememberedName =>
        typeof entry === 'object' &&
        entry !== null &&
        'id' in entry &&
        'name' in entry &&
        typeof entry.id === 'string' &&
        typeof entry.name === 'string',
    );
  } catch {
    return [];
  }
}

/** Remembers `name` for `gid`, newest first; storage refused or full changes nothing. */
export function rememberGameName(gid: string, name: string, store: KeyValueStorage | null): void {
  const shown = name.trim().slice(0, LONGEST_NAME);
  if (!gid || gid.length > 128 || !shown) return;
  try {
    const names = readNames(store?.getItem(GAME_NAMES_KEY) ?? null);
    if (names[0]?.id === gid && names[0].name === shown) return;
    const kept = [{ id: gid, name: shown }, ...names.filter((entry) => entry.id !== gid)];
    store?.setItem(GAME_NAMES_KEY, JSON.stringify(kept.slice(0, KEPT_GAMES)));
  } catch {
    // The frame shows no name, as before the first visit.
  }
}

/**
 * The name the frame shows on `pathname`, from the stored names: on a play page of a remembered
 * game only. It runs inline in app.html before the app's code (its text is put in the page), so
 * it names nothing from outside itself.
 */
export function frameGameName(pathname: string, stored: string | null): string | null {
  const match = /^\/game\/([^/]+)\/play\/?$/.exec(pathname);
  if (match === null || stored === null) return null;
  let id: string;
  let entries: unknown;
  try {
    id = decodeURIComponent(match[1] ?? '');
    entries = JSON.parse(stored);
  } catch {
    return null;
  }
  if (!Array.isArray(entries)) return null;
  for (const entry of entries as unknown[]) {
    if (typeof entry !== 'object' || entry === null || !('id' in entry) || entry.id !== id) {
      continue;
    }
    const name = 'name' in entry ? entry.name : null;
    // 200: LONGEST_NAME, written out as the function runs alone.
    return typeof name === 'string' && name.length > 0 && name.length <= 200 ? name : null;
  }
  return null;
}
