import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clockNow, subscribeTicks } from '@/features/games/shared/clock-value';

describe('the screens’ clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the same time within a second, as a store’s snapshot must, and a newer one after', () => {
    vi.advanceTimersByTime(5_000);
    const first = clockNow();
    expect(first).toBe(1_005_000);
    vi.setSystemTime(1_005_999);
    expect(clockNow()).toBe(first);
    vi.setSystemTime(1_006_000);
    expect(clockNow()).toBe(1_006_000);
  });

  it('ticks every second while anyone listens, each tick a new time, and stops with the last', () => {
    const heard: number[] = [];
    const stopFirst = subscribeTicks(() => heard.push(clockNow()));
    const stopSecond = subscribeTicks(() => undefined);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(3_000);
    expect(heard).toEqual([1_001_000, 1_002_000, 1_003_000]);
    stopFirst();
    expect(vi.getTimerCount()).toBe(1);
    stopSecond();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(3_000);
    expect(heard).toHaveLength(3);
  });
});
