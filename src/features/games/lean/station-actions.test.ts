/**
 * Which actions a player's station offers (design B.7–B.9): from views of real runs of the Cars
 * and Trucks line, the buttons the screen enables agree with what the core then accepts.
 */
import { describe, expect, it } from 'vitest';
import { applyAction } from '@sim/core/lean/engine';
import { ms, type LeanAction } from '@sim/core/lean/model';
import { leanPlayerView } from '@sim/core/lean/view';
import { act, at, testGame, testRun } from '@/features/games/lean/play-testing';
import { roleById } from '@/features/games/lean/lean-game-model';
import {
  deskBusy,
  stationActions,
  taskProgress,
  warehouseActions,
} from '@/features/games/lean/station-actions';

function yellowAt(state: Parameters<typeof leanPlayerView>[0]) {
  const view = leanPlayerView(state, 'yellow');
  const detail = view.details.find((d) => d.id === 'yellow');
  if (!detail) throw new Error('no detail');
  return { view, detail };
}

describe('a painting station (LEAN-DESK-2, -3)', () => {
  const { config, game } = testGame();
  const yellow = roleById(game, 'yellow')!;

  it('offers a load of the batch waiting in its queue, one button per product', () => {
    // The computer warehouse launches 4 cars at minute 0; they reach Yellow at 0.2.
    const state = at(testRun(config, ['yellow']), 0.3);
    const { detail } = yellowAt(state);
    const a = stationActions(game, yellow, detail, true, deskBusy(detail, ms(0.3)).busy);
    expect(a.loads).toEqual([{ template: 'car', count: 4 }]);
    expect(a.canLoad).toBe(true);
    expect(a.canSend).toBe(false);
    // Not while the run is not in progress.
    expect(
      stationActions(game, yellow, detail, false, deskBusy(detail, ms(0.3)).busy).canLoad,
    ).toBe(false);
  });

  it('is busy during the load, with the time left and the progress, then paints only its own dots', () => {
    let state = act(at(testRun(config, ['yellow']), 0.3), 0.3, {
      fid: 'yellow',
      kind: 'load',
      template: 'car',
    });
    const during = yellowAt(state).detail;
    expect(deskBusy(during, ms(0.35))).toEqual({ busy: true, leftMs: ms(0.05) });
    const busy = stationActions(game, yellow, during, true, deskBusy(during, ms(0.35)).busy);
    expect(busy.busy).toBe(true);
    expect(busy.free).toBe(false);
    expect(busy.canLoad).toBe(false);
    expect(taskProgress(during, ms(0.35))).toBeCloseTo(0.5);
    // The core refuses a paint now, as the screen says.
    const refused = applyAction(state, {
      at: ms(0.35),
      fid: 'yellow',
      kind: 'paint',
      unit: 0,
      op: 0,
    } as LeanAction);
    expect(refused.issue).toBe('lean.desk.busy');

    state = at(state, 0.4);
    const free = yellowAt(state).detail;
    const after = stationActions(game, yellow, free, true, deskBusy(free, ms(0.4)).busy);
    expect(after.free).toBe(true);
    // A car's dots: yellow circle, yellow square, grey circle, grey square, grey triangle, blue
    // circle; Yellow paints the first two.
    expect(after.units.map((u) => u.paint)).toEqual([
      [0, 1],
      [0, 1],
      [0, 1],
      [0, 1],
    ]);
    expect(after.units.every((u) => !u.inspect && u.remove.length === 0)).toBe(true);
    for (const op of [2, 5]) {
      const out = applyAction(state, {
        at: ms(0.4),
        fid: 'yellow',
        kind: 'paint',
        unit: 0,
        op,
      } as LeanAction);
      expect(out.issue).toBe('lean.op.notAllowed');
    }
  });

  it('sends once products are in its output, even while the desk is busy', () => {
    let state = act(at(testRun(config, ['yellow']), 0.3), 0.3, {
      fid: 'yellow',
      kind: 'load',
      template: 'car',
    });
    state = act(state, 0.4, { fid: 'yellow', kind: 'paint', unit: 0, op: 0 });
    state = act(state, 0.5, { fid: 'yellow', kind: 'paint', unit: 0, op: 1 });
    // Car 0 is done here and leaves the desk; the next paint keeps the desk busy.
    state = act(state, 0.6, { fid: 'yellow', kind: 'paint', unit: 1, op: 0 });
    const painting = yellowAt(state).detail;
    const a = stationActions(game, yellow, painting, true, deskBusy(painting, ms(0.65)).busy);
    expect(yellowAt(state).detail.out.map((u) => u.rank)).toEqual([0]);
    expect(a.busy).toBe(true);
    expect(a.canSend).toBe(true);
  });

  it('under kanban sends by itself: no send button', () => {
    const kanban = testGame({ settings: { kanban: true } });
    const role = roleById(kanban.game, 'yellow')!;
    const state = at(testRun(kanban.config, ['yellow']), 0.3);
    const full = yellowAt(state).detail;
    const a = stationActions(kanban.game, role, full, true, deskBusy(full, ms(0.3)).busy);
    expect(a.autoSend).toBe(true);
    expect(a.canSend).toBe(false);
  });

  it('a changeover keeps the desk busy through the load that follows it', () => {
    const detail = {
      ...yellowAt(testRun(config, ['yellow'])).detail,
      task: { kind: 'changeover' as const, start: 0, end: ms(0.5), units: [1], template: 'car' },
    };
    // loadTime 0.1 after the changeover's end at 0.5.
    expect(deskBusy(detail, ms(0.55))).toEqual({ busy: true, leftMs: ms(0.05) });
    expect(deskBusy(detail, ms(0.6)).busy).toBe(false);
  });
});

