/**
 * The hand-computed oracle cases of the design (`lean-game.md` Part D) as tests: every figure an
 * oracle gives that the engine state holds, in exact game ms.
 */
import { describe, expect, it } from 'vitest';
import { advanceTo, applyAction, endRun, leadTime, runToEnd, startRun } from './engine';
import { bucketsAt, launched, line, m, metricsMin } from './engine-testing';
import type { CarsAndTrucksVariant } from './cars-and-trucks';
import { CARS_AND_TRUCKS_ROUNDS, carsAndTrucks } from './cars-and-trucks';
import type { LeanAction, LeanState } from './model';
import { normalizeLeanGame } from './model';

const Z = { changeoverTime: 0, loadTime: 0, moveTime: 0, waitTime: 0 };

function shipTimes(s: LeanState): number[] {
  return launched(s).map((u) => (u.zone === 'shipped' ? (u.exitedAt as number) : -1));
}
function leads(s: LeanState): (number | null)[] {
  return launched(s).map((u) => leadTime(u));
}

// ---------------------------------------------------------------- oracle 1

describe('oracle 1: two-station line, one order', () => {
  const spread = line({
    totalDuration: 10,
    moveCellTime: 0.5,
    facilities: { W: { position: [0, 0] }, A: { position: [2, 0] }, B: { position: [4, 0] } },
    templates: {
      P: [
        ['circle', 'green', 1.0, 'A'],
        ['square', 'blue', 2.0, 'B'],
      ],
    },
    orders: [{ t: 'P', qty: 1, due: 6 }],
  });

  it('LEAN-GRID-2, LEAN-GRID-3, LEAN-MET-1, LEAN-DEM-6: ships at 5.5 with workdesk 3 and move 2.5, on time', () => {
    const s = runToEnd(spread);
    const [u] = launched(s);
    expect(s.units).toHaveLength(1);
    expect(u?.zone).toBe('shipped');
    expect(u?.launchedAt).toBe(0);
    expect(u?.exitedAt).toBe(m(5.5));
    expect(leadTime(u!)).toBe(m(5.5));
    expect(metricsMin(u!)).toEqual({ ...Z, workdeskTime: 3, moveTime: 2.5 });
    expect(s.orders[0]).toEqual({
      fulfilled_at: 5.5,
      fulfilled_qty: 1,
      defectOpes: 0,
      defectProducts: 0,
      lateProducts: 0,
      otifProducts: 1,
      prod_started_qty: 1,
    });
  });

  it('LEAN-MET-2: faciGap charges each move to its sender and sums to the lead time', () => {
    const u = launched(runToEnd(spread))[0]!;
    const zero = { workdeskTime: 0, ...Z };
    expect(u.faciGap).toEqual({
      W: { ...zero, moveTime: m(0.5) },
      A: { ...zero, workdeskTime: m(1), moveTime: m(0.5) },
      B: { ...zero, workdeskTime: m(2), moveTime: m(1.5) },
    });
  });

  it('LEAN-MET-5, LEAN-DESK-10: ∫WIP 5.5 unit·min, WIP max 1, A busy 1 and B busy 2 of 10 (value added)', () => {
    const s = runToEnd(spread);
    expect(s.endedAt).toBe(m(10));
    expect(s.wipIntegral).toBe(m(5.5));
    expect(s.wipMax).toBe(1);
    expect(bucketsAt(s, 'A')).toEqual({
      valueAdd: m(1),
      quality: 0,
      changeover: 0,
      load: 0,
      busy: m(1),
    });
    expect(bucketsAt(s, 'B')).toEqual({
      valueAdd: m(2),
      quality: 0,
      changeover: 0,
      load: 0,
      busy: m(2),
    });
  });

  it('LEAN-IMP-1, LEAN-GRID-3: after movestations to a U (neighbours move in 0, B→W d = 2) the lead time is 3.5', () => {
    const u = line({
      totalDuration: 10,
      moveCellTime: 0.5,
      facilities: { W: { position: [0, 0] }, A: { position: [0, 1] }, B: { position: [1, 1] } },
      templates: {
        P: [
          ['circle', 'green', 1.0, 'A'],
          ['square', 'blue', 2.0, 'B'],
        ],
      },
      orders: [{ t: 'P', qty: 1, due: 6 }],
    });
    const s = runToEnd(u);
    const unit = launched(s)[0]!;
    expect(leadTime(unit)).toBe(m(3.5));
    expect(metricsMin(unit)).toEqual({ ...Z, workdeskTime: 3, moveTime: 0.5 });
    expect(s.wipIntegral).toBe(m(3.5));
  });
});

