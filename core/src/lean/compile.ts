/**
 * The tables a run reads at every event, derived once from a normalised lean game: facilities in
 * line order with their times in game ms (smed applied), move times between every pair, each
 * template's ops with their op time and assignee, orders in (created_min, index) order, and the
 * heijunka pitch. Cached per game object; a game is never modified.
 */
import type { FacilityId, LeanFacility, LeanGame, OpType, TemplateId } from './model';
import { LeanCoreError, ms } from './model';

export interface CFacility {
  id: FacilityId;
  /** Index in `Compiled.facilities` (increasing `line`). */
  index: number;
  line: number;
  isWarehouse: boolean;
  /** LEAN-FAC-1. */
  inspects: boolean;
  canRework: boolean;
  batch: number;
  /** Game ms; smed already applied (LEAN-IMP-8). */
  changeover: number;
  load: number;
  inspect: number;
  remove: number;
  /** 0 under pokayoke (LEAN-IMP-6). */
  defectRate: number;
  wipInMax: number;
  wipOutMax: number;
}

export interface COp {
  type: OpType;
  /** Game ms (LEAN-PROD-2). */
  time: number;
  /** The facility the op type is assigned to (LEAN-PROD-3), or null. */
  assignee: FacilityId | null;
}

export interface CTemplate {
  id: TemplateId;
  /** Position in `productsTemplates` key order (heijunka ties, LEAN-IMP-5). */
  index: number;
  ops: COp[];
  /** Standard work content in game ms (LEAN-PROD-4). */
  va: number;
}

export interface COrder {
  index: number;
  template: TemplateId;
  qty: number;
  /** Game ms. */
  created: number;
  due: number;
}

export interface Compiled {
  game: LeanGame;
  /** Increasing `line`. */
  facilities: CFacility[];
  byId: Map<FacilityId, CFacility>;
  warehouse: CFacility;
  /** move[a][b]: game ms from facility index a to b (LEAN-GRID-3). */
  move: number[][];
  templates: CTemplate[];
  templateById: Map<TemplateId, CTemplate>;
  /** In (created, index) order: the order in which the warehouse serves them. */
  ordersByCreation: COrder[];
  /** By order index. */
  orders: COrder[];
  /** Distinct creation times, ascending (events, LEAN-EVT-2). */
  creationTimes: number[];
  /** T (LEAN-TIME-2). */
  duration: number;
  autoinspect: boolean;
  pokayoke: boolean;
  heijunka: boolean;
  kanban: boolean;
  /** Heijunka pitch P in game ms, at least 1 (LEAN-IMP-5); 0 without heijunka or demand. */
  pitch: number;
  seed: number;
}

/** Manhattan distance (LEAN-GRID-2). */
export function gridDistance(a: LeanFacility, b: LeanFacility): number {
  return Math.abs(a.position[0] - b.position[0]) + Math.abs(a.position[1] - b.position[1]);
}

/** LEAN-GRID-3: `max(0, d − 1) × ms(moveCellTime)`. */
export function moveTime(game: LeanGame, a: LeanFacility, b: LeanFacility): number {
  return Math.max(0, gridDistance(a, b) - 1) * ms(game.moveCellTime);
}

const cache = new WeakMap<LeanGame, Compiled>();

/** The compiled tables of a game (cached on the game object). */
export function compileLean(game: LeanGame): Compiled {
  let c = cache.get(game);
  if (!c) {
    c = build(game);
    cache.set(game, c);
  }
  return c;
}

function build(game: LeanGame): Compiled {
  const { settings } = game;
  const sorted = [...game.facilities].sort((a, b) => a.line - b.line);
  const facilities = sorted.map((f, index): CFacility => ({
    id: f.id,
    index,
    line: f.line,
    isWarehouse: f.type === 'warehouse',
    inspects: f.inspects,
    canRework: f.canRework,
    batch: f.batchSize,
    changeover: settings.smed
      ? Math.round(ms(f.changeoverTime) * game.smedFactor)
      : ms(f.changeoverTime),
    load: ms(f.loadTime),
    inspect: ms(f.inspectTime),
    remove: ms(f.removeTime),
    defectRate: settings.pokayoke ? 0 : f.defectRate,
    wipInMax: f.wipInMax,
    wipOutMax: f.wipOutMax,
  }));
  const warehouses = facilities.filter((f) => f.isWarehouse);
  if (warehouses.length !== 1) throw new LeanCoreError('a lean game needs exactly one warehouse');
  const byId = new Map(facilities.map((f) => [f.id, f]));
  const move = sorted.map((a) => sorted.map((b) => moveTime(game, a, b)));

  const assignment = game.opAssignment;
  const templates = game.templates.map((t, index): CTemplate => {
    const ops = t.ops.map((o): COp => ({
      type: o.type,
      time: ms(o.time),
      assignee: Object.prototype.hasOwnProperty.call(assignment, o.type)
        ? (assignment[o.type] ?? null)
        : null,
    }));
    return { id: t.id, index, ops, va: ops.reduce((s, o) => s + o.time, 0) };
  });

  const orders = game.orders.map((o): COrder => ({
    index: o.index,
    template: o.template_id,
    qty: o.qty,
    created: ms(o.created_min),
    due: ms(o.due_min),
  }));
  const ordersByCreation = [...orders].sort((a, b) => a.created - b.created || a.index - b.index);
  const creationTimes = [...new Set(ordersByCreation.map((o) => o.created))];

  const duration = ms(game.totalDuration);
  const totalQty = orders.reduce((s, o) => s + o.qty, 0);
  const whBatch = (warehouses[0] as CFacility).batch;
  let pitch = 0;
  if (settings.heijunka) {
    pitch =
      game.heijunkaPitch !== null
        ? ms(game.heijunkaPitch)
        : totalQty > 0
          ? Math.round((whBatch * duration) / totalQty)
          : 0;
    // A pitch below 1 ms would stop the clock forever.
    if (totalQty > 0) pitch = Math.max(1, pitch);
  }

  return {
    game,
    facilities,
    byId,
    warehouse: warehouses[0] as CFacility,
    move,
    templates,
    templateById: new Map(templates.map((t) => [t.id, t])),
    ordersByCreation,
    orders,
    creationTimes,
    duration,
    autoinspect: settings.autoinspect,
    pokayoke: settings.pokayoke,
    heijunka: settings.heijunka,
    kanban: settings.kanban,
    pitch,
    seed: game.seed,
  };
}
