/**
 * The join this tab started, by game, from the click on Join until the play page opens. It lives
 * outside the intro page: a page drawn anew meanwhile (a sign-in, a language arriving) still opens
 * the play page once the game shows the join, and the game's snapshot may come before the call's
 * answer.
 */
import { useEffect, useSyncExternalStore } from 'react';

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

/**
 * How long the play page waits for the game to show a join the backend accepted. A seat the game
 * never shows (the creator freed it at once) then sends the player back to the intro.
 */
export const ACCEPTED_JOIN_WAIT_MS = 20_000;

/**
 * Whether the play page waits for `join` rather than send the user back to the intro: the
 * backend accepted it, the game does not show the user `seated` yet, and it is this user's join
 * (or the signed-in user has not reached the app yet).
 */
export function awaitsAcceptedJoin(
  join: StartedJoin | null,
  uid: string | null,
  seated: boolean,
): boolean {
  return (
    join !== null &&
    join.accepted &&
    !seated &&
    (uid === null || join.uid === null || join.uid === uid)
  );
}

/**
 * On the play page: whether to wait for the game to show the join this tab started in game `gid`
 * rather than send the user back to the intro. The backend accepted it, but the game's snapshot
 * (or the app's signed-in user) may come seconds later on a slow network; sent back meanwhile,
 * the player would stand on the intro with the seat taken. The join is forgotten once `seated`
 * (the user holds a role or observes), or after `ACCEPTED_JOIN_WAIT_MS`.
 */
export function useAcceptedJoinWait(
  gid: string,
  uid: string | null,
  seated: boolean,
  onPlayPage: boolean,
): boolean {
  const join = useStartedJoin(gid);
  const started = onPlayPage && join !== null;
  const waiting = started && awaitsAcceptedJoin(join, uid, seated);
  useEffect(() => {
    if (!started) return undefined;
    if (seated) {
      setStartedJoin(gid, null);
      return undefined;
    }
    if (!waiting) return undefined;
    const timer = window.setTimeout(() => setStartedJoin(gid, null), ACCEPTED_JOIN_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [gid, started, seated, waiting]);
  return waiting;
}
