/**
 * The debrief (Part C) on real runs of the engine: oracles 7 and 8, Little's identity on random
 * lines (C.4), and the rows of the design's Appendix table (Cars and Trucks).
 */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../beer/random';
import { CARS_AND_TRUCKS_ROUNDS, carsAndTrucks } from './cars-and-trucks';
import { leanDebrief } from './debrief';
import { advanceTo, endRun, runToEnd, startRun } from './engine';
import type { LeanFacilityInput, LeanGameInput, LeanTemplateInput } from './model';
import { COLORS, ms, normalizeLeanGame, SHAPES } from './model';
import { validateLeanGame } from './validate';

const computerStation = (f: Partial<LeanFacilityInput>): LeanFacilityInput => ({
  type: 'station',
  changeoverTime: 0,
  loadTime: 0,
  defectRate: 0,
  ...f,
});

/** Oracle 2 with the economics of oracle 7. */
function oracle2(batch: number): LeanGameInput {
  return {
    params: {
      consumerDemand: [{ created_min: 0, template_id: 'P', qty: 5, due_min: 8 }],
      consumerDemandParams: { totalDuration: 10 },
      moveCellTime: 0,
      productsTemplates: {
        P: {
          ops: [
            { shape: 'circle', color: 'green', time: 1 },
            { shape: 'square', color: 'green', time: 1 },
          ],
        },
      },
      opAssignment: { 'circle:green': 'A', 'square:green': 'B' },
      economics: {
        price: { P: 10 },
        materialCost: { P: 2 },
        stationCostPerMin: 1,
        holdingCostPerUnitMin: 0.1,
        latePenalty: 2,
        defectPenalty: 5,
      },
    },
    facilities: {
      W: { type: 'warehouse', position: [0, 0], batchSize: batch },
      A: computerStation({ position: [1, 0], batchSize: batch }),
      B: computerStation({ position: [2, 0], batchSize: batch }),
    },
  };
}

/** Oracle 8: 40 cars in 6 minutes, car ops of 0.1 on Yellow, Grey and Blue. */
function oracle8(moveGreyCircle: boolean): LeanGameInput {
  const ops = (
    [
      ['circle', 'yellow'],
      ['square', 'yellow'],
      ['circle', 'grey'],
      ['square', 'grey'],
      ['triangle', 'grey'],
      ['circle', 'blue'],
    ] as const
  ).map(([shape, color]) => ({ shape, color, time: 0.1 }));
  return {
    params: {
      consumerDemand: [{ created_min: 0, template_id: 'car', qty: 40 }],
      consumerDemandParams: { totalDuration: 6 },
      productsTemplates: { car: { ops } },
      opAssignment: {
        'circle:yellow': 'Y',
        'square:yellow': 'Y',
        'circle:grey': moveGreyCircle ? 'Bl' : 'G',
        'square:grey': 'G',
        'triangle:grey': 'G',
        'circle:blue': 'Bl',
      },
    },
    facilities: {
      W: { type: 'warehouse', position: [0, 0] },
      Y: computerStation({ position: [1, 0] }),
      G: computerStation({ position: [2, 0] }),
      Bl: computerStation({ position: [3, 0] }),
    },
  };
}

const debriefOf = (input: LeanGameInput) => leanDebrief(runToEnd(normalizeLeanGame(input)));

