import { describe, expect, it } from 'vitest';
import { carsAndTrucks } from './cars-and-trucks';
import { coverageMinute } from './clock';
import { leanDebrief } from './debrief';
import { advanceTo, applyAction, endRun, runToEnd, startRun } from './engine';
import {
  buildLeanGameDocs,
  computerFacilities,
  LEAN_ACTION_ISSUES,
  LeanConfigError,
  leanConfigFromDocs,
  leanCoverage,
  leanEndUpdate,
  leanGameFromDocs,
  leanRunDocs,
  leanStateDoc,
  leanStateFromDoc,
  leanStatsDoc,
  ordersWithCounters,
  resetLeanConfig,
  splitLeanConfig,
  viewFingerprint,
} from './game-docs';
import { applyImprovementChange, leversOf } from './improvements';
import { normalizeLeanGame, type LeanAction, type LeanGameInput, type LeanState } from './model';
import { validateLeanGame } from './validate';
import { leanPlayerView } from './view';
import { LEAN_TEMPLATES } from '../templates/lean-templates';

const ARGS = { gid: 'g1', creator: 'cleo', creatorName: 'Cleo', name: 'Line', now: 1000 };

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}

/** A finished run of the default line, every station played by the computer. */
function computerRun(): LeanState {
  return runToEnd(normalizeLeanGame(carsAndTrucks({ totalDuration: 8 })));
}

describe('the coverage minute on the public game document (LEAN-RUN-4)', () => {
  it('is published with the game and follows the secret demand and the initial stock', () => {
    const config = carsAndTrucks({ compact: true });
    const orders = config.params.consumerDemand ?? [];
    expect(orders.length).toBeGreaterThan(1);
    const first = orders.reduce((a, b) => (b.created_min < a.created_min ? b : a));
    // Without stock the first order is not covered.
    const bare = buildLeanGameDocs({ ...ARGS, config });
    expect(bare.game.params.coverageMin).toBe(first.created_min);
    // Two orders and stock for both: covered to the end of the run.
    const stocked = structuredClone(config);
    const two = orders.slice(0, 2);
    stocked.params.consumerDemand = two;
    for (const [id, t] of Object.entries(stocked.params.productsTemplates ?? {})) {
      t.initialStock = two.filter((o) => o.template_id === id).reduce((n, o) => n + o.qty, 0);
    }
    const full = buildLeanGameDocs({ ...ARGS, config: stocked });
    expect(full.game.params.coverageMin).toBe(normalizeLeanGame(stocked).totalDuration);
    expect(full.game.params.coverageMin).toBe(coverageMinute(normalizeLeanGame(stocked)));
  });

  it('is derived, never read back as configuration, and a stale value is replaced', () => {
    const docs = buildLeanGameDocs({ ...ARGS, config: carsAndTrucks({ compact: true }) });
    const stale = { ...docs.game, params: { ...docs.game.params, coverageMin: 999 } };
    const config = leanConfigFromDocs(stale, docs.privateParams);
    expect(Object.hasOwn(config.params, 'coverageMin')).toBe(false);
    const again = splitLeanConfig({
      ...config,
      params: { ...config.params, coverageMin: 999 } as never,
    });
    expect(again.params.coverageMin).toBe(docs.game.params.coverageMin);
    expect(leanCoverage(config)).toBe(docs.game.params.coverageMin);
  });
});

