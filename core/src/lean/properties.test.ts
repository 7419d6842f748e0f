/**
 * The property tests of the design (Part D) over random small lines: 1–5 stations, optional
 * quality with or without rework (and sometimes a rework station), 1–3 templates of 1–4 ops,
 * random batch sizes, times, positions, orders and improvement settings, sometimes a player at
 * the warehouse or a station sending a mix of sensible and absurd actions.
 */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../beer/random';
import { advanceTo, applyAction, endRun, leadTime, runToEnd, startRun } from './engine';
import { bucketsAt } from './engine-testing';
import type {
  FacilityId,
  LeanAction,
  LeanFacilityInput,
  LeanGame,
  LeanState,
  LeanUnit,
  OpType,
  TimeMetrics,
} from './model';
import { COLORS, ms, normalizeLeanGame, SHAPES } from './model';
import { validateLeanGame } from './validate';

// More with LEAN_PROPERTY_GAMES=500 when hunting for a counter-example.
const GAMES = Number(process.env['LEAN_PROPERTY_GAMES'] ?? 36);
const KEYS: (keyof TimeMetrics)[] = [
  'workdeskTime',
  'changeoverTime',
  'loadTime',
  'moveTime',
  'waitTime',
];

interface RandomLine {
  game: LeanGame;
  /** Facilities a player holds (they receive the random actions). */
  humans: FacilityId[];
}

/** A valid random line, determined by its seed. */
function randomLine(seed: number): RandomLine {
  const rnd = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const chance = (p: number) => rnd() < p;
  const tenth = (lo: number, hi: number) => int(lo * 20, hi * 20) / 20;

  const settings = {
    autoinspect: chance(0.25),
    heijunka: chance(0.25),
    pokayoke: chance(0.2),
    kanban: chance(0.3),
    smed: chance(0.3),
  };
  const stations = int(1, 5);
  const quality = pick(['none', 'quality', 'qualityRework', 'qualityAndRework'] as const);
  const ids = ['W', ...Array.from({ length: stations }, (_, i) => `S${i}`)];
  if (quality !== 'none') ids.push('Q');
  if (quality === 'qualityAndRework') ids.push('R');

  // Distinct cells of an 8 × 5 floor.
  const cells: [number, number][] = [];
  while (cells.length < ids.length) {
    const c: [number, number] = [int(0, 7), int(0, 4)];
    if (!cells.some((x) => x[0] === c[0] && x[1] === c[1])) cells.push(c);
  }
  const batches = ids.map(() => (chance(0.4) ? 1 : int(1, 5)));
  const maxBatch = Math.max(...batches);
  const facilities: Record<string, LeanFacilityInput> = {};
  ids.forEach((id, i) => {
    const type =
      id === 'W' ? 'warehouse' : id === 'Q' ? 'quality' : id === 'R' ? 'rework' : 'station';
    facilities[id] = {
      type,
      line: i,
      position: cells[i] as [number, number],
      batchSize: batches[i],
      changeoverTime: type === 'quality' ? 0 : tenth(0, 1),
      loadTime: tenth(0, 0.3),
      inspectTime: tenth(0.05, 0.5),
      removeTime: tenth(0.05, 0.3),
      defectRate: chance(0.3) ? 0 : int(0, 30) / 100,
      rework: quality === 'qualityRework',
      ...(settings.kanban
        ? { wipInMax: maxBatch * int(1, 2), wipOutMax: maxBatch * int(1, 2) }
        : {}),
    };
  });

  // Op types: distinct (shape, colour) pairs, each assigned to one painter.
  const painters = ids.filter((id) => id.startsWith('S'));
  if ((settings.autoinspect || settings.pokayoke) && quality !== 'none') painters.push('Q');
  const pool: OpType[] = [];
  for (const s of SHAPES) for (const c of COLORS) pool.push(`${s}:${c}`);
  const opAssignment: Record<string, string> = {};
  const productsTemplates: Record<
    string,
    { ops: { shape: string; color: string; time: number }[]; initialStock?: number }
  > = {};
  const templateCount = int(1, 3);
  for (let t = 0; t < templateCount; t++) {
    const ops: { shape: string; color: string; time: number }[] = [];
    const n = int(1, 4);
    while (ops.length < n) {
      const type = pick(pool);
      const [shape, color] = type.split(':') as [string, string];
      if (ops.some((o) => o.shape === shape && o.color === color)) continue;
      ops.push({ shape, color, time: tenth(0.05, 1) });
      if (!(type in opAssignment)) opAssignment[type] = pick(painters);
    }
    productsTemplates[`T${t}`] = { ops, ...(chance(0.15) ? { initialStock: int(1, 3) } : {}) };
  }

  const totalDuration = int(8, 25);
  const orders = Array.from({ length: int(1, 8) }, () => ({
    created_min: int(0, Math.floor(totalDuration * 6)) / 10,
    template_id: `T${int(0, templateCount - 1)}`,
    qty: int(1, 8),
  }));
  const game = normalizeLeanGame({
    params: {
      consumerDemand: orders,
      consumerDemandParams: {
        totalDuration,
        visibility: chance(0.3),
        dueDelay: int(0, 8),
      },
      moveCellTime: tenth(0, 0.3),
      productsTemplates,
      opAssignment,
      settings,
      smedFactor: int(0, 10) / 10,
      ...(chance(0.5) ? { heijunkaPitch: tenth(0.1, 2) } : {}),
      mapSize: { rows: 5, cols: 8 },
      seed: int(0, 1000),
    },
    facilities,
  });
  const humans: FacilityId[] = [];
  if (chance(0.3)) humans.push('W');
  if (chance(0.4)) humans.push(pick(ids.slice(1)));
  return { game, humans };
}

