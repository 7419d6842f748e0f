/**
 * What the floor shows from the documents (spec §4, design B.2, B.14): the grid, the line's
 * arrows, each station as the viewer may see it, the batches moving between cells, the orders
 * with their state, and the WIP.
 */
import { describe, expect, it } from 'vitest';
import { ms } from '@sim/core/lean/model';
import { leanPlayerView } from '@sim/core/lean/view';
import {
  floorCells,
  floorStations,
  floorWip,
  lineArrows,
  moveMs,
  movingBatches,
  orderRows,
} from '@/features/games/lean/floor-model';
import { act, at, testGame, testRun } from '@/features/games/lean/play-testing';

describe('the floor before the start', () => {
  const { game } = testGame();

  it('draws every facility on its cell of the grid, nothing else', () => {
    const stations = floorStations(game, null, 'yellow');
    const cells = floorCells(game, stations);
    expect(cells).toHaveLength(5);
    expect(cells[0]).toHaveLength(8);
    const placed = cells
      .flat()
      .filter((c) => c.station)
      .map((c) => [c.station!.role.id, c.col, c.row]);
    expect(placed).toEqual([
      ['warehouse', 0, 0],
      ['yellow', 3, 0],
      ['grey', 6, 0],
      ['quality', 3, 3],
      ['blue', 6, 3],
    ]);
    // No view yet: no counts, the player's own station marked.
    expect(stations.every((s) => s.counts === null && s.wip === null)).toBe(true);
    expect(stations.filter((s) => s.own).map((s) => s.role.id)).toEqual(['yellow']);
  });

  it('draws the line from the warehouse through the stations in line order and back', () => {
    expect(lineArrows(game).map((a) => `${a.from}>${a.to}`)).toEqual([
      'warehouse>yellow',
      'yellow>grey',
      'grey>blue',
      'blue>quality',
      'quality>warehouse',
    ]);
  });

  it('leaves out a facility whose stored place is not a cell of the grid', () => {
    const { game: off } = testGame({}, (doc) => ({
      ...doc,
      facilities: { ...doc.facilities, grey: { ...doc.facilities['grey']!, position: [40, 1] } },
    }));
    expect(off.roles.find((r) => r.id === 'grey')?.position).toBeNull();
    const cells = floorCells(off, floorStations(off, null, null)).flat();
    expect(cells.filter((c) => c.station).map((c) => c.station!.role.id)).not.toContain('grey');
    expect(lineArrows(off).map((a) => `${a.from}>${a.to}`)).toContain('yellow>blue');
  });
});

describe('the floor of a player during the run (LEAN-VIS-2, -3)', () => {
  it('shows its own station in full, its neighbours as counts, the others by name only', () => {
    // The compact layout: Yellow [1,0] has the warehouse [0,0], Grey [2,0] and Quality [1,1]
    // next to it; Blue [2,1] is two cells away.
    const { config, game } = testGame({ compact: true });
    const state = act(at(testRun(config, ['yellow']), 0.05), 0.05, {
      fid: 'yellow',
      kind: 'load',
      template: 'car',
    });
    const view = leanPlayerView(state, 'yellow');
    const stations = floorStations(game, view, 'yellow');
    const byId = Object.fromEntries(stations.map((s) => [s.role.id, s]));
    expect(byId['yellow']!.detail?.desk).toHaveLength(4);
    expect(byId['yellow']!.counts).toEqual({ in: 0, desk: 4, out: 0 });
    expect(byId['yellow']!.busy).toBe(true);
    expect(byId['grey']!.detail).toBeNull();
    expect(byId['grey']!.counts).toEqual({ in: 0, desk: 0, out: 0 });
    expect(byId['quality']!.counts).not.toBeNull();
    expect(byId['blue']!.counts).toBeNull();
    expect(byId['blue']!.wip).toBeNull();
    // A player sees no unit in transit.
    expect(movingBatches(game, view, state.now)).toEqual([]);
  });
});

describe('the floor of the creator and observers (LEAN-VIS-1)', () => {
  const { config, game } = testGame();

  it('places a batch in transit along its move at the clock, and counts it in the WIP', () => {
    // The warehouse launches and sends 4 cars at 0; Yellow is 3 cells away: 0.2 minutes.
    expect(moveMs([0, 0], [3, 0], 0.1)).toBe(ms(0.2));
    const state = at(testRun(config, []), 0.05);
    const view = leanPlayerView(state, null, { all: true });
    const moving = movingBatches(game, view, ms(0.1));
    expect(moving).toHaveLength(1);
    expect(moving[0]).toMatchObject({ from: 'warehouse', to: 'yellow', units: 4, progress: 0.5 });
    expect(moving[0]!.x).toBeCloseTo(2);
    expect(moving[0]!.y).toBeCloseTo(0.5);
    // At its arrival it stands on the destination's centre.
    expect(movingBatches(game, view, ms(0.3))[0]).toMatchObject({ x: 3.5, progress: 1 });
    expect(floorWip(view)).toEqual({ stations: 0, transit: 4, finished: 0 });
    const stations = floorStations(game, view, null);
    expect(stations.every((s) => s.detail !== null)).toBe(true);
  });

  it('gives each visible order its state at the clock', () => {
    const state = at(testRun(config, []), 2);
    const view = leanPlayerView(state, null, { all: true });
    // Orders at 0 (due 4) and 1.8 (due 5.8) are visible at minute 2; the next one (3.6) is not.
    const rows = orderRows(view, ms(2));
    expect(rows.map((r) => [r.order.index, r.state, r.left])).toEqual([
      [0, 'open', 4],
      [1, 'open', 4],
    ]);
    const late = orderRows(view, ms(4.5));
    expect(late[0]!.state).toBe('late');
    const done = {
      ...view,
      orders: [{ ...view.orders[0]!, fulfilled_qty: 4, fulfilled_at: 4.2 }],
    };
    expect(orderRows(done, ms(4.5))[0]).toMatchObject({ state: 'fulfilledLate', left: 0 });
    const onTime = { ...view, orders: [{ ...view.orders[0]!, fulfilled_qty: 4, fulfilled_at: 3 }] };
    expect(orderRows(onTime, ms(4.5))[0]!.state).toBe('fulfilled');
    // With visibility on, a future order shows as coming.
    const cfg = structuredClone(config);
    cfg.params.consumerDemandParams!.visibility = true;
    const all = leanPlayerView(testRun(cfg, []), 'yellow');
    expect(orderRows(all, 0).map((r) => r.state)).toEqual([
      'open',
      ...Array.from({ length: 9 }, () => 'future'),
    ]);
  });
});