describe('the documents of a new lean game', () => {
  for (const template of LEAN_TEMPLATES) {
    it(`keep ${template.id}'s seed and demand out of the public game document`, () => {
      const docs = buildLeanGameDocs({ ...ARGS, config: template.config as LeanGameInput });
      const publicKeys = keysOf(docs.game);
      expect(publicKeys.has('seed')).toBe(false);
      expect(publicKeys.has('consumerDemand')).toBe(false);
      expect(docs.privateParams.seed).toBe(7);
      expect(docs.privateParams.consumerDemand.length).toBeGreaterThan(0);
      expect(docs.game.params.consumerDemandParams.totalDuration).toBeGreaterThan(0);
      expect(docs.game.params.game_start_at).toBeNull();
      expect(docs.game.params.game_end_at).toBeNull();
      expect(docs.game.improvementsPanelBy).toBeNull();
      expect(Object.values(docs.game.facilities).every((f) => f.user === null)).toBe(true);
    });
  }

  it('read back as the same game (the configuration, reset like a copy)', () => {
    const config = carsAndTrucks({ batch: 1, compact: true, settings: { kanban: true } });
    const docs = buildLeanGameDocs({ ...ARGS, config });
    const back = leanConfigFromDocs(docs.game, docs.privateParams);
    expect(normalizeLeanGame(back)).toEqual(normalizeLeanGame(resetLeanConfig(config)));
    expect(leanGameFromDocs(docs.game, docs.privateParams)).toEqual(docs.lean);
  });

  it('reset the run and the demand counters of the configuration they are built from', () => {
    const config = carsAndTrucks();
    config.params.game_start_at = 5;
    config.params.nextRank = 12;
    config.params.consumerDemand![0]!.fulfilled_qty = 4;
    config.facilities.yellow!.user = 'someone';
    const docs = buildLeanGameDocs({ ...ARGS, config });
    expect(docs.game.params.game_start_at).toBeNull();
    expect(docs.game.params.nextRank).toBe(0);
    expect(docs.privateParams.consumerDemand[0]!.fulfilled_qty).toBe(0);
    expect(docs.game.facilities.yellow!.user).toBeNull();
  });

  it('refuse a configuration that does not validate, with its keys', () => {
    const config = carsAndTrucks();
    config.facilities.grey!.position = [0, 0];
    expect(() => buildLeanGameDocs({ ...ARGS, config })).toThrow(LeanConfigError);
    try {
      buildLeanGameDocs({ ...ARGS, config });
    } catch (err) {
      expect((err as LeanConfigError).issues.map((i) => i.key)).toContain('lean.position.taken');
    }
  });

  it('read the secrets of a game written before they moved out of its public params', () => {
    const config = carsAndTrucks();
    const legacy = { params: config.params, facilities: config.facilities };
    const game = leanGameFromDocs(legacy, undefined);
    expect(game.seed).toBe(7);
    expect(game.orders.length).toBe(config.params.consumerDemand!.length);
  });

  it('split hostile documents without taking inherited properties for facilities', () => {
    const back = leanConfigFromDocs(
      { params: 'nope', facilities: { constructor: 3, f1: { type: 'station' } } },
      [],
    );
    expect(Object.keys(back.facilities)).toEqual(['f1']);
    expect(splitLeanConfig(back).privateParams.seed).toBe(1);
  });
});

describe('who plays a run', () => {
  it('the computer plays the facilities without a player still in the game', () => {
    const game = {
      players: ['p1'],
      facilities: {
        a: { user: 'p1' },
        b: { user: 'gone' },
        c: { user: null },
        d: { user: 'p1', computer: true },
      },
    };
    expect(computerFacilities(game)).toEqual(['b', 'c', 'd']);
  });
});

