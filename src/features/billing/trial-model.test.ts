import { describe, expect, it } from 'vitest';
import { startTrialParam, withoutStartTrial } from '@/features/billing/trial-model';

describe('?startTrial= (business.md §3.8)', () => {
  it('names a game type, or none', () => {
    expect(startTrialParam('?startTrial=beergame')).toBe('beergame');
    expect(startTrialParam('?a=1&startTrial=leangame')).toBe('leangame');
    expect(startTrialParam('?startTrial=chess')).toBe('unknown');
    expect(startTrialParam('?startTrial=')).toBeNull();
    expect(startTrialParam('')).toBeNull();
  });
  it('is taken off the address, keeping the rest', () => {
    expect(withoutStartTrial('?startTrial=beergame')).toBe('');
    expect(withoutStartTrial('?welcomevideo=1&startTrial=beergame')).toBe('?welcomevideo=1');
  });
});
