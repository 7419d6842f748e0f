import { describe, expect, it } from 'vitest';
import { clampToastDuration, TOAST_DEFAULT_MS } from '@/lib/toast/toast-duration';

describe('clampToastDuration (spec §9: 1.5 to 5 s)', () => {
  it('keeps durations inside the range', () => {
    expect(clampToastDuration(1500)).toBe(1500);
    expect(clampToastDuration(5000)).toBe(5000);
    expect(clampToastDuration(2500)).toBe(2500);
  });
  it('clamps durations outside the range', () => {
    expect(clampToastDuration(100)).toBe(1500);
    expect(clampToastDuration(60_000)).toBe(5000);
  });
  it('uses the default when none or an invalid one is given', () => {
    expect(clampToastDuration(undefined)).toBe(TOAST_DEFAULT_MS);
    expect(clampToastDuration(Number.NaN)).toBe(TOAST_DEFAULT_MS);
  });
});
