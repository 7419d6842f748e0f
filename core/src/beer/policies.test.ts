import { describe, expect, it } from 'vitest';
import type { BeerState } from './engine';
import { createGame, supplyLine } from './engine';
import { debriefMetrics } from './metrics';
import type { Policy } from './policies';
import { decideOrders, STERMAN_MEAN } from './policies';
import { classicGame } from './presets';
import { simulate } from './simulate';
import { advanceN, running, twoStage } from './testing';

function at(s: BeerState) {
  const r = running(s);
  const p = r.current.facilities[0]!.products[0]!;
  return { r, p, sl: supplyLine(r, 0, 0) };
}

describe('computer players (BEER-AI-*)', () => {
  it('BEER-AI-1: anchoring and adjustment: max(0, round(L̂ + α(S′ − (stock − backlog) − β·supply line))), L̂ smoothed with θ from startOrders', () => {
    // Shop: stock 12, demand 10 then 2; start orders 4.
    let s: BeerState = createGame(twoStage({ demand: [10, 2], buy: { startOrders: 4 } }));
    s = advanceN(s, 1, { shop: { buy: 0 } });
    const { r, p, sl } = at(s);
    const policy: Policy = { kind: 'anchor', theta: 0.5, alpha: 0.5, beta: 0.5, sprime: 30 };
    // L̂: 4 → 0.5·10 + 0.5·4 = 7 → 0.5·2 + 0.5·7 = 4.5
    const expected = 4.5 + 0.5 * (30 - (p.stock - p.backlog) - 0.5 * sl);
    expect(decideOrders(r, 'shop', policy)).toEqual({ buy: Math.max(0, Math.round(expected)) });
    expect(
      decideOrders(r, 'shop', { kind: 'anchor', theta: 0, alpha: 1, beta: 1, sprime: 0 }),
    ).toEqual({ buy: 0 });
  });

  it('BEER-AI-2: order-up-to orders level − (stock − backlog + supply line), by default up to stock + startOrders × lead time', () => {
    const s = createGame(twoStage({ demand: [10], buy: { startOrders: 4 } }));
    const { r, p, sl } = at(s);
    expect(decideOrders(r, 'shop', { kind: 'orderupto', level: 40 })).toEqual({
      buy: 40 - (p.stock - p.backlog) - sl,
    });
    // Equilibrium: stock 12, 4 a week, lead time 4 → 12 + 16 = 28 keeps ordering 4.
    const eq = createGame(twoStage({ demand: [4], buy: { startOrders: 4 } }));
    expect(decideOrders(eq, 'shop', { kind: 'orderupto' })).toEqual({ buy: 4 });
  });

  it('BEER-AI-3: pass-through orders what was ordered from it this week', () => {
    const s = createGame(twoStage({ demand: [9] }));
    expect(decideOrders(s, 'shop', { kind: 'passthrough' })).toEqual({ buy: 9 });
    expect(decideOrders(s, 'plant', { kind: 'passthrough' })).toEqual({ make: 0 });
  });

  it('BEER-AI-4: constant orders the same quantity every week', () => {
    const end = simulate(twoStage({ demand: [9] }), { kind: 'constant', quantity: 5 });
    expect(
      end.history.every((r) => r.facilities.every((f) => f.capabilities[0]!.ordered === 5)),
    ).toBe(true);
  });

  it('BEER-AI-5: the product rule: objective − stock + 1.5·backlog + lead time × 3-week average − incoming; 1.0 and the average since the start when transparent', () => {
    const demand = [2, 4, 6, 20];
    const make = (transparent: boolean) =>
      running(advanceN(createGame(twoStage({ demand, transparent, buy: { startOrders: 4 } })), 3));
    const opaque = make(false);
    const { p, sl } = at(opaque);
    expect(p.backlog).toBeGreaterThan(0);
    const q3 = 12 - p.stock + 1.5 * p.backlog + 4 * ((4 + 6 + 20) / 3) - sl;
    expect(decideOrders(opaque, 'shop', { kind: 'spec' })).toEqual({ buy: Math.round(q3) });
    const clear = make(true);
    const c = at(clear);
    const qt = 12 - c.p.stock + 1 * c.p.backlog + 4 * ((2 + 4 + 6 + 20) / 4) - c.sl;
    expect(decideOrders(clear, 'shop', { kind: 'spec' })).toEqual({ buy: Math.round(qt) });
  });

  it("BEER-AI-6: under Sterman's mean fitted parameters the bullwhip ratio rises from retailer to factory", () => {
    for (const demand of [
      undefined,
      { type: 'normal', mean: 8, sd: 2 } as const,
      { type: 'uniform', min: 2, max: 10 } as const,
    ]) {
      const m = debriefMetrics(
        simulate(classicGame(demand ? { demand, seed: 5 } : {}), STERMAN_MEAN),
      );
      const ratios = m.variability.facilities.map((f) => f.bullwhip as number);
      expect(ratios[0]).toBeGreaterThan(1);
      for (let i = 1; i < ratios.length; i++) expect(ratios[i]).toBeGreaterThan(ratios[i - 1]!);
    }
  });

  it('BEER-AI-7: a product bought through several capabilities has its order split evenly, the first taking the remainder', () => {
    const input = twoStage({ demand: [7] });
    input.facilities['shop']!.capabilities!['buy2'] = {
      pid: 'p',
      type: 'purchase',
      from: 'plant',
      leadtime: 4,
      ordertime: 2,
      startOrders: 0,
    };
    const s = createGame(input);
    expect(decideOrders(s, 'shop', { kind: 'passthrough' })).toEqual({ buy: 4, buy2: 3 });
  });

  it('a policy reads only the present: the same decision whatever the future demand', () => {
    const a = running(advanceN(createGame(twoStage({ demand: [4, 8, 3, 50, 50], weeks: 10 })), 2));
    const b = running(advanceN(createGame(twoStage({ demand: [4, 8, 3, 0, 0], weeks: 10 })), 2));
    for (const policy of [
      STERMAN_MEAN,
      { kind: 'spec' } as const,
      { kind: 'orderupto' } as const,
    ]) {
      expect(decideOrders(a, 'shop', policy)).toEqual(decideOrders(b, 'shop', policy));
    }
  });
});
