import { describe, expect, it } from 'vitest';
import type { BeerState, FacilityWeek, WeekRecord } from './engine';
import {
  advanceWeek,
  applyOrderRules,
  BeerConfigError,
  createGame,
  demandAt,
  facilityOrder,
  supplyLine,
} from './engine';
import { allocate } from './math';
import { normalizeGame, validateGame } from './model';
import { classicGame } from './presets';
import { advanceN, oneToTwo, running, twoStage } from './testing';

function fw(r: WeekRecord | null | undefined, id: string): FacilityWeek {
  const f = r?.facilities.find((x) => x.id === id);
  if (!f) throw new Error(`no record for ${id}`);
  return f;
}
function week(s: BeerState, w: number): WeekRecord {
  const r = w === s.week && s.current ? s.current : s.history[w - 1];
  if (!r || r.week !== w) throw new Error(`no week ${w}`);
  return r;
}
const prod = (s: BeerState, w: number, id: string) => fw(week(s, w), id).products[0]!;
const cap = (s: BeerState, w: number, id: string) => fw(week(s, w), id).capabilities[0]!;

describe('order of events (BEER-WEEK-*)', () => {
  it('BEER-WEEK-1: a week receives, takes orders, ships, then accounts on end-of-week stock', () => {
    // Shop: stock 12, receives 4 (start pipeline), consumers ask 10: 16 − 10 = 6 left.
    const s = createGame(twoStage({ demand: [10], buy: { startOrders: 4 } }));
    const p = prod(s, 1, 'shop');
    expect(p).toMatchObject({
      received: 4,
      incoming: 10,
      shipped: 10,
      stock: 6,
      backlog: 0,
      holdingCost: 3,
    });
  });

  it('BEER-WEEK-2: createGame plays steps 1–4 of week 1; advanceWeek adds the orders and plays the next week; the game ends after the last orders', () => {
    const s0 = createGame(twoStage({ weeks: 3 }));
    const before = JSON.stringify(s0);
    expect(s0.week).toBe(1);
    expect(s0.history).toHaveLength(0);
    expect(s0.current.week).toBe(1);
    const s1 = advanceWeek(s0, { shop: { buy: 7 } });
    expect(s1.week).toBe(2);
    expect(s1.history[0]!.facilities.find((f) => f.id === 'shop')!.capabilities[0]!.ordered).toBe(
      7,
    );
    const s3 = advanceN(s1, 2);
    expect(s3.status).toBe('finished');
    expect(s3.history.map((r) => r.week)).toEqual([1, 2, 3]);
    expect(advanceWeek(s3, { shop: { buy: 1 } })).toBe(s3);
    // Pure: the input state is untouched.
    expect(JSON.stringify(s0)).toBe(before);
  });
});

describe('start (BEER-START-*)', () => {
  it('BEER-START-1: ordertime mail slots and leadtime − ordertime transit slots hold startOrders', () => {
    let s: BeerState = createGame(twoStage({ buy: { startOrders: 4 }, make: { startOrders: 5 } }));
    s = advanceN(s, 5);
    const received = [1, 2, 3, 4, 5, 6].map((w) => cap(s, w, 'shop').received);
    expect(received).toEqual([4, 4, 4, 4, 0, 0]);
    const atPlant = [1, 2, 3].map((w) => prod(s, w, 'plant').incoming);
    expect(atPlant).toEqual([4, 4, 0]);
    expect([1, 2, 3].map((w) => cap(s, w, 'plant').received)).toEqual([5, 5, 0]);
    expect([1, 2].map((w) => cap(s, w, 'plant').supplied)).toEqual([5, 0]);
  });

  it('BEER-START-2: initial backlog is owed to the consumers; cumulative cost and revenue start from startMetrics', () => {
    const input = twoStage({ shop: { stock: 0, backlog: 5 } });
    input.facilities['shop']!.startMetrics = { stock: 0, backlog: 5, cost: 100, revenue: 40 };
    const s = createGame(input);
    expect(prod(s, 1, 'shop').backlog).toBe(5);
    expect(fw(s.current, 'shop').cumCost).toBe(105);
    expect(fw(s.current, 'shop').cumRevenue).toBe(40);
  });
});

