/**
 * The data of the results and debrief pages: the finished (or running) core state, the core's
 * `debriefMetrics` and `referenceRuns`, shaped for charts. Pure except `loadDebriefState`.
 */
import type { BeerState } from '@sim/core/beer/engine';
import { stateFromDoc } from '@sim/core/beer/game-docs';
import {
  type BeerDebrief,
  debriefMetrics,
  referenceRuns,
  type ReferenceRun,
} from '@sim/core/beer/metrics';
import { gamePath, readDoc } from '@/features/games/shared/game-api';
import { unpackedState } from '@/lib/data/packed-state';

export interface DebriefData {
  state: BeerState;
  metrics: BeerDebrief;
  benchmark: ReferenceRun;
  typical: ReferenceRun;
}

export function debriefData(state: BeerState): DebriefData {
  const refs = referenceRuns(state.game);
  return {
    state,
    metrics: debriefMetrics(state),
    benchmark: refs.benchmark,
    typical: refs.typical,
  };
}

/**
 * The game's state for the debrief: `private/state` for those who see all, else the stats the
 * backend writes once the game is finished (`stats/final`, same shape). Null when neither can
 * be read.
 */
export async function loadDebriefState(gid: string): Promise<BeerState | null> {
  for (const path of [`${gamePath(gid)}/private/state`, `${gamePath(gid)}/stats/final`]) {
    try {
      const snap = await readDoc(path);
      const state = stateFromDoc(await unpackedState(snap.data));
      if (state) return state;
    } catch {
      // Not readable by this user: try the next source.
    }
  }
  return null;
}

/** Rows `{week, a, b…}` for a line chart from named series of equal length. */
export function seriesRows(
  weeks: readonly number[],
  series: Record<string, readonly number[]>,
): Record<string, number>[] {
  return weeks.map((week, k) => {
    const row: Record<string, number> = { week };
    for (const [name, values] of Object.entries(series)) row[name] = values[k] ?? 0;
    return row;
  });
}

/** Cumulative sums. */
export function cumulative(xs: readonly number[]): number[] {
  const out: number[] = [];
  let acc = 0;
  for (const x of xs) {
    acc += x;
    out.push(acc);
  }
  return out;
}
