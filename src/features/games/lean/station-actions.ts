/**
 * Which actions a player's own station offers now (design B.7–B.9, LEAN-EVT-5), from the game
 * (assignment, settings) and the station as its view shows it, at the run's clock. The backend
 * decides (it applies the core at server time); these say which buttons to enable, so that a
 * player is not invited to what the core would refuse. Pure.
 */
import { ms, type OpType } from '@sim/core/lean/model';
import type { LeanFacilityDetail, LeanOrderView, LeanUnitView } from '@sim/core/lean/view';
import {
  assigneeOf,
  type LeanRole,
  type LeanScreenGame,
} from '@/features/games/lean/lean-game-model';
import { ownEntry } from '@/lib/own';

export interface DeskBusy {
  busy: boolean;
  /** Game ms until the desk is free (0 when free). */
  leftMs: number;
}

/**
 * Whether the desk is busy at `gameMs`. A changeover is followed at once by the load of the same
 * batch (LEAN-DESK-4), so the desk stays busy for the load time after it.
 */
export function deskBusy(detail: LeanFacilityDetail, gameMs: number): DeskBusy {
  const task = detail.task;
  if (!task) return { busy: false, leftMs: 0 };
  const end = task.kind === 'changeover' ? task.end + ms(detail.loadTime) : task.end;
  const leftMs = Math.max(0, end - gameMs);
  return { busy: leftMs > 0, leftMs };
}

/** The task's progress in [0, 1] at `gameMs`. */
export function taskProgress(detail: LeanFacilityDetail, gameMs: number): number {
  const task = detail.task;
  if (!task) return 0;
  const span = task.end - task.start;
  return span <= 0 ? 1 : Math.min(1, Math.max(0, (gameMs - task.start) / span));
}

export interface LoadChoice {
  template: string;
  /** Units a load takes: the first min(B, count) of the template in `in`. */
  count: number;
}

/** What the station may do to a unit on its desk, once the desk is free. */
export interface UnitActions {
  rank: number;
  /** Op indexes this station may paint. */
  paint: number[];
  /** Op indexes with a detected defect this station may remove. */
  remove: number[];
  inspect: boolean;
}

export interface StationActions {
  running: boolean;
  /** The desk works on a task (its seconds left follow the clock where they show). */
  busy: boolean;
  /** The run is on and the desk is free: a desk action (load, paint, inspect, remove) may start. */
  free: boolean;
  /** One per template waiting in `in`, in the order of their first unit. */
  loads: LoadChoice[];
  /** Whether a load is allowed now (desk empty and free, room after it under kanban). */
  canLoad: boolean;
  units: UnitActions[];
  /**
   * A send may go (kanban off, units in `out`), busy desk or not: sending takes the operator no
   * time (LEAN-MOVE-1). The backend says whether a batch is ready.
   */
  canSend: boolean;
  /** Kanban sends by itself (a human send is refused). */
  autoSend: boolean;
}

/** LEAN-FAC-1: a rework station, or a quality station with rework, repaints any op. */
export function canRework(role: Pick<LeanRole, 'type' | 'rework'>): boolean {
  return role.type === 'rework' || (role.type === 'quality' && role.rework);
}

/** LEAN-DESK-2 paint: the op is todo, and assigned here or the station reworks. */
export function mayPaint(game: LeanScreenGame, role: LeanRole, unit: LeanUnitView, op: number) {
  const o = unit.ops[op];
  if (!o || o.state !== 'todo' || role.type === 'warehouse') return false;
  if (canRework(role)) return true;
  const type = opTypeOf(game, unit, op);
  return type !== null && assigneeOf(game, type) === role.id;
}

/** LEAN-ROUTE-1: this station inspects the unit. */
export function mayInspect(game: LeanScreenGame, role: LeanRole, unit: LeanUnitView): boolean {
  const s = game.lean.settings;
  return (
    role.type === 'quality' && !s.autoinspect && !s.pokayoke && !unit.inspectedAt.includes(role.id)
  );
}