describe('receiving (BEER-RCV-*)', () => {
  it('BEER-RCV-1: goods due this week are added to stock before shipping', () => {
    // Stock 0, 4 arriving, consumers ask 3: the arrival is shipped the same week.
    const s = createGame(twoStage({ shop: { stock: 0 }, buy: { startOrders: 4 }, demand: [3] }));
    expect(prod(s, 1, 'shop')).toMatchObject({ received: 4, shipped: 3, stock: 1, backlog: 0 });
  });
});

describe('orders (BEER-ORD-*)', () => {
  const none = { moq: 0, batchSize: 0, maxOrderQty: 0 };
  it('BEER-ORD-1: orders are rounded half away from zero and never negative', () => {
    expect(applyOrderRules(2.5, none)).toBe(3);
    expect(applyOrderRules(2.4999, none)).toBe(2);
    expect(applyOrderRules(3.5, none)).toBe(4);
    expect(applyOrderRules(-2.5, none)).toBe(0);
    expect(applyOrderRules(Number.NaN, none)).toBe(0);
    const s = advanceWeek(createGame(twoStage()), { shop: { buy: 6.5 } });
    expect(cap(s, 1, 'shop')).toMatchObject({ requested: 6.5, ordered: 7 });
  });

  it('BEER-ORD-2: a positive order below moq is raised to moq; 0 stays 0', () => {
    const c = { ...none, moq: 10 };
    expect(applyOrderRules(3, c)).toBe(10);
    expect(applyOrderRules(0, c)).toBe(0);
    expect(applyOrderRules(12, c)).toBe(12);
    const s = advanceWeek(createGame(twoStage({ buy: { moq: 10 } })), { shop: { buy: 3 } });
    expect(cap(s, 1, 'shop').ordered).toBe(10);
  });

  it('BEER-ORD-3: a positive order is rounded up to a multiple of batchSize', () => {
    expect(applyOrderRules(7, { ...none, batchSize: 6 })).toBe(12);
    expect(applyOrderRules(6, { ...none, batchSize: 6 })).toBe(6);
    expect(applyOrderRules(3, { ...none, batchSize: 6, moq: 10 })).toBe(12);
    const s = advanceWeek(createGame(twoStage({ buy: { batchSize: 5 } })), { shop: { buy: 11 } });
    expect(cap(s, 1, 'shop').ordered).toBe(15);
  });

  it('BEER-ORD-4: an order above maxOrderQty is cut to it (to a batch multiple when batches apply); 0 = no limit', () => {
    expect(applyOrderRules(25, { ...none, maxOrderQty: 20 })).toBe(20);
    expect(applyOrderRules(25, { ...none, maxOrderQty: 20, batchSize: 6 })).toBe(18);
    expect(applyOrderRules(500, none)).toBe(500);
    const s = advanceWeek(createGame(twoStage({ buy: { maxOrderQty: 8 } })), { shop: { buy: 30 } });
    expect(cap(s, 1, 'shop').ordered).toBe(8);
  });

  it('BEER-ORD-5: in weeks 1..forcedOrderWeeks the order is startOrders whatever is asked', () => {
    let s: BeerState = createGame(classicGame());
    s = advanceWeek(s, { retailer: { 'retailer-beer': 40 } });
    expect(cap(s, 1, 'retailer')).toMatchObject({ requested: 40, ordered: 4 });
    s = advanceN(s, 3, { retailer: { 'retailer-beer': 40 } });
    expect(s.week).toBe(5);
    s = advanceWeek(s, { retailer: { 'retailer-beer': 40 } });
    expect(cap(s, 5, 'retailer').ordered).toBe(40);
  });

  it('BEER-ORD-6: a capability without an order orders 0', () => {
    const s = advanceWeek(createGame(twoStage({ buy: { startOrders: 4 } })), {});
    expect(cap(s, 1, 'shop').ordered).toBe(0);
    expect(cap(s, 1, 'plant').ordered).toBe(0);
  });

  it('BEER-ORD-7: an order placed in week t reaches its supplier in week t + ordertime', () => {
    let s: BeerState = advanceWeek(createGame(twoStage({ buy: { leadtime: 5, ordertime: 3 } })), {
      shop: { buy: 10 },
    });
    s = advanceN(s, 4);
    expect([1, 2, 3, 4, 5].map((w) => prod(s, w, 'plant').incoming)).toEqual([0, 0, 0, 10, 0]);
  });
});

