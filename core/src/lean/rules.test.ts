/**
 * One focused test per rule of `docs/rules/lean.md` that no other test checks on its own: each
 * builds a small line, runs it, and asserts what the rule says in exact game ms.
 */
import { describe, expect, it } from 'vitest';
import { randomAt, STREAM } from '../beer/random';
import { carsAndTrucks } from './cars-and-trucks';
import { leanMinute, leanRunStatus } from './clock';
import { leanDebrief } from './debrief';
import {
  advanceTo,
  applyAction,
  compileLean,
  computerAtStart,
  endRun,
  runToEnd,
  startRun,
} from './engine';
import type { LeanIssue } from './engine';
import { launched, line, m } from './engine-testing';
import { leanEndUpdate, resetLeanConfig } from './game-docs';
import type { LeanAction, LeanGame, LeanState, LeanUnit, OpType } from './model';
import { ms, normalizeLeanGame } from './model';
import { leanPlayerView } from './view';

const START = 1_700_000_000_000;

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

function refused(s: LeanState, action: LeanAction): LeanIssue | undefined {
  return applyAction(s, action).issue;
}

/** The facilities that sent the unit on a move: every facility it visited, the warehouse too. */
function senders(u: LeanUnit): string[] {
  return Object.entries(u.faciGap)
    .filter(([, gap]) => gap.moveTime > 0)
    .map(([fid]) => fid)
    .sort();
}

function opTypes(game: LeanGame, template: string): OpType[] {
  return game.templates.find((t) => t.id === template)?.ops.map((o) => o.type) ?? [];
}

describe('time and the run', () => {
  it('LEAN-TIME-1: every duration in minutes becomes integer game ms once, by Math.round(x × 60000)', () => {
    expect([ms(0.0123456), ms(0.1234567), ms(0.3333333), ms(1.00001)]).toEqual([
      741, 7407, 20000, 60001,
    ]);
    const s = runToEnd(
      line({
        totalDuration: 1.00001,
        moveCellTime: 0.0123456,
        facilities: { W: { position: [0, 0] }, S: { position: [2, 0], loadTime: 0.1234567 } },
        templates: { P: [['circle', 'green', 0.3333333, 'S']] },
        orders: [{ t: 'P', qty: 1 }],
      }),
    );
    const [u] = launched(s);
    // Move 741 (d = 2: one cell), load 7407, paint 20000, move back 741; T = 60001.
    expect(u).toMatchObject({ zone: 'shipped', launchedAt: 0, exitedAt: 28889 });
    expect(u!.metrics).toEqual({
      workdeskTime: 20000,
      changeoverTime: 0,
      loadTime: 7407,
      moveTime: 1482,
      waitTime: 0,
    });
    expect(s).toMatchObject({ duration: 60001, endedAt: 60001, now: 60001 });
    for (const sample of s.samples) expect(Number.isInteger(sample.t)).toBe(true);
    expect(Number.isInteger(s.wipIntegral)).toBe(true);
    // One game minute is one real minute.
    expect(leanMinute(START, null, START + 60000, 20)).toBe(1);
  });

  it('LEAN-RUN-1: notStarted without game_start_at, running once it is set, ended once game_end_at is set', () => {
    expect(leanRunStatus(null, null)).toBe('notStarted');
    expect(leanRunStatus(undefined, undefined)).toBe('notStarted');
    expect(leanRunStatus(null, START)).toBe('notStarted');
    expect(leanRunStatus(START, null)).toBe('running');
    expect(leanRunStatus(START, undefined)).toBe('running');
    expect(leanRunStatus(START, START + m(3))).toBe('ended');
    // Hostile documents: only finite numbers count as set.
    expect(leanRunStatus(String(START), null)).toBe('notStarted');
    expect(leanRunStatus(Number.NaN, null)).toBe('notStarted');
    expect(leanRunStatus(START, String(START))).toBe('running');
    expect(leanRunStatus(START, Number.POSITIVE_INFINITY)).toBe('running');

    // The engine agrees: a run is running from its start, and its end update ends it.
    const config = carsAndTrucks();
    const s = startRun(normalizeLeanGame(config));
    expect(s).toMatchObject({ status: 'running', endedAt: null });
    const ended = endRun(s, m(3));
    expect(ended).toMatchObject({ status: 'ended', endedAt: m(3) });
    const endAt = leanEndUpdate(ended, START)['params.game_end_at'];
    expect(endAt).toBe(START + m(3));
    expect(leanRunStatus(START, endAt)).toBe('ended');
    // A reset (or a copy) returns the game to notStarted.
    config.params.game_start_at = START;
    config.params.game_end_at = START + m(3);
    const reset = resetLeanConfig(config).params;
    expect(leanRunStatus(reset.game_start_at, reset.game_end_at)).toBe('notStarted');
  });
});

