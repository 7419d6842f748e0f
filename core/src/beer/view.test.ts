import { describe, expect, it } from 'vitest';
import { createGame } from './engine';
import { classicGame } from './presets';
import { advanceN, twoStage } from './testing';
import { playerView } from './view';

describe('what a player may see (BEER-VIS-*)', () => {
  const input = classicGame({ demand: { type: 'uniform', min: 0, max: 12 }, seed: 99 });
  const s = advanceN(createGame(input), 6, { retailer: { 'retailer-beer': 8 } });

  it('BEER-VIS-1: the creator and observers see every facility in full', () => {
    const v = playerView(s, null);
    expect(v.details.map((d) => d.id)).toEqual([
      'retailer',
      'wholesaler',
      'distributor',
      'factory',
    ]);
    expect(v.details[1]!.capabilities[0]!.arriving).toEqual(
      s.facilities[1]!.capabilities[0]!.transit,
    );
  });

  it('BEER-VIS-2: a player sees its own facility, its week and its history', () => {
    const v = playerView(s, 'wholesaler');
    expect(v.details).toHaveLength(1);
    const own = v.details[0]!;
    expect(own.id).toBe('wholesaler');
    expect(own.current).toEqual(s.current!.facilities[1]);
    expect(own.history).toHaveLength(6);
    expect(own.products[0]!.owed).toEqual([
      { to: 'retailer', quantity: s.facilities[1]!.products[0]!.owed[0] },
    ]);
    expect(own.cumCost).toBe(s.facilities[1]!.cumCost);
  });

  it('BEER-VIS-3: own pipeline only up to visibleWeeks; the total on order is shown', () => {
    const g = twoStage({ buy: { leadtime: 6, ordertime: 1, startOrders: 3, visibleWeeks: 2 } });
    const t = createGame(g);
    const own = playerView(t, 'shop').details[0]!;
    expect(own.capabilities[0]!.arriving).toEqual([3, 3]);
    expect(own.capabilities[0]!.onOrder).toBe(15);
    const none = createGame(twoStage({ buy: { visibleWeeks: 0, startOrders: 3 } }));
    expect(playerView(none, 'shop').details[0]!.capabilities[0]!.arriving).toEqual([]);
  });

  it('BEER-VIS-4: others show only their identity unless the game is transparent', () => {
    const v = playerView(s, 'retailer');
    expect(v.facilities.map((f) => f.id)).toEqual([
      'retailer',
      'wholesaler',
      'distributor',
      'factory',
    ]);
    expect(v.details.map((d) => d.id)).toEqual(['retailer']);
    expect(JSON.stringify(v)).not.toContain('"distributor-beer"');
    const open = classicGame();
    open.params = { ...open.params, transparent: true };
    const o = playerView(advanceN(createGame(open), 3), 'retailer');
    expect(o.transparent).toBe(true);
    expect(o.details.map((d) => d.id)).toEqual([
      'retailer',
      'wholesaler',
      'distributor',
      'factory',
    ]);
  });

  it("BEER-VIS-4: a transparent game shows every facility's figures, pipelines within the visible weeks", () => {
    const open = classicGame({ demand: { type: 'uniform', min: 0, max: 12 }, seed: 7 });
    open.params = { ...open.params, transparent: true };
    for (const f of Object.values(open.facilities)) {
      for (const c of Object.values(f.capabilities ?? {})) c.visibleWeeks = 1;
    }
    const t = advanceN(createGame(open), 5, { distributor: { 'distributor-beer': 11 } });
    const v = playerView(t, 'retailer');
    const all = playerView(t, null);
    v.details.forEach((d, fi) => {
      const full = all.details[fi]!;
      expect(d.id).toBe(full.id);
      // Stock, backlog, this week's orders, the history of orders and the cost, as they stand.
      expect(d.products).toEqual(full.products);
      expect(d.current).toEqual(full.current);
      expect(d.history).toEqual(full.history);
      expect(d.cumCost).toBe(full.cumCost);
      // The pipeline: only the next visible week, the total on order in full.
      expect(d.capabilities[0]!.arriving).toEqual(full.capabilities[0]!.arriving.slice(0, 1));
      expect(d.capabilities[0]!.onOrder).toBe(full.capabilities[0]!.onOrder);
    });
    expect(all.details[2]!.capabilities[0]!.arriving.length).toBeGreaterThan(1);
    expect(v.details[2]!.history.map((h) => h.capabilities[0]!.ordered)).toContain(11);
    // The same game without transparency: nothing of the others but their identity.
    const blind = createGame({ ...open, params: { ...open.params, transparent: false } });
    const b = playerView(
      advanceN(blind, 5, { distributor: { 'distributor-beer': 11 } }),
      'retailer',
    );
    expect(b.details.map((d) => d.id)).toEqual(['retailer']);
    const others = JSON.stringify({ ...b, details: [] });
    expect(others).not.toMatch(/stock|backlog|arriving|onOrder|history|cumCost/);
  });

  it('BEER-VIS-5: no view carries the seed or the demand pattern', () => {
    for (const viewer of [null, 'retailer', 'factory']) {
      const json = JSON.stringify(playerView(s, viewer));
      expect(json).not.toContain('seed');
      expect(json).not.toContain('uniform');
      expect(json).not.toContain('consumerDemand');
    }
    expect(() => playerView(s, 'nobody')).toThrow();
  });
});