describe('the documents of a run', () => {
  it('carry no defect flag and no seed in what players read', () => {
    const state = computerRun();
    const defective = state.units.some((u) => u.ops.some((o) => o.defect));
    expect(defective).toBe(true);
    const docs = leanRunDocs(null, state, 1000, 2000);
    for (const doc of [...Object.values(docs.facilities), ...docs.products]) {
      const keys = keysOf(doc);
      expect(keys.has('defect')).toBe(false);
      expect(keys.has('defectivePaints')).toBe(false);
      expect(keys.has('seed')).toBe(false);
    }
    // The floor of the creator and observers shows them.
    expect(keysOf(docs.floor).has('defect')).toBe(true);
  });

  it('write only what changed since the stored state', () => {
    const game = normalizeLeanGame(carsAndTrucks());
    const s0 = startRun(game);
    const first = leanRunDocs(null, s0, 1000, 1000);
    expect(Object.keys(first.facilities).sort()).toEqual(
      ['blue', 'grey', 'quality', 'warehouse', 'yellow'].sort(),
    );
    expect(first.floor).not.toBeNull();
    expect(leanRunDocs(s0, s0, 1000, 2000)).toMatchObject({
      facilities: {},
      floor: null,
      products: [],
    });
    const later = advanceTo(s0, 60000);
    const docs = leanRunDocs(s0, later, 1000, 61000);
    expect(Object.keys(docs.facilities).length).toBeGreaterThan(0);
    expect(docs.floor?.now).toBe(60000);
    // The fingerprints stored with a state stand for its views: the same documents either way.
    expect(Object.keys(first.keys).sort()).toEqual(
      ['*floor', 'blue', 'grey', 'quality', 'warehouse', 'yellow'].sort(),
    );
    expect(leanRunDocs(s0, later, 1000, 61000, first.keys)).toEqual(docs);
    expect(leanRunDocs(s0, s0, 1000, 2000, first.keys)).toMatchObject({
      facilities: {},
      floor: null,
    });
    // A stale fingerprint makes the view written again; the clock alone never does.
    const stale = { ...first.keys, yellow: 'x' };
    expect(Object.keys(leanRunDocs(s0, s0, 1000, 2000, stale).facilities)).toEqual(['yellow']);
    expect(viewFingerprint(leanPlayerView(later, 'grey'))).toBe(docs.keys.grey);
    expect(viewFingerprint({ ...leanPlayerView(later, 'grey'), now: 1, minute: 0 })).toBe(
      docs.keys.grey,
    );
  });

  it('write a unit once it has left the line, and every unit still in it at the end', () => {
    const game = normalizeLeanGame(carsAndTrucks({ totalDuration: 8 }));
    const s0 = startRun(game);
    const mid = advanceTo(s0, 6 * 60000);
    const exited = mid.units.filter((u) => u.exitedAt !== null).map((u) => u.rank);
    expect(exited.length).toBeGreaterThan(0);
    expect(leanRunDocs(s0, mid, 0, 0).products.map((p) => p.rank)).toEqual(exited);
    const end = endRun(mid);
    const atEnd = leanRunDocs(mid, end, 0, 0).products.map((p) => p.rank);
    expect(atEnd).toEqual(end.units.filter((u) => !exited.includes(u.rank)).map((u) => u.rank));
    const p = leanRunDocs(mid, end, 0, 0).products[0]!;
    const sum = Object.values(p.faciGap).reduce(
      (acc, m) => acc + m.workdeskTime + m.changeoverTime + m.loadTime + m.moveTime + m.waitTime,
      0,
    );
    const own =
      p.metrics.workdeskTime +
      p.metrics.changeoverTime +
      p.metrics.loadTime +
      p.metrics.moveTime +
      p.metrics.waitTime;
    expect(sum).toBeCloseTo(own, 9);
  });

  it('store the state as JSON text and read it back', () => {
    const s = advanceTo(startRun(normalizeLeanGame(carsAndTrucks())), 30000);
    const doc = leanStateDoc(s, 1000, 3, 31000);
    expect(doc).toMatchObject({ run: 1000, seq: 3, at: 30000, duration: s.duration });
    expect(leanStateFromDoc(doc)).toEqual(JSON.parse(JSON.stringify(s)));
    expect(leanStateFromDoc({ state: 1 })).toBeNull();
  });

  it('end: the end time, the rank, the counters and the stats that replay the run', () => {
    const game = normalizeLeanGame(carsAndTrucks({ totalDuration: 8, users: { warehouse: 'u1' } }));
    const s0 = startRun(game);
    const action: LeanAction = { at: 5000, fid: 'warehouse', kind: 'launch', order: 0 };
    const applied = applyAction(s0, action);
    expect(applied.issue).toBeUndefined();
    const acted = applied.state;
    const end = endRun(acted, 7 * 60000);
    expect(leanEndUpdate(end, 1000)).toEqual({
      finished: true,
      'params.game_end_at': 1000 + 7 * 60000,
      'params.nextRank': end.nextRank,
    });
    const orders = ordersWithCounters(carsAndTrucks().params.consumerDemand!, end);
    expect(orders[0]!.fulfilled_qty).toBe(end.orders[0]!.fulfilled_qty);
    expect(orders[0]!.created_min).toBe(0);
    const stats = leanStatsDoc(end, 'g1', 1000, 9);
    expect(stats.endedAt).toBe(7 * 60000);
    expect(stats.log).toEqual([action]);
    // The stats replay the run: its log on the game, ended at E, gives the same debrief.
    let replay = startRun(game, stats.computer);
    for (const a of stats.log) replay = applyAction(replay, a).state;
    replay = endRun(replay, stats.endedAt);
    expect(JSON.parse(JSON.stringify(leanDebrief(replay)))).toEqual(stats.debrief);
  });

  it('name every issue key of a refused action', () => {
    expect([...LEAN_ACTION_ISSUES].sort()).toEqual(
      [
        'lean.desk.busy',
        'lean.facility.notYours',
        'lean.heijunka.auto',
        'lean.kanban.auto',
        'lean.load.refused',
        'lean.move.nothing',
        'lean.op.notAllowed',
        'lean.order.noNeed',
        'lean.order.notOpen',
        'lean.pokayoke.wrongTool',
        'lean.run.notRunning',
        'lean.unit.notHere',
      ].sort(),
    );
  });
});

