/** previousPlayerLogin: the pure handler with injected Auth lookups, and through the wrapper. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import type { DataPort } from '@sim/core/port/data-port';
import { startTestStore, type TestStore } from '@sim/store/testing/test-store';
import { invokeCallable, type InvocationEnv } from '../../functions/src/callable';
import {
  createHandler,
  schema,
  type AuthAccount,
} from '../../functions/src/callables/previous-player-login';
import { FIXED_NOW, caller, context } from './helpers';

vi.mock('firebase-functions/logger', () => ({ error: vi.fn() }));

const ACCOUNTS: Record<string, AuthAccount> = {
  'anon-1': { disabled: false, identified: false },
  'anon-off': { disabled: true, identified: false },
  'teacher-1': { disabled: false, identified: true },
};

function auth() {
  const tokens: string[] = [];
  return {
    tokens,
    lookup: async (uid: string) => ACCOUNTS[uid] ?? null,
    createToken: async (uid: string) => {
      tokens.push(uid);
      return `token-for-${uid}`;
    },
  };
}

let store: TestStore;
let port: DataPort;
let env: InvocationEnv;

beforeAll(async () => {
  store = await startTestStore();
  port = store.service();
  env = { port: () => port, now: () => FIXED_NOW };
});

afterAll(async () => {
  await store.close();
});

async function refusal(data: unknown, deps = auth()): Promise<HttpsError> {
  const err: unknown = await invokeCallable(
    'previousPlayerLogin',
    schema,
    createHandler(deps),
    { data },
    env,
  ).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpsError);
  return err as HttpsError;
}

describe('previousPlayerLogin', () => {
  it('gives a sign-in token for an anonymous player, to a signed-out caller', async () => {
    const deps = auth();
    const result = await invokeCallable(
      'previousPlayerLogin',
      schema,
      createHandler(deps),
      { data: { uid: 'anon-1' } },
      env,
    );
    expect(result).toEqual({ token: 'token-for-anon-1' });
    expect(deps.tokens).toEqual(['anon-1']);
  });

  it('also answers a caller already signed in anonymously (a fresh session of the same browser)', async () => {
    const handler = createHandler(auth());
    await expect(handler(context(port, caller('anon-new')), { uid: 'anon-1' })).resolves.toEqual({
      token: 'token-for-anon-1',
    });
  });

  it('refuses an account linked to an email with previousPlayerNotAnonymous, minting nothing', async () => {
    const deps = auth();
    const err = await refusal({ uid: 'teacher-1' }, deps);
    expect(err).toMatchObject({
      code: 'permission-denied',
      message: 'previousPlayerNotAnonymous',
      details: { messageKey: 'previousPlayerNotAnonymous' },
    });
    expect(deps.tokens).toEqual([]);
  });

  it('refuses an unknown or disabled uid with previousPlayerUnknown', async () => {
    for (const uid of ['nobody', 'anon-off']) {
      const deps = auth();
      const err = await refusal({ uid }, deps);
      expect(err).toMatchObject({ code: 'not-found', message: 'previousPlayerUnknown' });
      expect(deps.tokens).toEqual([]);
    }
  });

  it('refuses a malformed payload before any lookup', async () => {
    let looked = 0;
    const deps = {
      ...auth(),
      lookup: async () => {
        looked++;
        return null;
      },
    };
    for (const data of [{}, { uid: '' }, { uid: 7 }, { uid: 'x'.repeat(129) }, null, 'anon-1']) {
      expect((await refusal(data, deps)).code).toBe('invalid-argument');
    }
    expect(looked).toBe(0);
  });

  it('writes nothing', async () => {
    await expect(port.docs.query({ collection: 'users' })).resolves.toEqual([]);
  });
});
