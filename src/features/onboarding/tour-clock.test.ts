import { describe, expect, it } from 'vitest';
import {
  TOUR_START,
  tourEnded,
  tourProgress,
  tourStep,
  type TourAction,
  type TourState,
} from '@/features/onboarding/tour-clock';

const STEPS = 3;
const MS = 1000;
const run = (state: TourState, ...actions: TourAction[]) =>
  actions.reduce((s, a) => tourStep(s, a, STEPS, MS), state);
const tick = (ms: number): TourAction => ({ type: 'tick', ms });

describe('welcome tour clock', () => {
  it('plays each scene for its time, then the next, and stops on the last', () => {
    expect(run(TOUR_START, tick(400), tick(400))).toEqual({
      index: 0,
      elapsedMs: 800,
      playing: true,
    });
    expect(run(TOUR_START, tick(600), tick(400))).toEqual({
      index: 1,
      elapsedMs: 0,
      playing: true,
    });
    const end = run(TOUR_START, tick(1000), tick(1000), tick(1000));
    expect(end).toEqual({ index: 2, elapsedMs: 1000, playing: false });
    expect(tourEnded(end, STEPS, MS)).toBe(true);
    expect(run(end, tick(5000))).toEqual(end);
    expect(tourProgress(end, STEPS, MS)).toBe(100);
  });

  it('stands still while paused, and resumes where it was', () => {
    const paused = run(TOUR_START, tick(300), { type: 'toggle' }, tick(5000));
    expect(paused).toEqual({ index: 0, elapsedMs: 300, playing: false });
    expect(run(paused, { type: 'toggle' }, tick(200))).toEqual({
      index: 0,
      elapsedMs: 500,
      playing: true,
    });
  });

  it('goes forward and back within the scenes, each from its start', () => {
    expect(run(TOUR_START, tick(500), { type: 'next' })).toEqual({
      index: 1,
      elapsedMs: 0,
      playing: true,
    });
    expect(run(TOUR_START, { type: 'previous' }).index).toBe(0);
    expect(run(TOUR_START, { type: 'next' }, { type: 'next' }, { type: 'next' }).index).toBe(2);
    expect(tourProgress(run(TOUR_START, { type: 'next' }, tick(500)), STEPS, MS)).toBe(50);
  });

  it('play at the end starts again from the first scene', () => {
    const end = run(TOUR_START, tick(3000), tick(3000), tick(3000));
    expect(run(end, { type: 'toggle' })).toEqual(TOUR_START);
  });
});