/** Player actions: mostly what a sensible player would do next, sometimes nonsense. */
function randomActions(line: RandomLine, seed: number): LeanState {
  const rnd = mulberry32(seed ^ 0x5bd1e995);
  const { game, humans } = line;
  const computer = game.facilities.filter((f) => !humans.includes(f.id)).map((f) => f.id);
  let s = startRun(game, computer);
  if (humans.length === 0) return endRun(s);
  const T = ms(game.totalDuration);
  let t = 0;
  while (s.status === 'running') {
    t += Math.floor(rnd() * 24000);
    if (t >= T) break;
    s = advanceTo(s, t);
    const fid = humans[Math.floor(rnd() * humans.length)] as FacilityId;
    const st = s.facilities[fid];
    if (!st) break;
    let a: LeanAction;
    const r = rnd();
    if (fid === 'W') {
      const order = Math.floor(rnd() * (game.orders.length + 1));
      a =
        r < 0.4
          ? { at: t, fid, kind: 'launch', order }
          : r < 0.7
            ? { at: t, fid, kind: 'ship', order }
            : { at: t, fid, kind: 'send' };
    } else if (r < 0.2) {
      a = { at: t, fid, kind: 'send' };
    } else if (r < 0.4 || st.desk.length === 0) {
      a = { at: t, fid, kind: 'load' };
    } else {
      const rank = st.desk[Math.floor(rnd() * st.desk.length)] as number;
      const u = s.units[rank] as LeanUnit;
      const op = Math.floor(rnd() * u.ops.length);
      const k = rnd();
      a =
        k < 0.6
          ? {
              at: t,
              fid,
              kind: 'paint',
              unit: rank,
              op,
              ...(rnd() < 0.15 ? { tool: 'vbar:red' as const } : {}),
            }
          : k < 0.8
            ? { at: t, fid, kind: 'inspect', unit: rank }
            : { at: t, fid, kind: 'remove', unit: rank, op };
    }
    if (rnd() < 0.05) a = { ...a, at: t - 5000 } as LeanAction;
    s = applyAction(s, a).state;
  }
  return endRun(s);
}

const lines = Array.from({ length: GAMES }, (_, i) => ({ i, line: randomLine(1000 + i * 7919) }));
const ends = lines.map(({ i, line }) => ({ i, line, s: randomActions(line, i) }));

/** Every ended state of the random lines, each with its index. */
function each(fn: (s: LeanState, i: number, line: RandomLine) => void): void {
  for (const { i, line, s } of ends) fn(s, i, line);
}

const sum = (m: TimeMetrics) => KEYS.reduce((a, k) => a + m[k], 0);

