import { describe, expect, it } from 'vitest';
import { readKnownGameTypes, withKnownGameType } from '@/lib/preload/known-game-types';

describe('known game types', () => {
  it('reads only well-formed entries', () => {
    expect(readKnownGameTypes(null)).toEqual({});
    expect(readKnownGameTypes('{oops')).toEqual({});
    expect(readKnownGameTypes('["beer"]')).toEqual({});
    expect(
      readKnownGameTypes(JSON.stringify({ g1: 'beer', g2: 7, g3: '../x', g4: 'lean' })),
    ).toEqual({ g1: 'beer', g4: 'lean' });
    // A hostile id stays an own entry and changes no object's prototype.
    const known = readKnownGameTypes('{"__proto__":"beer","g1":"lean"}');
    expect(Object.getPrototypeOf(known)).toBe(Object.prototype);
    expect(Object.hasOwn(known, '__proto__')).toBe(true);
    expect(Object.keys(known)).toEqual(['__proto__', 'g1']);
  });

  it('keeps the newest twenty, the game shown last at the end', () => {
    let known: Record<string, string> = {};
    for (let i = 0; i < 25; i += 1) known = withKnownGameType(known, `g${i}`, 'beer');
    expect(Object.keys(known)).toHaveLength(20);
    expect(Object.keys(known)[0]).toBe('g5');
    known = withKnownGameType(known, 'g7', 'lean');
    expect(Object.keys(known).at(-1)).toBe('g7');
    expect(known['g7']).toBe('lean');
    expect(Object.keys(known)).toHaveLength(20);
    expect(withKnownGameType(known, 'g99', 'Not A Type')).toBe(known);
  });
});
