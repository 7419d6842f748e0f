/**
 * The debrief formulas of design Part C on hand-built end states (the oracles' final states
 * written out unit by unit), so that each formula is checked apart from the engine.
 */
import { describe, expect, it } from 'vitest';
import { leanDebrief, orderRecords, unitRecords } from './debrief';
import type {
  FacilityState,
  LeanFacilityInput,
  LeanGameInput,
  LeanState,
  LeanUnit,
  OrderCounters,
  TimeMetrics,
} from './model';
import { ms, normalizeLeanGame } from './model';

const zero: TimeMetrics = {
  workdeskTime: 0,
  changeoverTime: 0,
  loadTime: 0,
  moveTime: 0,
  waitTime: 0,
};

function metrics(m: Partial<Record<keyof TimeMetrics, number>>): TimeMetrics {
  const out = { ...zero };
  for (const [k, v] of Object.entries(m)) out[k as keyof TimeMetrics] = ms(v);
  return out;
}

function facilityState(f: Partial<FacilityState> = {}): FacilityState {
  return {
    in: [],
    desk: [],
    out: [],
    task: null,
    setup: null,
    buckets: { valueAdd: 0, quality: 0, changeover: 0, load: 0 },
    leftDesk: 0,
    paints: 0,
    defectivePaints: 0,
    detected: 0,
    ...f,
  };
}

/** A shipped unit (minutes in, game ms stored); ops done once, no defect, unless told. */
function unit(
  rank: number,
  u: {
    template?: string;
    order?: number;
    launch: number;
    exit?: number | null;
    zone?: LeanUnit['zone'];
    metrics?: Partial<Record<keyof TimeMetrics, number>>;
    faciGap?: Record<string, Partial<Record<keyof TimeMetrics, number>>>;
    ops?: Partial<LeanUnit['ops'][number]>[];
    defectivePaints?: number;
    initial?: boolean;
  },
): LeanUnit {
  const exit = u.exit === undefined ? null : u.exit;
  return {
    rank,
    template: u.template ?? 'P',
    order: u.order ?? 0,
    initial: u.initial ?? false,
    launchedAt: ms(u.launch),
    exitedAt: exit === null ? null : ms(exit),
    zone: u.zone ?? (exit === null ? 'in' : 'shipped'),
    at: 'W',
    ops: (u.ops ?? [{}]).map((o) => ({
      state: 'done',
      defect: false,
      detected: false,
      paintedBy: null,
      tool: null,
      attempts: 1,
      ...o,
    })),
    inspectedAt: [],
    defectivePaints: u.defectivePaints ?? 0,
    metrics: metrics(u.metrics ?? {}),
    faciGap: Object.fromEntries(
      Object.entries(u.faciGap ?? {}).map(([fid, m]) => [fid, metrics(m)]),
    ),
    since: exit === null ? ms(u.launch) : ms(exit),
    sender: null,
  };
}

function counters(c: Partial<OrderCounters> = {}): OrderCounters {
  return {
    fulfilled_at: null,
    fulfilled_qty: 0,
    defectOpes: 0,
    defectProducts: 0,
    lateProducts: 0,
    otifProducts: 0,
    prod_started_qty: 0,
    ...c,
  };
}

function endState(
  input: LeanGameInput,
  s: {
    end: number;
    units: LeanUnit[];
    orders: OrderCounters[];
    facilities?: Record<string, Partial<FacilityState>>;
    wipIntegral: number;
    wipMax?: number;
  },
): LeanState {
  const game = normalizeLeanGame(input);
  const facilities: Record<string, FacilityState> = {};
  for (const f of game.facilities) facilities[f.id] = facilityState(s.facilities?.[f.id]);
  return {
    game,
    computer: game.facilities.map((f) => f.id),
    now: ms(s.end),
    duration: ms(game.totalDuration),
    status: 'ended',
    endedAt: ms(s.end),
    nextRank: s.units.length,
    sendSeq: 0,
    units: s.units,
    facilities,
    transit: [],
    heijunka: { k: 0, pending: false, launched: {} },
    orders: s.orders,
    wipIntegral: ms(s.wipIntegral),
    wipMax: s.wipMax ?? 0,
    samples: [],
    log: [],
  };
}

