import { describe, expect, it } from 'vitest';
import { carsAndTrucks } from './cars-and-trucks';
import {
  normalizeLeanGame,
  type FacilityState,
  type LeanGame,
  type LeanState,
  type LeanUnit,
  type OpType,
} from './model';
import { leanPlayerView } from './view';

const SEED = 987654321;
/** A future order only: minute 13.37, 987 units. */
const FUTURE = { created_min: 13.37, template_id: 'truck', qty: 987 };

function game(change?: (g: ReturnType<typeof carsAndTrucks>) => void): LeanGame {
  const input = carsAndTrucks({ batch: 2, compact: true });
  input.params.seed = SEED;
  input.params.consumerDemand!.push(FUTURE);
  change?.(input);
  return normalizeLeanGame(input);
}

const zero = () => ({ workdeskTime: 0, changeoverTime: 0, loadTime: 0, moveTime: 0, waitTime: 0 });

function unit(
  g: LeanGame,
  rank: number,
  template: string,
  at: string,
  zone: LeanUnit['zone'],
): LeanUnit {
  const t = g.templates.find((x) => x.id === template)!;
  const u: LeanUnit & { since: number; sender: string | null } = {
    rank,
    template,
    order: 0,
    initial: false,
    launchedAt: 0,
    exitedAt: null,
    zone,
    at,
    ops: t.ops.map(() => ({
      state: 'todo',
      defect: false,
      detected: false,
      paintedBy: null,
      tool: null,
      attempts: 0,
    })),
    inspectedAt: [],
    defectivePaints: 0,
    metrics: zero(),
    faciGap: {},
    since: 0,
    sender: null,
  };
  return u;
}

function facility(): FacilityState {
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
  };
}

/**
 * A run at minute 3 of the compact Cars and Trucks line (batch 2): Yellow paints unit 0, whose
 * first dot is defective and not detected; unit 1 waits in Yellow's in; unit 2 in Grey's out;
 * unit 3 in Blue's in; unit 4 in transit to Quality; unit 5 finished at the warehouse.
 */
function midRun(g: LeanGame = game()): LeanState {
  const units = [
    unit(g, 0, 'car', 'yellow', 'desk'),
    unit(g, 1, 'car', 'yellow', 'in'),
    unit(g, 2, 'truck', 'grey', 'out'),
    unit(g, 3, 'truck', 'blue', 'in'),
    unit(g, 4, 'car', 'quality', 'transit'),
    unit(g, 5, 'car', 'warehouse', 'fg'),
  ];
  const tool: OpType = 'circle:yellow';
  Object.assign(units[0]!.ops[0]!, {
    state: 'done',
    defect: true,
    detected: false,
    paintedBy: 'yellow',
    tool,
    attempts: 1,
  });
  units[0]!.defectivePaints = 1;
  const facilities: Record<string, FacilityState> = {};
  for (const f of g.facilities) facilities[f.id] = facility();
  facilities['yellow']!.desk = [0];
  facilities['yellow']!.in = [1];
  facilities['yellow']!.task = {
    kind: 'paint',
    start: 174_000,
    end: 180_000,
    units: [0],
    op: 1,
    tool: 'square:yellow',
  };
  facilities['yellow']!.paints = 1;
  facilities['yellow']!.defectivePaints = 1;
  facilities['grey']!.out = [2];
  facilities['blue']!.in = [3];
  facilities['warehouse']!.in = [5];
  return {
    game: g,
    computer: [],
    now: 180_000,
    duration: 1_200_000,
    status: 'running',
    endedAt: null,
    nextRank: units.length,
    sendSeq: 1,
    units,
    facilities,
    transit: [{ seq: 0, from: 'blue', to: 'quality', units: [4], arrive: 186_000 }],
    heijunka: { k: 0, pending: false, launched: {} },
    orders: g.orders.map(() => ({
      fulfilled_at: null,
      fulfilled_qty: 0,
      defectOpes: 0,
      defectProducts: 0,
      lateProducts: 0,
      otifProducts: 0,
      prod_started_qty: 0,
    })),
    wipIntegral: 0,
    wipMax: 6,
    samples: [],
    log: [],
  };
}

/** Everything a view says, as text: what must not appear must not be anywhere in it. */
const text = (v: unknown) => JSON.stringify(v);

