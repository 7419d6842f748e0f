/** Live game documents through the data port, and a clock for the screens' countdowns. */
import { useEffect, useState } from 'react';
import type { DocData, PortError } from '@sim/core/port/data-port';
import { gamePath, watchDoc } from '@/features/games/shared/game-api';
import { firstAsTransition } from '@/lib/perf/first-as-transition';

export type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: PortError };

/** The stored game document, live; `value` is null when it does not exist. */
export function useGameData(gid: string): Loaded<DocData | null> {
  const [state, setState] = useState<{ gid: string; loaded: Loaded<DocData | null> }>({
    gid,
    loaded: { status: 'loading' },
  });
  useEffect(() => {
    // The first snapshot mounts the whole screen: in slices, as the app's first render.
    const show = firstAsTransition();
    return watchDoc(
      gamePath(gid),
      (snap) =>
        show(() =>
          setState({
            gid,
            loaded: { status: 'ready', value: snap.exists ? (snap.data ?? {}) : null },
          }),
        ),
      (error) => setState({ gid, loaded: { status: 'error', error } }),
    );
  }, [gid]);
  return state.gid === gid ? state.loaded : { status: 'loading' };
}