describe('production (BEER-PROD-*)', () => {
  it('BEER-PROD-1: production starts when the request arrives (t + ordertime), costs productionCost per unit then, and arrives at t + leadtime', () => {
    let s: BeerState = createGame(
      twoStage({ make: { leadtime: 3, ordertime: 1, productionCost: 2 } }),
    );
    s = advanceWeek(s, { plant: { make: 10 } });
    s = advanceN(s, 4);
    expect([1, 2, 3, 4, 5].map((w) => cap(s, w, 'plant').supplied)).toEqual([0, 10, 0, 0, 0]);
    expect([1, 2, 3, 4, 5].map((w) => prod(s, w, 'plant').productionCost)).toEqual([
      0, 20, 0, 0, 0,
    ]);
    expect([1, 2, 3, 4, 5].map((w) => cap(s, w, 'plant').received)).toEqual([0, 0, 0, 10, 0]);
  });
});

describe('shipping (BEER-SHIP-*)', () => {
  it('BEER-SHIP-1: a supplier ships the least of its stock, what it owes and maxShipQty (0 = no limit)', () => {
    expect(
      prod(createGame(twoStage({ shop: { stock: 5 }, demand: [8] })), 1, 'shop'),
    ).toMatchObject({
      shipped: 5,
      backlog: 3,
      stock: 0,
    });
    expect(
      prod(createGame(twoStage({ shop: { stock: 10, maxShipQty: 3 }, demand: [8] })), 1, 'shop'),
    ).toMatchObject({ shipped: 3, backlog: 5, stock: 7 });
    expect(
      prod(createGame(twoStage({ shop: { stock: 10 }, demand: [8] })), 1, 'shop').shipped,
    ).toBe(8);
  });

  it('BEER-SHIP-2: short stock is shared in proportion to what each client is owed, largest remainder first', () => {
    // w owes a 6 and b 3 and has 4: 2.67 and 1.33 → 2 and 1, the spare unit to a.
    const s = createGame(oneToTwo());
    expect(cap(s, 1, 'a').supplied).toBe(3);
    expect(cap(s, 1, 'b').supplied).toBe(1);
    expect(prod(s, 1, 'w')).toMatchObject({ incoming: 9, shipped: 4, backlog: 5 });
    expect(allocate(4, [6, 3], null)).toEqual([3, 1]);
    expect(allocate(3, [1, 1, 1, 1], null)).toEqual([1, 1, 1, 0]);
    expect(allocate(10, [6, 3], null)).toEqual([6, 3]);
  });

  it('BEER-SHIP-3: manual allocations weigh the split; units no weighted client can take go to the others', () => {
    const input = oneToTwo();
    input.allocations = { w: { p: { a: 0, b: 1 } } };
    const s = createGame(input);
    expect(cap(s, 1, 'b').supplied).toBe(3);
    expect(cap(s, 1, 'a').supplied).toBe(1);
    expect(allocate(10, [8, 8], [3, 1])).toEqual([8, 2]);
    expect(allocate(4, [8, 8], [3, 1])).toEqual([3, 1]);
  });

  it('BEER-SHIP-4: what is shipped in week t + ordertime arrives at t + leadtime when nothing is short', () => {
    let s: BeerState = createGame(twoStage({ buy: { leadtime: 6, ordertime: 2 } }));
    s = advanceWeek(s, { shop: { buy: 9 } });
    s = advanceN(s, 7);
    expect(cap(s, 3, 'shop').supplied).toBe(9);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((w) => cap(s, w, 'shop').received)).toEqual([
      0, 0, 0, 0, 0, 0, 9, 0,
    ]);
  });
});

describe('variability (BEER-VAR-*)', () => {
  it('BEER-VAR-1: with leadtimeVariability v a shipment takes 0..v extra weeks, drawn from the seed', () => {
    const arrivals = (seed: number) => {
      let s: BeerState = createGame(twoStage({ weeks: 40, seed, buy: { leadtimeVariability: 2 } }));
      s = advanceN(s, 10, { shop: { buy: 1 } });
      s = advanceN(s, 30);
      return s.history.map((r) => fw(r, 'shop').capabilities[0]!.received);
    };
    const delays = new Set<number>();
    for (let seed = 1; seed <= 5; seed++) {
      const a = arrivals(seed);
      expect(a.reduce((x, y) => x + y, 0)).toBe(10); // nothing is lost
      expect(arrivals(seed)).toEqual(a); // same seed, same delays
      // Orders of weeks 1..10 arrive between week 5 (lead time 4) and week 16 (10 + 4 + 2).
      a.forEach((q, i) => {
        if (q > 0) delays.add(i + 1);
        if (i + 1 < 5 || i + 1 > 16) expect(q).toBe(0);
      });
    }
    expect(delays.has(15) || delays.has(16)).toBe(true);
  });
});

