/**
 * The working context of one engine call: a private copy of the state that the call mutates,
 * the compiled tables, and counters derived from the state (rebuilt at every call, so the state
 * alone stays the source of truth). Also the predicates of routing and the desk (LEAN-DESK-2,
 * -9, LEAN-ROUTE-1, -2) and the time accounting of the units (LEAN-MET-1, -2).
 */
import type { CFacility, Compiled, CTemplate } from './compile';
import { compileLean } from './compile';
import type { FacilityId, FacilityState, LeanState, LeanUnit, TimeMetrics } from './model';

export interface Run {
  s: LeanState;
  c: Compiled;
  /** By order index: units pegged to the order and not exited (alive(o), LEAN-DEM-5). */
  pegAlive: number[];
  /** By facility index (line order): the computer plays it (LEAN-FAC-4). */
  computer: boolean[];
  /** By facility index: the facility's state (the objects of `s.facilities`). */
  fst: FacilityState[];
  /** By rank: the unit's compiled template. */
  tmpl: CTemplate[];
  /** Index of the first creation time after now (`c.creationTimes`). */
  nextCreation: number;
  /** Set by every change of the state during a settle iteration (LEAN-EVT-4). */
  changed: boolean;
}

/** Opens a run on `state`, which the run then mutates (pass a copy). */
export function openRun(state: LeanState): Run {
  const c = compileLean(state.game);
  const pegAlive = c.orders.map(() => 0);
  for (const u of state.units) {
    if (u.exitedAt === null && u.order >= 0) pegAlive[u.order] = (pegAlive[u.order] ?? 0) + 1;
  }
  const computer = c.facilities.map((f) => state.computer.includes(f.id));
  const fst = c.facilities.map((f) => state.facilities[f.id] as FacilityState);
  const tmpl = state.units.map((u) => c.templateById.get(u.template) as CTemplate);
  let nextCreation = 0;
  while (
    nextCreation < c.creationTimes.length &&
    (c.creationTimes[nextCreation] as number) <= state.now
  ) {
    nextCreation++;
  }
  return { s: state, c, pegAlive, computer, fst, tmpl, nextCreation, changed: false };
}

/** Sets an own property, even one named `__proto__`. */
export function setOwn<T>(rec: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') {
    Object.defineProperty(rec, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    rec[key] = value;
  }
}

export function hasOwn(rec: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(rec, key);
}

/**
 * A deep copy of a plain JSON value. The game is configuration and never modified, so copies
 * of a state share it.
 */
export function cloneState(state: LeanState): LeanState {
  const out = {} as Record<string, unknown>;
  for (const key of Object.keys(state)) {
    const v = (state as unknown as Record<string, unknown>)[key];
    setOwn(out, key, key === 'game' ? v : cloneJson(v));
  }
  return out as unknown as LeanState;
}

function cloneJson(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const a = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) a[i] = cloneJson(v[i]);
    return a;
  }
  const o: Record<string, unknown> = {};
  for (const key of Object.keys(v)) setOwn(o, key, cloneJson((v as Record<string, unknown>)[key]));
  return o;
}

export function zeroMetrics(): TimeMetrics {
  return { workdeskTime: 0, changeoverTime: 0, loadTime: 0, moveTime: 0, waitTime: 0 };
}

export function fs(run: Run, f: CFacility): FacilityState {
  return run.fst[f.index] as FacilityState;
}

export function fsById(run: Run, fid: FacilityId): FacilityState {
  return run.fst[(run.c.byId.get(fid) as CFacility).index] as FacilityState;
}

export function unit(run: Run, rank: number): LeanUnit {
  return run.s.units[rank] as LeanUnit;
}

/**
 * LEAN-MET-1/-2: adds the time since `u.since` to the category the unit has been in, charged to
 * one facility, and restarts the interval at now. Call it before any change of the unit's zone
 * or of a task that involves it.
 */
export function account(run: Run, u: LeanUnit): void {
  const now = run.s.now;
  const d = now - u.since;
  if (d === 0) return;
  u.since = now;
  let key: keyof TimeMetrics = 'waitTime';
  let fid = u.at;
  if (u.zone === 'transit') {
    key = 'moveTime';
    fid = u.sender as FacilityId;
  } else if (u.zone === 'desk') {
    const task = fsById(run, u.at).task;
    if (task !== null && task.units.includes(u.rank)) {
      key =
        task.kind === 'changeover'
          ? 'changeoverTime'
          : task.kind === 'load'
            ? 'loadTime'
            : 'workdeskTime';
    }
  }
  u.metrics[key] += d;
  let gap = hasOwn(u.faciGap, fid) ? u.faciGap[fid] : undefined;
  if (!gap) {
    gap = zeroMetrics();
    setOwn(u.faciGap, fid, gap);
  }
  gap[key] += d;
}