// ---------------------------------------------------------------- oracle 2

describe('oracle 2: a batch of 5 versus one-piece flow', () => {
  const game = (batch: number) =>
    line({
      totalDuration: 10,
      batch,
      facilities: { W: {}, A: {}, B: {} },
      templates: {
        P: [
          ['circle', 'green', 1.0, 'A'],
          ['square', 'blue', 1.0, 'B'],
        ],
      },
      orders: [{ t: 'P', qty: 5, due: 8 }],
    });

  it('LEAN-ROUTE-4, LEAN-WH-1: batch 5 ships all five at 10, each with workdesk 2 and wait 8, all late', () => {
    const s = runToEnd(game(5));
    expect(shipTimes(s)).toEqual([10, 10, 10, 10, 10].map(m));
    expect(leads(s)).toEqual([10, 10, 10, 10, 10].map(m));
    for (const u of launched(s))
      expect(metricsMin(u)).toEqual({ ...Z, workdeskTime: 2, waitTime: 8 });
    expect(s.orders[0]).toMatchObject({
      fulfilled_at: 10,
      fulfilled_qty: 5,
      lateProducts: 5,
      otifProducts: 0,
      prod_started_qty: 5,
    });
    expect(s.wipIntegral).toBe(m(50));
    expect(s.wipMax).toBe(5);
    expect(bucketsAt(s, 'A').busy).toBe(m(5));
    expect(bucketsAt(s, 'B').busy).toBe(m(5));
  });

  it('LEAN-ROUTE-4: batch 1 ships at 2, 3, 4, 5, 6 with waits 0–4 at A, on time', () => {
    const s = runToEnd(game(1));
    expect(shipTimes(s)).toEqual([2, 3, 4, 5, 6].map(m));
    expect(leads(s)).toEqual([2, 3, 4, 5, 6].map(m));
    expect(launched(s).map((u) => u.metrics.waitTime)).toEqual([0, 1, 2, 3, 4].map(m));
    for (const u of launched(s)) {
      expect(u.metrics.workdeskTime).toBe(m(2));
      expect(u.faciGap['A']?.waitTime).toBe(u.metrics.waitTime);
    }
    expect(s.orders[0]).toMatchObject({
      fulfilled_at: 6,
      fulfilled_qty: 5,
      lateProducts: 0,
      otifProducts: 5,
    });
    expect(s.wipIntegral).toBe(m(20));
    expect(bucketsAt(s, 'A')).toMatchObject({ valueAdd: m(5), busy: m(5) });
    expect(bucketsAt(s, 'B')).toMatchObject({ valueAdd: m(5), busy: m(5) });
  });

  it('LEAN-EVT-6: the computer warehouse launches at 0 in startRun', () => {
    const s = startRun(game(1));
    expect(s.now).toBe(0);
    expect(s.units).toHaveLength(5);
    expect(s.orders[0]?.prod_started_qty).toBe(5);
  });
});

// ---------------------------------------------------------------- oracle 3

