import { describe, expect, it } from 'vitest';
import { memoryStorage, refusingStorage } from '@/lib/storage/memory-storage';
import { frameGameName, GAME_NAMES_KEY, rememberGameName } from '@/prerender/frame-name';

/** The function as app.html runs it: its text alone, nothing of this module around it. */
const inline = new Function(`return (${frameGameName.toString()})`)() as typeof frameGameName;

describe('the game name on a play page’s frame', () => {
  it('shows the name a play page remembered, on that game’s play page only', () => {
    const store = memoryStorage();
    rememberGameName('g1', 'Friday beer game', store);
    rememberGameName('g2', '  Lean cell  ', store);
    const stored = store.getItem(GAME_NAMES_KEY);
    for (const read of [frameGameName, inline]) {
      expect(read('/game/g1/play', stored)).toBe('Friday beer game');
      expect(read('/game/g1/play/', stored)).toBe('Friday beer game');
      expect(read('/game/g2/play', stored)).toBe('Lean cell');
      // The frame's heading is the play page's: the other game pages lay out otherwise.
      expect(read('/game/g1/intro', stored)).toBeNull();
      expect(read('/game/g1', stored)).toBeNull();
      expect(read('/game/g3/play', stored)).toBeNull();
      expect(read('/game/g1/play', null)).toBeNull();
    }
  });

  it('keeps the ten latest games, a renamed game once, and nothing blank', () => {
    const store = memoryStorage();
    for (let i = 1; i <= 12; i += 1) rememberGameName(`g${i}`, `Game ${i}`, store);
    rememberGameName('g12', 'Renamed', store);
    rememberGameName('g5', '   ', store);
    rememberGameName('', 'No id', store);
    const stored = store.getItem(GAME_NAMES_KEY);
    const kept = JSON.parse(stored ?? '[]') as { id: string }[];
    expect(kept.map((entry) => entry.id)).toEqual([
      'g12',
      'g11',
      'g10',
      'g9',
      'g8',
      'g7',
      'g6',
      'g5',
      'g4',
      'g3',
    ]);
    expect(frameGameName('/game/g12/play', stored)).toBe('Renamed');
    expect(frameGameName('/game/g2/play', stored)).toBeNull();
  });

  it('shows nothing from a stored value it did not write', () => {
    const read = (stored: string) => [
      frameGameName('/game/g1/play', stored),
      inline('/game/g1/play', stored),
    ];
    expect(read('not json')).toEqual([null, null]);
    expect(read('{"g1":"Object, not a list"}')).toEqual([null, null]);
    expect(read('[{"id":"g1","name":42}]')).toEqual([null, null]);
    expect(read('[{"id":"g1","name":""}]')).toEqual([null, null]);
    expect(read(JSON.stringify([{ id: 'g1', name: 'x'.repeat(201) }]))).toEqual([null, null]);
    expect(read('[null,{"id":"g1","name":"Found"}]')).toEqual(['Found', 'Found']);
    // A path that does not decode is no game.
    expect(frameGameName('/game/%E0%A4%A/play', '[{"id":"g1","name":"x"}]')).toBeNull();
  });

  it('changes nothing where storage refuses', () => {
    const refusing = refusingStorage();
    expect(() => rememberGameName('g1', 'Friday', refusing)).not.toThrow();
    expect(() => rememberGameName('g1', 'Friday', null)).not.toThrow();
  });
});