describe('the grid', () => {
  it('LEAN-GRID-4: neighbours are the facilities at Manhattan distance 1, and follow a move', () => {
    const game = (aAt: [number, number]) =>
      line({
        totalDuration: 5,
        facilities: {
          W: { position: [0, 0] },
          A: { position: aAt },
          B: { position: [3, 2] },
          C: { position: [2, 3] },
          D: { position: [3, 3] },
          E: { position: [4, 2] },
          F: { position: [2, 1] },
        },
        templates: { P: [['circle', 'green', 1.0, 'A']] },
        orders: [{ t: 'P', qty: 1 }],
      });
    const s = startRun(game([2, 2]));
    // A (2,2): B right, C below, F above are at d = 1; D (diagonal) and E are at d = 2.
    expect(leanPlayerView(s, 'A').neighbours.map((f) => f.id)).toEqual(['B', 'C', 'F']);
    // B (3,2): A, D below, E right.
    expect(leanPlayerView(s, 'B').neighbours.map((f) => f.id)).toEqual(['A', 'D', 'E']);
    // Moved next to the warehouse only (movestations, LEAN-IMP-1).
    const moved = startRun(game([0, 1]));
    expect(leanPlayerView(moved, 'A').neighbours.map((f) => f.id)).toEqual(['W']);
    expect(leanPlayerView(moved, 'B').neighbours.map((f) => f.id)).toEqual(['D', 'E']);
  });
});

describe('products', () => {
  it('LEAN-PROD-4: VA is the sum of the op times, defaults included', () => {
    const game = normalizeLeanGame({
      params: {
        consumerDemand: [{ created_min: 0, template_id: 'P', qty: 1 }],
        consumerDemandParams: { totalDuration: 10 },
        moveCellTime: 0,
        shapeTimes: { square: 0.4 },
        productsTemplates: {
          P: {
            ops: [
              { shape: 'circle', color: 'green', time: 0.25 },
              { shape: 'square', color: 'green' },
              { shape: 'triangle', color: 'green' },
            ],
          },
        },
        opAssignment: { 'circle:green': 'S', 'square:green': 'S', 'triangle:green': 'S' },
      },
      facilities: {
        W: { type: 'warehouse', position: [0, 0] },
        S: {
          type: 'station',
          position: [1, 0],
          batchSize: 1,
          loadTime: 0,
          changeoverTime: 0,
          defectRate: 0,
        },
      },
    });
    // 0.25 + 0.4 (shapeTimes) + 0.1 (the default).
    expect(compileLean(game).templates.map((t) => t.va)).toEqual([m(0.75)]);
    const s = runToEnd(game);
    expect(launched(s)[0]).toMatchObject({ zone: 'shipped', exitedAt: m(0.75) });
    const fe = leanDebrief(s).flowefficiency;
    expect(fe.units[0]).toMatchObject({ valueAdded: 0.75, leadTime: 0.75 });
    expect(fe.byTemplate['P']?.valueAdded).toBe(0.75);
    expect(fe.value).toBe(1);
    expect(s.facilities['S']?.buckets.valueAdd).toBe(m(0.75));
  });

  it('LEAN-PROD-5: ops have no precedence: a later op may be painted first, by a player or by an earlier facility', () => {
    const byPlayer = play(
      startRun(
        line({
          totalDuration: 10,
          facilities: { W: {}, S: { user: 'sam' } },
          templates: {
            P: [
              ['circle', 'green', 1.0, 'S'],
              ['square', 'green', 0.5, 'S'],
            ],
          },
          orders: [{ t: 'P', qty: 1 }],
        }),
      ),
      [
        { at: 0, fid: 'S', kind: 'load' },
        { at: 0, fid: 'S', kind: 'paint', unit: 0, op: 1 },
      ],
    );
    const half = advanceTo(byPlayer, m(0.5));
    expect(half.units[0]?.ops.map((o) => o.state)).toEqual(['todo', 'done']);
    expect(half.facilities['S']?.desk).toEqual([0]);
    const done = endRun(
      play(half, [
        { at: m(0.5), fid: 'S', kind: 'paint', unit: 0, op: 0 },
        { at: m(1.5), fid: 'S', kind: 'send' },
      ]),
    );
    expect(done.units[0]).toMatchObject({ zone: 'shipped', exitedAt: m(1.5) });

    // Op 0 belongs to B on line 2, op 1 to A on line 1: A paints op 1 first.
    const s = runToEnd(
      line({
        totalDuration: 10,
        facilities: { W: {}, A: {}, B: {} },
        templates: {
          P: [
            ['circle', 'green', 1.0, 'B'],
            ['square', 'blue', 0.5, 'A'],
          ],
        },
        orders: [{ t: 'P', qty: 1 }],
      }),
    );
    const [u] = launched(s);
    expect(u).toMatchObject({ zone: 'shipped', exitedAt: m(1.5) });
    expect(u!.ops.map((o) => o.paintedBy)).toEqual(['B', 'A']);
    expect(s.facilities['A']?.buckets.valueAdd).toBe(m(0.5));
  });
});