describe('oracle 3: a line before and after SMED', () => {
  const game = (smed: boolean) =>
    line({
      totalDuration: 20,
      batch: 2,
      smedFactor: 0.2,
      settings: { smed },
      facilities: { W: {}, S: { changeoverTime: 2 } },
      templates: { X: [['circle', 'green', 1.0, 'S']], Y: [['square', 'green', 1.0, 'S']] },
      orders: [
        { t: 'X', qty: 2, due: 10 },
        { t: 'Y', qty: 2, due: 10 },
        { t: 'X', qty: 2, due: 10 },
        { t: 'Y', qty: 2, due: 10 },
      ],
    });

  it('LEAN-DESK-3, LEAN-DESK-4: S loads FIFO X, Y, X, Y; each template switch costs C = 2; orders fulfilled at 2, 6, 10, 14', () => {
    const s = runToEnd(game(false));
    expect(s.orders.map((o) => o.fulfilled_at)).toEqual([2, 6, 10, 14]);
    expect(s.orders.map((o) => o.lateProducts)).toEqual([0, 0, 0, 2]);
    expect(s.orders.map((o) => o.otifProducts)).toEqual([2, 2, 2, 0]);
    expect(shipTimes(s)).toEqual([2, 2, 6, 6, 10, 10, 14, 14].map(m));
    expect(launched(s).map((u) => u.metrics.changeoverTime)).toEqual(
      [0, 0, 2, 2, 2, 2, 2, 2].map(m),
    );
    expect(bucketsAt(s, 'S')).toMatchObject({ valueAdd: m(8), changeover: m(6), busy: m(14) });
    expect(s.wipIntegral).toBe(m(64));
  });

  it('LEAN-IMP-8: with SMED every changeover is round(C × smedFactor) = 0.4; orders at 2, 4.4, 6.8, 9.2, all OTIF', () => {
    const s = runToEnd(game(true));
    expect(s.orders.map((o) => o.fulfilled_at)).toEqual([2, 4.4, 6.8, 9.2]);
    expect(s.orders.map((o) => o.otifProducts)).toEqual([2, 2, 2, 2]);
    expect(launched(s).map((u) => u.metrics.changeoverTime)).toEqual(
      [0, 0, 0.4, 0.4, 0.4, 0.4, 0.4, 0.4].map(m),
    );
    expect(bucketsAt(s, 'S')).toMatchObject({ valueAdd: m(8), changeover: m(1.2) });
    expect(s.wipIntegral).toBe(m(44.8));
    for (const u of launched(s)) expect(leadTime(u)).toBe(u.exitedAt);
  });
});

// ---------------------------------------------------------------- oracle 4

describe('oracle 4: kanban caps WIP (pull)', () => {
  const game = (kanban: boolean) =>
    line({
      totalDuration: 10,
      settings: { kanban },
      facilities: { W: { wipOutMax: 1 }, S: { wipInMax: 1, wipOutMax: 1 } },
      templates: { P: [['circle', 'green', 1.0, 'S']] },
      orders: [{ t: 'P', qty: 5, due: 10 }],
    });

  it('LEAN-AI-2: push launches all 5 at 0; ships 1–5, lead times 1–5, ∫WIP 15, WIP max 5', () => {
    const s = runToEnd(game(false));
    expect(launched(s).map((u) => u.launchedAt)).toEqual([0, 0, 0, 0, 0]);
    expect(shipTimes(s)).toEqual([1, 2, 3, 4, 5].map(m));
    expect(leads(s)).toEqual([1, 2, 3, 4, 5].map(m));
    expect(s.wipIntegral).toBe(m(15));
    expect(s.wipMax).toBe(5);
  });

  it('LEAN-IMP-7, LEAN-MOVE-3, LEAN-WH-1: with caps of 1 the warehouse launches at 0, 0, 0, 1, 2; lead times 1, 2, 3, 3, 3; WIP max 3', () => {
    const s = runToEnd(game(true));
    expect(launched(s).map((u) => u.launchedAt)).toEqual([0, 0, 0, 1, 2].map(m));
    expect(shipTimes(s)).toEqual([1, 2, 3, 4, 5].map(m));
    expect(leads(s)).toEqual([1, 2, 3, 3, 3].map(m));
    expect(s.wipIntegral).toBe(m(12));
    expect(s.wipMax).toBe(3);
    expect(s.orders[0]).toMatchObject({ fulfilled_at: 5, otifProducts: 5, prod_started_qty: 5 });
  });

  it('LEAN-EVT-4 D1/D2: at 0 u0 is on the desk, u1 in S.in and u2 waits in whOut (S.in full)', () => {
    const s = startRun(game(true));
    expect(s.facilities['S']).toMatchObject({ desk: [0], in: [1] });
    expect(s.facilities['W']?.out).toEqual([2]);
    expect(s.units[2]?.zone).toBe('whOut');
  });
});

// ---------------------------------------------------------------- oracle 5

