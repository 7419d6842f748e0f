import { describe, expect, it } from 'vitest';
import { setAuthUser, updateAuthUser, useAuthStore } from '@/features/auth/auth-store';

describe('updateAuthUser', () => {
  it('keeps the known user object when Auth answers with the same user', () => {
    setAuthUser({ uid: 'u1', isAnonymous: true, email: null });
    const known = useAuthStore.getState().user;
    updateAuthUser({ uid: 'u1', isAnonymous: true, email: null });
    expect(useAuthStore.getState().user).toBe(known);
  });

  it('takes a changed user: an anonymous player who became an account', () => {
    setAuthUser({ uid: 'u1', isAnonymous: true, email: null });
    updateAuthUser({ uid: 'u1', isAnonymous: false, email: 'ana@school.example' });
    expect(useAuthStore.getState().user).toEqual({
      uid: 'u1',
      isAnonymous: false,
      email: 'ana@school.example',
    });
  });
});
