import { describe, expect, it } from 'vitest';
import {
  claimReload,
  RELOAD_KEY,
  RELOAD_WINDOW_MS,
  shouldReloadAfterImportError,
  type KeyValueStorage,
} from '@/lib/lazy/reload-guard';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  data: Record<string, string>;
} {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => {
      data[k] = v;
    },
  };
}

describe('shouldReloadAfterImportError', () => {
  it('reloads when the page was never reloaded for a failed import', () => {
    expect(shouldReloadAfterImportError(null, 1000)).toBe(true);
  });
  it('does not reload again within the window', () => {
    expect(shouldReloadAfterImportError(1000, 1000 + RELOAD_WINDOW_MS - 1)).toBe(false);
  });
  it('reloads again once the window has passed', () => {
    expect(shouldReloadAfterImportError(1000, 1000 + RELOAD_WINDOW_MS)).toBe(true);
  });
  it('reloads when the stored time is in the future (clock change)', () => {
    expect(shouldReloadAfterImportError(5000, 1000)).toBe(true);
  });
});

describe('claimReload', () => {
  it('claims once, then refuses a second reload in the window (no reload loop)', () => {
    const storage = memoryStorage();
    expect(claimReload(storage, 10_000)).toBe(true);
    expect(storage.data[RELOAD_KEY]).toBe('10000');
    expect(claimReload(storage, 10_500)).toBe(false);
  });
  it('ignores garbage in storage', () => {
    expect(claimReload(memoryStorage({ [RELOAD_KEY]: 'nope' }), 1)).toBe(true);
  });
  it('never reloads without storage', () => {
    expect(claimReload(undefined, 1)).toBe(false);
  });
  it('never reloads when storage throws', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    expect(claimReload(broken, 1)).toBe(false);
  });
});