describe('oracle 5: heijunka, pitch, and why it needs SMED', () => {
  const game = (heijunka: boolean, smed: boolean) =>
    line({
      totalDuration: 12,
      heijunkaPitch: 1,
      smedFactor: 0.2,
      settings: { heijunka, smed },
      facilities: { W: {}, S: { changeoverTime: 0.5 } },
      templates: {
        A: [['circle', 'green', 1.0, 'S']],
        B: [['circle', 'red', 1.0, 'S']],
        C: [['circle', 'blue', 1.0, 'S']],
      },
      orders: [
        { t: 'A', qty: 4, due: 8 },
        { t: 'B', qty: 2, due: 8 },
        { t: 'C', qty: 2, due: 8 },
      ],
    });
  const sumLeads = (s: LeanState) => launched(s).reduce((a, u) => a + (leadTime(u) ?? 0), 0);

  it('LEAN-AI-2: without heijunka (FIFO, all launched at 0: AAAABBCC) ships at 1, 2, 3, 4, 5.5, 6.5, 8, 9 with 2 changeovers', () => {
    const s = runToEnd(game(false, false));
    expect(
      launched(s)
        .map((u) => u.template)
        .join(''),
    ).toBe('AAAABBCC');
    expect(shipTimes(s)).toEqual([1, 2, 3, 4, 5.5, 6.5, 8, 9].map(m));
    expect(sumLeads(s)).toBe(m(39));
    expect(s.wipIntegral).toBe(m(39));
    expect(bucketsAt(s, 'S').changeover).toBe(m(1.0));
    expect(s.orders.map((o) => o.fulfilled_at)).toEqual([4, 6.5, 9]);
    expect(s.orders.map((o) => o.lateProducts)).toEqual([0, 0, 1]);
  });

  it('LEAN-IMP-5: goal chasing launches A B C A A B C A at minutes 0–7', () => {
    const s = runToEnd(game(true, false));
    expect(
      launched(s)
        .map((u) => u.template)
        .join(''),
    ).toBe('ABCAABCA');
    expect(launched(s).map((u) => u.launchedAt)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map(m));
    expect(s.heijunka.launched).toEqual({ A: 4, B: 2, C: 2 });
  });

  it('LEAN-IMP-5: heijunka without SMED ships at 1, 2.5, 4, 5.5, 6.5, 8, 9.5, 11 (Σ lead 20, ∫WIP 20, 6 changeovers of 0.5)', () => {
    const s = runToEnd(game(true, false));
    expect(shipTimes(s)).toEqual([1, 2.5, 4, 5.5, 6.5, 8, 9.5, 11].map(m));
    expect(sumLeads(s)).toBe(m(20));
    expect(s.wipIntegral).toBe(m(20));
    expect(bucketsAt(s, 'S').changeover).toBe(m(3.0));
  });

  it('LEAN-IMP-5, LEAN-IMP-8: heijunka + SMED ships at 1, 2.1, …, 8.6 (Σ lead 10.4, 6 changeovers of 0.1); A at 8.6 with 1 late unit, B 6.4, C 7.5', () => {
    const s = runToEnd(game(true, true));
    expect(shipTimes(s)).toEqual([1, 2.1, 3.2, 4.3, 5.3, 6.4, 7.5, 8.6].map(m));
    expect(leads(s)).toEqual([1, 1.1, 1.2, 1.3, 1.3, 1.4, 1.5, 1.6].map(m));
    expect(sumLeads(s)).toBe(m(10.4));
    expect(s.wipIntegral).toBe(m(10.4));
    expect(bucketsAt(s, 'S').changeover).toBe(m(0.6));
    expect(s.orders.map((o) => o.fulfilled_at)).toEqual([8.6, 6.4, 7.5]);
    expect(s.orders.map((o) => o.lateProducts)).toEqual([1, 0, 0]);
  });
});

// ---------------------------------------------------------------- oracle 6

