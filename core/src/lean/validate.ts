/**
 * Validation of a normalised lean game (design B.16, LEAN-FAC-*, LEAN-PROD-*, LEAN-DEM-1,
 * LEAN-GRID-1, LEAN-IMP-7). Returns translation keys with paths, never sentences, like the beer
 * core's `validateGame`. Every value is treated as hostile: a field may hold any JSON value
 * whatever its declared type, and ids are looked up as own properties only.
 */
import type { ValidationIssue } from '../beer/model';
import { FACILITY_TYPES, isColor, isShape, type LeanFacility, type LeanGame } from './model';

export type { ValidationIssue } from '../beer/model';

/** The bounds of the design (B.3 table, B.16) and of this validation (ids, counts, money). */
export const LEAN_BOUNDS = {
  /** Painting stations (type `station`), B.16. */
  stations: { min: 1, max: 12 },
  /** All facilities, warehouse included. */
  facilities: { min: 2, max: 20 },
  templates: { min: 1, max: 12 },
  ops: { min: 1, max: 12 },
  orders: { min: 0, max: 200 },
  /** Σ qty over all orders: a run launches at most this many units for orders. */
  totalQty: { min: 0, max: 5000 },
  qty: { min: 1, max: 999 },
  totalDuration: { min: 1, max: 120 },
  batchSize: { min: 1, max: 20 },
  /** Kanban caps; the lower bound is the batch size (LEAN-IMP-7). */
  cap: { min: 1, max: 99 },
  defectRate: { min: 0, max: 0.5 },
  /** Every duration of a task or operation, minutes. */
  time: { min: 0, max: 30 },
  moveCellTime: { min: 0, max: 5 },
  mapSide: { min: 1, max: 30 },
  line: { min: 0, max: 99 },
  smedFactor: { min: 0, max: 1 },
  heijunkaPitch: { min: 0.1, max: 120 },
  /** Latest due minute of an order. */
  dueMin: { max: 240 },
  money: { min: 0, max: 999 },
  initialStock: { min: 0, max: 999 },
  seed: { min: 0, max: 2147483647 },
  name: { min: 1, max: 60 },
} as const;

/** Facility and template ids: safe as document ids and as object keys. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const RESERVED_IDS = new Set(['__proto__', 'constructor', 'prototype', 'observer']);

function validId(id: string): boolean {
  return ID.test(id) && !RESERVED_IDS.has(id);
}

function isNumberIn(v: unknown, min: number, max: number): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
}

function isIntegerIn(v: unknown, min: number, max: number): v is number {
  return isNumberIn(v, min, max) && Number.isInteger(v);
}

function validName(v: unknown): boolean {
  return (
    typeof v === 'string' &&
    v.trim().length >= LEAN_BOUNDS.name.min &&
    v.length <= LEAN_BOUNDS.name.max
  );
}

/** LEAN-PROD-3: who may be assigned an operation type. */
function mayTakeOps(f: LeanFacility, game: LeanGame): boolean {
  if (f.type === 'station') return true;
  const jidoka = game.settings.autoinspect || game.settings.pokayoke;
  return jidoka && (f.type === 'quality' || f.type === 'rework');
}