describe('the improvements panel’s changes', () => {
  it('name the levers they use', () => {
    expect(
      leversOf({ smed: true, batchSize: { grey: 1 }, positions: {}, wipInMax: { blue: 2 } }),
    ).toEqual(['batch', 'kanban', 'smed']);
  });

  it('raise a kanban cap below a new batch size (LEAN-IMP-2), not one the change sets', () => {
    const config = carsAndTrucks({ batch: 1, settings: { kanban: true } });
    const { config: out, raised } = applyImprovementChange(config, { batchSize: { yellow: 6 } });
    expect(raised).toEqual(
      expect.arrayContaining([
        { fid: 'yellow', field: 'wipOutMax', value: 6 },
        { fid: 'grey', field: 'wipInMax', value: 6 },
        { fid: 'blue', field: 'wipInMax', value: 6 },
        { fid: 'quality', field: 'wipInMax', value: 6 },
      ]),
    );
    expect(validateLeanGame(normalizeLeanGame(out))).toEqual([]);
    const own = applyImprovementChange(config, {
      batchSize: { yellow: 6 },
      wipOutMax: { yellow: 2 },
    });
    expect(own.raised.some((r) => r.fid === 'yellow' && r.field === 'wipOutMax')).toBe(false);
    expect(validateLeanGame(normalizeLeanGame(own.config)).map((i) => i.key)).toContain(
      'lean.kanban.capBelowBatch',
    );
    // The input is left as it was.
    expect(config.facilities.yellow!.batchSize).toBe(1);
  });

  it('move stations, balance ops and switch settings; unknown facilities are named', () => {
    const config = carsAndTrucks();
    const { config: out, unknown } = applyImprovementChange(config, {
      positions: { blue: [3, 1] },
      opAssignment: { 'triangle:grey': 'blue' },
      smed: true,
    });
    expect(unknown).toEqual([]);
    expect(out.facilities.blue!.position).toEqual([3, 1]);
    expect(out.params.opAssignment!['triangle:grey']).toBe('blue');
    expect(out.params.settings!.smed).toBe(true);
    const hostile = applyImprovementChange(config, {
      batchSize: { constructor: 2, toString: 3 },
      opAssignment: { 'circle:grey': 'hasOwnProperty' },
    });
    expect(hostile.unknown.sort()).toEqual(['constructor', 'hasOwnProperty', 'toString']);
  });
});