describe('oracle 6: defects, inspection, poka-yoke, jidoka, scrap', () => {
  const game = (opts: { rework?: boolean; pokayoke?: boolean; autoinspect?: boolean }) =>
    line({
      totalDuration: 10,
      settings: { pokayoke: opts.pokayoke === true, autoinspect: opts.autoinspect === true },
      facilities: {
        W: {},
        S: { removeTime: 0.25, user: 'painter' },
        Q: { type: 'quality', inspectTime: 0.5, removeTime: 0.25, rework: opts.rework === true },
      },
      templates: { P: [['circle', 'green', 1.0, 'S']] },
      orders: [{ t: 'P', qty: 1, due: 2 }],
    });
  /** Applies the actions in order; every one must be accepted. */
  const play = (g: ReturnType<typeof game>, actions: LeanAction[]) => {
    let s = startRun(g);
    for (const a of actions) {
      const r = applyAction(s, a);
      expect(r.issue, `${a.kind} at ${a.at}`).toBeUndefined();
      s = r.state;
    }
    return endRun(s);
  };
  const wrong = { tool: 'square:green' as const };

  it('LEAN-DESK-5, LEAN-DESK-7, LEAN-DESK-8, LEAN-FAC-1: (a) Q inspects 1–1.5, removes 1.5–1.75, repaints 1.75–2.75; ships 2.75, late', () => {
    const s = play(game({ rework: true }), [
      { at: 0, fid: 'S', kind: 'load' },
      { at: 0, fid: 'S', kind: 'paint', unit: 0, op: 0, ...wrong },
      { at: m(1), fid: 'S', kind: 'send' },
    ]);
    const u = s.units[0]!;
    expect(u.exitedAt).toBe(m(2.75));
    expect(metricsMin(u)).toEqual({ ...Z, workdeskTime: 2.75 });
    expect(u.ops[0]).toMatchObject({ state: 'done', defect: false, attempts: 2, paintedBy: 'Q' });
    expect(bucketsAt(s, 'Q')).toMatchObject({ quality: m(1.75), busy: m(1.75), valueAdd: 0 });
    expect(bucketsAt(s, 'S')).toMatchObject({ valueAdd: m(1), busy: m(1) });
    expect(s.orders[0]).toMatchObject({
      defectOpes: 1,
      defectProducts: 0,
      lateProducts: 1,
      otifProducts: 0,
      fulfilled_at: 2.75,
    });
    expect(s.facilities['Q']).toMatchObject({ detected: 1, paints: 1, defectivePaints: 0 });
    expect(s.facilities['S']).toMatchObject({ paints: 1, defectivePaints: 1, detected: 0 });
  });

  it('LEAN-IMP-6, LEAN-ROUTE-1: (b) pokayoke refuses the wrong tool; S paints right 0–1; Q is no inspection point: ships at 1, OTIF', () => {
    let s = startRun(game({ rework: true, pokayoke: true }));
    s = applyAction(s, { at: 0, fid: 'S', kind: 'load' }).state;
    const refused = applyAction(s, { at: 0, fid: 'S', kind: 'paint', unit: 0, op: 0, ...wrong });
    expect(refused.issue).toBe('lean.pokayoke.wrongTool');
    s = applyAction(refused.state, { at: 0, fid: 'S', kind: 'paint', unit: 0, op: 0 }).state;
    const r = applyAction(s, { at: m(1), fid: 'S', kind: 'send' });
    expect(r.issue).toBeUndefined();
    s = endRun(r.state);
    expect(s.units[0]?.exitedAt).toBe(m(1));
    expect(s.units[0]?.inspectedAt).toEqual([]);
    expect(bucketsAt(s, 'Q').busy).toBe(0);
    expect(bucketsAt(s, 'S')).toMatchObject({ valueAdd: m(1), busy: m(1) });
    expect(s.orders[0]).toMatchObject({ otifProducts: 1, lateProducts: 0, defectOpes: 0 });
  });

  it('LEAN-IMP-3: (c) autoinspect: the defect is found at S, which removes 1–1.25 and repaints 1.25–2.25; Q is skipped', () => {
    const s = play(game({ rework: true, autoinspect: true }), [
      { at: 0, fid: 'S', kind: 'load' },
      { at: 0, fid: 'S', kind: 'paint', unit: 0, op: 0, ...wrong },
      { at: m(1), fid: 'S', kind: 'remove', unit: 0, op: 0 },
      { at: m(1.25), fid: 'S', kind: 'paint', unit: 0, op: 0 },
      { at: m(2.25), fid: 'S', kind: 'send' },
    ]);
    const u = s.units[0]!;
    expect(u.exitedAt).toBe(m(2.25));
    expect(leadTime(u)).toBe(m(2.25));
    expect(u.inspectedAt).toEqual([]);
    expect(bucketsAt(s, 'S')).toMatchObject({ valueAdd: m(1), quality: m(1.25) });
    expect(bucketsAt(s, 'Q').busy).toBe(0);
    expect(s.facilities['S']?.detected).toBe(1);
    expect(s.orders[0]).toMatchObject({ defectOpes: 1, lateProducts: 1, otifProducts: 0 });
  });

  it('LEAN-DESK-9, LEAN-DEM-5, LEAN-DEM-6: (d) Q without rework scraps u0 at 1.75; W relaunches; u1 ships at 3.25 with lead 1.5', () => {
    const s = play(game({ rework: false }), [
      { at: 0, fid: 'S', kind: 'load' },
      { at: 0, fid: 'S', kind: 'paint', unit: 0, op: 0, ...wrong },
      { at: m(1), fid: 'S', kind: 'send' },
      { at: m(1.75), fid: 'S', kind: 'load' },
      { at: m(1.75), fid: 'S', kind: 'paint', unit: 1, op: 0 },
      { at: m(2.75), fid: 'S', kind: 'send' },
    ]);
    const [u0, u1] = s.units;
    expect(u0).toMatchObject({ zone: 'scrapped', exitedAt: m(1.75) });
    expect(u1).toMatchObject({ zone: 'shipped', launchedAt: m(1.75), exitedAt: m(3.25) });
    expect(leadTime(u1!)).toBe(m(1.5));
    expect(bucketsAt(s, 'Q')).toMatchObject({ quality: m(1.25), busy: m(1.25) });
    expect(bucketsAt(s, 'S')).toMatchObject({ valueAdd: m(2), busy: m(2) });
    expect(s.orders[0]).toMatchObject({
      prod_started_qty: 2,
      defectOpes: 1,
      lateProducts: 1,
      fulfilled_qty: 1,
      fulfilled_at: 3.25,
    });
  });
});

