import { describe, expect, it } from 'vitest';
import {
  REFERRER_KEY,
  REFERRER_TTL_MS,
  keepReferrer,
  readReferrer,
  referralLink,
  referrerForProfile,
  referrerParam,
} from '@/lib/referral/referrer';
import { memoryStorage } from '@/lib/storage/memory-storage';

describe('referrer of a visitor (business.md §3.10)', () => {
  it('reads ?invitedby= as a uid only', () => {
    expect(referrerParam('?invitedby=abc_DEF-1')).toBe('abc_DEF-1');
    expect(referrerParam('?utm_source=x&invitedby=u1')).toBe('u1');
    expect(referrerParam('?invitedby=')).toBeNull();
    expect(referrerParam('?invitedby=../users/x')).toBeNull();
    expect(referrerParam('?invitedby=a%20b')).toBeNull();
    expect(referrerParam(`?invitedby=${'a'.repeat(129)}`)).toBeNull();
    expect(referrerParam('')).toBeNull();
  });

  it('keeps the latest referrer 30 days, then forgets it', () => {
    const store = memoryStorage();
    keepReferrer('rita', 1000, store);
    keepReferrer('rob', 2000, store);
    expect(readReferrer(2000 + REFERRER_TTL_MS - 1, store)).toBe('rob');
    expect(readReferrer(2000 + REFERRER_TTL_MS, store)).toBeNull();
    expect(store.getItem(REFERRER_KEY)).toBeNull();
    store.setItem(REFERRER_KEY, '{not json');
    expect(readReferrer(0, store)).toBeNull();
    store.setItem(REFERRER_KEY, JSON.stringify({ uid: 'a/b', expiresAt: 9e15 }));
    expect(readReferrer(0, store)).toBeNull();
  });

  it('is written to a profile once, never as its own referrer', () => {
    expect(referrerForProfile('me', undefined, 'rita')).toBe('rita');
    expect(referrerForProfile('me', 'rob', 'rita')).toBeNull();
    expect(referrerForProfile('me', undefined, 'me')).toBeNull();
    expect(referrerForProfile('me', undefined, null)).toBeNull();
  });

  it('builds the personal link', () => {
    expect(referralLink('https://app.example', 'u1')).toBe('https://app.example/?invitedby=u1');
  });
});