describe('lean debrief on runs of the engine', () => {
  it('Oracle 7, C.1, C.2, C.7: batch 5 earns a profit of 5, nothing OTIF, customer lead time 10, RE 50 %', () => {
    const d = debriefOf(oracle2(5));
    expect(d.pnl).toMatchObject({
      revenue: 50,
      latePenalties: 10,
      defectPenalties: 0,
      material: 10,
      labour: 20,
    });
    expect(d.pnl.holding).toBeCloseTo(5, 9);
    expect(d.pnl.profit).toBeCloseTo(5, 9);
    expect(d.deliveries).toMatchObject({
      otifRate: 0,
      onTimeFillRate: 0,
      averageCustomerLeadTime: 10,
      delivered: 5,
      backlog: 0,
    });
    expect(d.resefficiency.byFacility).toEqual({ A: 0.5, B: 0.5 });
    expect(d.resefficiency.team).toBe(0.5);
    expect(d.flowefficiency.value).toBeCloseTo(0.2, 12);
    expect(d.wip.average).toBeCloseTo(5, 12);
  });

  it('Oracle 7, C.1, C.2, C.7: batch 1 earns 18, OTIF 100 %, customer lead time 6, RE 50 %', () => {
    const d = debriefOf(oracle2(1));
    expect(d.pnl).toMatchObject({ revenue: 50, latePenalties: 0, material: 10, labour: 20 });
    expect(d.pnl.holding).toBeCloseTo(2, 9);
    expect(d.pnl.profit).toBeCloseTo(18, 9);
    expect(d.deliveries).toMatchObject({
      otifRate: 1,
      onTimeFillRate: 1,
      averageCustomerLeadTime: 6,
    });
    expect(d.resefficiency.byFacility).toEqual({ A: 0.5, B: 0.5 });
    expect(d.resefficiency.team).toBe(0.5);
    expect(d.flowefficiency.value).toBeCloseTo(0.5, 12);
    expect(d.wip.throughputTimesLeadTime).toBeCloseTo(2, 12);
    expect(d.wip.littleGap).toBeLessThan(1e-12);
    const last = d.pnl.chart[d.pnl.chart.length - 1];
    expect(last?.profit).toBeCloseTo(18, 9);
  });

  it('Oracle 8, C.3: takt 0.15, WC 0.2/0.3/0.1, bottleneck Grey, efficiency 0.667, capacity 20, minimum 4', () => {
    const b = debriefOf(oracle8(false)).balance;
    expect(b.takt).toBe(0.15);
    expect(b.facilities.map((f) => [f.id, f.workContent])).toEqual([
      ['Y', 0.2],
      ['G', 0.3],
      ['Bl', 0.1],
    ]);
    expect(b.bottleneck).toBe('G');
    expect(b.balanceEfficiency).toBeCloseTo(0.667, 3);
    expect(b.bottleneckCapacity).toBe(20);
    expect(b.minimumFacilities).toBe(4);
  });

  it('Oracle 8, C.3, LEAN-IMP-4: with circle:grey moved to Blue, efficiency 1.0 and capacity 30, still short of 40', () => {
    const b = debriefOf(oracle8(true)).balance;
    expect(b.facilities.map((f) => f.workContent)).toEqual([0.2, 0.2, 0.2]);
    expect(b.balanceEfficiency).toBe(1);
    expect(b.bottleneckCapacity).toBe(30);
    expect(b.minimumFacilities).toBe(4);
  });

  it('C.3: the observed cycle time is busy time over units that left the desk', () => {
    const b = debriefOf(oracle2(1)).balance;
    expect(b.facilities.map((f) => [f.leftDesk, f.observedCycleTime])).toEqual([
      [5, 1],
      [5, 1],
    ]);
  });
});

// ---------------------------------------------------------------- random lines

