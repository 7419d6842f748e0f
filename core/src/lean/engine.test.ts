/**
 * Rules of the lean engine (design B.1–B.13) one by one, and every issue key of LEAN-EVT-5: a
 * refused action returns its key and changes nothing but the clock.
 */
import { describe, expect, it } from 'vitest';
import { randomAt, STREAM } from '../beer/random';
import { carsAndTrucks } from './cars-and-trucks';
import { advanceTo, applyAction, endRun, leadTime, runToEnd, startRun } from './engine';
import type { LeanIssue } from './engine';
import { bucketsAt, launched, line, m } from './engine-testing';
import type { LeanAction, LeanGame, LeanState, OpType } from './model';
import { normalizeLeanGame } from './model';

/** Applies actions that must all be accepted. */
function play(s: LeanState, actions: LeanAction[]): LeanState {
  let state = s;
  for (const a of actions) {
    const r = applyAction(state, a);
    expect(r.issue, `${a.kind} ${a.fid} at ${a.at}`).toBeUndefined();
    state = r.state;
  }
  return state;
}

/**
 * The action is refused with `key`; the state returned is the input advanced to the action's time
 * (nothing else changed, the action is not logged) and the input is untouched.
 */
function expectRefused(s: LeanState, action: LeanAction, key: LeanIssue): void {
  const before = JSON.stringify(s);
  const r = applyAction(s, action);
  expect(r.issue).toBe(key);
  expect(JSON.stringify(s)).toBe(before);
  const at = typeof action.at === 'number' ? Math.max(s.now, action.at) : s.now;
  expect(r.state).toEqual(s.status === 'running' ? advanceTo(s, at) : s);
  expect(r.state.log).toEqual(s.log);
}

/**
 * A line where people play: the warehouse `W` (uid boss) and station `A` (ann, circle:green 1.0);
 * `B` (square:blue 1.0) and the quality station `Q` are computer-played. Order 0: 2 P at 0;
 * order 1: 1 P at minute 5.
 */
function humanLine(
  opts: { kanban?: boolean; heijunka?: boolean; pokayoke?: boolean; visibility?: boolean } = {},
): LeanGame {
  return line({
    totalDuration: 10,
    visibility: opts.visibility === true,
    heijunkaPitch: 1,
    settings: {
      kanban: opts.kanban === true,
      heijunka: opts.heijunka === true,
      pokayoke: opts.pokayoke === true,
    },
    facilities: {
      W: { user: 'boss', wipOutMax: 1 },
      A: { user: 'ann', wipInMax: 2, wipOutMax: 1 },
      B: {},
      Q: { type: 'quality', inspectTime: 0.5 },
    },
    templates: {
      P: [
        ['circle', 'green', 1.0, 'A'],
        ['square', 'blue', 1.0, 'B'],
      ],
      R: [['circle', 'green', 1.0, 'A']],
    },
    orders: [
      { t: 'P', qty: 2 },
      { t: 'P', qty: 1, at: 5 },
    ],
  });
}

/** u0 launched and sent by the warehouse player, loaded by A at 0. */
function loadedAtA(game = humanLine()): LeanState {
  return play(startRun(game), [
    { at: 0, fid: 'W', kind: 'launch', order: 0 },
    { at: 0, fid: 'W', kind: 'send' },
    { at: 0, fid: 'A', kind: 'load' },
  ]);
}