// ---------------------------------------------------------------- oracle 10

describe('oracle 10: the flush rule (quantity not a multiple of the batch)', () => {
  const game = line({
    totalDuration: 10,
    batch: 4,
    facilities: { W: {}, S: {} },
    templates: { P: [['circle', 'green', 1.0, 'S']] },
    orders: [{ t: 'P', qty: 6, due: 8 }],
  });

  it('LEAN-ROUTE-5: W sends [u0–u3] then the flushable [u4, u5] at 0', () => {
    const s = startRun(game);
    expect(s.transit).toEqual([]);
    expect(s.facilities['S']).toMatchObject({ desk: [0, 1, 2, 3], in: [4, 5] });
    expect(s.orders[0]?.prod_started_qty).toBe(6);
  });

  it('LEAN-ROUTE-5: partial groups wait while same-template units are on the desk (1–3 and 5)', () => {
    let s = startRun(game);
    for (const [t, out] of [
      [1, [0]],
      [2, [0, 1]],
      [3, [0, 1, 2]],
    ] as const) {
      s = advanceTo(s, m(t));
      expect(s.facilities['S']?.out).toEqual(out);
    }
    s = advanceTo(s, m(5));
    expect(s.facilities['S']).toMatchObject({ out: [4], desk: [5] });
    expect(s.orders[0]?.fulfilled_qty).toBe(4);
  });

  it('LEAN-ROUTE-5, LEAN-WH-2: ships 4 at 4 and [u4, u5] at 6; lead times 4, 4, 4, 4, 6, 6; ∫WIP 28', () => {
    const s = runToEnd(game);
    expect(shipTimes(s)).toEqual([4, 4, 4, 4, 6, 6].map(m));
    expect(leads(s)).toEqual([4, 4, 4, 4, 6, 6].map(m));
    expect(s.wipIntegral).toBe(m(28));
    expect(s.orders[0]).toMatchObject({ fulfilled_at: 6, fulfilled_qty: 6, otifProducts: 6 });
  });

  it('LEAN-ROUTE-5: batches 3, 4 and 5 on 4-unit orders in an 80-minute run ship everything', () => {
    for (const batch of [3, 4, 5]) {
      const s = runToEnd(
        line({
          totalDuration: 80,
          batch,
          facilities: { W: {}, A: {}, B: {} },
          templates: {
            P: [
              ['circle', 'green', 1.0, 'A'],
              ['square', 'green', 0.5, 'B'],
            ],
          },
          orders: Array.from({ length: 10 }, (_, k) => ({ t: 'P', qty: 4, at: k * 2 })),
        }),
      );
      expect(
        s.units.every((u) => u.zone === 'shipped'),
        `batch ${batch}`,
      ).toBe(true);
      expect(s.orders.every((o) => o.fulfilled_qty === 4)).toBe(true);
    }
  });
});

// ---------------------------------------------------------------- Appendix