/** A random valid line played by the computer: stations, maybe quality and rework, any settings. */
function randomGame(seed: number): LeanGameInput {
  const rnd = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const tenth = (lo: number, hi: number) => int(lo * 10, hi * 10) / 10;

  const totalDuration = int(5, 25);
  const settings = {
    smed: rnd() < 0.4,
    kanban: rnd() < 0.3,
    autoinspect: rnd() < 0.25,
    pokayoke: rnd() < 0.15,
    heijunka: rnd() < 0.2,
  };
  const stations = Array.from({ length: int(1, 4) }, (_, i) => `S${i}`);
  const cells = new Set<string>();
  const cell = (): [number, number] => {
    for (;;) {
      const c: [number, number] = [int(0, 7), int(0, 4)];
      if (!cells.has(c.join())) {
        cells.add(c.join());
        return c;
      }
    }
  };
  const facilities: Record<string, LeanFacilityInput> = {};
  const facility = (id: string, f: LeanFacilityInput) => {
    const batchSize = int(1, 4);
    const cap = batchSize + int(0, 3);
    facilities[id] = {
      line: Object.keys(facilities).length,
      position: cell(),
      batchSize,
      loadTime: tenth(0, 0.3),
      changeoverTime: tenth(0, 1),
      inspectTime: tenth(0.1, 0.4),
      removeTime: tenth(0, 0.2),
      defectRate: pick([0, 0.05, 0.2]),
      // Caps at least the largest batch, so that every sender can deliver (LEAN-IMP-7).
      wipInMax: Math.max(cap, 4),
      wipOutMax: cap,
      ...f,
    };
  };
  facility('W', { type: 'warehouse' });
  for (const id of stations) facility(id, { type: 'station' });
  if (rnd() < 0.6) facility('Q', { type: 'quality', rework: rnd() < 0.5, changeoverTime: 0 });
  if (rnd() < 0.3) facility('R', { type: 'rework' });

  const opAssignment: Record<string, string> = {};
  const productsTemplates: Record<string, LeanTemplateInput> = {};
  const templateIds = Array.from({ length: int(1, 3) }, (_, i) => `T${i}`);
  for (const tid of templateIds) {
    const ops = Array.from({ length: int(1, 4) }, () => {
      const shape = pick(SHAPES);
      const color = pick(COLORS);
      const type = `${shape}:${color}`;
      if (opAssignment[type] === undefined) opAssignment[type] = pick(stations);
      return { shape, color, time: tenth(0.1, 0.8) };
    });
    productsTemplates[tid] = { ops, ...(rnd() < 0.2 ? { initialStock: int(1, 3) } : {}) };
  }
  const consumerDemand = Array.from({ length: int(1, 8) }, () => ({
    created_min: tenth(0, totalDuration - 1),
    template_id: pick(templateIds),
    qty: int(1, 6),
  }));
  return {
    params: {
      consumerDemand,
      consumerDemandParams: { totalDuration, dueDelay: int(1, 6) },
      moveCellTime: pick([0, 0.1, 0.5]),
      productsTemplates,
      opAssignment,
      settings,
      seed,
    },
    facilities,
  };
}

describe('C.4: Little’s identity on random lines', () => {
  it('C.4, LEAN-MET-5: ∫WIP / E equals (Σ exited (exit − launch) + Σ alive (E − launch)) / E to 1e-9, ended at T or early, in any chunks', () => {
    let checked = 0;
    let endedEmpty = 0;
    let withWipAtEnd = 0;
    for (let seed = 1; checked < 60 && seed < 400; seed++) {
      const game = normalizeLeanGame(randomGame(seed));
      if (validateLeanGame(game).length > 0) continue;
      const rnd = mulberry32(seed * 7919);
      const T = ms(game.totalDuration);
      // Advance in random chunks, and end early one time in three (LEAN-RUN-2).
      let s = startRun(game);
      const end = rnd() < 1 / 3 ? Math.floor(rnd() * T) : T;
      while (s.now < end && s.status === 'running') {
        s = advanceTo(s, Math.min(end, s.now + 1 + Math.floor(rnd() * 90000)));
      }
      s = endRun(s, end);
      const d = leanDebrief(s);
      const w = d.wip;
      expect(Math.abs(w.average - w.littleAverage), `seed ${seed}`).toBeLessThanOrEqual(1e-9);
      // The holding line of the chart integrates the units' lives: it ends on ∫WIP too.
      const last = d.pnl.chart[d.pnl.chart.length - 1];
      expect(Math.abs((last?.holding ?? 0) - d.pnl.holding), `seed ${seed}`).toBeLessThanOrEqual(
        1e-9,
      );
      // A line empty at the end, without initial stock: L = TH × W and the shown gap is 0.
      if (w.inProcessAtEnd === 0 && s.units.every((u) => !u.initial) && s.units.length > 0) {
        expect(w.littleGap, `seed ${seed}`).toBeLessThanOrEqual(1e-9);
        endedEmpty++;
      } else if (w.inProcessAtEnd > 0) withWipAtEnd++;
      // faciGap partitions each unit's lead time: the per-facility bars add up to the average lead.
      const shipped = d.flowefficiency.units.length;
      if (shipped > 0) {
        let bars = 0;
        for (const m of Object.values(d.flowefficiency.byFacility)) {
          bars += m.workdeskTime + m.changeoverTime + m.loadTime + m.moveTime + m.waitTime;
        }
        expect(bars, `seed ${seed}`).toBeCloseTo(d.flowefficiency.leadTime / shipped, 9);
      }
      checked++;
    }
    expect(checked).toBe(60);
    expect(endedEmpty).toBeGreaterThan(3);
    expect(withWipAtEnd).toBeGreaterThan(3);
  });
});