describe('property tests over random lines (design Part D)', () => {
  it('the generator makes valid games, some with players, and most ship something', () => {
    for (const { line } of lines) expect(validateLeanGame(line.game)).toEqual([]);
    expect(lines.filter((l) => l.line.humans.length > 0).length).toBeGreaterThan(5);
    const shipping = ends.filter(({ s }) =>
      s.units.some((u) => u.zone === 'shipped' && !u.initial),
    );
    expect(shipping.length).toBeGreaterThan(GAMES * 0.7);
    for (const k of ['autoinspect', 'heijunka', 'pokayoke', 'kanban', 'smed'] as const) {
      expect(
        lines.some((l) => l.line.game.settings[k]),
        k,
      ).toBe(true);
    }
  });

  it('LEAN-MET-1 (property 1): the five metrics of every unit sum exactly to its lead time (to E while alive)', () => {
    each((s) => {
      const e = s.endedAt as number;
      for (const u of s.units) {
        expect(sum(u.metrics)).toBe((u.exitedAt ?? e) - u.launchedAt);
        if (u.zone === 'shipped') expect(sum(u.metrics)).toBe(leadTime(u));
      }
    });
  });

  it('LEAN-MET-2 (property 2): Σ over facilities of faciGap is each metric of the unit', () => {
    each((s) => {
      for (const u of s.units) {
        for (const k of KEYS) {
          const total = Object.values(u.faciGap).reduce((a, g) => a + g[k], 0);
          expect(total).toBe(u.metrics[k]);
        }
        for (const fid of Object.keys(u.faciGap)) expect(s.facilities[fid]).toBeDefined();
      }
    });
  });

  it('C.4, LEAN-MET-5 (property 3): Little’s identity, ∫WIP = Σ lives (exit or E − launch), exactly', () => {
    each((s) => {
      const e = s.endedAt as number;
      const lives = s.units.reduce((a, u) => a + (u.exitedAt ?? e) - u.launchedAt, 0);
      expect(s.wipIntegral).toBe(lives);
    });
  });

  it('LEAN-EVT-8 (property 4): advancing in steps of 0.37 min gives the same state as one call', () => {
    each((s, i, line) => {
      if (line.humans.length > 0) return;
      let c = startRun(line.game);
      const T = ms(line.game.totalDuration);
      for (let t = ms(0.37); t < T; t += ms(0.37)) c = advanceTo(c, t);
      expect(endRun(c), `game ${i}`).toEqual(s);
      expect(runToEnd(line.game)).toEqual(s);
    });
  });

  it('LEAN-EVT-8: with player actions too, extra calls between the actions change nothing', () => {
    each((s, i, line) => {
      if (line.humans.length === 0) return;
      let c = startRun(line.game, s.computer);
      for (const a of s.log) {
        for (let t = c.now + ms(0.37); t < a.at; t += ms(0.37)) c = advanceTo(c, t);
        c = applyAction(c, a).state;
      }
      expect(endRun(c), `game ${i}`).toEqual(s);
    });
  });

  it('LEAN-UNIT-2, LEAN-UNIT-4 (property 5): launched = shipped + scrapped + alive; each alive unit stands in exactly one queue', () => {
    each((s) => {
      const shipped = s.units.filter((u) => u.zone === 'shipped').length;
      const scrapped = s.units.filter((u) => u.zone === 'scrapped').length;
      const alive = s.units.filter((u) => u.exitedAt === null);
      expect(s.units.length).toBe(s.nextRank);
      expect(shipped + scrapped + alive.length).toBe(s.units.length);
      const where = new Map<number, string>();
      const put = (r: number, place: string) => {
        expect(where.has(r), `unit ${r} twice`).toBe(false);
        where.set(r, place);
      };
      for (const [fid, st] of Object.entries(s.facilities)) {
        const wh = fid === 'W';
        for (const r of st.in) put(r, `${fid}:${wh ? 'fg' : 'in'}`);
        for (const r of st.desk) put(r, `${fid}:desk`);
        for (const r of st.out) put(r, `${fid}:${wh ? 'whOut' : 'out'}`);
      }
      for (const tr of s.transit) for (const r of tr.units) put(r, `${tr.to}:transit`);
      expect(where.size).toBe(alive.length);
      for (const u of alive) expect(where.get(u.rank)).toBe(`${u.at}:${u.zone}`);
    });
  });

  it('LEAN-DEM-6 (property 6): the order counters match the units', () => {
    each((s, _i, line) => {
      const shipped = s.units.filter((u) => u.zone === 'shipped');
      expect(s.orders.reduce((a, o) => a + o.fulfilled_qty, 0)).toBe(shipped.length);
      expect(s.orders.reduce((a, o) => a + o.prod_started_qty, 0)).toBe(
        s.units.filter((u) => !u.initial).length,
      );
      line.game.orders.forEach((o, k) => {
        const c = s.orders[k]!;
        const mine = shipped.filter((u) => u.order === k);
        const late = mine.filter((u) => (u.exitedAt as number) > ms(o.due_min));
        const bad = mine.filter((u) => u.ops.some((op) => op.defect));
        const otif = mine.filter(
          (u) => (u.exitedAt as number) <= ms(o.due_min) && !u.ops.some((op) => op.defect),
        );
        expect(c.fulfilled_qty).toBe(mine.length);
        expect(c.fulfilled_qty).toBeLessThanOrEqual(o.qty);
        expect(c.lateProducts).toBe(late.length);
        expect(c.defectProducts).toBe(bad.length);
        expect(c.otifProducts).toBe(otif.length);
        const exited = s.units.filter((u) => u.exitedAt !== null && u.order === k);
        expect(c.defectOpes).toBe(exited.reduce((a, u) => a + u.defectivePaints, 0));
        const last = Math.max(...mine.map((u) => u.exitedAt as number));
        expect(c.fulfilled_at).toBe(c.fulfilled_qty === o.qty ? last / 60000 : null);
      });
    });
  });

  it('LEAN-MET-4 (property 7): no negative duration; every facility busy at most E; metrics never negative', () => {
    each((s) => {
      const e = s.endedAt as number;
      for (const u of s.units) {
        for (const k of KEYS) expect(u.metrics[k]).toBeGreaterThanOrEqual(0);
        for (const g of Object.values(u.faciGap))
          for (const k of KEYS) expect(g[k]).toBeGreaterThanOrEqual(0);
        expect(u.launchedAt).toBeGreaterThanOrEqual(0);
        if (u.exitedAt !== null) expect(u.exitedAt).toBeGreaterThanOrEqual(u.launchedAt);
      }
      for (const fid of Object.keys(s.facilities)) {
        const b = bucketsAt(s, fid);
        for (const v of Object.values(b)) expect(v).toBeGreaterThanOrEqual(0);
        expect(b.busy).toBeLessThanOrEqual(e);
      }
    });
  });

  it('LEAN-EVT-1, LEAN-EVT-9 (property 8): the same configuration, seed and action log give the same state', () => {
    each((s, i, line) => {
      expect(runToEnd(line.game, s.log, s.computer), `game ${i}`).toEqual(s);
      // The state is plain JSON: a stored copy continues exactly like the original.
      const mid = advanceTo(startRun(line.game, s.computer), ms(line.game.totalDuration / 2));
      const copy = JSON.parse(JSON.stringify({ ...mid, game: undefined })) as LeanState;
      copy.game = line.game;
      expect(endRun(copy)).toEqual(endRun(mid));
    });
  });

  it('C.4: each sample is the WIP after all events at its instant; WIP max bounds them', () => {
    each((s) => {
      const e = s.endedAt as number;
      expect(s.samples).toHaveLength(Math.floor(e / 6000) + 1);
      s.samples.forEach((x, k) => {
        expect(x.t).toBe(k * 6000);
        const alive = s.units.filter(
          (u) => u.launchedAt <= x.t && (u.exitedAt === null || u.exitedAt > x.t),
        ).length;
        expect(x.whOut + x.in + x.desk + x.out + x.transit + x.fg).toBe(alive);
        expect(alive).toBeLessThanOrEqual(s.wipMax);
      });
    });
  });

  it('LEAN-AI-1, LEAN-ROUTE-5: given time, computer players fulfil every order (no deadlock, kanban included)', () => {
    for (const { i, line } of lines) {
      // Heijunka's default pitch grows with the run length: it would only slow the launches.
      if (line.humans.length > 0 || line.game.settings.heijunka) continue;
      const g = { ...line.game, totalDuration: 120 };
      const s = runToEnd(g);
      g.orders.forEach((o, k) => expect(s.orders[k]?.fulfilled_qty, `game ${i}`).toBe(o.qty));
    }
  });
});