describe('backlog and lost sales (BEER-BACK-*, BEER-LOST-*)', () => {
  it('BEER-BACK-1: with allowBacklog, what is not shipped is owed next week and shipped first when stock comes', () => {
    let s: BeerState = createGame(
      twoStage({ shop: { stock: 4 }, demand: [10, 0], buy: { startOrders: 0 } }),
    );
    expect(prod(s, 1, 'shop')).toMatchObject({ shipped: 4, backlog: 6 });
    s = advanceWeek(s, { shop: { buy: 20 } });
    expect(prod(s, 2, 'shop')).toMatchObject({ backlog: 6, incoming: 0 });
    s = advanceN(s, 4);
    // The 20 ordered in week 1 arrive in week 5: the 6 owed are shipped.
    expect(prod(s, 5, 'shop')).toMatchObject({ received: 20, shipped: 6, backlog: 0, stock: 14 });
  });

  it('BEER-LOST-1: without backlog, what is not shipped is lost and costs missedSaleCost each; a client facility sees its order cancelled', () => {
    const s = createGame(
      twoStage({ shop: { stock: 4, allowBacklog: false, missedSaleCost: 2 }, demand: [10] }),
    );
    expect(prod(s, 1, 'shop')).toMatchObject({
      shipped: 4,
      lost: 6,
      backlog: 0,
      missedSaleCost: 12,
    });
    const input = oneToTwo();
    input.facilities['w']!.pdata['p'] = { stock: 4, allowBacklog: false };
    const t = createGame(input);
    expect(prod(t, 1, 'w')).toMatchObject({ shipped: 4, lost: 5, backlog: 0 });
    expect(cap(t, 1, 'a').cancelled + cap(t, 1, 'b').cancelled).toBe(5);
  });
});

describe('consumer demand (BEER-DEM-*)', () => {
  it('BEER-DEM-1: a product faces consumers where no facility buys it from that facility', () => {
    const s = createGame(twoStage({ demand: [7] }));
    expect(prod(s, 1, 'shop').demand).toBe(7);
    expect(prod(s, 1, 'plant').demand).toBe(0);
    expect(facilityOrder(s)).toEqual(['shop', 'plant']);
  });

  it('BEER-DEM-2: series repeat their last value, steps switch at their week, random patterns stay in range', () => {
    expect([1, 2, 3, 4].map((w) => demandAt([4, 5, 6], w, 1, 0, 0))).toEqual([4, 5, 6, 6]);
    expect(
      [4, 5, 6].map((w) => demandAt({ type: 'step', initial: 4, final: 8, week: 5 }, w, 1, 0, 0)),
    ).toEqual([4, 8, 8]);
    const u = Array.from({ length: 200 }, (_, w) =>
      demandAt({ type: 'uniform', min: 2, max: 5 }, w + 1, 9, 0, 0),
    );
    expect(Math.min(...u)).toBe(2);
    expect(Math.max(...u)).toBe(5);
    expect(u.every(Number.isInteger)).toBe(true);
    const n = Array.from({ length: 500 }, (_, w) =>
      demandAt({ type: 'normal', mean: 8, sd: 2 }, w + 1, 9, 0, 0),
    );
    expect(n.every((x) => Number.isInteger(x) && x >= 0)).toBe(true);
    const m = n.reduce((a, b) => a + b, 0) / n.length;
    expect(m).toBeGreaterThan(7.5);
    expect(m).toBeLessThan(8.5);
  });

  it('BEER-DEM-3: random demand depends on the seed and the week only, not on what players order', () => {
    const input = twoStage({ demand: { type: 'uniform', min: 0, max: 20 }, weeks: 8, seed: 42 });
    const run = (q: number) =>
      advanceN(createGame(input), 8, { shop: { buy: q } }).history.map(
        (r) => fw(r, 'shop').products[0]!.demand,
      );
    expect(run(0)).toEqual(run(30));
    const other = advanceN(
      createGame({ ...input, params: { ...input.params, seed: 43 } }),
      8,
    ).history.map((r) => fw(r, 'shop').products[0]!.demand);
    expect(other).not.toEqual(run(0));
  });

  it('BEER-DEM-4: productsConsumerDemand overrides consumerDemand per product', () => {
    const input = twoStage({ demand: [3] });
    input.params = { ...input.params, productsConsumerDemand: { p: [9] } };
    expect(prod(createGame(input), 1, 'shop').demand).toBe(9);
  });
});

