/**
 * A lean game document as the play screens read it, the run's clock (LEAN-RUN-1, -3, -4), and
 * which view a player's screen shows: the stored one or the one its action returned.
 */
import { describe, expect, it } from 'vitest';
import { carsAndTrucks } from '@sim/core/lean/cars-and-trucks';
import { buildLeanGameDocs } from '@sim/core/lean/game-docs';
import { ms } from '@sim/core/lean/model';
import { leanPlayerView } from '@sim/core/lean/view';
import { parseSharedGame } from '@/features/games/shared/game-model';
import { parseLeanGame, splitOpType } from '@/features/games/lean/lean-game-model';
import { act, at, testGame, testRun } from '@/features/games/lean/play-testing';
import { coverageOf, formatClock, runClock, runStatus } from '@/features/games/lean/run-clock';
import { latestView, parseViewDoc } from '@/features/games/lean/view-doc';

describe('the lean game document', () => {
  it('gives the line in order with each facility’s dots, the run state and the levers', () => {
    const { game } = testGame({ improvements: ['batch', 'kanban'] });
    expect(game.roles.map((r) => [r.id, r.type, r.line])).toEqual([
      ['warehouse', 'warehouse', 0],
      ['yellow', 'station', 1],
      ['grey', 'station', 2],
      ['blue', 'station', 3],
      ['quality', 'quality', 4],
    ]);
    expect(game.roles.find((r) => r.id === 'grey')?.ops).toEqual([
      'circle:grey',
      'square:grey',
      'triangle:grey',
      'hbar:grey',
    ]);
    expect(game.roles.find((r) => r.id === 'quality')).toMatchObject({ rework: true, ops: [] });
    expect(game.status).toBe('notStarted');
    expect(game.levers).toEqual(['batch', 'kanban']);
    expect(game.panelBy).toBeNull();
    // The public document has no demand and no seed.
    expect(game.lean.orders).toEqual([]);
  });

  it('reads the run state from the start and end times', () => {
    const started = testGame({}, (d) => ({
      ...d,
      params: { ...d.params, game_start_at: 5000 },
    })).game;
    expect(started.status).toBe('running');
    expect(started.startAt).toBe(5000);
    const ended = testGame({}, (d) => ({
      ...d,
      finished: true,
      params: { ...d.params, game_start_at: 5000, game_end_at: 65000 },
    })).game;
    expect(ended.status).toBe('ended');
  });

  it('shows product names through the translator, and takes a player’s name from the game', () => {
    const config = carsAndTrucks();
    const { game: doc } = buildLeanGameDocs({
      gid: 'g1',
      creator: 'teacher',
      creatorName: 'Ada',
      name: 'Lean',
      config,
      now: 1,
    });
    const data = {
      ...doc,
      players: ['u1'],
      facilities: {
        ...doc.facilities,
        yellow: { ...doc.facilities['yellow']!, user: 'u1', playerName: 'Yuki' },
      },
    } as unknown as Record<string, unknown>;
    const game = parseLeanGame(parseSharedGame('g1', data), data, (n) => `«${n}»`);
    expect(game.templates.map((t) => t.name)).toEqual(['«Car»', '«Truck»']);
    expect(game.roles.find((r) => r.id === 'yellow')).toMatchObject({
      user: 'u1',
      playerName: 'Yuki',
    });
  });

  it('survives a damaged document: unknown values are defaulted, nothing is trusted', () => {
    const hostile = {
      type: 'leangame',
      name: 'x',
      params: {
        productsTemplates: { car: null, truck: 'nope', __proto__x: { ops: 'no' } },
        mapSize: { rows: 1e9, cols: -1 },
        settings: 'on',
        opAssignment: ['a'],
        improvements: 'all',
      },
      facilities: { a: null, b: { type: 7, position: 'here', batchSize: 'big' } },
    };
    const parsed = parseLeanGame(parseSharedGame('g', hostile), hostile);
    expect(parsed.lean.mapSize).toEqual({ rows: 5, cols: 8 });
    expect(parsed.templates.map((t) => [t.id, t.ops])).toEqual([
      ['car', []],
      ['truck', []],
      ['__proto__x', []],
    ]);
    expect(parsed.roles.map((r) => [r.id, r.type, r.position, r.batchSize])).toEqual([
      ['a', 'station', [0, 0], 4],
      ['b', 'station', null, 1],
    ]);
    expect(parsed.levers).toEqual([]);
    expect(parsed.lean.settings.kanban).toBe(false);
  });

  it('splits an op type only when it is a known shape and colour', () => {
    expect(splitOpType('hbar:grey')).toEqual({ shape: 'hbar', color: 'grey' });
    expect(splitOpType('hbar:grey:x')).toBeNull();
    expect(splitOpType('star:grey')).toBeNull();
    expect(splitOpType('__proto__:red')).toBeNull();
  });
});

