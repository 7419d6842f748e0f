import { describe, expect, it } from 'vitest';
import { guardMessageFrom } from '@/features/auth/guard-message';

describe('guardMessageFrom', () => {
  it('accepts only known guard message keys', () => {
    expect(guardMessageFrom({ guardMessage: 'auth.guard.signupToPurchase' })).toBe(
      'auth.guard.signupToPurchase',
    );
    expect(guardMessageFrom({ guardMessage: 'home.hero.title' })).toBeUndefined();
    expect(guardMessageFrom(null)).toBeUndefined();
    expect(guardMessageFrom('auth.guard.loginToAccess')).toBeUndefined();
  });
});
