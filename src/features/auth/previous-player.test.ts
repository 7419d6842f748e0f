import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  forgetPreviousPlayer,
  newRestoreKey,
  readPreviousPlayer,
  rememberPreviousPlayer,
  restoreKeyHash,
} from '@/features/auth/previous-player';
import { memoryStorage } from '@/lib/storage/memory-storage';

describe('previous player (spec §4)', () => {
  it('is kept with its restore key, read back and cleared', () => {
    const store = memoryStorage();
    expect(readPreviousPlayer(store)).toBeNull();
    const key = newRestoreKey();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    rememberPreviousPlayer({ uid: 'aB3_x-9', key }, store);
    expect(readPreviousPlayer(store)).toEqual({ uid: 'aB3_x-9', key });
    forgetPreviousPlayer(store);
    expect(readPreviousPlayer(store)).toBeNull();
    expect(store.length).toBe(0);
  });
  it('ignores values that cannot be uids or keys, and a uid without its key', () => {
    const store = memoryStorage();
    rememberPreviousPlayer({ uid: 'a/b', key: newRestoreKey() }, store);
    expect(readPreviousPlayer(store)).toBeNull();
    store.setItem('simgames.previousPlayer', 'abc');
    expect(readPreviousPlayer(store)).toBeNull();
    store.setItem('simgames.previousPlayerKey', 'short');
    expect(readPreviousPlayer(store)).toBeNull();
  });
  it('hashes the key with SHA-256, as the server does', async () => {
    const key = newRestoreKey();
    expect(await restoreKeyHash(key)).toBe(createHash('sha256').update(key).digest('hex'));
    expect(newRestoreKey()).not.toBe(key);
  });
  it('hashes the same where crypto.subtle is missing (a page on http://<LAN address>)', async () => {
    const key = newRestoreKey();
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    try {
      expect(globalThis.crypto.subtle).toBeUndefined();
      expect(await restoreKeyHash(key)).toBe(createHash('sha256').update(key).digest('hex'));
    } finally {
      vi.unstubAllGlobals();
    }
  });
  it('does nothing without storage', () => {
    expect(() =>
      rememberPreviousPlayer({ uid: 'abc', key: newRestoreKey() }, undefined),
    ).not.toThrow();
    expect(readPreviousPlayer(undefined)).toBeNull();
  });
});