describe('units', () => {
  it('LEAN-UNIT-1: a unit takes its rank from nextRank and records template, peg, launch time, ops, inspections and zone', () => {
    const game = line({
      totalDuration: 10,
      batch: 2,
      facilities: { W: { user: 'boss' }, S: {}, Qu: { type: 'quality', inspectTime: 0.1 } },
      templates: {
        P: [
          ['circle', 'green', 0.5, 'S'],
          ['square', 'green', 0.5, 'S'],
        ],
        Q: [['circle', 'red', 0.5, 'S']],
      },
      orders: [
        { t: 'P', qty: 3 },
        { t: 'Q', qty: 1 },
      ],
      initialStock: { P: 2 },
    });
    const fresh = { state: 'todo', defect: false, detected: false, paintedBy: null, attempts: 0 };
    const s = play(startRun(game), [
      { at: m(0.5), fid: 'W', kind: 'launch', order: 1 },
      { at: m(1), fid: 'W', kind: 'launch', order: 0 },
    ]);
    // Initial stock took ranks 0 and 1 at the start.
    expect(s.nextRank).toBe(5);
    expect(s.units.map((u) => u.rank)).toEqual([0, 1, 2, 3, 4]);
    expect(s.units[0]).toMatchObject({ template: 'P', order: -1, initial: true, zone: 'fg' });
    expect(s.units[2]).toMatchObject({
      rank: 2,
      template: 'Q',
      order: 1,
      initial: false,
      launchedAt: m(0.5),
      exitedAt: null,
      zone: 'whOut',
      at: 'W',
      inspectedAt: [],
      ops: [fresh],
    });
    for (const r of [3, 4]) {
      expect(s.units[r]).toMatchObject({
        rank: r,
        template: 'P',
        order: 0,
        launchedAt: m(1),
        zone: 'whOut',
        ops: [fresh, fresh],
      });
    }
    // Through the line: S paints both ops, Qu inspects, back in fg (the warehouse is a player's).
    const end = endRun(play(s, [{ at: m(1), fid: 'W', kind: 'send' }]));
    expect(end.units[3]).toMatchObject({
      zone: 'fg',
      at: 'W',
      inspectedAt: ['Qu'],
      ops: [
        { state: 'done', paintedBy: 'S', attempts: 1, tool: 'circle:green', defect: false },
        { state: 'done', paintedBy: 'S', attempts: 1, tool: 'square:green', defect: false },
      ],
    });
  });

  it('LEAN-UNIT-3: queues in arrival order; a batch keeps its own order, batches arriving together their send order', () => {
    // Ann paints u1 before u0, so her out is [1, 0] and the batch arrives at Cat as [1, 0].
    let s = play(
      startRun(
        line({
          totalDuration: 10,
          batch: 2,
          facilities: { W: { user: 'boss' }, A: { user: 'ann' }, C: { user: 'cat' } },
          templates: {
            X: [
              ['circle', 'green', 1.0, 'A'],
              ['square', 'blue', 1.0, 'C'],
            ],
          },
          orders: [{ t: 'X', qty: 2 }],
        }),
      ),
      [{ at: 0, fid: 'W', kind: 'launch', order: 0 }],
    );
    expect(s.facilities['W']?.out).toEqual([0, 1]);
    s = play(s, [{ at: 0, fid: 'W', kind: 'send' }]);
    expect(s.facilities['A']?.in).toEqual([0, 1]);
    s = play(s, [
      { at: 0, fid: 'A', kind: 'load' },
      { at: 0, fid: 'A', kind: 'paint', unit: 1, op: 0 },
      { at: m(1), fid: 'A', kind: 'paint', unit: 0, op: 0 },
    ]);
    s = advanceTo(s, m(2));
    expect(s.facilities['A']?.out).toEqual([1, 0]);
    s = play(s, [{ at: m(2), fid: 'A', kind: 'send' }]);
    expect(s.facilities['C']?.in).toEqual([1, 0]);

    // u0 (X) and u1 (Y) finish at A and B at 1; B sends first (decreasing line), so both
    // arrive at Cat at 1 with u1 first: send order before rank.
    const two = advanceTo(
      startRun(
        line({
          totalDuration: 10,
          facilities: { W: {}, A: {}, B: {}, C: { user: 'cat' } },
          templates: {
            X: [
              ['circle', 'green', 1.0, 'A'],
              ['square', 'blue', 1.0, 'C'],
            ],
            Y: [
              ['circle', 'red', 1.0, 'B'],
              ['square', 'red', 1.0, 'C'],
            ],
          },
          orders: [
            { t: 'X', qty: 1 },
            { t: 'Y', qty: 1 },
          ],
        }),
      ),
      m(1),
    );
    expect(two.units.map((u) => u.template)).toEqual(['X', 'Y']);
    expect(two.facilities['C']?.in).toEqual([1, 0]);
    expect(two.sendSeq).toBe(4);
  });
});