describe('the run clock (LEAN-RUN-1, -3)', () => {
  const run = (startAt: number | null, endAt: number | null) => ({
    status: (startAt === null ? 'notStarted' : endAt === null ? 'running' : 'ended') as
      'notStarted' | 'running' | 'ended',
    startAt,
    endAt,
  });

  it('gives the minute to 0.1 and the seconds left while running', () => {
    const c = runClock(run(1_000_000, null), 3, 1_000_000 + 83_999);
    expect(c).toEqual({
      status: 'running',
      gameMs: 83_999,
      minute: 1.3,
      durationMin: 3,
      secondsLeft: 97,
    });
    expect(formatClock(c.secondsLeft!)).toBe('1:37');
  });

  it('stops at the run length and at the end', () => {
    expect(runClock(run(0, null), 3, ms(5)).secondsLeft).toBe(0);
    expect(runClock(run(0, null), 3, ms(5)).minute).toBe(3);
    const ended = runClock(run(0, ms(2.25)), 3, ms(9));
    expect(ended).toMatchObject({ status: 'ended', minute: 2.2, secondsLeft: null });
    expect(runClock(run(null, null), 3, 123)).toMatchObject({ status: 'notStarted', minute: 0 });
  });

  it('has the state of the run from its documents alone, not started without a start', () => {
    expect(runStatus(run(0, null))).toBe('running');
    expect(runStatus(run(0, ms(2)))).toBe('ended');
    expect(runStatus({ status: 'running', startAt: null })).toBe('notStarted');
  });

  it('gives the coverage minute from the secret demand only (LEAN-RUN-4)', () => {
    const config = carsAndTrucks();
    config.params.productsTemplates!['car']!.initialStock = 8;
    const docs = buildLeanGameDocs({
      gid: 'g',
      creator: 'c',
      creatorName: 'C',
      name: 'n',
      config,
      now: 1,
    });
    // Orders of 4: car at 0, car at 1.8 (8 cars on hand cover both), truck at 3.6 (no truck).
    expect(coverageOf(docs.game, docs.privateParams)).toBe(3.6);
    docs.privateParams.consumerDemand = docs.privateParams.consumerDemand.filter(
      (o) => o.template_id === 'car',
    );
    // Cars only: the third car order, at 5.4, is the first the stock does not cover.
    expect(coverageOf(docs.game, docs.privateParams)).toBe(5.4);
    expect(coverageOf(docs.game, null)).toBeNull();
    expect(coverageOf(docs.game, {})).toBeNull();
  });

  it('gives players the coverage minute published on the game document (LEAN-RUN-4)', () => {
    const config = carsAndTrucks();
    config.params.productsTemplates!['car']!.initialStock = 8;
    const docs = buildLeanGameDocs({
      gid: 'g',
      creator: 'c',
      creatorName: 'C',
      name: 'n',
      config,
      now: 1,
    });
    const read = (params: Record<string, unknown>) => {
      const doc = { ...docs.game, params: { ...docs.game.params, ...params } };
      return parseLeanGame(parseSharedGame('g', doc), doc).coverageMin;
    };
    // The same minute the creator computes from the demand, read without it.
    expect(read({})).toBe(3.6);
    expect(read({ coverageMin: 0 })).toBe(0);
    for (const hostile of [-1, 1e9, Number.NaN, '3', null, undefined]) {
      expect(read({ coverageMin: hostile })).toBeNull();
    }
  });
});

describe('the player’s view: stored or just acted (decision 0012)', () => {
  const { config } = testGame();
  const before = at(testRun(config, ['yellow']), 0.3);
  const after = act(before, 0.3, { fid: 'yellow', kind: 'load', template: 'car' });
  const run = 5000;
  const stored = (state: typeof before) =>
    parseViewDoc({ run, view: JSON.parse(JSON.stringify(leanPlayerView(state, 'yellow'))) });

  it('parses a stored view and refuses a document without one', () => {
    expect(stored(before)?.view.details[0]?.in).toHaveLength(4);
    expect(parseViewDoc({ run, view: { now: 'x' } })).toBeNull();
    expect(parseViewDoc(null)).toBeNull();
    const damaged = parseViewDoc({ run, view: { now: 1, duration: 2, details: 'x' } });
    expect(damaged?.view.details).toEqual([]);
  });

  it('shows the action’s view at once, until a newer stored view arrives', () => {
    const acted = { run, view: leanPlayerView(after, 'yellow') };
    // The stored view predates the action.
    expect(latestView(stored(before), acted, run)).toBe(acted.view);
    // A flush at the same instant holds no more: the action's view stays.
    expect(latestView(stored(after), acted, run)).toBe(acted.view);
    const later = stored(at(after, 0.5))!;
    expect(latestView(later, acted, run)).toBe(later.view);
    // Views of another run (a reset, a new start) are not shown.
    expect(latestView(stored(before), acted, 9999)).toBeNull();
    expect(latestView(null, null, run)).toBeNull();
  });
});
