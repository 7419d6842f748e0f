/**
 * The welcome tour plays like a video: each scene for a few seconds, then the next, until the
 * last, where it stops. The viewer pauses, goes back or forward, and plays it again.
 */

export interface TourState {
  readonly index: number;
  /** Time spent on the current scene while playing. */
  readonly elapsedMs: number;
  readonly playing: boolean;
}

export type TourAction =
  | { readonly type: 'tick'; readonly ms: number }
  | { readonly type: 'next' }
  | { readonly type: 'previous' }
  | { readonly type: 'toggle' };

export const TOUR_START: TourState = { index: 0, elapsedMs: 0, playing: true };

export function tourEnded(state: TourState, steps: number, stepMs: number): boolean {
  return state.index === steps - 1 && state.elapsedMs >= stepMs && !state.playing;
}

export function tourStep(
  state: TourState,
  action: TourAction,
  steps: number,
  stepMs: number,
): TourState {
  const last = steps - 1;
  switch (action.type) {
    case 'tick': {
      if (!state.playing) return state;
      const elapsedMs = state.elapsedMs + Math.max(0, action.ms);
      if (elapsedMs < stepMs) return { ...state, elapsedMs };
      if (state.index < last) return { index: state.index + 1, elapsedMs: 0, playing: true };
      return { index: last, elapsedMs: stepMs, playing: false };
    }
    case 'next':
      return state.index < last ? { ...state, index: state.index + 1, elapsedMs: 0 } : state;
    case 'previous':
      return { ...state, index: Math.max(0, state.index - 1), elapsedMs: 0 };
    case 'toggle':
      // Play at the end starts again from the first scene.
      if (tourEnded(state, steps, stepMs)) return TOUR_START;
      return { ...state, playing: !state.playing };
  }
}

/** How far through the whole tour, 0 to 100. */
export function tourProgress(state: TourState, steps: number, stepMs: number): number {
  return Math.min(100, ((state.index + Math.min(1, state.elapsedMs / stepMs)) / steps) * 100);
}
