/**
 * previousPlayerLogin: the pure handler with injected Auth lookups, and through the wrapper, on
 * both backends (the local store and the Firestore emulator).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it, vi } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import type { DataPort } from '@sim/core/port/data-port';
import { invokeCallable, type InvocationEnv } from '../../functions/src/callable';
import {
  createHandler,
  schema,
  sha256,
  type AuthAccount,
} from '../../functions/src/callables/previous-player-login';
import { describeBackends } from '../backends';
import { FIXED_NOW, caller, context } from './helpers';

vi.mock('firebase-functions/logger', () => ({ error: vi.fn() }));

const ACCOUNTS: Record<string, AuthAccount> = {
  'anon-1': { disabled: false, identified: false },
  'anon-off': { disabled: true, identified: false },
  'anon-nokey': { disabled: false, identified: false },
  'teacher-1': { disabled: false, identified: true },
};

const KEY = randomBytes(32).toString('hex');
const OTHER_KEY = randomBytes(32).toString('hex');

function auth() {
  const tokens: string[] = [];
  const looked: string[] = [];
  return {
    tokens,
    looked,
    lookup: async (uid: string) => {
      looked.push(uid);
      return ACCOUNTS[uid] ?? null;
    },
    createToken: async (uid: string) => {
      tokens.push(uid);
      return `token-for-${uid}`;
    },
  };
}

describeBackends('previousPlayerLogin', (backend) => {
  let port: DataPort;
  let env: InvocationEnv;

  beforeAll(async () => {
    port = backend().service();
    env = { port: () => port, now: () => FIXED_NOW };
    // Each browser stored the hash of its restore key in the player's own profile.
    for (const uid of ['anon-1', 'anon-off', 'teacher-1', 'nobody']) {
      await port.docs.set(`users/${uid}`, { playerName: uid, restoreKeyHash: sha256(KEY) });
    }
    await port.docs.set('users/anon-nokey', { playerName: 'No key' });
  });

  function call(data: unknown, deps = auth()) {
    return invokeCallable('previousPlayerLogin', schema, createHandler(deps), { data }, env);
  }

  async function refusal(data: unknown, deps = auth()): Promise<HttpsError> {
    const err: unknown = await call(data, deps).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpsError);
    return err as HttpsError;
  }

  it('gives a sign-in token for an anonymous player with its restore key, to a signed-out caller', async () => {
    const deps = auth();
    await expect(call({ uid: 'anon-1', key: KEY }, deps)).resolves.toEqual({
      token: 'token-for-anon-1',
    });
    expect(deps.tokens).toEqual(['anon-1']);
  });

  it('also answers a caller already signed in anonymously (a fresh session of the same browser)', async () => {
    const handler = createHandler(auth());
    await expect(
      handler(context(port, caller('anon-new')), { uid: 'anon-1', key: KEY }),
    ).resolves.toEqual({ token: 'token-for-anon-1' });
  });

  it('refuses a uid without the right key (uids are visible in games) as unknown, before any Auth lookup', async () => {
    for (const data of [
      { uid: 'anon-1', key: OTHER_KEY },
      { uid: 'anon-nokey', key: KEY },
      { uid: 'missing-profile', key: KEY },
    ]) {
      const deps = auth();
      const err = await refusal(data, deps);
      expect(err).toMatchObject({ code: 'not-found', message: 'previousPlayerUnknown' });
      expect(deps.looked).toEqual([]);
      expect(deps.tokens).toEqual([]);
    }
  });

  it('refuses an account linked to an email with previousPlayerNotAnonymous, minting nothing', async () => {
    const deps = auth();
    const err = await refusal({ uid: 'teacher-1', key: KEY }, deps);
    expect(err).toMatchObject({
      code: 'permission-denied',
      message: 'previousPlayerNotAnonymous',
      details: { messageKey: 'previousPlayerNotAnonymous' },
    });
    expect(deps.tokens).toEqual([]);
  });

  it('refuses an unknown or disabled account with previousPlayerUnknown', async () => {
    for (const uid of ['nobody', 'anon-off']) {
      const deps = auth();
      const err = await refusal({ uid, key: KEY }, deps);
      expect(err).toMatchObject({ code: 'not-found', message: 'previousPlayerUnknown' });
      expect(deps.tokens).toEqual([]);
    }
  });

  it('refuses a malformed payload before any lookup', async () => {
    const deps = auth();
    for (const data of [
      {},
      { uid: 'anon-1' },
      { uid: '', key: KEY },
      { uid: 7, key: KEY },
      { uid: 'x'.repeat(129), key: KEY },
      { uid: 'users/anon-1', key: KEY },
      { uid: 'anon-1', key: 'short' },
      { uid: 'anon-1', key: KEY.toUpperCase() },
      null,
      'anon-1',
    ]) {
      expect((await refusal(data, deps)).code).toBe('invalid-argument');
    }
    expect(deps.looked).toEqual([]);
  });

  it('writes nothing', async () => {
    const profiles = await port.docs.query({ collection: 'users' });
    expect(profiles).toHaveLength(5);
  });
});
