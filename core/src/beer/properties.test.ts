import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BeerState, WeekOrders } from './engine';
import { advanceWeek, compile, createGame } from './engine';
import type { BeerGameInput, CapabilityType, DemandPattern, FacilityInput } from './model';
import type { Policy } from './policies';
import { mulberry32 } from './random';
import { simulate, simulateStepwise } from './simulate';

/** A random valid network of 2–8 facilities and 1–3 products, from a seed. */
function randomNetwork(seed: number): BeerGameInput {
  const r = mulberry32(seed);
  const int = (a: number, b: number) => a + Math.floor(r() * (b - a + 1));
  const pick = <T>(xs: readonly T[]) => xs[int(0, xs.length - 1)] as T;
  const half = (a: number, b: number) => int(a * 2, b * 2) / 2;
  const n = int(2, 8);
  const products = ['p0', 'p1', 'p2'].slice(0, int(1, 3));
  const ids = Array.from({ length: n }, (_, i) => `f${i}`);
  const holds = ids.map((_, i) => (i === n - 1 ? products : products.filter(() => r() < 0.7)));
  holds.forEach((h, i) => {
    if (h.length === 0) holds[i] = [pick(products)];
  });
  const facilities: Record<string, FacilityInput> = {};
  ids.forEach((id, i) => {
    const pdata: FacilityInput['pdata'] = {};
    const capabilities: NonNullable<FacilityInput['capabilities']> = {};
    for (const pid of holds[i]!) {
      pdata[pid] = {
        stock: int(0, 20),
        backlog: r() < 0.1 ? int(0, 5) : 0,
        allowBacklog: r() < 0.7,
        maxShipQty: r() < 0.3 ? int(1, 30) : 0,
        unitPrice: half(0, 5),
        stockCost: half(0, 2),
        backlogCost: half(0, 3),
        missedSaleCost: half(0, 3),
      };
      const suppliers = ids.filter((_, j) => j > i && holds[j]!.includes(pid));
      const count = suppliers.length > 0 && r() < 0.2 ? 2 : 1;
      for (let c = 0; c < count; c++) {
        const type: CapabilityType =
          suppliers.length === 0 || r() < 0.2 ? 'production' : 'purchase';
        const leadtime = int(2, 6);
        capabilities[`${pid}-${c}`] = {
          pid,
          type,
          ...(type === 'purchase' ? { from: pick(suppliers) } : {}),
          leadtime,
          ordertime: int(1, leadtime - 1),
          startOrders: int(0, 8),
          moq: r() < 0.2 ? int(1, 10) : 0,
          batchSize: r() < 0.2 ? int(1, 6) : 0,
          maxOrderQty: r() < 0.2 ? int(5, 40) : 0,
          leadtimeVariability: r() < 0.3 ? int(1, 2) : 0,
          productionCost: half(0, 2),
          visibleWeeks: int(0, 6),
        };
      }
    }
    facilities[id] = { id, pdata, capabilities };
  });
  const patterns: DemandPattern[] = [
    Array.from({ length: int(1, 10) }, () => int(0, 15)),
    { type: 'step', initial: int(0, 8), final: int(0, 16), week: int(1, 10) },
    { type: 'uniform', min: 0, max: int(0, 15) },
    { type: 'normal', mean: int(0, 12), sd: int(0, 4) },
  ];
  return {
    params: {
      weeks: int(5, 30),
      consumerDemand: pick(patterns),
      productsConsumerDemand: r() < 0.5 ? { p0: pick(patterns) } : {},
      forcedOrderWeeks: r() < 0.3 ? int(1, 4) : 0,
      seed: int(0, 1e6),
      transparent: r() < 0.3,
    },
    facilities,
    ...(r() < 0.3
      ? { allocations: { [`f${n - 1}`]: { p0: { f0: int(0, 3), f1: int(0, 3) } } } }
      : {}),
  };
}

/** Random orders for a week (some fractional or negative, to go through the order rules). */
function randomOrders(state: BeerState, seed: number): WeekOrders {
  const r = mulberry32(seed * 7919 + state.week);
  const orders: WeekOrders = {};
  for (const cf of compile(state.game).facilities) {
    if (r() < 0.1) continue;
    const o: Record<string, number> = {};
    for (const c of cf.caps) o[c.id] = r() < 0.1 ? -3 : Math.round(r() * 300) / 10;
    orders[cf.id] = o;
  }
  return orders;
}