// ---------------------------------------------------------------- predicates

/** LEAN-DESK-2 paint: the op is assigned to f, or f can rework. */
export function mayPaintOp(run: Run, f: CFacility, u: LeanUnit, op: number): boolean {
  if (f.isWarehouse) return false;
  if (f.canRework) return true;
  const t = run.tmpl[u.rank];
  return t !== undefined && t.ops[op]?.assignee === f.id;
}

/** LEAN-ROUTE-1. */
export function isInspectionPoint(run: Run, g: CFacility, u: LeanUnit): boolean {
  return g.inspects && !run.c.autoinspect && !run.c.pokayoke && !u.inspectedAt.includes(g.id);
}

/** LEAN-DESK-2 remove: a detected op, and f inspects or (autoinspect and f painted it). */
export function mayRemoveOp(run: Run, f: CFacility, u: LeanUnit, op: number): boolean {
  const o = u.ops[op];
  if (!o || !o.detected) return false;
  return f.inspects || (run.c.autoinspect && o.paintedBy === f.id);
}

/** u has a todo op that f may paint. */
export function hasPaintable(run: Run, f: CFacility, u: LeanUnit): boolean {
  if (f.isWarehouse) return false;
  const ops = u.ops;
  if (f.canRework) {
    for (let i = 0; i < ops.length; i++)
      if ((ops[i] as LeanUnit['ops'][number]).state === 'todo') return true;
    return false;
  }
  const t = run.tmpl[u.rank];
  if (!t) return false;
  for (let i = 0; i < ops.length; i++) {
    if ((ops[i] as LeanUnit['ops'][number]).state === 'todo' && t.ops[i]?.assignee === f.id)
      return true;
  }
  return false;
}

/** LEAN-ROUTE-2. */
export function needsVisit(run: Run, g: CFacility, u: LeanUnit): boolean {
  return !g.isWarehouse && (hasPaintable(run, g, u) || isInspectionPoint(run, g, u));
}

/** LEAN-DESK-9. */
export function needsHere(run: Run, f: CFacility, u: LeanUnit): boolean {
  if (isInspectionPoint(run, f, u)) return true;
  for (let i = 0; i < u.ops.length; i++) if (mayRemoveOp(run, f, u, i)) return true;
  return hasPaintable(run, f, u);
}

/** WIP now, by zone (LEAN-MET-5, C.4). */
export function wipByZone(run: Run): {
  whOut: number;
  in: number;
  desk: number;
  out: number;
  transit: number;
  fg: number;
} {
  const z = { whOut: 0, in: 0, desk: 0, out: 0, transit: 0, fg: 0 };
  for (const f of run.c.facilities) {
    const st = fs(run, f);
    if (f.isWarehouse) {
      z.whOut += st.out.length;
      z.fg += st.in.length;
    } else {
      z.in += st.in.length;
      z.desk += st.desk.length;
      z.out += st.out.length;
    }
  }
  for (const tr of run.s.transit) z.transit += tr.units.length;
  return z;
}

export function wipNow(run: Run): number {
  let n = 0;
  for (const f of run.c.facilities) {
    const st = fs(run, f);
    n += st.in.length + st.desk.length + st.out.length;
  }
  for (const tr of run.s.transit) n += tr.units.length;
  return n;
}

/**
 * The unit leaves the system (LEAN-UNIT-4): shipped or scrapped now. The defective paints of the
 * unit go to the order it is pegged to (LEAN-DEM-6 defectOpes). The caller has taken it off its
 * queue.
 */
export function exitUnit(run: Run, u: LeanUnit, zone: 'shipped' | 'scrapped'): void {
  account(run, u);
  u.zone = zone;
  u.exitedAt = run.s.now;
  if (u.order >= 0) {
    run.pegAlive[u.order] = (run.pegAlive[u.order] ?? 0) - 1;
    const counters = run.s.orders[u.order];
    if (counters) counters.defectOpes += u.defectivePaints;
  }
  run.changed = true;
}

/** Removes `rank` from a queue, keeping the order of the others. */
export function removeFrom(list: number[], rank: number): void {
  const i = list.indexOf(rank);
  if (i >= 0) list.splice(i, 1);
}