describe('the desk', () => {
  it('LEAN-DESK-1: a player’s desk holds one batch of at most B units and runs one task at a time', () => {
    let s = play(
      startRun(
        line({
          totalDuration: 10,
          facilities: { W: { batchSize: 3 }, A: { user: 'ann', batchSize: 2 } },
          templates: { P: [['circle', 'green', 1.0, 'A']] },
          orders: [{ t: 'P', qty: 3 }],
        }),
      ),
      [{ at: 0, fid: 'A', kind: 'load' }],
    );
    expect(s.facilities['A']).toMatchObject({ in: [2], desk: [0, 1] });
    s = play(s, [{ at: 0, fid: 'A', kind: 'paint', unit: 0, op: 0 }]);
    expect(refused(s, { at: m(0.5), fid: 'A', kind: 'paint', unit: 1, op: 0 })).toBe(
      'lean.desk.busy',
    );
    s = advanceTo(s, m(1));
    expect(s.facilities['A']).toMatchObject({ task: null, desk: [1], out: [0], in: [2] });
    // Idle, but the desk still holds its batch: no second one.
    expect(refused(s, { at: m(1), fid: 'A', kind: 'load' })).toBe('lean.load.refused');
    s = play(s, [{ at: m(1), fid: 'A', kind: 'paint', unit: 1, op: 0 }]);
    expect(s.facilities['A']?.task).toMatchObject({ kind: 'paint', start: m(1), end: m(2) });
  });

  it('LEAN-DESK-1: on a computer-played line no desk ever holds more than a batch of one template, nor overlaps two tasks', () => {
    const game = normalizeLeanGame(carsAndTrucks());
    const batch = new Map(game.facilities.map((f) => [f.id, f.batchSize]));
    const tasks = new Map<string, Map<number, number>>();
    let s = startRun(game);
    for (let t = 0; s.status === 'running'; t += m(0.05)) {
      s = advanceTo(s, t);
      for (const f of game.facilities) {
        const st = s.facilities[f.id]!;
        if (f.type === 'warehouse') continue;
        expect(st.desk.length).toBeLessThanOrEqual(batch.get(f.id)!);
        expect(new Set(st.desk.map((r) => s.units[r]!.template)).size).toBeLessThanOrEqual(1);
        if (st.task) {
          for (const r of st.task.units) expect(st.desk).toContain(r);
          const seen = tasks.get(f.id) ?? new Map<number, number>();
          seen.set(st.task.start, st.task.end);
          tasks.set(f.id, seen);
        }
      }
    }
    let observed = 0;
    for (const seen of tasks.values()) {
      const sorted = [...seen].sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < sorted.length; i++) {
        expect(sorted[i]![0]).toBeGreaterThanOrEqual(sorted[i - 1]![1]);
      }
      observed += sorted.length;
    }
    expect(observed).toBeGreaterThan(100);
  });
});

