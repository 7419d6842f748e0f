/**
 * What a page's frame reads of one document, live: the navbar's game and session, the session a
 * game belongs to, a workspace's creator. Such documents change far more often than what is read
 * of them (a game's, with every order and week), so the same value (as JSON) keeps the same state
 * and nothing renders again for it.
 */
import { useEffect, useState } from 'react';
import type { DocData } from '@sim/core/port/data-port';
import { getDataPort } from '@/lib/data/port';
import { firstAsTransition } from '@/lib/perf/first-as-transition';

export interface LiveValue<T> {
  /** The document at the current path has answered (always true without a path). */
  readonly loaded: boolean;
  /** `parse` of the document; null while loading, without a path, when missing or unreadable. */
  readonly value: T | null;
}

/**
 * `parse` (a stable function: it is a dependency of the listener) gets the document's id and data.
 * Keyed by the path, so a change of path never shows the previous document's value. The first
 * answer renders as a transition (first-as-transition.ts): it fills the page as it mounts.
 */
export function useLiveValue<T>(
  path: string | null,
  parse: (id: string, data: DocData) => T,
): LiveValue<T> {
  const [state, setState] = useState<{ path: string; value: T | null; json: string } | null>(null);
  useEffect(() => {
    if (!path) return undefined;
    const id = path.slice(path.lastIndexOf('/') + 1);
    const show = firstAsTransition();
    const keep = (value: T | null) => {
      const json = JSON.stringify(value);
      show(() =>
        setState((prev) =>
          prev?.path === path && prev.json === json ? prev : { path, value, json },
        ),
      );
    };
    return getDataPort().docs.onDoc(
      path,
      (snap) => keep(snap.exists && snap.data ? parse(id, snap.data) : null),
      // Unreadable (a draft session, signed out): the page shows its own message, the frame less.
      () => keep(null),
    );
  }, [path, parse]);
  if (!path) return { loaded: true, value: null };
  return state?.path === path
    ? { loaded: true, value: state.value }
    : { loaded: false, value: null };
}
