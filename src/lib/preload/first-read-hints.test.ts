import { describe, expect, it } from 'vitest';
import {
  FIRST_READ_HINTS_KEY,
  firstReadHints,
  readFirstReadHints,
  rememberFirstReads,
  withFirstReads,
} from '@/lib/preload/first-read-hints';
import { memoryStorage } from '@/lib/storage/memory-storage';

describe('first read hints', () => {
  it('remembers the documents a page read first, and gives them back for that page only', () => {
    const store = memoryStorage();
    rememberFirstReads('/game/g1/play', ['games/g1', 'games/g1/facilities/wholesaler'], store);
    expect(firstReadHints('/game/g1/play', store)).toEqual([
      'games/g1',
      'games/g1/facilities/wholesaler',
    ]);
    expect(firstReadHints('/game/g1/intro', store)).toEqual([]);
  });

  it('keeps the newest pages and a few documents each', () => {
    let hints = {};
    for (let i = 0; i < 25; i++) hints = withFirstReads(hints, `/game/g${i}/play`, [`games/g${i}`]);
    expect(Object.keys(hints)).toHaveLength(20);
    expect(Object.keys(hints)[0]).toBe('/game/g5/play');
    const many = Array.from({ length: 12 }, (_, i) => `games/g${i}`);
    expect(withFirstReads({}, '/x', [...many, 'games/g0'])['/x']).toHaveLength(8);
    // Read again, a page moves to the newest place.
    expect(Object.keys(withFirstReads(hints, '/game/g5/play', ['games/g5'])).at(-1)).toBe(
      '/game/g5/play',
    );
  });

  it('leaves out what is not a page and a document path, whatever the storage holds', () => {
    // JSON with an own `__proto__` key, as a hostile script could store it.
    const stored = `{"__proto__":["games/g1"],${JSON.stringify({
      '/game/g1/play': ['games/g1', '../users/x', 'games', 'games/g1/facilities', 42, 'a/b/c/d'],
      'not-a-page': ['games/g1'],
      '/game/g2/play': 'games/g2',
    }).slice(1)}`;
    expect(readFirstReadHints(stored)).toEqual({ '/game/g1/play': ['games/g1', 'a/b/c/d'] });
    expect(readFirstReadHints('{oops')).toEqual({});
    expect(readFirstReadHints('[]')).toEqual({});
    const store = memoryStorage();
    store.setItem(FIRST_READ_HINTS_KEY, stored);
    expect(firstReadHints('__proto__', store)).toEqual([]);
  });
});