const computerFacility = (f: LeanFacilityInput): LeanFacilityInput => ({
  changeoverTime: 0,
  loadTime: 0,
  defectRate: 0,
  ...f,
});

/** Oracle 1: W (0,0), A (2,0), B (4,0), batch 1, P = circle:green 1.0 at A, square:blue 2.0 at B. */
const oracle1: LeanGameInput = {
  params: {
    consumerDemand: [{ created_min: 0, template_id: 'P', qty: 1, due_min: 6 }],
    consumerDemandParams: { totalDuration: 10 },
    moveCellTime: 0.5,
    productsTemplates: {
      P: {
        ops: [
          { shape: 'circle', color: 'green', time: 1 },
          { shape: 'square', color: 'blue', time: 2 },
        ],
      },
    },
    opAssignment: { 'circle:green': 'A', 'square:blue': 'B' },
  },
  facilities: {
    W: { type: 'warehouse', position: [0, 0], batchSize: 1 },
    A: computerFacility({ type: 'station', position: [2, 0], batchSize: 1 }),
    B: computerFacility({ type: 'station', position: [4, 0], batchSize: 1 }),
  },
};

function oracle1End(): LeanState {
  return endState(oracle1, {
    end: 10,
    units: [
      unit(0, {
        launch: 0,
        exit: 5.5,
        metrics: { workdeskTime: 3, moveTime: 2.5 },
        faciGap: {
          W: { moveTime: 0.5 },
          A: { workdeskTime: 1, moveTime: 0.5 },
          B: { workdeskTime: 2, moveTime: 1.5 },
        },
        ops: [{ paintedBy: 'A' }, { paintedBy: 'B' }],
      }),
    ],
    orders: [
      counters({ fulfilled_at: 5.5, fulfilled_qty: 1, otifProducts: 1, prod_started_qty: 1 }),
    ],
    facilities: {
      A: {
        buckets: { valueAdd: ms(1), quality: 0, changeover: 0, load: 0 },
        leftDesk: 1,
        paints: 1,
      },
      B: {
        buckets: { valueAdd: ms(2), quality: 0, changeover: 0, load: 0 },
        leftDesk: 1,
        paints: 1,
      },
    },
    wipIntegral: 5.5,
    wipMax: 1,
  });
}

/** Oracle 2 with the economics of oracle 7: stations A and B, one op of 1.0 each, order of 5. */
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
      A: computerFacility({ type: 'station', position: [1, 0], batchSize: batch }),
      B: computerFacility({ type: 'station', position: [2, 0], batchSize: batch }),
    },
  };
}

const busyFive = {
  A: { buckets: { valueAdd: ms(5), quality: 0, changeover: 0, load: 0 }, leftDesk: 5, paints: 5 },
  B: { buckets: { valueAdd: ms(5), quality: 0, changeover: 0, load: 0 }, leftDesk: 5, paints: 5 },
};

function oracle2Batch5(): LeanState {
  return endState(oracle2(5), {
    end: 10,
    units: [0, 1, 2, 3, 4].map((r) =>
      unit(r, { launch: 0, exit: 10, metrics: { workdeskTime: 2, waitTime: 8 } }),
    ),
    orders: [
      counters({ fulfilled_at: 10, fulfilled_qty: 5, lateProducts: 5, prod_started_qty: 5 }),
    ],
    facilities: busyFive,
    wipIntegral: 50,
    wipMax: 5,
  });
}

function oracle2Batch1(): LeanState {
  return endState(oracle2(1), {
    end: 10,
    units: [0, 1, 2, 3, 4].map((r) =>
      unit(r, { launch: 0, exit: r + 2, metrics: { workdeskTime: 2, waitTime: r } }),
    ),
    orders: [counters({ fulfilled_at: 6, fulfilled_qty: 5, otifProducts: 5, prod_started_qty: 5 })],
    facilities: busyFive,
    wipIntegral: 20,
    wipMax: 5,
  });
}