/** LEAN-DESK-2 remove: a detected op, and the station inspects or (autoinspect) painted it. */
export function mayRemove(game: LeanScreenGame, role: LeanRole, unit: LeanUnitView, op: number) {
  const o = unit.ops[op];
  if (!o || !o.detected) return false;
  return role.type === 'quality' || (game.lean.settings.autoinspect && o.paintedBy === role.id);
}

/** The op type of a unit's op, from its template. */
export function opTypeOf(game: LeanScreenGame, unit: LeanUnitView, op: number): OpType | null {
  const t = game.templates.find((x) => x.id === unit.template);
  return t?.ops[op]?.type ?? null;
}

export function stationActions(
  game: LeanScreenGame,
  role: LeanRole,
  detail: LeanFacilityDetail,
  running: boolean,
  /** `deskBusy(detail, gameMs).busy` at the run's clock. */
  busy: boolean,
): StationActions {
  const free = running && !busy;
  const kanban = game.lean.settings.kanban;
  const loads: LoadChoice[] = [];
  for (const u of detail.in) {
    const found = loads.find((l) => l.template === u.template);
    if (found) found.count = Math.min(detail.batchSize, found.count + 1);
    else loads.push({ template: u.template, count: 1 });
  }
  // Under kanban a load needs room in `out` (LEAN-DESK-3); the core may load what fits.
  const room = kanban ? detail.wipOutMax - detail.out.length : Infinity;
  const canLoad = free && detail.desk.length === 0 && loads.length > 0 && room > 0;
  const units = detail.desk.map((u) => ({
    rank: u.rank,
    paint: u.ops.flatMap((_, i) => (mayPaint(game, role, u, i) ? [i] : [])),
    remove: u.ops.flatMap((_, i) => (mayRemove(game, role, u, i) ? [i] : [])),
    inspect: mayInspect(game, role, u),
  }));
  return {
    running,
    busy,
    free,
    loads,
    canLoad,
    units,
    canSend: running && !kanban && detail.out.length > 0,
    autoSend: kanban,
  };
}

export interface OrderActions {
  index: number;
  /** Units a launch would start (0: not now). */
  launch: number;
  /** Units a ship would take from the finished goods (0: not now). */
  ship: number;
}

export interface WarehouseActions {
  running: boolean;
  orders: OrderActions[];
  /** Launched units wait to be sent (kanban off). */
  canSend: boolean;
  autoSend: boolean;
  /** Heijunka launches by itself (a human launch is refused). */
  autoLaunch: boolean;
  /** Finished goods by template. */
  finished: Record<string, number>;
}

/**
 * The warehouse's actions (LEAN-WH-1, -2): launch for a visible order that still needs units
 * (heijunka off, room under the kanban cap), ship to an open order from the finished goods of its
 * template, send what was launched. How many units an order still needs depends on units the
 * warehouse does not see; the launch is offered while the order is not fulfilled and the backend
 * refuses a launch nothing needs.
 */
export function warehouseActions(
  game: LeanScreenGame,
  detail: LeanFacilityDetail,
  orders: readonly LeanOrderView[],
  running: boolean,
  gameMs: number,
): WarehouseActions {
  const { heijunka, kanban } = game.lean.settings;
  const finished: Record<string, number> = {};
  for (const u of detail.in) {
    Object.defineProperty(finished, u.template, {
      value: (ownEntry(finished, u.template) ?? 0) + 1,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const room = kanban ? detail.wipOutMax - detail.out.length : Infinity;
  return {
    running,
    orders: orders.map((o) => {
      const left = Math.max(0, o.qty - o.fulfilled_qty);
      // Units not launched yet; once all were, a unit scrapped or shipped elsewhere may still be
      // missing, which only the backend knows: up to what is left to ship then.
      const notStarted = Math.max(0, o.qty - o.prod_started_qty);
      const launch =
        running && !heijunka && left > 0
          ? Math.min(detail.batchSize, notStarted > 0 ? notStarted : left, room)
          : 0;
      const open = ms(o.created_min) <= gameMs;
      const ship = running && open ? Math.min(left, ownEntry(finished, o.template_id) ?? 0) : 0;
      return { index: o.index, launch: Math.max(0, launch), ship };
    }),
    canSend: running && !kanban && detail.out.length > 0,
    autoSend: kanban,
    autoLaunch: heijunka,
    finished,
  };
}
