/**
 * Ids are looked up only as own keys: a facility, product or client named after a property of
 * `Object.prototype` ('constructor', 'toString', 'valueOf'…) is an ordinary id, never the
 * inherited property.
 */
import { describe, expect, it } from 'vitest';
import { advanceWeek, createGame } from './engine';
import { weekOrders } from './game-docs';
import { normalizeGame, validateGame, type BeerGameInput } from './model';
import { oneToTwo, running, twoStage } from './testing';

/** The same game with its facility ids renamed (references in `from` follow). */
function renamed(input: BeerGameInput, names: Record<string, string>): BeerGameInput {
  const to = (id: string): string => (Object.hasOwn(names, id) ? (names[id] as string) : id);
  const facilities: BeerGameInput['facilities'] = {};
  for (const [id, f] of Object.entries(input.facilities)) {
    const capabilities = Object.fromEntries(
      Object.entries(f.capabilities ?? {}).map(([cid, c]) => [
        cid,
        c.from === undefined ? c : { ...c, from: to(c.from) },
      ]),
    );
    Object.defineProperty(facilities, to(id), {
      value: { ...f, id: to(id), capabilities },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { ...input, facilities };
}

describe('ids named after prototype properties', () => {
  const keys = (input: BeerGameInput) => validateGame(normalizeGame(input)).map((i) => i.key);

  it('a capability of an unknown product named toString is reported', () => {
    const g = twoStage();
    g.facilities['shop']!.capabilities!['buy']!.pid = 'toString';
    expect(keys(g)).toContain('beer.capability.unknownProduct');
  });

  it('a purchase from a facility named constructor that does not exist is reported', () => {
    const g = twoStage();
    g.facilities['shop']!.capabilities!['buy']!.from = 'constructor';
    expect(() => keys(g)).not.toThrow();
    expect(keys(g)).toContain('beer.capability.unknownSupplier');
  });

  it('a facility named constructor that did not validate gets the computer order', () => {
    const g = renamed(twoStage({ weeks: 4 }), { shop: 'constructor', plant: 'valueOf' });
    const state = running(createGame(g));
    const orders = weekOrders(state, {}, { kind: 'constant', quantity: 7 });
    expect(Object.hasOwn(orders, 'constructor')).toBe(true);
    expect(orders['constructor']).toEqual({ buy: 7 });
    const next = advanceWeek(state, orders);
    const shop = next.history.at(-1)?.facilities.find((f) => f.id === 'constructor');
    expect(shop?.capabilities[0]?.requested).toBe(7);
  });

  it('manual weights without an entry for a client named constructor give it only the rest', () => {
    const g = renamed(oneToTwo(), { a: 'constructor' });
    g.allocations = { w: { p: { b: 1 } } };
    const s = createGame(g);
    // Week 1 is the current week of a new game.
    const supplied = (fid: string) =>
      s.current?.facilities.find((f) => f.id === fid)?.capabilities[0]?.supplied;
    // As BEER-SHIP-3 with weights {a: 0, b: 1}: b takes what it can, the other gets the rest.
    expect(supplied('b')).toBe(3);
    expect(supplied('constructor')).toBe(1);
  });
});