/** Oracle 8: 40 cars in 6 minutes; car ops of 0.1 on Yellow, Grey and Blue. */
function oracle8(moveGreyCircle: boolean): LeanGameInput {
  const ops = [
    ['circle', 'yellow'],
    ['square', 'yellow'],
    ['circle', 'grey'],
    ['square', 'grey'],
    ['triangle', 'grey'],
    ['circle', 'blue'],
  ].map(([shape, color]) => ({ shape: shape as string, color: color as string, time: 0.1 }));
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
      Y: { type: 'station', position: [1, 0] },
      G: { type: 'station', position: [2, 0] },
      Bl: { type: 'station', position: [3, 0] },
    },
  };
}

describe('lean debrief on hand-built end states', () => {
  it('LEAN-MET-1, C.6: oracle 1 lead time 5.5, workdesk 3, move 2.5, FE 3/5.5, per-facility faciGap', () => {
    const d = leanDebrief(oracle1End());
    const fe = d.flowefficiency;
    expect(fe.value).toBeCloseTo(3 / 5.5, 12);
    expect(fe.touchRatio).toBeCloseTo(3 / 5.5, 12);
    expect(fe.units).toEqual([
      {
        rank: 0,
        template: 'P',
        leadTime: 5.5,
        valueAdded: 3,
        workdeskTime: 3,
        changeoverTime: 0,
        loadTime: 0,
        moveTime: 2.5,
        waitTime: 0,
        mainWaste: 'moveTime',
      },
    ]);
    expect(fe.byFacility).toEqual({
      W: { ...zeroMin, moveTime: 0.5 },
      A: { ...zeroMin, workdeskTime: 1, moveTime: 0.5 },
      B: { ...zeroMin, workdeskTime: 2, moveTime: 1.5 },
    });
    expect(fe.byTemplate['P']).toEqual({
      units: 1,
      leadTime: 5.5,
      valueAdded: 3,
      metrics: { ...zeroMin, workdeskTime: 3, moveTime: 2.5 },
      flowEfficiency: 3 / 5.5,
    });
    expect(fe.mainWaste).toBe('moveTime');
  });

  it('C.4: oracle 1 average WIP 0.55, TH 0.1, W 5.5, Little gap 0 on an empty line', () => {
    const w = leanDebrief(oracle1End()).wip;
    expect(w.average).toBeCloseTo(0.55, 12);
    expect(w.throughput).toBeCloseTo(0.1, 12);
    expect(w.averageLeadTime).toBe(5.5);
    expect(w.throughputTimesLeadTime).toBeCloseTo(0.55, 12);
    expect(w.littleAverage).toBeCloseTo(0.55, 12);
    expect(w.littleGap).toBeLessThan(1e-12);
    expect(w.inProcessAtEnd).toBe(0);
  });

  it('C.7: oracle 1 resource efficiency A 10 %, B 20 %, team 15 %', () => {
    const r = leanDebrief(oracle1End()).resefficiency;
    expect(r.byFacility).toEqual({ A: 0.1, B: 0.2 });
    expect(r.team).toBeCloseTo(0.15, 12);
    const a = r.facilities[0];
    expect(a).toMatchObject({ id: 'A', busy: 1, valueAdd: 1, idle: 9, valueAddEfficiency: 0.1 });
    expect(a?.shares).toEqual({ valueAdd: 0.1, quality: 0, changeover: 0, load: 0, idle: 0.9 });
  });

  it('C.1, C.2, C.7: oracle 7 on oracle 2 with batch 5: profit 5, nothing OTIF, lead 10, RE 50 %', () => {
    const d = leanDebrief(oracle2Batch5());
    expect(d.pnl).toMatchObject({
      revenue: 50,
      latePenalties: 10,
      defectPenalties: 0,
      material: 10,
      labour: 20,
      scrapCost: 0,
    });
    expect(d.pnl.holding).toBeCloseTo(5, 12);
    expect(d.pnl.profit).toBeCloseTo(5, 12);
    expect(d.deliveries).toMatchObject({
      countedOrders: 1,
      otifOrders: 0,
      otifRate: 0,
      onTimeFillRate: 0,
      delivered: 5,
      backlog: 0,
      averageCustomerLeadTime: 10,
    });
    expect(d.resefficiency.byFacility).toEqual({ A: 0.5, B: 0.5 });
    expect(d.resefficiency.team).toBe(0.5);
    expect(d.flowefficiency.value).toBeCloseTo(0.2, 12);
    expect(d.wip.average).toBeCloseTo(5, 12);
  });

  it('C.1, C.2: oracle 7 on oracle 2 with batch 1: profit 18, OTIF 100 %, lead 6', () => {
    const d = leanDebrief(oracle2Batch1());
    expect(d.pnl).toMatchObject({ revenue: 50, latePenalties: 0, material: 10, labour: 20 });
    expect(d.pnl.holding).toBeCloseTo(2, 12);
    expect(d.pnl.profit).toBeCloseTo(18, 12);
    expect(d.deliveries).toMatchObject({
      otifRate: 1,
      onTimeFillRate: 1,
      averageCustomerLeadTime: 6,
    });
    expect(d.deliveries.orders[0]).toMatchObject({
      otif: true,
      counted: true,
      customerLeadTime: 6,
    });
    expect(d.flowefficiency.value).toBeCloseTo(0.5, 12);
    expect(d.wip.throughputTimesLeadTime).toBeCloseTo(2, 12);
  });

  it('C.1: the cumulative chart runs by 0.1 min and ends on the totals', () => {
    const d = leanDebrief(oracle2Batch1());
    const chart = d.pnl.chart;
    expect(chart).toHaveLength(101);
    expect(chart[0]).toMatchObject({ t: 0, revenue: 0, material: 10, labour: 0, holding: 0 });
    // Shipped at 2: 1 unit of 10; ∫WIP up to 2 = 5 units × 2 min = 10 unit·min.
    const at2 = chart[20];
    expect(at2?.t).toBe(2);
    expect(at2?.revenue).toBe(10);
    expect(at2?.holding).toBeCloseTo(0.1 * 10, 12);
    expect(at2?.labour).toBeCloseTo(2 * 2, 12);
    const last = chart[chart.length - 1];
    expect(last?.t).toBe(10);
    expect(last?.profit).toBeCloseTo(d.pnl.profit, 9);
    expect(last?.costs).toBeCloseTo(d.pnl.costs, 9);
  });

  it('C.2: the deliveries chart counts units ordered and shipped by 0.1 min', () => {
    const c = leanDebrief(oracle2Batch1()).deliveries.chart;
    expect(c[0]).toEqual({ t: 0, ordered: 5, shipped: 0 });
    expect(c[20]).toEqual({ t: 2, ordered: 5, shipped: 1 });
    expect(c[59]).toMatchObject({ shipped: 4 });
    expect(c[60]).toEqual({ t: 6, ordered: 5, shipped: 5 });
  });

  it('C.2: K holds orders due by E and OTIF orders due later; backlog counts open orders only', () => {
    const input = oracle2(1);
    input.params.consumerDemand = [
      { created_min: 0, template_id: 'P', qty: 2, due_min: 4 },
      { created_min: 1, template_id: 'P', qty: 2, due_min: 12 },
      { created_min: 2, template_id: 'P', qty: 3, due_min: 12 },
      { created_min: 11, template_id: 'P', qty: 1 },
    ];
    input.params.consumerDemandParams = { totalDuration: 12 };
    const s = endState(input, {
      end: 10,
      units: [],
      orders: [
        counters({ fulfilled_qty: 1, fulfilled_at: null, otifProducts: 1 }),
        counters({ fulfilled_qty: 2, fulfilled_at: 3, otifProducts: 2 }),
        counters({ fulfilled_qty: 0 }),
        counters(),
      ],
      wipIntegral: 0,
    });
    const d = leanDebrief(s).deliveries;
    expect(d.orders.map((o) => o.counted)).toEqual([true, true, false, false]);
    expect(d.countedOrders).toBe(2);
    expect(d.otifOrders).toBe(1);
    expect(d.otifRate).toBe(0.5);
    expect(d.onTimeFillRate).toBe(3 / 4);
    expect(d.delivered).toBe(3);
    // Open at E = 10: orders 0, 1 and 2 (1 + 0 + 3); order 3 is created at 11.
    expect(d.backlog).toBe(4);
    expect(d.averageCustomerLeadTime).toBe(2);
  });

  it('C.3: oracle 8 takt 0.15, WC 0.2/0.3/0.1, efficiency 2/3, capacity 20, minimum 4', () => {
    const s = endState(oracle8(false), { end: 6, units: [], orders: [counters()], wipIntegral: 0 });
    const b = leanDebrief(s).balance;
    expect(b.takt).toBe(0.15);
    expect(b.facilities.map((f) => [f.id, f.workContent])).toEqual([
      ['Y', 0.2],
      ['G', 0.3],
      ['Bl', 0.1],
    ]);
    expect(b.facilities[1]?.byOp).toEqual({
      'circle:grey': 0.1,
      'square:grey': 0.1,
      'triangle:grey': 0.1,
    });
    expect(b.bottleneck).toBe('G');
    expect(b.balanceEfficiency).toBeCloseTo(2 / 3, 12);
    expect(b.bottleneckCapacity).toBe(20);
    expect(b.minimumFacilities).toBe(4);
    expect(b.totalWorkContent).toBeCloseTo(0.6, 12);
  });

  it('C.3, LEAN-IMP-4: oracle 8 after circle:grey moves to Blue: efficiency 1, capacity 30, bottleneck the lower line', () => {
    const s = endState(oracle8(true), { end: 6, units: [], orders: [counters()], wipIntegral: 0 });
    const b = leanDebrief(s).balance;
    expect(b.facilities.map((f) => f.workContent)).toEqual([0.2, 0.2, 0.2]);
    expect(b.balanceEfficiency).toBe(1);
    expect(b.bottleneckCapacity).toBe(30);
    expect(b.bottleneck).toBe('Y');
    expect(b.minimumFacilities).toBe(4);
  });

  it('C.3, LEAN-ROUTE-1: a quality facility adds its inspection time unless autoinspect or pokayoke is on', () => {
    const input = oracle8(false);
    input.facilities['Q'] = { type: 'quality', position: [4, 0], inspectTime: 0.25 };
    const s = endState(input, { end: 6, units: [], orders: [counters()], wipIntegral: 0 });
    const q = leanDebrief(s).balance.facilities.find((f) => f.id === 'Q');
    expect(q?.workContent).toBe(0.25);
    expect(q?.byOp).toEqual({ inspect: 0.25 });
    input.params.settings = { autoinspect: true };
    const s2 = endState(input, { end: 6, units: [], orders: [counters()], wipIntegral: 0 });
    expect(leanDebrief(s2).balance.facilities.find((f) => f.id === 'Q')?.workContent).toBe(0);
  });

  it('C.3: observed cycle time is busy over units that left the desk', () => {
    const b = leanDebrief(oracle2Batch5()).balance;
    expect(b.facilities.map((f) => f.observedCycleTime)).toEqual([1, 1]);
  });

  it('C.5, C.1: defect rate, first-pass yield, scrap and escapes; a defective unit earns nothing and pays the penalty', () => {
    const s = endState(oracle2(1), {
      end: 10,
      units: [
        unit(0, { launch: 0, exit: 2 }),
        // Repainted once after a detected defect: not first pass.
        unit(1, {
          launch: 0,
          exit: 3,
          ops: [{ attempts: 2, paintedBy: 'A' }, {}],
          defectivePaints: 1,
        }),
        // Shipped with a hidden defect painted by B: an escape.
        unit(2, {
          launch: 0,
          exit: 4,
          ops: [{}, { defect: true, paintedBy: 'B' }],
          defectivePaints: 1,
        }),
        unit(3, { launch: 0, exit: 5, zone: 'scrapped', defectivePaints: 1 }),
        unit(4, { launch: 0, exit: null, zone: 'desk', ops: [{}, { state: 'todo', attempts: 0 }] }),
      ],
      orders: [
        counters({
          fulfilled_qty: 3,
          defectProducts: 1,
          defectOpes: 3,
          otifProducts: 2,
          prod_started_qty: 5,
        }),
      ],
      facilities: {
        A: {
          paints: 6,
          defectivePaints: 2,
          detected: 2,
          buckets: { valueAdd: ms(4), quality: ms(1.5), changeover: 0, load: 0 },
        },
        B: {
          paints: 3,
          defectivePaints: 1,
          buckets: { valueAdd: ms(3), quality: 0, changeover: 0, load: 0 },
        },
      },
      wipIntegral: 24,
    });
    const d = leanDebrief(s);
    expect(d.quality).toMatchObject({
      paints: 9,
      defectivePaints: 3,
      defectRate: 3 / 9,
      firstPassYield: 1 / 3,
      scrapped: 1,
      scrapCost: 2,
      escapes: 1,
      reworkTime: 1.5,
    });
    expect(d.quality.byFacility).toEqual([
      { id: 'A', paints: 6, defectivePaints: 2, detected: 2, escapes: 0 },
      { id: 'B', paints: 3, defectivePaints: 1, detected: 0, escapes: 1 },
    ]);
    // Revenue: units 0 and 1 (unit 2 is defective). Material: 5 launched units.
    expect(d.pnl.revenue).toBe(20);
    expect(d.pnl.defectPenalties).toBe(5);
    expect(d.pnl.material).toBe(10);
    expect(d.pnl.scrapCost).toBe(2);
    // Little: lives 2 + 3 + 4 + 5 (scrap) + 10 (alive) = 24 over E = 10.
    expect(d.wip.littleAverage).toBeCloseTo(2.4, 12);
    expect(d.wip.average).toBeCloseTo(2.4, 12);
    expect(d.wip.inProcessAtEnd).toBe(1);
    // S = the three shipped units: TH 0.3, W 3.
    expect(d.wip.throughput).toBeCloseTo(0.3, 12);
    expect(d.wip.averageLeadTime).toBe(3);
    expect(d.wip.littleGap).toBeCloseTo((2.4 - 0.9) / 2.4, 12);
  });

  it('LEAN-WH-5, C.1, C.4, C.6: initial stock earns no revenue nor material and stays out of lead time, but counts in WIP', () => {
    const s = endState(oracle2(1), {
      end: 10,
      units: [
        unit(0, { launch: 0, exit: 1, initial: true, order: 0 }),
        unit(1, { launch: 0, exit: 4, metrics: { workdeskTime: 2, waitTime: 2 } }),
      ],
      orders: [counters({ fulfilled_qty: 2 })],
      wipIntegral: 5,
    });
    const d = leanDebrief(s);
    expect(d.pnl.revenue).toBe(10);
    expect(d.pnl.material).toBe(2);
    expect(d.flowefficiency.units.map((u) => u.rank)).toEqual([1]);
    expect(d.flowefficiency.value).toBe(0.5);
    expect(d.wip.averageLeadTime).toBe(4);
    expect(d.wip.littleAverage).toBe(0.5);
    expect(d.deliveries.delivered).toBe(2);
    expect(d.deliveries.chart[10]).toEqual({ t: 1, ordered: 5, shipped: 1 });
  });

  it('LEAN-DESK-10, C.7: a task still running at E counts up to E in its bucket', () => {
    const s = oracle2Batch5();
    s.status = 'running';
    s.endedAt = null;
    s.now = ms(3);
    (s.facilities['A'] as FacilityState).buckets.valueAdd = ms(2);
    (s.facilities['A'] as FacilityState).task = {
      kind: 'paint',
      start: ms(2),
      end: ms(4),
      units: [2],
      op: 0,
    };
    (s.units[2] as LeanUnit).ops[0] = {
      ...(s.units[2] as LeanUnit).ops[0]!,
      attempts: 0,
      state: 'todo',
    };
    const r = leanDebrief(s).resefficiency.facilities[0];
    expect(r).toMatchObject({ id: 'A', valueAdd: 3, busy: 3, idle: 0 });
  });

  it('C.6: the main waste is the largest non-workdesk metric, ties to the lower rank, none when all are 0', () => {
    const s = endState(oracle2(1), {
      end: 10,
      units: [
        unit(0, { launch: 0, exit: 3, metrics: { workdeskTime: 2, loadTime: 0.5, moveTime: 0.5 } }),
        unit(1, { launch: 0, exit: 2, metrics: { workdeskTime: 2 } }),
        unit(2, {
          launch: 0,
          exit: 5,
          metrics: { workdeskTime: 2, changeoverTime: 1, waitTime: 2 },
        }),
      ],
      orders: [counters()],
      wipIntegral: 10,
    });
    const fe = leanDebrief(s).flowefficiency;
    expect(fe.units.map((u) => u.mainWaste)).toEqual(['loadTime', null, 'waitTime']);
    expect(fe.mainWaste).toBe('waitTime');
    expect(fe.average).toEqual({
      workdeskTime: 2,
      changeoverTime: 1 / 3,
      loadTime: 0.5 / 3,
      moveTime: 0.5 / 3,
      waitTime: 2 / 3,
    });
  });

  it('records: units and orders in minutes, lead time null while in process', () => {
    const s = endState(oracle2(1), {
      end: 10,
      units: [
        unit(0, { launch: 0, exit: 2, metrics: { workdeskTime: 2 } }),
        unit(1, {
          launch: 0.5,
          exit: 4.25,
          zone: 'scrapped',
          metrics: { workdeskTime: 1, waitTime: 2.75 },
        }),
        unit(2, { launch: 1, exit: null, metrics: { waitTime: 9 } }),
      ],
      orders: [counters({ fulfilled_qty: 1, prod_started_qty: 3, defectOpes: 1 })],
      wipIntegral: 14.75,
    });
    expect(unitRecords(s)).toEqual([
      {
        rank: 0,
        template: 'P',
        launchedAt: 0,
        exitedAt: 2,
        shipped: true,
        scrapped: false,
        leadTime: 2,
        workdeskTime: 2,
        changeoverTime: 0,
        loadTime: 0,
        moveTime: 0,
        waitTime: 0,
      },
      {
        rank: 1,
        template: 'P',
        launchedAt: 0.5,
        exitedAt: 4.25,
        shipped: false,
        scrapped: true,
        leadTime: 3.75,
        workdeskTime: 1,
        changeoverTime: 0,
        loadTime: 0,
        moveTime: 0,
        waitTime: 2.75,
      },
      {
        rank: 2,
        template: 'P',
        launchedAt: 1,
        exitedAt: null,
        shipped: false,
        scrapped: false,
        leadTime: null,
        workdeskTime: 0,
        changeoverTime: 0,
        loadTime: 0,
        moveTime: 0,
        waitTime: 9,
      },
    ]);
    expect(orderRecords(s)).toEqual([
      {
        index: 0,
        fulfilled_qty: 1,
        fulfilled_at: null,
        lateProducts: 0,
        otifProducts: 0,
        defectProducts: 0,
        defectOpes: 1,
        prod_started_qty: 3,
      },
    ]);
  });
});

const zeroMin = { workdeskTime: 0, changeoverTime: 0, loadTime: 0, moveTime: 0, waitTime: 0 };