describe('routing and moves', () => {
  it('LEAN-ROUTE-2: a unit visits a facility that may paint one of its todo ops or is an inspection point for it', () => {
    const game = (settings: { autoinspect?: boolean; pokayoke?: boolean }) =>
      line({
        totalDuration: 10,
        moveCellTime: 0.1,
        settings,
        // Two cells apart: every move costs time, charged to the facility that sends.
        facilities: {
          W: { position: [0, 0] },
          A: { position: [2, 0] },
          B: { position: [4, 0] },
          Qu: { type: 'quality', position: [6, 0] },
          C: { position: [8, 0] },
          Rw: { type: 'rework', position: [10, 0] },
        },
        templates: {
          P: [
            ['circle', 'green', 1.0, 'A'],
            ['square', 'blue', 1.0, 'C'],
          ],
          R: [['circle', 'red', 1.0, 'B']],
        },
        orders: [{ t: 'P', qty: 1 }],
      });
    // B has no op of P; Qu inspects (an inspection point); Rw sees no todo op left.
    const plain = launched(runToEnd(game({})))[0]!;
    expect(plain.zone).toBe('shipped');
    expect(senders(plain)).toEqual(['A', 'C', 'Qu', 'W']);
    expect(plain.inspectedAt).toEqual(['Qu']);
    // With autoinspect or pokayoke no facility is an inspection point: Qu is skipped too.
    for (const settings of [{ autoinspect: true }, { pokayoke: true }]) {
      const u = launched(runToEnd(game(settings)))[0]!;
      expect(u.zone).toBe('shipped');
      expect(senders(u)).toEqual(['A', 'C', 'W']);
      expect(u.inspectedAt).toEqual([]);
    }
  });

  it('LEAN-MOVE-1: a send takes none of the operator’s time; the batch is in transit for the move time, then joins in or fg; each send has a sequence number', () => {
    let s = play(
      startRun(
        line({
          totalDuration: 10,
          moveCellTime: 0.5,
          facilities: {
            W: { user: 'boss', position: [0, 0] },
            A: { user: 'ann', position: [1, 0] },
            B: { user: 'bob', position: [4, 0] },
          },
          templates: {
            P: [
              ['circle', 'green', 1.0, 'A'],
              ['square', 'blue', 1.0, 'B'],
            ],
          },
          orders: [{ t: 'P', qty: 2 }],
        }),
      ),
      [
        { at: 0, fid: 'W', kind: 'launch', order: 0 },
        { at: 0, fid: 'W', kind: 'launch', order: 0 },
        { at: 0, fid: 'W', kind: 'send' },
        { at: 0, fid: 'A', kind: 'load' },
        { at: 0, fid: 'A', kind: 'paint', unit: 0, op: 0 },
        { at: m(1), fid: 'A', kind: 'load' },
        { at: m(1), fid: 'A', kind: 'paint', unit: 1, op: 0 },
      ],
    );
    // The warehouse's two sends (batch 1) were numbered 0 and 1.
    expect(s.sendSeq).toBe(2);
    const task = s.facilities['A']!.task;
    expect(task).toMatchObject({ kind: 'paint', start: m(1), end: m(2), units: [1] });
    s = play(s, [{ at: m(1.5), fid: 'A', kind: 'send' }]);
    // Ann's paint runs on untouched while u0 travels A → B (d = 3: 2 cells of 0.5 min).
    expect(s.facilities['A']).toMatchObject({ task, out: [], desk: [1] });
    expect(s.transit).toEqual([{ seq: 2, from: 'A', to: 'B', units: [0], arrive: m(2.5) }]);
    expect(s.units[0]).toMatchObject({ zone: 'transit', sender: 'A' });
    expect(s.sendSeq).toBe(3);
    expect(advanceTo(s, m(2.5) - 1).units[0]?.zone).toBe('transit');
    s = advanceTo(s, m(2.5));
    expect(s.transit).toEqual([]);
    expect(s.facilities['B']?.in).toEqual([0]);
    expect(s.units[0]).toMatchObject({ zone: 'in', at: 'B' });
    expect(s.units[0]?.faciGap['A']?.moveTime).toBe(m(1));
    // Both of Ann's paints count in full: sending took nothing from them.
    expect(s.facilities['A']?.buckets).toMatchObject({ valueAdd: m(2), quality: 0 });
    // The last leg ends in the warehouse's finished goods (B → W: d = 4, 3 cells).
    s = play(s, [
      { at: m(2.5), fid: 'B', kind: 'load' },
      { at: m(2.5), fid: 'B', kind: 'paint', unit: 0, op: 1 },
      { at: m(3.5), fid: 'B', kind: 'send' },
    ]);
    expect(s.transit[0]).toMatchObject({ seq: 3, from: 'B', to: 'W', arrive: m(5) });
    s = advanceTo(s, m(5));
    expect(s.facilities['W']?.in).toEqual([0]);
    expect(s.units[0]).toMatchObject({ zone: 'fg', at: 'W' });
  });
});