describe('Appendix: Cars and Trucks, computer only (informative, reproduced exactly)', () => {
  /** The figures of the Appendix table, computed from the end state as Part C defines them. */
  function figures(variant: CarsAndTrucksVariant) {
    const game = normalizeLeanGame(carsAndTrucks(variant));
    const s = runToEnd(game);
    const e = s.endedAt as number;
    const shipped = s.units.filter((u) => u.zone === 'shipped' && !u.initial);
    const va = new Map(game.templates.map((t) => [t.id, t.ops.reduce((a, o) => a + m(o.time), 0)]));
    const sumLead = shipped.reduce((a, u) => a + (leadTime(u) as number), 0);
    const sumVa = shipped.reduce((a, u) => a + (va.get(u.template) as number), 0);
    const avgLead = sumLead / shipped.length / 60000;
    let countedQty = 0;
    let countedOtif = 0;
    let counted = 0;
    let otifOrders = 0;
    game.orders.forEach((o, k) => {
      const c = s.orders[k]!;
      const otif = c.otifProducts === o.qty;
      if (m(o.due_min) <= e || otif) {
        counted++;
        countedQty += o.qty;
        countedOtif += c.otifProducts;
        if (otif) otifOrders++;
      }
    });
    return {
      shipped: shipped.length,
      avgLead,
      fe: sumVa / sumLead,
      avgWip: s.wipIntegral / e,
      thw: (shipped.length / (e / 60000)) * avgLead,
      fill: `${countedOtif}/${countedQty}`,
      otif: `${otifOrders}/${counted}`,
      greyRe: bucketsAt(s, 'grey').busy / e,
    };
  }
  /** The table rounds: lead, WIP and TH × W to 0.01, FE to 0.1 %, RE to 1 %. */
  function expectRow(
    f: ReturnType<typeof figures>,
    row: [number, number, number, number, number, string, string, number],
  ) {
    const [shipped, lead, fe, wip, thw, fill, otif, re] = row;
    expect(f.shipped).toBe(shipped);
    expect(Math.abs(f.avgLead - lead)).toBeLessThanOrEqual(0.0051);
    expect(Math.abs(f.fe * 100 - fe)).toBeLessThanOrEqual(0.051);
    expect(Math.abs(f.avgWip - wip)).toBeLessThanOrEqual(0.0051);
    expect(Math.abs(f.thw - thw)).toBeLessThanOrEqual(0.0051);
    expect(f.fill).toBe(fill);
    expect(f.otif).toBe(otif);
    expect(Math.abs(f.greyRe * 100 - re)).toBeLessThanOrEqual(0.51);
  }

  it('LEAN-AI-1, LEAN-AI-2, LEAN-AI-3: push, batch 4: 32 shipped, lead 5.94, FE 10.1 %, WIP 11.39, TH×W 9.51, 0/36, 0/9, Grey 80 %', () => {
    expectRow(figures({ batch: 4 }), [32, 5.94, 10.1, 11.39, 9.51, '0/36', '0/9', 80]);
  });

  it('LEAN-IMP-8: + SMED (batch 1, compact): 40 shipped, lead 2.07, FE 29.0 %, WIP 4.14, 40/40, 10/10, Grey 83 %', () => {
    expectRow(figures({ batch: 1, compact: true, settings: { smed: true } }), [
      40,
      2.07,
      29.0,
      4.14,
      4.14,
      '40/40',
      '10/10',
      83,
    ]);
  });

  it('LEAN-IMP-1 to LEAN-IMP-8: every other row of the table, each adding to the one above', () => {
    const rows: Record<string, [number, number, number, number, number, string, string, number]> = {
      batch1: [34, 4.41, 13.6, 8.81, 7.49, '8/36', '2/9', 93],
      compact: [36, 3.29, 18.3, 6.68, 5.92, '29/36', '5/9', 94],
      kanban: [40, 2.07, 29.0, 4.14, 4.14, '40/40', '10/10', 83],
      heijunka: [38, 1.38, 43.6, 2.69, 2.62, '30/36', '4/9', 82],
      autoinspect: [38, 1.32, 45.3, 2.59, 2.51, '30/36', '4/9', 61],
      pokayoke: [38, 1.18, 50.9, 2.31, 2.24, '30/36', '4/9', 55],
    };
    for (const round of CARS_AND_TRUCKS_ROUNDS) {
      const row = rows[round.id];
      if (row) expectRow(figures(round.variant), row);
    }
  });
});