describe('issue keys of applyAction (LEAN-EVT-5)', () => {
  it('LEAN-DESK-2 lean.desk.busy: any desk action while a task runs', () => {
    const s = play(loadedAtA(), [{ at: 0, fid: 'A', kind: 'paint', unit: 0, op: 0 }]);
    expect(s.facilities['A']?.task).toMatchObject({ kind: 'paint', start: 0, end: m(1) });
    expectRefused(s, { at: m(0.5), fid: 'A', kind: 'paint', unit: 0, op: 0 }, 'lean.desk.busy');
    expectRefused(s, { at: m(0.5), fid: 'A', kind: 'load' }, 'lean.desk.busy');
    expectRefused(s, { at: m(0.5), fid: 'A', kind: 'remove', unit: 0, op: 0 }, 'lean.desk.busy');
  });

  it('LEAN-DESK-3 lean.load.refused: empty in, a unit already on the desk, an unknown template, a kanban cap', () => {
    const s0 = startRun(humanLine());
    expectRefused(s0, { at: 0, fid: 'A', kind: 'load' }, 'lean.load.refused');
    const s = loadedAtA();
    expect(s.facilities['A']?.desk).toEqual([0]);
    const two = play(s, [
      { at: 0, fid: 'W', kind: 'launch', order: 0 },
      { at: 0, fid: 'W', kind: 'send' },
    ]);
    expect(two.facilities['A']?.in).toEqual([1]);
    expectRefused(two, { at: 0, fid: 'A', kind: 'load' }, 'lean.load.refused');
    const fresh = play(startRun(humanLine()), [
      { at: 0, fid: 'W', kind: 'launch', order: 0 },
      { at: 0, fid: 'W', kind: 'send' },
    ]);
    for (const template of ['R', 'nope', '__proto__']) {
      expectRefused(fresh, { at: 0, fid: 'A', kind: 'load', template }, 'lean.load.refused');
    }
    // Kanban: A.out holds 1 = wipOutMax, so no batch may join it (|out| + |batch| ≤ wipOutMax).
    const blocked = line({
      totalDuration: 10,
      settings: { kanban: true },
      facilities: {
        W: { wipOutMax: 2 },
        A: { user: 'ann', wipInMax: 2, wipOutMax: 1 },
        B: { user: 'bob', wipInMax: 1, wipOutMax: 1 },
      },
      templates: {
        P: [
          ['circle', 'green', 1.0, 'A'],
          ['square', 'blue', 1.0, 'B'],
        ],
      },
      orders: [{ t: 'P', qty: 3 }],
    });
    let bs = play(startRun(blocked), [
      { at: 0, fid: 'A', kind: 'load' },
      { at: 0, fid: 'A', kind: 'paint', unit: 0, op: 0 },
      { at: m(1), fid: 'A', kind: 'load' },
      { at: m(1), fid: 'A', kind: 'paint', unit: 1, op: 0 },
    ]);
    bs = advanceTo(bs, m(2));
    // u0 waits in B.in (B's player does nothing), so u1 stays in A.out: A's out is full.
    expect(bs.facilities['B']?.in).toEqual([0]);
    expect(bs.facilities['A']).toMatchObject({ out: [1], desk: [], in: [2] });
    expectRefused(bs, { at: m(2), fid: 'A', kind: 'load' }, 'lean.load.refused');
  });

  it('LEAN-MOVE-2 lean.move.nothing: a send with no sendable group, a ship with nothing in fg', () => {
    const s = loadedAtA();
    expectRefused(s, { at: 0, fid: 'A', kind: 'send' }, 'lean.move.nothing');
    expectRefused(s, { at: 0, fid: 'W', kind: 'send' }, 'lean.move.nothing');
    expectRefused(s, { at: 0, fid: 'W', kind: 'ship', order: 0 }, 'lean.move.nothing');
  });

  it('LEAN-MOVE-2 lean.kanban.auto: with kanban a player cannot send', () => {
    const s = play(startRun(humanLine({ kanban: true })), [
      { at: 0, fid: 'W', kind: 'launch', order: 0 },
    ]);
    expectRefused(s, { at: 0, fid: 'W', kind: 'send' }, 'lean.kanban.auto');
    expectRefused(s, { at: m(1), fid: 'A', kind: 'send' }, 'lean.kanban.auto');
  });

  it('LEAN-WH-1, LEAN-IMP-5 lean.heijunka.auto: with heijunka a player cannot launch', () => {
    const s = startRun(humanLine({ heijunka: true }));
    // The pitch at 0 launched one unit for order 0 although the warehouse is a player's.
    expect(s.units).toHaveLength(1);
    expectRefused(s, { at: 0, fid: 'W', kind: 'launch', order: 0 }, 'lean.heijunka.auto');
  });

  it('LEAN-DESK-5, LEAN-IMP-6 lean.pokayoke.wrongTool: the wrong tool is refused under pokayoke only', () => {
    const s = loadedAtA(humanLine({ pokayoke: true }));
    expectRefused(
      s,
      { at: 0, fid: 'A', kind: 'paint', unit: 0, op: 0, tool: 'square:green' },
      'lean.pokayoke.wrongTool',
    );
    const r = applyAction(loadedAtA(), {
      at: 0,
      fid: 'A',
      kind: 'paint',
      unit: 0,
      op: 0,
      tool: 'square:green',
    });
    expect(r.issue).toBeUndefined();
    expect(r.state.facilities['A']?.task).toMatchObject({ kind: 'paint', tool: 'square:green' });
  });

  it('LEAN-DESK-2 lean.op.notAllowed: an op assigned elsewhere, a bad op index or tool, inspect or remove not allowed, a desk action at the warehouse, a launch at a station', () => {
    const s = loadedAtA();
    for (const op of [1, 2, -1, 0.5, Number.NaN, '0' as unknown as number]) {
      expectRefused(s, { at: 0, fid: 'A', kind: 'paint', unit: 0, op }, 'lean.op.notAllowed');
    }
    for (const tool of ['circle:pink', 'circle', 'circle:green:x', 7]) {
      expectRefused(
        s,
        { at: 0, fid: 'A', kind: 'paint', unit: 0, op: 0, tool: tool as OpType },
        'lean.op.notAllowed',
      );
    }
    expectRefused(s, { at: 0, fid: 'A', kind: 'inspect', unit: 0 }, 'lean.op.notAllowed');
    expectRefused(s, { at: 0, fid: 'A', kind: 'remove', unit: 0, op: 0 }, 'lean.op.notAllowed');
    expectRefused(s, { at: 0, fid: 'W', kind: 'load' }, 'lean.op.notAllowed');
    expectRefused(s, { at: 0, fid: 'W', kind: 'paint', unit: 0, op: 0 }, 'lean.op.notAllowed');
    expectRefused(s, { at: 0, fid: 'A', kind: 'launch', order: 0 }, 'lean.op.notAllowed');
    expectRefused(s, { at: 0, fid: 'A', kind: 'ship', order: 0 }, 'lean.op.notAllowed');
    expectRefused(
      s,
      { at: 0, fid: 'A', kind: 'dance' } as unknown as LeanAction,
      'lean.op.notAllowed',
    );
    // A painted op is no longer todo.
    const painted = advanceTo(play(s, [{ at: 0, fid: 'A', kind: 'paint', unit: 0, op: 0 }]), m(1));
    expect(painted.units[0]?.zone).toBe('out');
  });

  it('LEAN-DESK-2 lean.unit.notHere: a unit not on this desk, a rank out of range or not an integer', () => {
    const s = play(loadedAtA(), [
      { at: 0, fid: 'W', kind: 'launch', order: 0 },
      { at: 0, fid: 'W', kind: 'send' },
    ]);
    const bad: unknown[] = [1, 2, 99, -1, 0.5, '0', null, Number.NaN, '__proto__'];
    for (const unit of bad) {
      expectRefused(
        s,
        { at: 0, fid: 'A', kind: 'paint', unit: unit as number, op: 0 },
        'lean.unit.notHere',
      );
    }
    expectRefused(s, { at: 0, fid: 'A', kind: 'inspect', unit: 1 }, 'lean.unit.notHere');
  });

  it('LEAN-DEM-2, LEAN-DEM-3 lean.order.notOpen: an order not yet visible or open, an index out of range or not an integer', () => {
    const s = startRun(humanLine());
    const bad: unknown[] = [1, 2, -1, 0.5, '0', '__proto__', 'constructor', null];
    for (const order of bad) {
      expectRefused(
        s,
        { at: 0, fid: 'W', kind: 'launch', order: order as number },
        'lean.order.notOpen',
      );
      expectRefused(
        s,
        { at: 0, fid: 'W', kind: 'ship', order: order as number },
        'lean.order.notOpen',
      );
    }
    // With visibility a future order may be launched, but not shipped to before it opens.
    const v = startRun(humanLine({ visibility: true }));
    const r = applyAction(v, { at: 0, fid: 'W', kind: 'launch', order: 1 });
    expect(r.issue).toBeUndefined();
    expect(r.state.orders[1]?.prod_started_qty).toBe(1);
    expectRefused(r.state, { at: 0, fid: 'W', kind: 'ship', order: 1 }, 'lean.order.notOpen');
  });

  it('LEAN-DEM-5, LEAN-WH-2 lean.order.noNeed: a launch with need 0, a ship to a fulfilled order', () => {
    const s = play(startRun(humanLine()), [
      { at: 0, fid: 'W', kind: 'launch', order: 0 },
      { at: 0, fid: 'W', kind: 'launch', order: 0 },
    ]);
    expect(s.orders[0]?.prod_started_qty).toBe(2);
    expectRefused(s, { at: 0, fid: 'W', kind: 'launch', order: 0 }, 'lean.order.noNeed');
    const stocked = line({
      totalDuration: 10,
      initialStock: { P: 3 },
      facilities: { W: { user: 'boss' }, A: {} },
      templates: { P: [['circle', 'green', 1.0, 'A']] },
      orders: [{ t: 'P', qty: 2 }],
    });
    const shipped = play(startRun(stocked), [{ at: 0, fid: 'W', kind: 'ship', order: 0 }]);
    expect(shipped.orders[0]).toMatchObject({ fulfilled_qty: 2, fulfilled_at: 0 });
    expectRefused(shipped, { at: m(1), fid: 'W', kind: 'ship', order: 0 }, 'lean.order.noNeed');
  });

  it('LEAN-RUN-5, LEAN-EVT-7 lean.run.notRunning: after the end, and at or after T', () => {
    const s = startRun(humanLine());
    const ended = endRun(s, m(3));
    const a: LeanAction = { at: m(4), fid: 'W', kind: 'launch', order: 0 };
    expectRefused(ended, a, 'lean.run.notRunning');
    expect(applyAction(ended, a).state).toBe(ended);
    const atT = applyAction(s, { at: m(10), fid: 'W', kind: 'launch', order: 0 });
    expect(atT.issue).toBe('lean.run.notRunning');
    expect(atT.state).toEqual(endRun(s));
    expect(applyAction(s, { at: m(12), fid: 'W', kind: 'send' }).state.endedAt).toBe(m(10));
  });

  it('LEAN-FAC-4 lean.facility.notYours: a computer facility, an unknown id, or a hostile one', () => {
    const s = loadedAtA();
    for (const junk of [null, 'send', 7]) {
      const r = applyAction(s, junk as unknown as LeanAction);
      expect(r.issue).toBe('lean.facility.notYours');
      expect(r.state).toEqual(s);
    }
    expectRefused(s, { at: 0, fid: 'B', kind: 'send' }, 'lean.facility.notYours');
    expectRefused(s, { at: 0, fid: 'Q', kind: 'inspect', unit: 0 }, 'lean.facility.notYours');
    const hostile: unknown[] = [
      'nope',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      '',
      null,
      7,
    ];
    for (const fid of hostile) {
      expectRefused(s, { at: 0, fid: fid as string, kind: 'send' }, 'lean.facility.notYours');
      expectRefused(
        s,
        { at: 0, fid: fid as string, kind: 'launch', order: 0 },
        'lean.facility.notYours',
      );
    }
  });
});