describe('the warehouse', () => {
  it('LEAN-WH-3: warehouse actions take no time; the warehouse has no desk', () => {
    let s = play(
      startRun(
        line({
          totalDuration: 10,
          batch: 2,
          facilities: { W: { user: 'boss' }, S: {} },
          templates: { P: [['circle', 'green', 1.0, 'S']] },
          orders: [{ t: 'P', qty: 2 }],
        }),
      ),
      [
        { at: m(0.25), fid: 'W', kind: 'launch', order: 0 },
        { at: m(0.25), fid: 'W', kind: 'send' },
      ],
    );
    // Launched and sent in the same ms: S (neighbour, move 0) already paints u0.
    expect(launched(s).map((u) => u.launchedAt)).toEqual([m(0.25), m(0.25)]);
    expect(s.facilities['S']?.task).toMatchObject({ kind: 'paint', start: m(0.25) });
    expect(refused(s, { at: m(0.25), fid: 'W', kind: 'load' })).toBe('lean.op.notAllowed');
    s = advanceTo(s, m(2.3));
    expect(s.facilities['W']?.in).toEqual([0, 1]);
    s = play(s, [{ at: m(2.3), fid: 'W', kind: 'ship', order: 0 }]);
    expect(launched(s).map((u) => u.exitedAt)).toEqual([m(2.3), m(2.3)]);
    expect(s.orders[0]?.fulfilled_at).toBe(2.3);
    const end = endRun(s);
    expect(end.facilities['W']).toMatchObject({
      desk: [],
      task: null,
      setup: null,
      buckets: { valueAdd: 0, quality: 0, changeover: 0, load: 0 },
    });
  });

  it('LEAN-WH-4: the warehouse sends like any facility, by (template, destination) group, with its own batch size', () => {
    const game = (user: string | null) =>
      line({
        totalDuration: 10,
        moveCellTime: 0.1,
        facilities: {
          W: { position: [0, 0], batchSize: 3, user },
          S1: { position: [2, 0] },
          S2: { position: [0, 2] },
        },
        templates: { X: [['circle', 'green', 1.0, 'S1']], Y: [['circle', 'red', 1.0, 'S2']] },
        orders: [
          { t: 'X', qty: 4 },
          { t: 'Y', qty: 2 },
        ],
      });
    // Launches of min(3, need): 3 X, 1 X, 2 Y. X goes as a batch of 3 and its tail of 1 (every
    // whOut group is flushable), Y as its group of 2; the stations' batch of 1 plays no part.
    const expected = [
      { seq: 0, from: 'W', to: 'S1', units: [0, 1, 2], arrive: m(0.1) },
      { seq: 1, from: 'W', to: 'S1', units: [3], arrive: m(0.1) },
      { seq: 2, from: 'W', to: 'S2', units: [4, 5], arrive: m(0.1) },
    ];
    expect(startRun(game(null)).transit).toEqual(expected);
    const byPlayer = play(startRun(game('boss')), [
      { at: 0, fid: 'W', kind: 'launch', order: 0 },
      { at: 0, fid: 'W', kind: 'launch', order: 0 },
      { at: 0, fid: 'W', kind: 'launch', order: 1 },
      { at: 0, fid: 'W', kind: 'send' },
    ]);
    expect(byPlayer.transit).toEqual(expected);
  });
});

