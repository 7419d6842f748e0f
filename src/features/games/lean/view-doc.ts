/**
 * The run's documents the screens listen to (docs/games/lean-documents.md): a facility's view
 * (`games/{gid}/facilities/{fid}`, its player) and the floor (`games/{gid}/views/floor`, the
 * creator and observers), each `{run, status, now, view}` with `view` = `leanPlayerView`. And the
 * choice between a stored view and the one an action returned. Pure.
 */
import type { LeanPlayerView } from '@sim/core/lean/view';
import { obj } from '@/features/games/shared/doc-values';

export interface ViewDoc {
  /** `game_start_at` of the run the view belongs to. */
  run: number | null;
  view: LeanPlayerView;
}

const ARRAYS = ['facilities', 'details', 'neighbours', 'orders', 'transit'] as const;

/**
 * A stored view document, or null when it holds no view. The backend alone writes these; the
 * lists are still checked, so a damaged document shows an empty floor rather than a crash.
 */
export function parseViewDoc(data: unknown): ViewDoc | null {
  const d = obj(data);
  const v = obj(d['view']);
  if (typeof v['now'] !== 'number' || typeof v['duration'] !== 'number') return null;
  const view = { ...v } as Record<string, unknown>;
  for (const key of ARRAYS) if (!Array.isArray(view[key])) view[key] = [];
  return {
    run: typeof d['run'] === 'number' ? d['run'] : null,
    view: view as unknown as LeanPlayerView,
  };
}

/**
 * What the player's screen shows: the stored view, or the one the player's last action returned
 * (shown at once, decision 0012) until a stored view at least as recent arrives. Views of
 * another run (a reset, a new start) are ignored.
 */
export function latestView(
  stored: ViewDoc | null,
  acted: { run: number; view: LeanPlayerView } | null,
  run: number | null,
): LeanPlayerView | null {
  const storedView = stored !== null && stored.run === run ? stored.view : null;
  const actedView = acted !== null && acted.run === run ? acted.view : null;
  if (storedView === null) return actedView;
  if (actedView === null) return storedView;
  // On a tie the action's view wins: a flush at the same instant holds no more than it.
  return storedView.now > actedView.now ? storedView : actedView;
}