describe('the pure step (LEAN-EVT-*)', () => {
  it('LEAN-EVT-1: no call modifies its input state', () => {
    const s = loadedAtA();
    const before = JSON.stringify(s);
    advanceTo(s, m(3));
    applyAction(s, { at: m(1), fid: 'A', kind: 'send' });
    applyAction(s, { at: 0, fid: 'A', kind: 'paint', unit: 0, op: 0 });
    endRun(s, m(4));
    endRun(s);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('LEAN-EVT-5: an action earlier than now is applied at now, and the log records the time used', () => {
    const s = advanceTo(startRun(humanLine()), m(2));
    const r = applyAction(s, { at: m(1), fid: 'W', kind: 'launch', order: 0 });
    expect(r.issue).toBeUndefined();
    expect(r.state.units[0]?.launchedAt).toBe(m(2));
    expect(r.state.log).toEqual([{ at: m(2), fid: 'W', kind: 'launch', order: 0 }]);
  });

  it('LEAN-EVT-5: the log keeps only the fields of the action kind', () => {
    const r = applyAction(startRun(humanLine()), {
      at: 0,
      fid: 'W',
      kind: 'launch',
      order: 0,
      extra: 'x',
    } as unknown as LeanAction);
    expect(r.state.log).toEqual([{ at: 0, fid: 'W', kind: 'launch', order: 0 }]);
  });

  it('LEAN-EVT-3: events at exactly t are processed; advancing to now changes nothing', () => {
    const s = startRun(humanLine());
    const played = play(s, [
      { at: 0, fid: 'W', kind: 'launch', order: 0 },
      { at: 0, fid: 'W', kind: 'send' },
      { at: 0, fid: 'A', kind: 'load' },
      { at: 0, fid: 'A', kind: 'paint', unit: 0, op: 0 },
    ]);
    const at1 = advanceTo(played, m(1));
    expect(at1.now).toBe(m(1));
    expect(at1.facilities['A']).toMatchObject({ task: null, out: [0] });
    expect(advanceTo(at1, m(1))).toBe(at1);
    expect(advanceTo(at1, m(0.5))).toBe(at1);
  });

  it('LEAN-RUN-2, LEAN-EVT-7: ending early at E closes every open interval at E', () => {
    const g = normalizeLeanGame(carsAndTrucks());
    const s = endRun(startRun(g), m(7.33));
    expect(s).toMatchObject({ status: 'ended', endedAt: m(7.33), now: m(7.33) });
    let lives = 0;
    for (const u of s.units) {
      const total =
        u.metrics.workdeskTime +
        u.metrics.changeoverTime +
        u.metrics.loadTime +
        u.metrics.moveTime +
        u.metrics.waitTime;
      const life = (u.exitedAt ?? m(7.33)) - u.launchedAt;
      expect(total).toBe(life);
      expect(u.since).toBe(u.exitedAt ?? m(7.33));
      lives += life;
    }
    expect(s.wipIntegral).toBe(lives);
    expect(s.samples.map((x) => x.t)).toEqual(Array.from({ length: 74 }, (_, k) => k * 6000));
    expect(endRun(s)).toBe(s);
    expect(advanceTo(s, m(9))).toBe(s);
  });

  it('LEAN-EVT-7: endRun without t ends at T; an end before now ends at now', () => {
    const g = humanLine();
    expect(endRun(startRun(g)).endedAt).toBe(m(10));
    const s = advanceTo(startRun(g), m(4));
    expect(endRun(s, m(2)).endedAt).toBe(m(4));
  });

  it('C.4: a sample at every multiple of 0.1 min holds the WIP by zone after all events at that instant', () => {
    // Oracle 10's line: at 0 everything is launched and sent; S loads 4 and 2 wait in S.in.
    const g = line({
      totalDuration: 10,
      batch: 4,
      facilities: { W: {}, S: {} },
      templates: { P: [['circle', 'green', 1.0, 'S']] },
      orders: [{ t: 'P', qty: 6, due: 8 }],
    });
    const s = runToEnd(g);
    expect(s.samples).toHaveLength(101);
    expect(s.samples[0]).toEqual({ t: 0, whOut: 0, in: 2, desk: 4, out: 0, transit: 0, fg: 0 });
    // At 1.0 u0 has just left the desk.
    expect(s.samples[10]).toEqual({
      t: 6000 * 10,
      whOut: 0,
      in: 2,
      desk: 3,
      out: 1,
      transit: 0,
      fg: 0,
    });
    // At 4.0 four shipped at once, u4 and u5 loaded.
    expect(s.samples[40]).toEqual({ t: m(4), whOut: 0, in: 0, desk: 2, out: 0, transit: 0, fg: 0 });
    expect(s.samples[60]).toEqual({ t: m(6), whOut: 0, in: 0, desk: 0, out: 0, transit: 0, fg: 0 });
  });

  it('LEAN-EVT-9, LEAN-DESK-6: each paint is defective when randomAt(seed, 3, rank, op, attempt) < defectRate', () => {
    const g = normalizeLeanGame(carsAndTrucks({ batch: 1 }));
    const s = runToEnd(g);
    const rate = 0.05;
    let total = 0;
    for (const u of s.units) {
      let expected = 0;
      u.ops.forEach((op, i) => {
        for (let a = 0; a < op.attempts; a++) {
          if (randomAt(7, STREAM.leanDefect, u.rank, i, a) < rate) expected++;
        }
      });
      expect(u.defectivePaints).toBe(expected);
      total += expected;
    }
    expect(total).toBeGreaterThan(0);
    const other = runToEnd(
      normalizeLeanGame({
        ...carsAndTrucks({ batch: 1 }),
        params: { ...carsAndTrucks({ batch: 1 }).params, seed: 8 },
      }),
    );
    expect(other.units.map((u) => u.defectivePaints)).not.toEqual(
      s.units.map((u) => u.defectivePaints),
    );
  });
});

describe('desk, routing and warehouse rules', () => {
  it('LEAN-DESK-4: no changeover on the first load nor for the same template; C = 0 never changes over', () => {
    const game = (c: number) =>
      line({
        totalDuration: 20,
        facilities: { W: {}, S: { changeoverTime: c } },
        templates: { X: [['circle', 'green', 1.0, 'S']], Y: [['square', 'green', 1.0, 'S']] },
        orders: [
          { t: 'X', qty: 2 },
          { t: 'Y', qty: 1 },
        ],
      });
    const s = runToEnd(game(0.5));
    expect(launched(s).map((u) => u.metrics.changeoverTime)).toEqual([0, 0, m(0.5)]);
    expect(bucketsAt(s, 'S').changeover).toBe(m(0.5));
    const z = runToEnd(game(0));
    expect(bucketsAt(z, 'S').changeover).toBe(0);
  });

  it('LEAN-DESK-2, LEAN-MET-1: a load of L charges L of load time to each unit of the batch', () => {
    const s = runToEnd(
      line({
        totalDuration: 20,
        batch: 2,
        facilities: { W: {}, S: { loadTime: 0.3 } },
        templates: { P: [['circle', 'green', 1.0, 'S']] },
        orders: [{ t: 'P', qty: 2 }],
      }),
    );
    expect(launched(s).map((u) => u.metrics.loadTime)).toEqual([m(0.3), m(0.3)]);
    expect(launched(s).map((u) => u.exitedAt)).toEqual([m(2.3), m(2.3)]);
    expect(bucketsAt(s, 'S')).toMatchObject({ load: m(0.3), valueAdd: m(2) });
  });

  it('LEAN-ROUTE-3, LEAN-IMP-4: a unit skips facilities it does not need; the assignment is read from the configuration', () => {
    const game = (opAt: string) =>
      line({
        totalDuration: 10,
        moveCellTime: 1,
        facilities: { W: { position: [0, 0] }, A: { position: [0, 1] }, B: { position: [0, 2] } },
        templates: { P: [['circle', 'green', 1.0, opAt]] },
        orders: [{ t: 'P', qty: 1 }],
      });
    const viaB = runToEnd(game('B')).units[0]!;
    expect(Object.keys(viaB.faciGap).sort()).toEqual(['B', 'W']);
    // W→B d = 2 (1 min), B→W d = 2 (1 min).
    expect(viaB.exitedAt).toBe(m(3));
    const viaA = runToEnd(game('A')).units[0]!;
    // W→A and A→W are neighbours (d = 1): no move time, so only A holds time in faciGap.
    expect(Object.keys(viaA.faciGap)).toEqual(['A']);
    expect(viaA.exitedAt).toBe(m(1));
  });

  it('LEAN-FAC-1: a rework facility repaints what quality removed, so nothing is scrapped', () => {
    const s = play(
      startRun(
        line({
          totalDuration: 10,
          facilities: {
            W: {},
            S: { user: 'sam' },
            Q: { type: 'quality', inspectTime: 0.5, removeTime: 0.25 },
            R: { type: 'rework' },
          },
          templates: { P: [['circle', 'green', 1.0, 'S']] },
          orders: [{ t: 'P', qty: 1, due: 5 }],
        }),
      ),
      [
        { at: 0, fid: 'S', kind: 'load' },
        { at: 0, fid: 'S', kind: 'paint', unit: 0, op: 0, tool: 'circle:red' },
        { at: m(1), fid: 'S', kind: 'send' },
      ],
    );
    const end = endRun(s);
    const u = end.units[0]!;
    expect(end.units).toHaveLength(1);
    // Q inspects 1–1.5 and removes 1.5–1.75; R repaints 1.75–2.75 (its defect stays hidden).
    expect(u).toMatchObject({ zone: 'shipped', exitedAt: m(2.75), defectivePaints: 1 });
    expect(u.ops[0]).toMatchObject({ paintedBy: 'R', defect: false, attempts: 2 });
    expect(bucketsAt(end, 'R')).toMatchObject({ quality: m(1), valueAdd: 0 });
  });

  it('LEAN-WH-2: a ship takes the units pegged to the order first, then others by rank, and re-pegs them', () => {
    const g = line({
      totalDuration: 10,
      facilities: { W: { user: 'boss' }, S: {} },
      templates: { P: [['circle', 'green', 1.0, 'S']] },
      orders: [
        { t: 'P', qty: 1, due: 9 },
        { t: 'P', qty: 1, due: 9 },
      ],
    });
    let s = play(startRun(g), [
      { at: 0, fid: 'W', kind: 'launch', order: 0 },
      { at: 0, fid: 'W', kind: 'launch', order: 1 },
      { at: 0, fid: 'W', kind: 'send' },
    ]);
    s = advanceTo(s, m(2));
    expect(s.facilities['W']?.in).toEqual([0, 1]);
    s = play(s, [{ at: m(2), fid: 'W', kind: 'ship', order: 1 }]);
    expect(s.units[1]).toMatchObject({ zone: 'shipped', order: 1 });
    expect(s.units[0]?.zone).toBe('fg');
    const both = play(
      play(startRun(g), [
        { at: 0, fid: 'W', kind: 'launch', order: 1 },
        { at: 0, fid: 'W', kind: 'send' },
      ]),
      [{ at: m(1), fid: 'W', kind: 'ship', order: 0 }],
    );
    // The unit pegged to order 1 went to order 0: order 1 needs a unit again.
    expect(both.units[0]).toMatchObject({ zone: 'shipped', order: 0 });
    expect(both.orders.map((o) => o.fulfilled_qty)).toEqual([1, 0]);
    expect(play(both, [{ at: m(1), fid: 'W', kind: 'launch', order: 1 }]).units).toHaveLength(2);
  });

  it('LEAN-WH-5: initial stock stands in fg at 0 and ships first; it counts in WIP', () => {
    const s = runToEnd(
      line({
        totalDuration: 10,
        initialStock: { P: 2 },
        facilities: { W: {}, S: {} },
        templates: { P: [['circle', 'green', 1.0, 'S']] },
        orders: [
          { t: 'P', qty: 1, at: 1 },
          { t: 'P', qty: 2, at: 2 },
        ],
      }),
    );
    expect(s.units.slice(0, 2).map((u) => [u.initial, u.launchedAt, u.exitedAt])).toEqual([
      [true, 0, m(1)],
      [true, 0, m(2)],
    ]);
    expect(s.orders.map((o) => o.prod_started_qty)).toEqual([0, 1]);
    expect(s.units[2]).toMatchObject({ launchedAt: m(2), exitedAt: m(3), order: 1 });
    expect(s.wipIntegral).toBe(m(1) + m(2) + m(1));
  });

  it('LEAN-IMP-5: without heijunkaPitch the pitch is round(B × T / Q)', () => {
    const s = runToEnd(
      line({
        totalDuration: 12,
        settings: { heijunka: true },
        facilities: { W: {}, S: {} },
        templates: { A: [['circle', 'green', 0.5, 'S']] },
        orders: [{ t: 'A', qty: 8 }],
      }),
    );
    expect(launched(s).map((u) => u.launchedAt)).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7].map((k) => k * m(1.5)),
    );
    expect(s.heijunka.k).toBe(8);
  });

  it('LEAN-IMP-5, LEAN-IMP-7: a pitch blocked by kanban stays pending until room frees, and does not stack', () => {
    const s = runToEnd(
      line({
        totalDuration: 12,
        heijunkaPitch: 0.5,
        settings: { heijunka: true, kanban: true },
        facilities: { W: { wipOutMax: 1 }, S: { wipInMax: 1, wipOutMax: 1 } },
        templates: { A: [['circle', 'green', 2, 'S']] },
        orders: [{ t: 'A', qty: 4 }],
      }),
    );
    // S takes 2 min a unit: u0 desk at 0, u1 in S.in at 0.5, u2 whOut at 1; the pitches at 1.5
    // … stay pending until u0 leaves at 2, then u3 launches at 2.
    expect(launched(s).map((u) => u.launchedAt)).toEqual([0, 0.5, 1, 2].map(m));
  });

  it('LEAN-IMP-7, LEAN-ROUTE-5: kanban never deadlocks on partial groups waiting for units the cap keeps in `in` (decision 0009)', () => {
    // S (B 2, caps 2) alternates X and Y: at 2 its out holds X and Y, each short of a batch and
    // not flushable (an X and a Y wait in S.in), and the cap refuses any load. The first group
    // goes short, then everything flows.
    const s = runToEnd(
      line({
        totalDuration: 20,
        settings: { kanban: true },
        facilities: {
          W: { batchSize: 1, wipOutMax: 2 },
          S: { batchSize: 2, wipInMax: 2, wipOutMax: 2 },
        },
        templates: { X: [['circle', 'green', 1, 'S']], Y: [['square', 'green', 1, 'S']] },
        orders: [
          { t: 'X', qty: 1 },
          { t: 'Y', qty: 1 },
          { t: 'X', qty: 1 },
          { t: 'Y', qty: 1 },
        ],
      }),
    );
    expect(s.units.map((u) => u.template).join('')).toBe('XYXY');
    expect(s.units.map((u) => u.exitedAt)).toEqual([2, 4, 3, 4].map(m));
    expect(s.orders.map((o) => o.fulfilled_at)).toEqual([2, 4, 3, 4]);
  });

  it('LEAN-IMP-7, LEAN-DESK-3: when the cap refuses a full batch that a short group waits for, the part that fits is loaded (decision 0009)', () => {
    // S (B 3, wipOutMax 3) first loads u0 alone (the only unit in S.in then). At 1 its group of
    // 1 waits for the units of S.in and 1 + 3 > 3: S loads the 2 that fit instead of waiting.
    const s = runToEnd(
      line({
        totalDuration: 20,
        settings: { kanban: true },
        facilities: {
          W: { batchSize: 1, wipOutMax: 1 },
          S: { batchSize: 3, wipInMax: 6, wipOutMax: 3 },
        },
        templates: { P: [['circle', 'green', 1, 'S']] },
        orders: [{ t: 'P', qty: 8 }],
      }),
    );
    expect(launched(s).map((u) => u.launchedAt)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(launched(s).map((u) => u.exitedAt)).toEqual([3, 3, 3, 6, 6, 6, 8, 8].map(m));
    expect(bucketsAt(s, 'S').valueAdd).toBe(m(8));
  });

  it('LEAN-AI-1: a game with no players runs to the end and ships', () => {
    const s = runToEnd(
      normalizeLeanGame(carsAndTrucks({ batch: 1, compact: true, settings: { smed: true } })),
    );
    expect(s.units.filter((u) => u.zone === 'shipped')).toHaveLength(40);
    expect(s.orders.every((o) => o.fulfilled_qty === 4)).toBe(true);
    for (const u of s.units) expect(leadTime(u)).toBe((u.exitedAt as number) - u.launchedAt);
  });
});
