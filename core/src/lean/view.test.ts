import { describe, expect, it } from 'vitest';
import { carsAndTrucks } from './cars-and-trucks';
import { advanceTo, endRun, startRun } from './engine';
import { normalizeLeanGame, type LeanGame, type LeanState } from './model';
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

/** Advances a run in steps of 0.1 minute until `found` holds, up to minute `max`. */
function advanceUntil(s: LeanState, found: (s: LeanState) => boolean, max = 5): LeanState {
  let state = s;
  while (!found(state)) {
    if (state.now >= max * 60_000) throw new Error('not found');
    state = advanceTo(state, state.now + 6000);
  }
  return state;
}

/** The ranks of the units in a facility's in, desk and out. */
function held(s: LeanState, fid: string): number[] {
  const f = s.facilities[fid]!;
  return [...f.in, ...f.desk, ...f.out];
}

const hidden = (s: LeanState, rank: number) =>
  s.units[rank]!.ops.some((op) => op.defect && !op.detected);

/**
 * The compact Cars and Trucks line (batch 2) run by the computer until a unit at Yellow carries
 * a defective dot not yet detected (Yellow paints badly half the time), while Yellow works.
 */
function midRun(g: LeanGame = game((i) => (i.facilities['yellow']!.defectRate = 0.5))) {
  const s = advanceUntil(
    startRun(g),
    (x) => x.facilities['yellow']!.task !== null && held(x, 'yellow').some((r) => hidden(x, r)),
  );
  const rank = held(s, 'yellow').find((r) => hidden(s, r))!;
  return { s, rank };
}

/** Everything a view says, as text: what must not appear must not be anywhere in it. */
const text = (v: unknown) => JSON.stringify(v);