describe('what a lean player may see (LEAN-VIS-*)', () => {
  it('LEAN-VIS-1: the creator and observers see every facility in full, defects and transit', () => {
    const s = midRun();
    const v = leanPlayerView(s, null, { all: true });
    expect(v.all).toBe(true);
    expect(v.details.map((d) => d.id)).toEqual(['warehouse', 'yellow', 'grey', 'blue', 'quality']);
    const yellow = v.details[1]!;
    expect(yellow.desk[0]!.ops[0]).toMatchObject({ defect: true, detected: false });
    expect(yellow.defectivePaints).toBe(1);
    expect(v.transit).toEqual([
      {
        from: 'blue',
        to: 'quality',
        units: [expect.objectContaining({ rank: 4 })],
        arrive: 186_000,
      },
    ]);
    expect(v.details[0]!.in.map((u) => u.rank)).toEqual([5]);
  });

  it('LEAN-VIS-2: a player sees its own facility in full: queues, desk, task and its end, setup', () => {
    const s = midRun();
    const v = leanPlayerView(s, 'yellow');
    expect(v.details.map((d) => d.id)).toEqual(['yellow']);
    const own = v.details[0]!;
    expect(own.desk.map((u) => u.rank)).toEqual([0]);
    expect(own.in.map((u) => u.rank)).toEqual([1]);
    expect(own.task).toMatchObject({ kind: 'paint', end: 180_000, units: [0], op: 1 });
    expect(own.desk[0]!.ops[0]).toEqual({
      state: 'done',
      detected: false,
      paintedBy: 'yellow',
      tool: 'circle:yellow',
      attempts: 1,
    });
    expect(own.paints).toBe(1);
    expect(v.transit).toEqual([]);
  });

  it('LEAN-VIS-2: a hidden defect appears nowhere in a player view, not even as a count', () => {
    const s = midRun();
    for (const viewer of ['warehouse', 'yellow', 'grey', 'blue', 'quality', null]) {
      const json = text(leanPlayerView(s, viewer));
      expect(json, String(viewer)).not.toContain('"defect"');
      expect(json, String(viewer)).not.toContain('defectivePaints');
    }
    // A transparent game shows every facility in full, still without a defect flag.
    const open = midRun(game((g) => (g.params.transparent = true)));
    const v = leanPlayerView(open, 'grey');
    expect(v.details.map((d) => d.id)).toEqual(['warehouse', 'yellow', 'grey', 'blue', 'quality']);
    expect(text(v)).not.toContain('"defect"');
    expect(text(v)).not.toContain('defectivePaints');
    // A detected defect is the player's to see.
    s.units[0]!.ops[0]!.detected = true;
    expect(leanPlayerView(s, 'yellow').details[0]!.desk[0]!.ops[0]!.detected).toBe(true);
  });

  it('LEAN-VIS-3: neighbours (distance 1) as counts; others by identity only', () => {
    const s = midRun();
    // Compact layout: W (0,0), Y (1,0), G (2,0), B (2,1), Q (1,1). Grey's neighbours: Y, B.
    const v = leanPlayerView(s, 'grey');
    expect(v.details.map((d) => d.id)).toEqual(['grey']);
    expect(v.neighbours).toEqual([
      {
        id: 'yellow',
        name: 'Yellow',
        type: 'station',
        line: 1,
        position: [1, 0],
        in: 1,
        desk: 1,
        out: 0,
        busy: true,
      },
      {
        id: 'blue',
        name: 'Blue',
        type: 'station',
        line: 3,
        position: [2, 1],
        in: 1,
        desk: 0,
        out: 0,
        busy: false,
      },
    ]);
    expect(v.facilities.find((f) => f.id === 'warehouse')).toEqual({
      id: 'warehouse',
      name: 'Warehouse',
      type: 'warehouse',
      line: 0,
      position: [0, 0],
    });
    // Nothing of the warehouse's finished unit or the unit in transit reaches Grey.
    expect(text(v)).not.toContain('"rank":5');
    expect(text(v)).not.toContain('"rank":4');
  });

  it('LEAN-VIS-4: visible orders only, with their counters', () => {
    const s = midRun();
    s.orders[0]!.fulfilled_qty = 2;
    s.orders[0]!.prod_started_qty = 4;
    const v = leanPlayerView(s, 'blue');
    // Minute 3: the orders of minutes 0 and 1.8.
    expect(v.orders.map((o) => o.index)).toEqual([0, 1]);
    expect(v.orders[0]).toMatchObject({
      created_min: 0,
      template_id: 'car',
      qty: 4,
      due_min: 4,
      fulfilled_qty: 2,
      prod_started_qty: 4,
      fulfilled_at: null,
    });
    // An order becomes visible at its creation instant (LEAN-DEM-2).
    s.now = 216_000;
    expect(leanPlayerView(s, 'blue').orders.map((o) => o.index)).toEqual([0, 1, 2]);
    // With visibility on, every order is shown from the start.
    const all = midRun(game((g) => (g.params.consumerDemandParams!.visibility = true)));
    expect(leanPlayerView(all, 'blue').orders).toHaveLength(11);
  });

  it('LEAN-VIS-5: no view carries the seed or a future invisible order', () => {
    const s = midRun();
    const views = [
      leanPlayerView(s, 'yellow'),
      leanPlayerView(s, 'warehouse'),
      leanPlayerView(s, null),
      leanPlayerView(s, null, { all: true }),
    ];
    for (const v of views) {
      const json = text(v);
      expect(json).not.toContain(String(SEED));
      expect(json).not.toContain('seed');
      expect(json).not.toContain('13.37');
      expect(json).not.toContain('987');
      expect(v.orders.every((o) => o.created_min <= 3)).toBe(true);
    }
  });

  it('LEAN-VIS-1: viewer null without all sees no facility in full, only the orders', () => {
    const v = leanPlayerView(midRun(), null);
    expect(v.all).toBe(false);
    expect(v.details).toEqual([]);
    expect(v.neighbours).toEqual([]);
    expect(v.facilities).toHaveLength(5);
    expect(v.orders).toHaveLength(2);
  });

  it('an unknown viewer is refused, own properties only', () => {
    const s = midRun();
    for (const viewer of ['nobody', '__proto__', 'toString', 'constructor']) {
      expect(() => leanPlayerView(s, viewer), viewer).toThrow(/unknown facility/);
    }
  });
});