/** One unit through one station. */
const lineOfOne = {
  totalDuration: 5,
  facilities: { W: {}, S: {} },
  templates: { P: [['circle', 'green', 1.0, 'S'] as [string, string, number, string]] },
  orders: [{ t: 'P', qty: 1 }],
};

describe('events', () => {
  it('LEAN-EVT-2: the clock stops exactly at task ends, arrivals, order creations, heijunka pitches and T', () => {
    // Times off the 0.1-minute grid: move 0.37 (d = 2), paint 0.41, an order at 1.03.
    const s = runToEnd(
      line({
        totalDuration: 5,
        moveCellTime: 0.37,
        facilities: { W: { position: [0, 0] }, S: { position: [2, 0] } },
        templates: { P: [['circle', 'green', 0.41, 'S']] },
        orders: [
          { t: 'P', qty: 1 },
          { t: 'P', qty: 1, at: 1.03 },
        ],
      }),
    );
    // u0: arrives at S at 22200 and is loaded then; its paint ends at 46800 and it is sent
    // then; it arrives at W at 69000 and is shipped then. u1 is launched at the creation.
    expect(launched(s).map((u) => [u.launchedAt, u.exitedAt])).toEqual([
      [0, 69000],
      [61800, 130800],
    ]);
    expect(launched(s).map((u) => u.metrics.waitTime)).toEqual([0, 0]);
    expect(s).toMatchObject({ status: 'ended', now: m(5), endedAt: m(5) });

    const pitched = runToEnd(
      line({
        totalDuration: 5,
        heijunkaPitch: 0.77,
        settings: { heijunka: true },
        facilities: { W: {}, S: {} },
        templates: { P: [['circle', 'green', 0.1, 'S']] },
        orders: [{ t: 'P', qty: 3 }],
      }),
    );
    expect(launched(pitched).map((u) => u.launchedAt)).toEqual([0, 46200, 92400]);

    // T is an event: advancing past it ends the run at T.
    const past = advanceTo(startRun(line({ ...lineOfOne, totalDuration: 2 })), m(7));
    expect(past).toMatchObject({ status: 'ended', now: m(2), endedAt: m(2) });
  });
});

describe('metrics', () => {
  it('LEAN-MET-3: a shipped unit’s value added is its template’s VA; inspection and rework are workdesk time only', () => {
    // Sam paints with the wrong tool; Qu inspects (0.5) and removes (0.25); Rw repaints (1.0).
    const s = play(
      startRun(
        line({
          totalDuration: 10,
          facilities: {
            W: {},
            S: { user: 'sam' },
            Qu: { type: 'quality', inspectTime: 0.5, removeTime: 0.25 },
            Rw: { type: 'rework' },
          },
          templates: { P: [['circle', 'green', 1.0, 'S']] },
          orders: [{ t: 'P', qty: 1 }],
        }),
      ),
      [
        { at: 0, fid: 'S', kind: 'load' },
        { at: 0, fid: 'S', kind: 'paint', unit: 0, op: 0, tool: 'circle:red' },
        { at: m(1), fid: 'S', kind: 'send' },
      ],
    );
    const end = endRun(s);
    expect(end.units[0]).toMatchObject({ zone: 'shipped', exitedAt: m(2.75) });
    expect(end.units[0]?.metrics.workdeskTime).toBe(m(2.75));
    const fe = leanDebrief(end).flowefficiency;
    expect(fe.units).toHaveLength(1);
    expect(fe.units[0]).toMatchObject({ valueAdded: 1, workdeskTime: 2.75, leadTime: 2.75 });
    expect(fe.valueAdded).toBe(1);
    expect(fe.value).toBe(1 / 2.75);
  });
});

