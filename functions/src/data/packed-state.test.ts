import { describe, expect, it } from 'vitest';
import { unpackedState as unpackedInBrowser } from '@/lib/data/packed-state';
import { packedStateFields, unpackedState } from './packed-state';

const longState = JSON.stringify({
  week: 40,
  history: Array.from({ length: 400 }, (_, k) => ({ week: k, stock: k * 3, note: 'é€🍺' })),
});

describe('a stored core state', () => {
  it('stays JSON text up to the limit and is gzipped above it', () => {
    expect(packedStateFields('{"week":1}', 100)).toEqual({ state: '{"week":1}' });
    const packed = packedStateFields(longState, 100);
    expect(packed.format).toBe('gzip');
    expect(packed.state.length).toBeLessThan(longState.length / 5);
    expect(packed.state).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it('reads back the same text in the functions and in the browser', async () => {
    const doc = { week: 40, updated_at: 5, ...packedStateFields(longState, 100) };
    expect(unpackedState(doc)).toEqual({
      week: 40,
      updated_at: 5,
      format: 'json',
      state: longState,
    });
    expect(await unpackedInBrowser(doc)).toEqual({
      week: 40,
      updated_at: 5,
      format: 'json',
      state: longState,
    });
  });

  it('leaves a plain or missing document as it is', async () => {
    const plain = { week: 2, state: '{"week":2}' };
    expect(unpackedState(plain)).toBe(plain);
    expect(await unpackedInBrowser(plain)).toBe(plain);
    expect(unpackedState(undefined)).toBeUndefined();
    // A format it does not know is not unpacked: the state readers then refuse or fail on it.
    const other = { state: 'x', format: 'brotli' };
    expect(unpackedState(other)).toBe(other);
    expect(await unpackedInBrowser(other)).toBe(other);
  });
});
