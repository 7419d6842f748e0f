/**
 * The join this tab started, by game, from the click on Join until the play page opens. It lives
 * outside the intro page: a page drawn anew meanwhile (a sign-in, a language arriving) still opens
 * the play page once the game shows the join, and the game's snapshot may come before the call's
 * answer.
 */
import { useSyncExternalStore } from 'react';

export interface StartedJoin {
  readonly roleId: string;
  /** The joining user, once signed in (a visitor signs in anonymously after the click). */
  readonly uid: string | null;
  /** The backend answered that the join is done. */
  readonly accepted: boolean;
}

const joins = new Map<string, StartedJoin>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Records (or, with null, forgets) the join started in game `gid`. */
export function setStartedJoin(gid: string, join: StartedJoin | null): void {
  if (join) joins.set(gid, join);
  else joins.delete(gid);
  for (const listener of listeners) listener();
}

/**
 * Records that the backend accepted the join started in game `gid`, unless the play page has
 * opened meanwhile (the game's snapshot came first): that join is over.
 */
export function acceptStartedJoin(gid: string): void {
  const started = joins.get(gid);
  if (started) setStartedJoin(gid, { ...started, accepted: true });
}

/** The join started in game `gid`, if any. */
export function startedJoin(gid: string): StartedJoin | null {
  return joins.get(gid) ?? null;
}

/** The join started in game `gid`, if any, live. */
export function useStartedJoin(gid: string): StartedJoin | null {
  const read = () => startedJoin(gid);
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * Whether the game shows the join: the signed-in user holds a role (a player) or is among the
 * observers. The play page decides by the same two, and would send the user back otherwise.
 */
export function joinShown(
  join: StartedJoin | null,
  uid: string | null,
  game: {
    readonly players: readonly string[];
    readonly observers: readonly string[];
    readonly facilities: readonly { readonly user: string | null }[];
  },
): boolean {
  if (join === null || uid === null || (join.uid !== null && join.uid !== uid)) return false;
  return join.roleId === 'observer'
    ? game.observers.includes(uid)
    : game.players.includes(uid) && game.facilities.some((f) => f.user === uid);
}