describe('accounts (BEER-COST-*, BEER-REV-*, BEER-PROF-*)', () => {
  it('BEER-COST-1: holding cost = end-of-week stock × stockCost', () => {
    const s = createGame(twoStage({ shop: { stock: 12, stockCost: 1.5 }, demand: [2] }));
    expect(prod(s, 1, 'shop').holdingCost).toBe(15);
  });

  it('BEER-COST-2: backlog cost = end-of-week backlog × backlogCost, every week', () => {
    let s: BeerState = createGame(twoStage({ shop: { stock: 0, backlogCost: 2 }, demand: [3, 0] }));
    expect(prod(s, 1, 'shop').backlogCost).toBe(6);
    s = advanceWeek(s, {});
    expect(prod(s, 2, 'shop').backlogCost).toBe(6);
    expect(fw(s.current, 'shop').cumCost).toBe(12);
  });

  it('BEER-COST-3: lost units cost missedSaleCost each (see BEER-LOST-1)', () => {
    const s = createGame(
      twoStage({ shop: { stock: 0, allowBacklog: false, missedSaleCost: 1.5 }, demand: [4] }),
    );
    expect(fw(s.current, 'shop').cost).toBe(6);
  });

  it('BEER-COST-4: production cost is charged when production starts (see BEER-PROD-1)', () => {
    let s: BeerState = createGame(twoStage({ plant: { stock: 0 }, make: { productionCost: 3 } }));
    s = advanceWeek(s, { plant: { make: 5 } });
    expect(fw(s.current, 'plant').cost).toBe(15);
  });

  it('BEER-COST-5 and BEER-REV-1: a shipment earns the supplier its unitPrice per unit and costs the client as much, in the week it is shipped', () => {
    let s: BeerState = createGame(
      twoStage({ plant: { stock: 10, unitPrice: 3, stockCost: 0 }, shop: { stockCost: 0 } }),
    );
    s = advanceWeek(s, { shop: { buy: 10 } });
    s = advanceN(s, 1);
    expect(prod(s, 3, 'plant')).toMatchObject({ shipped: 10, revenue: 30 });
    expect(prod(s, 3, 'shop').purchaseCost).toBe(30);
    const consumer = createGame(twoStage({ shop: { unitPrice: 5, stockCost: 0 }, demand: [4] }));
    expect(fw(consumer.current, 'shop').revenue).toBe(20);
  });

  it('BEER-PROF-1: profit = revenue − cost, weekly and cumulated', () => {
    let s: BeerState = createGame(
      twoStage({ shop: { stock: 12, unitPrice: 5, stockCost: 0.5 }, demand: [4] }),
    );
    const f = fw(s.current, 'shop');
    expect(f.revenue).toBe(20);
    expect(f.cost).toBe(4);
    expect(f.profit).toBe(16);
    s = advanceWeek(s, {});
    const g = fw(s.current, 'shop');
    expect(g.cumRevenue - g.cumCost).toBe(16 + 20 - 2);
  });
});

describe('supply line (BEER-SL-*)', () => {
  it('BEER-SL-1: supply line = orders in the mail + supplier backlog owed to you + goods in transit', () => {
    // Classic at week 5 (after steps 1–4): every stage has 12 on order, the factory 8.
    let s: BeerState = createGame(classicGame());
    s = advanceN(s, 4);
    expect([0, 1, 2, 3].map((fi) => supplyLine(s, fi, 0))).toEqual([12, 12, 12, 8]);
    // A supplier short of stock: the backlog it owes counts.
    const t = createGame(twoStage({ plant: { stock: 0 }, buy: { startOrders: 4 } }));
    expect(prod(t, 1, 'plant').backlog).toBe(4);
    // mail: 1 order of 4; backlog 4; transit: 1 shipment of 4 plus the 0 shipped this week.
    expect(supplyLine(t, 0, 0)).toBe(12);
  });
});

