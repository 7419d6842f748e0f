/**
 * The user the Auth SDK stored, read without it (decision 0029): a usable token or nothing.
 */
import { describe, expect, it } from 'vitest';
import { parseStoredSession, storedUserKey } from '@/lib/firebase/stored-session';

const NOW = Date.UTC(2026, 10, 27, 12);
const HOUR = 3600 * 1000;

function stored(overrides: Record<string, unknown> = {}, tokens: Record<string, unknown> = {}) {
  return {
    uid: 'u1',
    email: null,
    isAnonymous: true,
    providerData: [],
    stsTokenManager: {
      accessToken: 'id-token',
      refreshToken: 'r',
      expirationTime: NOW + HOUR,
      ...tokens,
    },
    ...overrides,
  };
}

describe('stored session', () => {
  it('is the key the SDK stores the default app’s user under', () => {
    expect(storedUserKey('key-1')).toBe('firebase:authUser:key-1:[DEFAULT]');
  });

  it('reads an anonymous player, and an account', () => {
    expect(parseStoredSession(stored(), NOW)).toEqual({
      user: { uid: 'u1', email: null, isAnonymous: true },
      idToken: 'id-token',
      expiresAt: NOW + HOUR,
    });
    const account = stored({
      isAnonymous: false,
      email: 'a@b.test',
      providerData: [{ providerId: 'password' }],
    });
    expect(parseStoredSession(account, NOW)?.user).toEqual({
      uid: 'u1',
      email: 'a@b.test',
      isAnonymous: false,
    });
    // Restored with a custom token: no email, no provider, the same anonymous player.
    expect(parseStoredSession(stored({ isAnonymous: false }), NOW)?.user.isAnonymous).toBe(true);
  });

  it('leaves a token near its end, and anything malformed, to the SDK', () => {
    expect(parseStoredSession(stored({}, { expirationTime: NOW + 4 * 60 * 1000 }), NOW)).toBeNull();
    expect(parseStoredSession(stored({}, { expirationTime: NOW - 1 }), NOW)).toBeNull();
    expect(parseStoredSession(stored({}, { expirationTime: String(NOW + HOUR) }), NOW)).toBeNull();
    expect(parseStoredSession(stored({}, { accessToken: 7 }), NOW)).toBeNull();
    expect(parseStoredSession(stored({ uid: '' }), NOW)).toBeNull();
    expect(parseStoredSession(stored({ stsTokenManager: null }), NOW)).toBeNull();
    expect(parseStoredSession(null, NOW)).toBeNull();
    expect(parseStoredSession('u1', NOW)).toBeNull();
    expect(parseStoredSession([stored()], NOW)).toBeNull();
  });
});
