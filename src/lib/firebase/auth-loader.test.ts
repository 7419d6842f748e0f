/**
 * Whether a browser may hold a signed-in user, read from the Auth SDK's storage without loading
 * the SDK: a visitor who never signed in gets a `/` without it; in doubt Auth loads.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isAuthUserKey, mayHoldSession } from '@/lib/firebase/auth-loader';

const USER_KEY = 'firebase:authUser:demo-key:[DEFAULT]';

function storage(keys: readonly string[]): Pick<Storage, 'length' | 'key'> {
  return { length: keys.length, key: (i: number) => keys[i] ?? null };
}

function browser(options: {
  localKeys?: readonly string[];
  databases?: (() => Promise<{ name?: string }[]>) | null;
}): void {
  Object.assign(globalThis, { window: { localStorage: storage(options.localKeys ?? []) } });
  if (options.databases === undefined) {
    Reflect.deleteProperty(globalThis, 'indexedDB');
  } else {
    Object.assign(globalThis, {
      indexedDB: options.databases === null ? {} : { databases: options.databases },
    });
  }
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'window');
  Reflect.deleteProperty(globalThis, 'indexedDB');
});

describe('may hold a session', () => {
  it('knows the SDK user key', () => {
    expect(isAuthUserKey(USER_KEY)).toBe(true);
    expect(isAuthUserKey('firebase:persistence:demo-key')).toBe(false);
    expect(isAuthUserKey(42)).toBe(false);
  });

  it('says yes for a user kept in localStorage', async () => {
    browser({ localKeys: ['simgames.locale', USER_KEY] });
    expect(await mayHoldSession()).toBe(true);
  });

  it('says no when the SDK never created its database', async () => {
    browser({
      localKeys: ['simgames.locale'],
      databases: () => Promise.resolve([{ name: 'other' }]),
    });
    expect(await mayHoldSession()).toBe(false);
  });

  it('says no without any storage of the SDK', async () => {
    browser({});
    expect(await mayHoldSession()).toBe(false);
  });

  it('says yes when the databases cannot be listed without creating one', async () => {
    browser({ databases: null });
    expect(await mayHoldSession()).toBe(true);
    browser({ databases: () => Promise.reject(new Error('blocked')) });
    expect(await mayHoldSession()).toBe(true);
  });
});