describe('network and bounds (BEER-NET-*)', () => {
  const keys = (input: Parameters<typeof normalizeGame>[0]) =>
    validateGame(normalizeGame(input)).map((i) => i.key);

  it('BEER-NET-1: a game has 2 to 8 facilities', () => {
    const one = twoStage();
    delete one.facilities['shop'];
    expect(keys(one)).toContain('beer.facilities.count');
    expect(keys(twoStage())).toEqual([]);
  });

  it('BEER-NET-2: a purchase names an existing other facility that holds the product', () => {
    const g = twoStage();
    g.facilities['shop']!.capabilities!['buy']!.from = 'nowhere';
    expect(keys(g)).toContain('beer.capability.unknownSupplier');
    const h = twoStage();
    h.facilities['shop']!.capabilities!['buy']!.from = 'shop';
    expect(keys(h)).toContain('beer.capability.selfSupplier');
    const k = twoStage();
    k.facilities['shop']!.capabilities!['buy']!.pid = 'q';
    k.facilities['shop']!.pdata['q'] = {};
    expect(keys(k)).toContain('beer.capability.supplierLacksProduct');
  });

  it('BEER-NET-3: every product a facility holds has a capability to get it', () => {
    const g = twoStage();
    g.facilities['shop']!.pdata['extra'] = {};
    expect(keys(g)).toContain('beer.product.noSource');
  });

  it('BEER-NET-4: facilities are ordered downstream first', () => {
    const s = createGame(classicGame());
    expect(facilityOrder(s)).toEqual(['retailer', 'wholesaler', 'distributor', 'factory']);
    const reversed = classicGame();
    reversed.facilities = Object.fromEntries(Object.entries(reversed.facilities).reverse());
    expect(facilityOrder(createGame(reversed))).toEqual([
      'retailer',
      'wholesaler',
      'distributor',
      'factory',
    ]);
  });

  it('BEER-NET-5: spec §5 bounds give translation keys, not sentences; createGame refuses an invalid game', () => {
    const g = twoStage({
      shop: { stock: 1000, stockCost: 0.3, maxShipQty: -1 },
      buy: { leadtime: 7, moq: 1000, batchSize: 2.5, leadtimeVariability: 7 },
    });
    const issues = validateGame(normalizeGame(g));
    expect(issues.map((i) => i.key).sort()).toEqual(
      [
        'beer.batchSize.range',
        'beer.leadtime.range',
        'beer.leadtimeVariability.range',
        'beer.maxShipQty.range',
        'beer.moq.range',
        'beer.stock.range',
        'beer.stockCost.range',
      ].sort(),
    );
    expect(issues.find((i) => i.key === 'beer.leadtime.range')).toMatchObject({
      path: 'facilities.shop.capabilities.buy.leadtime',
      min: 2,
      max: 6,
    });
    expect(() => createGame(g)).toThrow(BeerConfigError);
    const ot = twoStage({ buy: { leadtime: 3, ordertime: 3 } });
    expect(keys(ot)).toContain('beer.ordertime.range');
  });

  it('BEER-NET-6: missing fields take the spec §9 defaults', () => {
    const g = normalizeGame({
      facilities: {
        a: { pdata: { p: {} }, capabilities: { c: { pid: 'p', type: 'purchase', from: 'b' } } },
        b: { pdata: { p: {} }, capabilities: { c: { pid: 'p', type: 'production' } } },
      },
    });
    expect(g.facilities['a']!.pdata['p']).toEqual({
      stock: 12,
      backlog: 0,
      allowBacklog: true,
      maxShipQty: 0,
      unitPrice: 0,
      stockCost: 0.5,
      backlogCost: 1,
      missedSaleCost: 0,
    });
    expect(g.facilities['a']!.capabilities['c']).toMatchObject({
      leadtime: 3,
      ordertime: 1,
      startOrders: 4,
      visibleWeeks: 2,
      moq: 0,
      batchSize: 0,
      maxOrderQty: 0,
      leadtimeVariability: 0,
    });
  });
});

describe('randomness (BEER-RND-*)', () => {
  it('BEER-RND-1: the same seed and the same orders give the same game; states survive JSON', () => {
    const input = twoStage({
      demand: { type: 'normal', mean: 6, sd: 3 },
      buy: { leadtimeVariability: 3 },
      weeks: 20,
    });
    const a = advanceN(createGame(input), 10, { shop: { buy: 6 } });
    const b = advanceN(createGame(input), 10, { shop: { buy: 6 } });
    expect(b).toEqual(a);
    const revived = JSON.parse(JSON.stringify(a)) as BeerState;
    expect(advanceN(revived, 10, { shop: { buy: 5 } })).toEqual(
      advanceN(a, 10, { shop: { buy: 5 } }),
    );
    expect(running(createGame(input)).status).toBe('running');
  });
});