describe('what a lean player may see (LEAN-VIS-*)', () => {
  it('LEAN-VIS-1: the creator and observers see every facility in full and the defect flags', () => {
    const { s, rank } = midRun();
    const v = leanPlayerView(s, null, { all: true });
    expect(v.all).toBe(true);
    expect(v.details.map((d) => d.id)).toEqual(['warehouse', 'yellow', 'grey', 'blue', 'quality']);
    const yellow = v.details[1]!;
    const unit = [...yellow.in, ...yellow.desk, ...yellow.out].find((u) => u.rank === rank)!;
    expect(unit.ops.some((op) => op.defect === true && !op.detected)).toBe(true);
    expect(unit.defectivePaints).toBeGreaterThan(0);
    expect(yellow.defectivePaints).toBe(s.facilities['yellow']!.defectivePaints);
  });

  it('LEAN-VIS-1: those who see all also see the units in transit', () => {
    // The spread layout: Warehouse (0,0) to Yellow (3,0) is a move of 0.2 minute.
    const spread = startRun(normalizeLeanGame(carsAndTrucks()));
    expect(spread.transit.length).toBeGreaterThan(0);
    const v = leanPlayerView(spread, null, { all: true });
    expect(v.transit).toEqual(
      spread.transit.map((t) => ({
        from: t.from,
        to: t.to,
        units: t.units.map((r) => expect.objectContaining({ rank: r })),
        arrive: t.arrive,
      })),
    );
    expect(leanPlayerView(spread, 'yellow').transit).toEqual([]);
  });

  it('LEAN-VIS-2: a player sees its own facility in full: queues, desk, task and its end, setup', () => {
    const { s } = midRun();
    const v = leanPlayerView(s, 'yellow');
    expect(v.details.map((d) => d.id)).toEqual(['yellow']);
    const own = v.details[0]!;
    const fs = s.facilities['yellow']!;
    expect(own.in.map((u) => u.rank)).toEqual(fs.in);
    expect(own.desk.map((u) => u.rank)).toEqual(fs.desk);
    expect(own.out.map((u) => u.rank)).toEqual(fs.out);
    expect(own.task).toEqual(fs.task);
    expect(own.setup).toBe(fs.setup);
    expect(own.buckets).toEqual(fs.buckets);
    expect(own.paints).toBe(fs.paints);
    // The op states and tools of each unit, without the defect flag.
    const first = s.units[fs.desk[0]!]!;
    expect(own.desk[0]!.ops).toEqual(
      first.ops.map((op) => ({
        state: op.state,
        detected: op.detected,
        paintedBy: op.paintedBy,
        tool: op.tool,
        attempts: op.attempts,
      })),
    );
    expect(v.transit).toEqual([]);
  });

  it('LEAN-VIS-2: a hidden defect appears nowhere in a player view, not even as a count', () => {
    const { s, rank } = midRun();
    expect(hidden(s, rank)).toBe(true);
    for (const viewer of ['warehouse', 'yellow', 'grey', 'blue', 'quality', null]) {
      const json = text(leanPlayerView(s, viewer));
      expect(json, String(viewer)).not.toContain('"defect"');
      expect(json, String(viewer)).not.toContain('defectivePaints');
    }
    // A transparent game shows every facility in full, still without a defect flag.
    const open = midRun(
      game((i) => {
        i.params.transparent = true;
        i.facilities['yellow']!.defectRate = 0.5;
      }),
    ).s;
    const v = leanPlayerView(open, 'grey');
    expect(v.details.map((d) => d.id)).toEqual(['warehouse', 'yellow', 'grey', 'blue', 'quality']);
    expect(text(v)).not.toContain('"defect"');
    expect(text(v)).not.toContain('defectivePaints');
  });

  it('LEAN-VIS-2: a detected defect is the player’s to see', () => {
    // Jidoka: Yellow detects its own bad paints at once (LEAN-IMP-3).
    const g = game((i) => {
      i.facilities['yellow']!.defectRate = 0.5;
      i.params.settings = { ...i.params.settings, autoinspect: true };
    });
    const s = advanceUntil(startRun(g), (x) =>
      held(x, 'yellow').some((r) => x.units[r]!.ops.some((op) => op.detected)),
    );
    const own = leanPlayerView(s, 'yellow').details[0]!;
    const units = [...own.in, ...own.desk, ...own.out];
    expect(units.some((u) => u.ops.some((op) => op.detected))).toBe(true);
  });

  it('LEAN-VIS-3: neighbours (distance 1) as counts; others by identity only', () => {
    const { s } = midRun();
    // Compact layout: W (0,0), Y (1,0), G (2,0), B (2,1), Q (1,1). Grey's neighbours: Y, B.
    const v = leanPlayerView(s, 'grey');
    expect(v.details.map((d) => d.id)).toEqual(['grey']);
    const count = (fid: string) => ({
      in: s.facilities[fid]!.in.length,
      desk: s.facilities[fid]!.desk.length,
      out: s.facilities[fid]!.out.length,
      busy: s.facilities[fid]!.task !== null,
    });
    expect(v.neighbours).toEqual([
      {
        id: 'yellow',
        name: 'Yellow',
        type: 'station',
        line: 1,
        position: [1, 0],
        ...count('yellow'),
      },
      { id: 'blue', name: 'Blue', type: 'station', line: 3, position: [2, 1], ...count('blue') },
    ]);
    expect(v.neighbours[0]!.busy).toBe(true);
    expect(v.facilities.find((f) => f.id === 'warehouse')).toEqual({
      id: 'warehouse',
      name: 'Warehouse',
      type: 'warehouse',
      line: 0,
      position: [0, 0],
    });
    // No unit of another facility reaches Grey's view.
    const shown = new Set(
      v.details.flatMap((d) => [...d.in, ...d.desk, ...d.out]).map((u) => u.rank),
    );
    expect([...shown].sort()).toEqual(held(s, 'grey').sort());
    for (const r of held(s, 'yellow')) expect(text(v)).not.toContain(`"rank":${r},`);
  });

  it('LEAN-VIS-4: visible orders only, with their counters', () => {
    const { s } = midRun();
    const v = leanPlayerView(s, 'blue');
    const visible = s.game.orders.filter((o) => o.created_min * 60_000 <= s.now);
    expect(v.orders.map((o) => o.index)).toEqual(visible.map((o) => o.index));
    expect(v.orders[0]).toEqual({
      index: 0,
      created_min: 0,
      template_id: 'car',
      qty: 4,
      due_min: 4,
      ...s.orders[0],
    });
    expect(v.orders[0]!.prod_started_qty).toBe(4);
    // An order becomes visible at its creation instant (LEAN-DEM-2): minute 1.8.
    const later = advanceTo(s, 108_000);
    expect(leanPlayerView(later, 'blue').orders.map((o) => o.index)).toEqual([0, 1]);
    expect(leanPlayerView(advanceTo(s, 107_999), 'blue').orders.map((o) => o.index)).toEqual([0]);
    // With visibility on, every order is shown from the start.
    const all = startRun(game((i) => (i.params.consumerDemandParams!.visibility = true)));
    expect(leanPlayerView(all, 'blue').orders).toHaveLength(11);
  });

  it('LEAN-VIS-5: no view carries the seed or a future invisible order', () => {
    const { s } = midRun();
    const ended = endRun(advanceTo(s, 600_000), 700_000);
    for (const state of [s, ended]) {
      const views = [
        leanPlayerView(state, 'yellow'),
        leanPlayerView(state, 'warehouse'),
        leanPlayerView(state, null),
        leanPlayerView(state, null, { all: true }),
      ];
      for (const v of views) {
        const json = text(v);
        expect(json).not.toContain(String(SEED));
        expect(json).not.toContain('seed');
        expect(json).not.toContain('13.37');
        expect(json).not.toContain('987');
        expect(v.orders.every((o) => o.created_min * 60_000 <= state.now)).toBe(true);
      }
    }
  });

  it('LEAN-VIS-1: viewer null without all sees no facility in full, only the orders', () => {
    const { s } = midRun();
    const v = leanPlayerView(s, null);
    expect(v.all).toBe(false);
    expect(v.details).toEqual([]);
    expect(v.neighbours).toEqual([]);
    expect(v.facilities).toHaveLength(5);
    expect(v.orders.map((o) => o.index)).toEqual([0]);
  });

  it('an unknown viewer is refused, own properties only', () => {
    const { s } = midRun();
    for (const viewer of ['nobody', '__proto__', 'toString', 'constructor']) {
      expect(() => leanPlayerView(s, viewer), viewer).toThrow(/unknown facility/);
    }
  });
});
