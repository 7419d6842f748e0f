/**
 * The hand-computed oracle cases of the design (`lean-game.md` Part D) as tests: every figure an
 * oracle gives that the engine state holds, in exact game ms.
 */
import { describe, expect, it } from 'vitest';
import { leadTime, runToEnd, startRun } from './engine';
import { bucketsAt, launched, line, m, metricsMin } from './engine-testing';
import type { LeanState } from './model';

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
