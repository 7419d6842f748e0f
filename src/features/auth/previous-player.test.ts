import { describe, expect, it } from 'vitest';
import {
  forgetPreviousPlayer,
  readPreviousPlayer,
  rememberPreviousPlayer,
} from '@/features/auth/previous-player';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('previous player uid (spec §4)', () => {
  it('is kept, read back and cleared', () => {
    const store = memoryStorage();
    expect(readPreviousPlayer(store)).toBeNull();
    rememberPreviousPlayer('aB3_x-9', store);
    expect(readPreviousPlayer(store)).toBe('aB3_x-9');
    forgetPreviousPlayer(store);
    expect(readPreviousPlayer(store)).toBeNull();
  });
  it('ignores values that cannot be uids', () => {
    const store = memoryStorage();
    rememberPreviousPlayer('a/b', store);
    expect(readPreviousPlayer(store)).toBeNull();
    store.setItem('simgames.previousPlayer', 'x'.repeat(129));
    expect(readPreviousPlayer(store)).toBeNull();
  });
  it('does nothing without storage', () => {
    expect(() => rememberPreviousPlayer('abc', undefined)).not.toThrow();
    expect(readPreviousPlayer(undefined)).toBeNull();
  });
});
