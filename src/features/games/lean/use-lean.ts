/**
 * A lean game's live documents for the screens (docs/games/lean-documents.md): the game parsed
 * with its names in the language on screen, a facility's view or the floor, the secret demand
 * for those who may read it, and what a part shows of the run's clock, refreshed every second.
 */
import { useEffect, useMemo, useState } from 'react';
import type { DocData } from '@sim/core/port/data-port';
import { gamePath, watchDoc } from '@/features/games/shared/game-api';
import type { SharedGame } from '@/features/games/shared/game-model';
import type { Loaded } from '@/features/games/shared/use-game-data';
import { useClockValue } from '@/features/games/shared/clock-value';
import { parseLeanGame, type LeanScreenGame } from '@/features/games/lean/lean-game-model';
import { runClock, type RunClock } from '@/features/games/lean/run-clock';
import { useLeanNames } from '@/features/games/lean/use-lean-names';
import { parseViewDoc, type ViewDoc } from '@/features/games/lean/view-doc';

/** The lean game of the stored document, or null when the core cannot read its line. */
export function useLeanGame(shared: SharedGame, data: DocData): LeanScreenGame | null {
  const names = useLeanNames();
  return useMemo(() => {
    try {
      return parseLeanGame(shared, data, names.product);
    } catch {
      return null;
    }
  }, [shared, data, names]);
}

export function leanFacilityViewPath(gid: string, fid: string): string {
  return `${gamePath(gid)}/facilities/${fid}`;
}

export function floorViewPath(gid: string): string {
  return `${gamePath(gid)}/views/floor`;
}

export function privateParamsPath(gid: string): string {
  return `${gamePath(gid)}/private/params`;
}

/** A document, live; `value` is null when it does not exist (yet). Nothing when `path` is null. */
function useLiveDoc<T>(path: string | null, parse: (data: unknown) => T): Loaded<T | null> {
  const [state, setState] = useState<{ path: string | null; loaded: Loaded<T | null> }>({
    path,
    loaded: { status: 'loading' },
  });
  useEffect(() => {
    if (path === null) return undefined;
    return watchDoc(
      path,
      (snap) =>
        setState({
          path,
          loaded: { status: 'ready', value: snap.exists ? parse(snap.data) : null },
        }),
      (error) => setState({ path, loaded: { status: 'error', error } }),
    );
    // `parse` is a module function: the path alone says what to listen to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  if (path === null) return { status: 'ready', value: null };
  return state.path === path ? state.loaded : { status: 'loading' };
}

/**
 * A run's view: the facility's (its player) or the floor (fid null: the creator and observers).
 * No document exists before the start.
 */
export function useViewDoc(
  gid: string,
  fid: string | null,
  enabled = true,
): Loaded<ViewDoc | null> {
  const path = !enabled ? null : fid === null ? floorViewPath(gid) : leanFacilityViewPath(gid, fid);
  return useLiveDoc(path, parseViewDoc);
}

/** `private/params` (the seed and the demand), for the game's admins only. */
export function usePrivateParams(gid: string, enabled: boolean): Loaded<DocData | null> {
  return useLiveDoc(enabled ? privateParamsPath(gid) : null, (d) => (d ?? {}) as DocData);
}

/**
 * What a part shows of the run's clock (LEAN-RUN-3), computed again every second while the run
 * is in progress; the part renders again only when that changes (a task's seconds left, an order
 * turning late), not with every second of the run.
 */
export function useRunTime<T>(game: LeanScreenGame, select: (clock: RunClock) => T): T {
  return useClockValue(
    (now) => select(runClock(game, game.lean.totalDuration, now)),
    game.status === 'running',
  );
}