describe('computer players', () => {
  it('LEAN-AI-4: the computer paints with the op’s own tool only; its defects come from defectRate alone', () => {
    let defects = 0;
    for (const seed of [1, 2, 3]) {
      const input = carsAndTrucks();
      input.params.seed = seed;
      const game = normalizeLeanGame(input);
      const rate = new Map(game.facilities.map((f) => [f.id, f.defectRate]));
      const s = runToEnd(game);
      expect(launched(s).length).toBeGreaterThan(20);
      for (const u of launched(s)) {
        const types = opTypes(game, u.template);
        u.ops.forEach((op, i) => {
          if (op.tool !== null) expect(op.tool).toBe(types[i]);
          if (op.state !== 'done') return;
          const draw = randomAt(seed, STREAM.leanDefect, u.rank, i, op.attempts - 1);
          expect(op.defect).toBe(draw < (rate.get(op.paintedBy as string) ?? 0));
        });
      }
      for (const f of Object.values(s.facilities)) defects += f.defectivePaints;
    }
    expect(defects).toBeGreaterThan(0);
  });

  it('LEAN-AI-5: a logged setComputer hands a station to the computer mid-run and back; the set at the start and the log replay the run', () => {
    const game = line({
      totalDuration: 10,
      facilities: { W: { batchSize: 2 }, A: { user: 'ann', batchSize: 2 } },
      templates: { P: [['circle', 'green', 1.0, 'A']] },
      orders: [{ t: 'P', qty: 4 }],
    });
    const start = startRun(game);
    expect(start.computer).toEqual(['W']);
    // Nobody plays A for a minute: the batch waits in its queue.
    let s = advanceTo(start, m(1));
    expect(s.facilities['A']).toMatchObject({ in: [0, 1, 2, 3], desk: [], task: null });
    expect(refused(s, { at: m(1), fid: 'A', kind: 'setComputer', on: false })).toBe(
      'lean.op.notAllowed',
    );
    s = play(s, [{ at: m(1), fid: 'A', kind: 'setComputer', on: true }]);
    // The run settled at once: the computer loaded the batch at minute 1 and started painting.
    expect(s.computer).toEqual(['W', 'A']);
    expect(s.facilities['A']).toMatchObject({ desk: [0, 1], task: { kind: 'paint', start: m(1) } });
    expect(refused(s, { at: m(1.5), fid: 'A', kind: 'send' })).toBe('lean.facility.notYours');
    // Given back at minute 2.5: the paint running then ends, nothing new starts.
    s = play(s, [{ at: m(2.5), fid: 'A', kind: 'setComputer', on: false }]);
    expect(s.computer).toEqual(['W']);
    s = advanceTo(s, m(4));
    expect(s.facilities['A']).toMatchObject({ in: [2, 3], desk: [], out: [0, 1], task: null });
    expect(s.units.map((u) => u.ops[0]?.state)).toEqual(['done', 'done', 'todo', 'todo']);
    s = play(s, [{ at: m(4), fid: 'A', kind: 'load' }]);
    const ended = endRun(s);
    expect(computerAtStart(ended)).toEqual(['W']);
    expect(ended.log.map((a) => a.kind)).toEqual(['setComputer', 'setComputer', 'load']);
    expect(ended.log[0]).toEqual({ at: m(1), fid: 'A', kind: 'setComputer', on: true });
    const replay = runToEnd(game, ended.log, computerAtStart(ended));
    expect(replay).toEqual(ended);
    expect(leanEndUpdate(replay, START)).toEqual(leanEndUpdate(ended, START));
    // Without the change, the batch would never have been painted.
    expect(runToEnd(game).units.every((u) => u.ops[0]?.state === 'todo')).toBe(true);
  });
});
