import { describe, expect, it } from 'vitest';
import { flowColumns, flowFitsAcross } from '@/features/games/beer/map-flow';

const f = (id: string, clients: string[] = []) => ({ id, clients });
const ids = (columns: { id: string }[][]) => columns.map((c) => c.map((x) => x.id));

describe('the map along the flow', () => {
  it('puts a chain in order from the consumers: retailer, wholesaler, distributor, factory', () => {
    // Stored downstream first, but on a U of the 3×3 map: the order of the flow decides.
    const chain = [
      f('retailer'),
      f('wholesaler', ['retailer']),
      f('distributor', ['wholesaler']),
      f('factory', ['distributor']),
    ];
    expect(ids(flowColumns(chain))).toEqual([
      ['retailer'],
      ['wholesaler'],
      ['distributor'],
      ['factory'],
    ]);
    expect(ids(flowColumns([...chain].reverse()))).toEqual([
      ['retailer'],
      ['wholesaler'],
      ['distributor'],
      ['factory'],
    ]);
  });

  it('stacks facilities at the same distance: two retailers of one distributor', () => {
    const network = [
      f('north'),
      f('south'),
      f('distributor', ['north', 'south']),
      f('factory', ['distributor']),
    ];
    expect(ids(flowColumns(network))).toEqual([['north', 'south'], ['distributor'], ['factory']]);
    // A supplier of a retailer and of a wholesaler stands after the wholesaler.
    const uneven = [f('shop'), f('depot', ['shop']), f('plant', ['shop', 'depot'])];
    expect(ids(flowColumns(uneven))).toEqual([['shop'], ['depot'], ['plant']]);
  });

  it('ignores unknown clients and survives a loop', () => {
    expect(ids(flowColumns([f('a', ['ghost']), f('b', ['a'])]))).toEqual([['a'], ['b']]);
    const loop = flowColumns([f('a', ['b']), f('b', ['a'])]);
    expect(
      loop
        .flat()
        .map((x) => x.id)
        .sort(),
    ).toEqual(['a', 'b']);
  });

  it('runs across when the columns fit, top to bottom otherwise', () => {
    expect(flowFitsAcross(4, 1200)).toBe(true);
    expect(flowFitsAcross(4, 358)).toBe(false);
    expect(flowFitsAcross(8, 900)).toBe(false);
  });
});