// ---------------------------------------------------------------- the Appendix

/**
 * The Appendix table: shipped, avg lead, FE, avg WIP, TH×W, on-time fill rate (units and
 * fraction), OTIF orders, Grey RE. The design rounds to the digits shown; a value agrees when
 * it is within half a unit of the last digit.
 */
const APPENDIX: Record<
  string,
  [number, number, number, number, number, [number, number], [number, number], number]
> = {
  push: [32, 5.94, 0.101, 11.39, 9.51, [0, 36], [0, 9], 0.8],
  batch1: [34, 4.41, 0.136, 8.81, 7.49, [8, 36], [2, 9], 0.93],
  compact: [36, 3.29, 0.183, 6.68, 5.92, [29, 36], [5, 9], 0.94],
  smed: [40, 2.07, 0.29, 4.14, 4.14, [40, 40], [10, 10], 0.83],
  kanban: [40, 2.07, 0.29, 4.14, 4.14, [40, 40], [10, 10], 0.83],
  heijunka: [38, 1.38, 0.436, 2.69, 2.62, [30, 36], [4, 9], 0.82],
  autoinspect: [38, 1.32, 0.453, 2.59, 2.51, [30, 36], [4, 9], 0.61],
  pokayoke: [38, 1.18, 0.509, 2.31, 2.24, [30, 36], [4, 9], 0.55],
};

function agrees(actual: number | null, shown: number, digits: number): boolean {
  return actual !== null && Math.abs(actual - shown) <= 0.5 * 10 ** -digits + 1e-9;
}

describe('the Appendix scenario (Cars and Trucks, computer only)', () => {
  for (const round of CARS_AND_TRUCKS_ROUNDS) {
    it(`Appendix, C.2, C.4, C.6, C.7: round ${round.id} gives the table's row`, () => {
      const row = APPENDIX[round.id];
      if (!row) throw new Error(`no row for ${round.id}`);
      const [shipped, lead, fe, wip, thw, fill, otif, greyRe] = row;
      const d = debriefOf(carsAndTrucks(round.variant));
      expect(d.flowefficiency.units).toHaveLength(shipped);
      expect(agrees(d.wip.averageLeadTime, lead, 2), `avg lead ${d.wip.averageLeadTime}`).toBe(
        true,
      );
      expect(agrees(d.flowefficiency.value, fe, 3), `FE ${d.flowefficiency.value}`).toBe(true);
      expect(agrees(d.wip.average, wip, 2), `avg WIP ${d.wip.average}`).toBe(true);
      expect(
        agrees(d.wip.throughputTimesLeadTime, thw, 2),
        `TH×W ${d.wip.throughputTimesLeadTime}`,
      ).toBe(true);
      expect([d.deliveries.otifProducts, d.deliveries.countedQty]).toEqual(fill);
      expect(d.deliveries.onTimeFillRate).toBe(fill[0] / fill[1]);
      expect([d.deliveries.otifOrders, d.deliveries.countedOrders]).toEqual(otif);
      const grey = d.resefficiency.byFacility['grey'] ?? null;
      expect(agrees(grey, greyRe, 2), `Grey RE ${grey}`).toBe(true);
    });
  }
});
