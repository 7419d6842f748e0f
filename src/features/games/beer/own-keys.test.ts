/** Ids read from documents never reach the properties every object inherits. */
import { afterEach, describe, expect, it } from 'vitest';
import { parseBeerGame, withWeights } from '@/features/games/beer/game-model';
import { ownEntry, ownOrAdd } from '@/lib/own';

const objectStatics = Object as unknown as Record<string, unknown>;

afterEach(() => {
  // Clean up after a failing run, so one failure does not spill into other tests.
  delete objectStatics['beer'];
  delete (Object.prototype as Record<string, unknown>)['beer'];
});

describe('ids named after inherited properties', () => {
  it('allocations for a supplier named constructor stay in the game, not on Object', () => {
    const game = parseBeerGame('g1', {
      facilities: {},
      allocations: { constructor: { beer: { retailer: 1 } }, toString: { beer: { a: 2 } } },
    });
    expect(objectStatics['beer']).toBeUndefined();
    expect(game.allocations).toEqual({
      constructor: { beer: { retailer: 1 } },
      toString: { beer: { a: 2 } },
    });
    expect(Object.hasOwn(game.allocations ?? {}, 'constructor')).toBe(true);
  });

  it('changing the weights of a supplier named valueOf keeps them its own', () => {
    const next = withWeights(null, 'valueOf', 'beer', { retailer: 3 });
    expect(next).toEqual({ valueOf: { beer: { retailer: 3 } } });
    expect(Object.hasOwn(next ?? {}, 'valueOf')).toBe(true);
  });

  it('ownEntry finds only own entries; ownOrAdd never writes through __proto__', () => {
    const map: Record<string, number> = { a: 1 };
    expect(ownEntry(map, 'a')).toBe(1);
    expect(ownEntry(map, 'constructor')).toBeUndefined();
    expect(ownEntry(map, 'toString')).toBeUndefined();
    expect(ownEntry(null, 'a')).toBeUndefined();
    const nested: Record<string, Record<string, number>> = {};
    ownOrAdd<Record<string, number>>(nested, '__proto__', () => ({}))['beer'] = 1;
    expect(Object.getPrototypeOf(nested)).toBe(Object.prototype);
    expect((Object.prototype as Record<string, unknown>)['beer']).toBeUndefined();
    expect(Object.keys(nested)).toEqual(['__proto__']);
  });
});
