/**
 * Small lean lines for the engine's tests, written the way the design's oracles are (Part D):
 * the warehouse `W` first, then the other facilities in line order; load time, changeover and
 * defect rate 0 unless given; orders at minute 0.
 */
import type {
  DeskBuckets,
  LeanFacilityInput,
  LeanGame,
  LeanSettings,
  LeanState,
  LeanUnit,
} from './model';
import { ms, normalizeLeanGame } from './model';

export type OpSpec = [shape: string, color: string, time: number, fid: string];

export interface LineSpec {
  totalDuration: number;
  moveCellTime?: number;
  /** Batch size of every facility unless a facility sets its own. */
  batch?: number;
  /** In line order; `W` is the warehouse. Missing type: station. */
  facilities: Record<string, Partial<LeanFacilityInput>>;
  /** Template id → its ops, each with the facility it is assigned to. */
  templates: Record<string, OpSpec[]>;
  orders: { t: string; qty: number; at?: number; due?: number }[];
  settings?: Partial<LeanSettings>;
  heijunkaPitch?: number;
  smedFactor?: number;
  seed?: number;
  dueDelay?: number;
  visibility?: boolean;
  initialStock?: Record<string, number>;
}

export function line(spec: LineSpec): LeanGame {
  const facilities: Record<string, LeanFacilityInput> = {};
  Object.entries(spec.facilities).forEach(([id, f], index) => {
    facilities[id] = {
      type: id === 'W' ? 'warehouse' : 'station',
      line: index,
      position: [index, 0],
      batchSize: spec.batch ?? 1,
      loadTime: 0,
      changeoverTime: 0,
      defectRate: 0,
      ...f,
    };
  });
  const opAssignment: Record<string, string> = {};
  const productsTemplates: Record<
    string,
    { ops: { shape: string; color: string; time: number }[]; initialStock?: number }
  > = {};
  for (const [tid, ops] of Object.entries(spec.templates)) {
    productsTemplates[tid] = {
      ops: ops.map(([shape, color, time]) => ({ shape, color, time })),
      ...(spec.initialStock?.[tid] !== undefined ? { initialStock: spec.initialStock[tid] } : {}),
    };
    for (const [shape, color, , fid] of ops) opAssignment[`${shape}:${color}`] = fid;
  }
  return normalizeLeanGame({
    params: {
      consumerDemand: spec.orders.map((o) => ({
        created_min: o.at ?? 0,
        template_id: o.t,
        qty: o.qty,
        ...(o.due !== undefined ? { due_min: o.due } : {}),
      })),
      consumerDemandParams: {
        totalDuration: spec.totalDuration,
        visibility: spec.visibility ?? false,
        ...(spec.dueDelay !== undefined ? { dueDelay: spec.dueDelay } : {}),
      },
      moveCellTime: spec.moveCellTime ?? 0,
      productsTemplates,
      opAssignment,
      settings: spec.settings ?? {},
      ...(spec.heijunkaPitch !== undefined ? { heijunkaPitch: spec.heijunkaPitch } : {}),
      ...(spec.smedFactor !== undefined ? { smedFactor: spec.smedFactor } : {}),
      ...(spec.seed !== undefined ? { seed: spec.seed } : {}),
      mapSize: { rows: 8, cols: 12 },
    },
    facilities,
  });
}

/** Minutes → game ms. */
export const m = ms;

/** A unit's five metrics in minutes. */
export function metricsMin(u: LeanUnit): Record<string, number> {
  return {
    workdeskTime: u.metrics.workdeskTime / 60000,
    changeoverTime: u.metrics.changeoverTime / 60000,
    loadTime: u.metrics.loadTime / 60000,
    moveTime: u.metrics.moveTime / 60000,
    waitTime: u.metrics.waitTime / 60000,
  };
}

/** The units launched for orders (not initial stock), by rank. */
export function launched(s: LeanState): LeanUnit[] {
  return s.units.filter((u) => !u.initial);
}

/** Desk buckets up to the end, a running task counted up to E (LEAN-DESK-10). */
export function bucketsAt(s: LeanState, fid: string): DeskBuckets & { busy: number } {
  const st = s.facilities[fid];
  if (!st) throw new Error(`no facility ${fid}`);
  const b = { ...st.buckets };
  const e = s.endedAt ?? s.now;
  const task = st.task;
  if (task && task.start < e) {
    const part = Math.min(task.end, e) - task.start;
    if (task.kind === 'changeover') b.changeover += part;
    else if (task.kind === 'load') b.load += part;
    else if (task.kind === 'paint') {
      const u = s.units[task.units[0] ?? -1];
      const op = u?.ops[task.op ?? -1];
      const type = s.game.templates.find((t) => t.id === u?.template)?.ops[task.op ?? -1]?.type;
      if (op && op.attempts === 0 && type !== undefined && s.game.opAssignment[type] === fid)
        b.valueAdd += part;
      else b.quality += part;
    } else b.quality += part;
  }
  return { ...b, busy: b.valueAdd + b.quality + b.changeover + b.load };
}
