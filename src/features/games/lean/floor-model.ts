/**
 * What the floor shows (spec §4, design B.2, B.14): the grid with the facilities on their cells,
 * the arrows of the line (warehouse → stations in line order → warehouse), every station with
 * what the viewer may see of it (in full, as a neighbour's counts, or its name only), the units
 * moving between cells, and the orders with their state. From the game document and a view
 * (`leanPlayerView`); before the start there is no view and the floor is the layout alone. Pure.
 */
import { ms } from '@sim/core/lean/model';
import type {
  LeanFacilityDetail,
  LeanOrderView,
  LeanPlayerView,
  LeanTaskView,
} from '@sim/core/lean/view';
import type { LeanRole, LeanScreenGame } from '@/features/games/lean/lean-game-model';

export interface FloorStation {
  role: LeanRole;
  /** Seen in full (the player's own, or every station for those who see all). */
  detail: LeanFacilityDetail | null;
  /** Units in `in`, on the desk and in `out` (at the warehouse: finished goods, –, launched). */
  counts: { in: number; desk: number; out: number } | null;
  /** A task runs (by the view's clock); null when not seen. */
  busy: boolean | null;
  task: LeanTaskView | null;
  /** Units at this station (in + desk + out); null when not seen. */
  wip: number | null;
  /** The viewer's own station. */
  own: boolean;
}

/** Every facility in line order with what the view shows of it. */
export function floorStations(
  game: LeanScreenGame,
  view: LeanPlayerView | null,
  own: string | null,
): FloorStation[] {
  return game.roles.map((role) => {
    const detail = view?.details.find((d) => d.id === role.id) ?? null;
    const neighbour = view?.neighbours.find((n) => n.id === role.id) ?? null;
    const counts = detail
      ? { in: detail.in.length, desk: detail.desk.length, out: detail.out.length }
      : neighbour
        ? { in: neighbour.in, desk: neighbour.desk, out: neighbour.out }
        : null;
    return {
      role,
      detail,
      counts,
      busy: detail ? detail.task !== null : neighbour ? neighbour.busy : null,
      task: detail?.task ?? null,
      wip: counts ? counts.in + counts.desk + counts.out : null,
      own: role.id === own,
    };
  });
}

export interface FloorCell {
  col: number;
  row: number;
  /** The facility standing there, if any. */
  station: FloorStation | null;
}

/** The grid row by row; a facility whose place is not on the grid is not drawn. */
export function floorCells(game: LeanScreenGame, stations: readonly FloorStation[]): FloorCell[][] {
  const { rows, cols } = game.lean.mapSize;
  const at = new Map<string, FloorStation>();
  for (const s of stations) {
    const p = s.role.position;
    if (p && !at.has(`${p[0]},${p[1]}`)) at.set(`${p[0]},${p[1]}`, s);
  }
  return Array.from({ length: rows }, (_, row) =>
    Array.from({ length: cols }, (_, col) => ({
      col,
      row,
      station: at.get(`${col},${row}`) ?? null,
    })),
  );
}

export interface LineArrow {
  from: string;
  to: string;
  /** Cell coordinates [column, row] of both ends. */
  a: [number, number];
  b: [number, number];
}

/**
 * The line's route (LEAN-ROUTE-3): from the warehouse through every other facility in line order
 * and back to the warehouse. Facilities off the grid are skipped.
 */
export function lineArrows(game: LeanScreenGame): LineArrow[] {
  const placed = game.roles.filter((r) => r.position !== null);
  const warehouse = placed.find((r) => r.type === 'warehouse');
  const others = placed.filter((r) => r.type !== 'warehouse');
  const route = warehouse ? [warehouse, ...others, warehouse] : others;
  const arrows: LineArrow[] = [];
  for (let i = 0; i + 1 < route.length; i++) {
    const from = route[i] as LeanRole;
    const to = route[i + 1] as LeanRole;
    if (from.id === to.id) continue;
    arrows.push({
      from: from.id,
      to: to.id,
      a: from.position as [number, number],
      b: to.position as [number, number],
    });
  }
  return arrows;
}

/** LEAN-GRID-3: game ms a move from a to b takes. */
export function moveMs(a: [number, number], b: [number, number], moveCellMin: number): number {
  const d = Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]);
  return Math.max(0, d - 1) * ms(moveCellMin);
}

export interface MovingBatch {
  key: string;
  from: string;
  to: string;
  units: number;
  /** Where it is now, in cell coordinates (the centre of a cell is col + 0.5, row + 0.5). */
  x: number;
  y: number;
  /** 0 at departure, 1 on arrival. */
  progress: number;
}

/**
 * The batches in transit (only those who see all have them, LEAN-VIS-1) placed along the straight
 * line between the two cells at `gameMs`; a move of `moveTime` ends at `arrive`.
 */
export function movingBatches(
  game: LeanScreenGame,
  view: LeanPlayerView | null,
  gameMs: number,
): MovingBatch[] {
  if (!view) return [];
  const cell = new Map(game.roles.map((r) => [r.id, r.position]));
  return view.transit.flatMap((tr, i) => {
    const a = cell.get(tr.from);
    const b = cell.get(tr.to);
    if (!a || !b) return [];
    const duration = moveMs(a, b, game.lean.moveCellTime);
    const start = tr.arrive - duration;
    const progress = duration <= 0 ? 1 : Math.min(1, Math.max(0, (gameMs - start) / duration));
    return [
      {
        key: `${tr.from}-${tr.to}-${tr.arrive}-${i}`,
        from: tr.from,
        to: tr.to,
        units: tr.units.length,
        x: a[0] + 0.5 + (b[0] - a[0]) * progress,
        y: a[1] + 0.5 + (b[1] - a[1]) * progress,
        progress,
      },
    ];
  });
}

export type OrderState = 'future' | 'open' | 'late' | 'fulfilled' | 'fulfilledLate';

export interface OrderRow {
  order: LeanOrderView;
  state: OrderState;
  /** Units still to ship. */
  left: number;
}

/**
 * The orders the view shows (LEAN-DEM-2: visible ones only) with their state at `gameMs`:
 * future (visible, not created yet), open, late (due passed, not fulfilled), fulfilled (on time
 * or late).
 */
export function orderRows(view: LeanPlayerView | null, gameMs: number): OrderRow[] {
  if (!view) return [];
  return view.orders.map((o) => {
    const left = Math.max(0, o.qty - o.fulfilled_qty);
    const due = ms(o.due_min);
    let state: OrderState;
    if (left === 0) {
      state = o.fulfilled_at !== null && ms(o.fulfilled_at) > due ? 'fulfilledLate' : 'fulfilled';
    } else if (ms(o.created_min) > gameMs) state = 'future';
    else state = gameMs > due ? 'late' : 'open';
    return { order: o, state, left };
  });
}

/** Units on the floor by zone and in all (those who see all): the line's WIP now. */
export function floorWip(view: LeanPlayerView | null): {
  stations: number;
  transit: number;
  finished: number;
} {
  if (!view) return { stations: 0, transit: 0, finished: 0 };
  let stations = 0;
  let finished = 0;
  for (const d of view.details) {
    if (d.type === 'warehouse') {
      finished += d.in.length;
      stations += d.out.length;
    } else stations += d.in.length + d.desk.length + d.out.length;
  }
  const transit = view.transit.reduce((n, tr) => n + tr.units.length, 0);
  return { stations, transit, finished };
}
