/**
 * The types of the games this browser has shown, by game id, so the page served for a game can
 * start downloading that type's screen with the app's own code (scripts/route-preload.ts) instead
 * of after the game has been read: a player who reloads the play page, or comes back to it, does
 * not wait for a second round of downloads.
 */
export const KNOWN_GAME_TYPES_KEY = 'simgames.gameTypes';

/** The most recent games kept: a class's games, not a history. */
const KEPT = 20;

const TYPE_NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** The stored map, newest last; anything malformed reads as empty. */
export function readKnownGameTypes(raw: string | null): Record<string, string> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    // Own properties only, whatever the ids are named (`__proto__` included).
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && TYPE_NAME.test(entry[1]),
      ),
    );
  } catch {
    return {};
  }
}

/** The map with `gid` as the newest entry, the oldest dropped past the limit. */
export function withKnownGameType(
  known: Record<string, string>,
  gid: string,
  type: string,
): Record<string, string> {
  if (!TYPE_NAME.test(type)) return known;
  const entries = Object.entries(known).filter(([id]) => id !== gid);
  entries.push([gid, type]);
  return Object.fromEntries(entries.slice(-KEPT));
}

/** Remembers a game's type in this browser; storage refused or full changes nothing. */
export function rememberGameType(gid: string, type: string): void {
  try {
    const known = readKnownGameTypes(window.localStorage.getItem(KNOWN_GAME_TYPES_KEY));
    if (Object.keys(known).at(-1) === gid && Object.hasOwn(known, gid) && known[gid] === type)
      return;
    const next = withKnownGameType(known, gid, type);
    window.localStorage.setItem(KNOWN_GAME_TYPES_KEY, JSON.stringify(next));
  } catch {
    // A hint only: the page loads the screen after reading the game, as without it.
  }
}