describe('the quality and rework station (LEAN-ROUTE-1, LEAN-DESK-2)', () => {
  it('inspects each product once, removes what it found, repaints any dot', () => {
    const { game } = testGame();
    const quality = roleById(game, 'quality')!;
    const unit = {
      rank: 3,
      template: 'car',
      order: 0,
      initial: false,
      launchedAt: 0,
      zone: 'desk' as const,
      ops: [0, 1, 2, 3, 4, 5].map((i) => ({
        state: i === 5 ? ('todo' as const) : ('done' as const),
        detected: i === 2,
        paintedBy: 'grey',
        tool: null,
        attempts: 1,
      })),
      inspectedAt: [] as string[],
    };
    const detail = {
      id: 'quality',
      name: 'Quality & Rework',
      type: 'quality' as const,
      line: 4,
      position: [3, 3] as [number, number],
      batchSize: 4,
      changeoverTime: 0,
      loadTime: 0.1,
      inspectTime: 0.1,
      removeTime: 0.05,
      wipInMax: 8,
      wipOutMax: 8,
      rework: true,
      in: [],
      desk: [unit, { ...unit, rank: 4, inspectedAt: ['quality'] }],
      out: [],
      task: null,
      setup: 'car',
      buckets: { valueAdd: 0, quality: 0, changeover: 0, load: 0 },
      leftDesk: 0,
      paints: 0,
      detected: 0,
    };
    const a = stationActions(game, quality, detail, true, deskBusy(detail, ms(1)).busy);
    expect(a.units).toEqual([
      { rank: 3, paint: [5], remove: [2], inspect: true },
      { rank: 4, paint: [5], remove: [2], inspect: false },
    ]);
    // Poka-yoke: no inspection point any more (LEAN-ROUTE-1).
    const poka = testGame({ settings: { pokayoke: true } });
    const b = stationActions(
      poka.game,
      roleById(poka.game, 'quality')!,
      detail,
      true,
      deskBusy(detail, ms(1)).busy,
    );
    expect(b.units.map((u) => u.inspect)).toEqual([false, false]);
  });
});

describe('the warehouse (LEAN-WH-1, -2)', () => {
  const { config, game } = testGame();

  it('launches for a visible order that needs units, ships only what is finished, sends launched units', () => {
    let state = testRun(config, ['warehouse']);
    let view = leanPlayerView(state, 'warehouse');
    let detail = view.details[0]!;
    let a = warehouseActions(game, detail, view.orders, true, 0);
    expect(a.orders).toEqual([{ index: 0, launch: 4, ship: 0 }]);
    expect(a.canSend).toBe(false);

    state = act(state, 0, { fid: 'warehouse', kind: 'launch', order: 0 });
    view = leanPlayerView(state, 'warehouse');
    detail = view.details[0]!;
    a = warehouseActions(game, detail, view.orders, true, 0);
    expect(detail.out).toHaveLength(4);
    expect(a.canSend).toBe(true);
    // Every unit of the order has been launched: the next launch is the backend's call.
    expect(view.orders[0]!.prod_started_qty).toBe(4);
    expect(a.orders[0]).toEqual({ index: 0, launch: 4, ship: 0 });
    const again = applyAction(state, {
      at: 0,
      fid: 'warehouse',
      kind: 'launch',
      order: 0,
    } as LeanAction);
    expect(again.issue).toBe('lean.order.noNeed');
  });

  it('ships from the finished goods of the order’s product; heijunka launches by itself', () => {
    const cfg = structuredClone(config);
    cfg.params.productsTemplates!['car']!.initialStock = 3;
    const state = testRun(cfg, ['warehouse']);
    const view = leanPlayerView(state, 'warehouse');
    const a = warehouseActions(game, view.details[0]!, view.orders, true, 0);
    expect(a.finished).toEqual({ car: 3 });
    expect(a.orders[0]).toEqual({ index: 0, launch: 4, ship: 3 });
    const shipped = applyAction(state, {
      at: 0,
      fid: 'warehouse',
      kind: 'ship',
      order: 0,
    } as LeanAction);
    expect(shipped.issue).toBeUndefined();
    expect(shipped.state.orders[0]!.fulfilled_qty).toBe(3);

    const level = testGame({ settings: { heijunka: true } });
    const b = warehouseActions(level.game, view.details[0]!, view.orders, true, 0);
    expect(b.autoLaunch).toBe(true);
    expect(b.orders[0]!.launch).toBe(0);
  });
});