function play(input: BeerGameInput, ordersSeed: number, visit?: (s: BeerState) => void): BeerState {
  let s: BeerState = createGame(input);
  visit?.(s);
  while (s.status === 'running') {
    s = advanceWeek(s, randomOrders(s, ordersSeed));
    visit?.(s);
  }
  return s;
}

/** Units in stock and in transit, per product. */
function unitsHeld(s: BeerState): Map<string, number> {
  const m = new Map<string, number>();
  const model = compile(s.game);
  model.facilities.forEach((cf, fi) => {
    const fs = s.facilities[fi]!;
    cf.pids.forEach((pid, p) => m.set(pid, (m.get(pid) ?? 0) + fs.products[p]!.stock));
    cf.caps.forEach((c, ci) => {
      const t = fs.capabilities[ci]!.transit.reduce((a, b) => a + b, 0);
      m.set(c.pid, (m.get(c.pid) ?? 0) + t);
    });
  });
  return m;
}

const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });
const RUNS = { numRuns: 60 };

describe('properties over random networks and orders', () => {
  it('BEER-WEEK-1 BEER-SHIP-1: units are conserved: stock + transit = start + produced − sold to consumers', () => {
    fc.assert(
      fc.property(seeds, seeds, (netSeed, orderSeed) => {
        const input = randomNetwork(netSeed);
        let start: Map<string, number> | null = null;
        const produced = new Map<string, number>();
        const sold = new Map<string, number>();
        play(input, orderSeed, (s) => {
          const rec = s.current ?? s.history[s.history.length - 1];
          const model = compile(s.game);
          if (s.current) {
            // Count this week's production starts and consumer sales once.
            model.facilities.forEach((cf, fi) => {
              const fw = s.current!.facilities[fi]!;
              cf.caps.forEach((c, ci) => {
                if (c.type === 'production') {
                  produced.set(c.pid, (produced.get(c.pid) ?? 0) + fw.capabilities[ci]!.supplied);
                }
              });
              cf.pids.forEach((pid, p) => {
                if (cf.demand[p] !== null)
                  sold.set(pid, (sold.get(pid) ?? 0) + fw.products[p]!.shipped);
              });
            });
          }
          expect(rec).toBeDefined();
          const held = unitsHeld(s);
          if (start === null) {
            // Week 1 has already run: take it back out to get the start.
            start = new Map(
              [...held].map(([pid, q]) => [
                pid,
                q - (produced.get(pid) ?? 0) + (sold.get(pid) ?? 0),
              ]),
            );
          }
          for (const [pid, q] of held) {
            expect(q).toBe((start.get(pid) ?? 0) + (produced.get(pid) ?? 0) - (sold.get(pid) ?? 0));
          }
          // Nothing negative anywhere.
          for (const f of s.facilities) {
            for (const p of f.products) {
              expect(p.stock).toBeGreaterThanOrEqual(0);
              for (const o of p.owed) expect(o).toBeGreaterThanOrEqual(0);
            }
            for (const c of f.capabilities)
              for (const q of [...c.mail, ...c.transit]) expect(q).toBeGreaterThanOrEqual(0);
          }
        });
        // Start: initial stock plus every transit slot filled with startOrders.
        const g = createGame(input);
        const expectStart = new Map<string, number>();
        for (const f of Object.values(input.facilities)) {
          for (const [pid, d] of Object.entries(f.pdata))
            expectStart.set(pid, (expectStart.get(pid) ?? 0) + (d.stock ?? 12));
          for (const c of Object.values(f.capabilities ?? {})) {
            const slots = (c.leadtime ?? 3) - (c.ordertime ?? 1);
            expectStart.set(c.pid, (expectStart.get(c.pid) ?? 0) + slots * (c.startOrders ?? 4));
          }
        }
        expect(g.week).toBe(1);
        for (const [pid, q] of expectStart) expect(start!.get(pid)).toBe(q);
      }),
      RUNS,
    );
  });

  it('BEER-SHIP-4: what suppliers ship to facilities is what their clients see supplied, week by week', () => {
    fc.assert(
      fc.property(seeds, seeds, (netSeed, orderSeed) => {
        const end = play(randomNetwork(netSeed), orderSeed);
        const model = compile(end.game);
        for (const r of end.history) {
          model.facilities.forEach((cf, fi) => {
            cf.pids.forEach((pid, p) => {
              const slots = cf.slots[p]!;
              if (slots.length === 1 && slots[0]!.fac < 0) return;
              let toClients = 0;
              for (const sl of slots)
                toClients += r.facilities[sl.fac]!.capabilities[sl.cap]!.supplied;
              expect(toClients).toBe(r.facilities[fi]!.products[p]!.shipped);
              expect(pid).toBeTypeOf('string');
            });
          });
        }
      }),
      RUNS,
    );
  });

  it('BEER-COST-1..5: costs are never negative and cumulative cost never falls', () => {
    fc.assert(
      fc.property(seeds, seeds, (netSeed, orderSeed) => {
        const end = play(randomNetwork(netSeed), orderSeed);
        const last = new Map<string, number>();
        for (const r of end.history) {
          for (const f of r.facilities) {
            expect(f.cost).toBeGreaterThanOrEqual(0);
            for (const p of f.products) {
              for (const v of [
                p.holdingCost,
                p.backlogCost,
                p.missedSaleCost,
                p.productionCost,
                p.purchaseCost,
                p.revenue,
              ]) {
                expect(v).toBeGreaterThanOrEqual(0);
              }
            }
            expect(f.cumCost).toBeGreaterThanOrEqual(last.get(f.id) ?? 0);
            last.set(f.id, f.cumCost);
          }
        }
      }),
      RUNS,
    );
  });

  it('BEER-RND-1: the same seed gives the same run, also through JSON', () => {
    fc.assert(
      fc.property(seeds, seeds, (netSeed, orderSeed) => {
        const input = randomNetwork(netSeed);
        const a = play(input, orderSeed);
        expect(play(input, orderSeed)).toEqual(a);
        let s: BeerState = createGame(input);
        for (let k = 0; k < 3 && s.status === 'running'; k++)
          s = advanceWeek(s, randomOrders(s, orderSeed));
        let t = JSON.parse(JSON.stringify(s)) as BeerState;
        while (t.status === 'running') t = advanceWeek(t, randomOrders(t, orderSeed));
        expect(t).toEqual(a);
      }),
      { numRuns: 30 },
    );
  });

  it('BEER-WEEK-2: a week never reads the future: runs that agree up to week k agree on every state up to k', () => {
    fc.assert(
      fc.property(
        seeds,
        seeds,
        seeds,
        fc.integer({ min: 1, max: 10 }),
        (netSeed, seedA, seedB, k) => {
          const input = randomNetwork(netSeed);
          let a: BeerState = createGame(input);
          let b: BeerState = createGame(input);
          for (let w = 1; w <= k && a.status === 'running' && b.status === 'running'; w++) {
            const o = randomOrders(a, seedA);
            a = advanceWeek(a, o);
            b = advanceWeek(b, o);
          }
          expect(b).toEqual(a);
          const prefix = a.history.length;
          while (a.status === 'running') a = advanceWeek(a, randomOrders(a, seedA));
          while (b.status === 'running') b = advanceWeek(b, randomOrders(b, seedB));
          expect(b.history.slice(0, prefix)).toEqual(a.history.slice(0, prefix));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('simulate (in place) equals advanceWeek week by week for every policy', () => {
    const policies: Policy[] = [
      { kind: 'anchor', theta: 0.36, alpha: 0.26, beta: 0.34 },
      { kind: 'orderupto' },
      { kind: 'passthrough' },
      { kind: 'constant', quantity: 3 },
      { kind: 'spec' },
    ];
    fc.assert(
      fc.property(seeds, fc.constantFrom(...policies), (netSeed, policy) => {
        const input = randomNetwork(netSeed);
        expect(simulate(input, policy)).toEqual(simulateStepwise(input, policy));
      }),
      { numRuns: 40 },
    );
  });
});