/** Checks a normalised lean game against the design's bounds and structure rules. */
export function validateLeanGame(game: LeanGame): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const push = (key: string, path: string, min?: number, max?: number) => {
    const issue: ValidationIssue = { key, path };
    if (min !== undefined) issue.min = min;
    if (max !== undefined) issue.max = max;
    issues.push(issue);
  };
  const number = (key: string, path: string, v: unknown, min: number, max: number) => {
    if (!isNumberIn(v, min, max)) push(key, path, min, max);
  };
  const integer = (key: string, path: string, v: unknown, min: number, max: number) => {
    if (!isIntegerIn(v, min, max)) push(key, path, min, max);
  };
  const B = LEAN_BOUNDS;

  // ------------------------------------------------------------ run parameters
  const durationOk = isNumberIn(game.totalDuration, B.totalDuration.min, B.totalDuration.max);
  if (!durationOk) {
    push(
      'lean.duration.range',
      'params.consumerDemandParams.totalDuration',
      B.totalDuration.min,
      B.totalDuration.max,
    );
  }
  // Bounds that depend on the duration fall back to the longest run when it is itself invalid.
  const duration = durationOk ? game.totalDuration : B.totalDuration.max;
  const dueDelayOk = isNumberIn(game.dueDelay, 0, duration);
  if (!dueDelayOk) push('lean.dueDelay.range', 'params.consumerDemandParams.dueDelay', 0, duration);
  number(
    'lean.moveCellTime.range',
    'params.moveCellTime',
    game.moveCellTime,
    B.moveCellTime.min,
    B.moveCellTime.max,
  );
  const map: unknown = game.mapSize;
  const rows = typeof map === 'object' && map !== null ? (map as { rows?: unknown }).rows : NaN;
  const cols = typeof map === 'object' && map !== null ? (map as { cols?: unknown }).cols : NaN;
  integer('lean.mapSize.range', 'params.mapSize.rows', rows, B.mapSide.min, B.mapSide.max);
  integer('lean.mapSize.range', 'params.mapSize.cols', cols, B.mapSide.min, B.mapSide.max);
  const mapOk =
    isIntegerIn(rows, B.mapSide.min, B.mapSide.max) &&
    isIntegerIn(cols, B.mapSide.min, B.mapSide.max);
  integer('lean.seed.range', 'params.seed', game.seed, B.seed.min, B.seed.max);
  number(
    'lean.smedFactor.range',
    'params.smedFactor',
    game.smedFactor,
    B.smedFactor.min,
    B.smedFactor.max,
  );
  if (game.heijunkaPitch !== null) {
    number(
      'lean.heijunkaPitch.range',
      'params.heijunkaPitch',
      game.heijunkaPitch,
      B.heijunkaPitch.min,
      B.heijunkaPitch.max,
    );
  }
  const e = game.economics;
  for (const field of [
    'stationCostPerMin',
    'holdingCostPerUnitMin',
    'latePenalty',
    'defectPenalty',
  ] as const) {
    number('lean.money.range', `params.economics.${field}`, e[field], B.money.min, B.money.max);
  }

  // ------------------------------------------------------------ facilities (LEAN-FAC-*)
  const facilities = new Map<string, LeanFacility>();
  const knownTypes: readonly string[] = FACILITY_TYPES;
  let warehouses = 0;
  let stations = 0;
  const cells = new Set<string>();
  const lines = new Set<number>();
  for (const f of game.facilities) {
    const base = `facilities.${f.id}`;
    facilities.set(f.id, f);
    if (!validId(f.id)) push('lean.facility.id', `${base}.id`);
    if (!knownTypes.includes(f.type)) push('lean.facility.type', `${base}.type`);
    if (f.type === 'warehouse') warehouses++;
    if (f.type === 'station') stations++;
    if (!validName(f.name)) push('lean.name.range', `${base}.name`, B.name.min, B.name.max);

    // LEAN-GRID-1: [column, row] inside the map, one facility per cell.
    const pos: unknown = f.position;
    const col: unknown = Array.isArray(pos) && pos.length === 2 ? pos[0] : NaN;
    const row: unknown = Array.isArray(pos) && pos.length === 2 ? pos[1] : NaN;
    const maxCol = mapOk ? (cols as number) - 1 : B.mapSide.max - 1;
    const maxRow = mapOk ? (rows as number) - 1 : B.mapSide.max - 1;
    if (!isIntegerIn(col, 0, maxCol) || !isIntegerIn(row, 0, maxRow)) {
      push('lean.position.range', `${base}.position`);
    } else if (cells.has(`${col},${row}`)) {
      push('lean.position.taken', `${base}.position`);
    } else cells.add(`${col},${row}`);

    // LEAN-FAC-2: distinct integer lines, the warehouse on 0 and the others after it.
    const lineMin = f.type === 'warehouse' ? 0 : 1;
    const lineMax = f.type === 'warehouse' ? 0 : B.line.max;
    if (!isIntegerIn(f.line, lineMin, lineMax)) {
      push('lean.line.range', `${base}.line`, lineMin, lineMax);
    } else if (lines.has(f.line)) {
      push('lean.line.duplicate', `${base}.line`);
    } else lines.add(f.line);

    // LEAN-FAC-3 table.
    integer('lean.batch.range', `${base}.batchSize`, f.batchSize, B.batchSize.min, B.batchSize.max);
    for (const field of ['changeoverTime', 'loadTime', 'inspectTime', 'removeTime'] as const) {
      number('lean.time.range', `${base}.${field}`, f[field], B.time.min, B.time.max);
    }
    number(
      'lean.rate.range',
      `${base}.defectRate`,
      f.defectRate,
      B.defectRate.min,
      B.defectRate.max,
    );
    // The caps default to 2 × batch: with a bad batch only the batch is reported.
    if (isIntegerIn(f.batchSize, B.batchSize.min, B.batchSize.max)) {
      integer('lean.kanban.range', `${base}.wipInMax`, f.wipInMax, B.cap.min, B.cap.max);
      integer('lean.kanban.range', `${base}.wipOutMax`, f.wipOutMax, B.cap.min, B.cap.max);
    }
  }
  if (warehouses !== 1) push('lean.facilities.warehouse', 'facilities', 1, 1);
  if (stations < B.stations.min || stations > B.stations.max) {
    push('lean.facilities.stations', 'facilities', B.stations.min, B.stations.max);
  }
  if (game.facilities.length > B.facilities.max) {
    push('lean.facilities.count', 'facilities', B.facilities.min, B.facilities.max);
  }

  // LEAN-IMP-7: caps of at least the batch size, only when kanban applies them. A facility can
  // send to every facility further down the line (routing skips those a unit does not need).
  if (game.settings.kanban) {
    const byLine = game.facilities
      .filter((f) => isIntegerIn(f.line, B.line.min, B.line.max))
      .sort((a, b) => a.line - b.line);
    let largestUpstreamBatch = 0;
    for (const f of byLine) {
      const base = `facilities.${f.id}`;
      const batch = isIntegerIn(f.batchSize, B.batchSize.min, B.batchSize.max) ? f.batchSize : 0;
      if (isIntegerIn(f.wipOutMax, B.cap.min, B.cap.max) && f.wipOutMax < batch) {
        push('lean.kanban.capBelowBatch', `${base}.wipOutMax`, batch, B.cap.max);
      }
      if (
        f.type !== 'warehouse' &&
        isIntegerIn(f.wipInMax, B.cap.min, B.cap.max) &&
        f.wipInMax < largestUpstreamBatch
      ) {
        push('lean.kanban.capBelowBatch', `${base}.wipInMax`, largestUpstreamBatch, B.cap.max);
      }
      largestUpstreamBatch = Math.max(largestUpstreamBatch, batch);
    }
  }

  // ------------------------------------------------------------ templates (LEAN-PROD-*)
  const templates = new Set<string>();
  const usedTypes = new Set<string>();
  if (game.templates.length < B.templates.min || game.templates.length > B.templates.max) {
    push('lean.templates.count', 'params.productsTemplates', B.templates.min, B.templates.max);
  }
  for (const t of game.templates) {
    const base = `params.productsTemplates.${t.id}`;
    templates.add(t.id);
    if (!validId(t.id)) push('lean.template.id', base);
    if (!validName(t.name)) push('lean.name.range', `${base}.name`, B.name.min, B.name.max);
    const ops: unknown = t.ops;
    if (!Array.isArray(ops) || ops.length < B.ops.min || ops.length > B.ops.max) {
      push('lean.template.ops', `${base}.ops`, B.ops.min, B.ops.max);
    } else {
      t.ops.forEach((op, i) => {
        if (!isShape(op.shape) || !isColor(op.color)) {
          push('lean.template.ops', `${base}.ops.${i}`, B.ops.min, B.ops.max);
        } else usedTypes.add(op.type);
        number('lean.time.range', `${base}.ops.${i}.time`, op.time, B.time.min, B.time.max);
      });
    }
    number('lean.money.range', `${base}.price`, t.price, B.money.min, B.money.max);
    number('lean.money.range', `${base}.materialCost`, t.materialCost, B.money.min, B.money.max);
    integer(
      'lean.stock.range',
      `${base}.initialStock`,
      t.initialStock,
      B.initialStock.min,
      B.initialStock.max,
    );
  }

  // LEAN-PROD-3: every used operation type has one allowed facility; no assignment names an
  // unknown facility or a facility that may not paint.
  const assignment: Record<string, unknown> = game.opAssignment;
  for (const type of usedTypes) {
    if (!Object.hasOwn(assignment, type)) push('lean.op.unassigned', `params.opAssignment.${type}`);
  }
  for (const [type, fid] of Object.entries(assignment)) {
    const path = `params.opAssignment.${type}`;
    const [shape, color, extra] = type.split(':');
    if (!isShape(shape) || !isColor(color) || extra !== undefined) {
      push('lean.op.type', path);
      continue;
    }
    const f = typeof fid === 'string' ? facilities.get(fid) : undefined;
    if (!f || !mayTakeOps(f, game)) push('lean.op.assignee', path);
  }

  // ------------------------------------------------------------ demand (LEAN-DEM-1)
  if (game.orders.length > B.orders.max) {
    push('lean.orders.count', 'params.consumerDemand', B.orders.min, B.orders.max);
  }
  let totalQty = 0;
  game.orders.forEach((o, i) => {
    const base = `params.consumerDemand.${i}`;
    const created: unknown = o.created_min;
    const createdOk = typeof created === 'number' && Number.isFinite(created);
    if (!createdOk || created < 0 || created >= duration) {
      push('lean.order.range', `${base}.created_min`, 0, duration);
    }
    if (!isIntegerIn(o.qty, B.qty.min, B.qty.max)) {
      push('lean.order.range', `${base}.qty`, B.qty.min, B.qty.max);
    } else totalQty += o.qty;
    if (typeof o.template_id !== 'string' || !templates.has(o.template_id)) {
      push('lean.order.range', `${base}.template_id`);
    }
    // The due minute defaults to created_min + dueDelay: checked only when both are valid, so a
    // bad created_min or dueDelay is reported once, at its own path.
    if (createdOk && created >= 0 && dueDelayOk) {
      number('lean.order.range', `${base}.due_min`, o.due_min, created, B.dueMin.max);
    }
  });
  if (totalQty > B.totalQty.max) {
    push('lean.orders.total', 'params.consumerDemand', B.totalQty.min, B.totalQty.max);
  }
  return issues;
}
