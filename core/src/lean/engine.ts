/**
 * The lean game engine (design `lean-game.md` B.10): a discrete-event production line in integer
 * game milliseconds. States are plain JSON; no function modifies its input.
 *
 * - `startRun` builds the state at 0 and settles once (LEAN-EVT-6).
 * - `advanceTo` moves the clock event by event; at each event instant it *settles*: phases
 *   A arrivals, B task completions, C open orders (no change), D automatic decisions
 *   (D1 kanban sends, D2 computer players, D3 the heijunka pitch), repeated until nothing
 *   changes (LEAN-EVT-3, -4).
 * - `applyAction` advances to the action's time, validates it (issue keys of LEAN-EVT-5),
 *   applies it and settles.
 * - `endRun` settles at E and freezes the run, closing the units' open intervals (LEAN-EVT-7).
 *
 * The only random draw is the defect of a paint (LEAN-DESK-6, LEAN-EVT-9), indexed by rank, op
 * and attempt, so the order of events never changes it. The clock stops at every event, and
 * everything time-weighted (∫WIP, the 0.1-minute samples, the units' metrics) is added when the
 * clock moves or the run ends, so advancing in any chunks gives the same state (LEAN-EVT-8).
 */
import type { CFacility, COrder } from './compile';
import { compileLean } from './compile';
import { complete, inspect, load, mayLoad, paint, remove } from './desk';
import type {
  FacilityId,
  FacilityState,
  LeanAction,
  LeanGame,
  LeanState,
  LeanUnit,
  OpType,
  TemplateId,
} from './model';
import { isColor, isShape, LeanCoreError } from './model';
import { arrivals, sendAll } from './routing';
import {
  account,
  cloneState,
  fs,
  hasOwn,
  isInspectionPoint,
  mayPaintOp,
  mayRemoveOp,
  openRun,
  setOwn,
  unit,
  wipByZone,
  wipNow,
  type Run,
} from './run';
import {
  heijunkaLaunch,
  isOpen,
  isVisible,
  launch,
  launchFits,
  need,
  placeInitialStock,
  ship,
  stationPolicy,
  warehousePolicy,
} from './warehouse';

export { compileLean } from './compile';
export type { Compiled, CFacility, COrder, CTemplate, COp } from './compile';

/** Game ms between two WIP samples (C.4: every 0.1 min). */
export const SAMPLE_STEP = 6000;
/** LEAN-EVT-4: a settle needing more iterations is a bug. */
const MAX_ITERATIONS = 100000;

/** The issue keys of LEAN-EVT-5. */
export type LeanIssue =
  | 'lean.desk.busy'
  | 'lean.load.refused'
  | 'lean.move.nothing'
  | 'lean.kanban.auto'
  | 'lean.heijunka.auto'
  | 'lean.pokayoke.wrongTool'
  | 'lean.op.notAllowed'
  | 'lean.unit.notHere'
  | 'lean.order.notOpen'
  | 'lean.order.noNeed'
  | 'lean.run.notRunning'
  | 'lean.facility.notYours';

/** Lead time of an exited unit (exit − launch, game ms); null while it is in process. */
export function leadTime(u: LeanUnit): number | null {
  return u.exitedAt === null ? null : u.exitedAt - u.launchedAt;
}

// ---------------------------------------------------------------- API

/**
 * The state of a run at game ms 0 (LEAN-EVT-6). `computer` lists the facilities the computer
 * plays (LEAN-FAC-4); by default those without a user.
 */
export function startRun(game: LeanGame, computer?: FacilityId[]): LeanState {
  const c = compileLean(game);
  const known = new Set(c.facilities.map((f) => f.id));
  const chosen = computer ?? game.facilities.filter((f) => f.user === null).map((f) => f.id);
  const facilities: Record<FacilityId, FacilityState> = {};
  for (const f of c.facilities) {
    setOwn(facilities, f.id, {
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
    });
  }
  const launched: Record<TemplateId, number> = {};
  for (const t of c.templates) setOwn(launched, t.id, 0);
  const state: LeanState = {
    game,
    computer: c.facilities.filter((f) => chosen.includes(f.id) && known.has(f.id)).map((f) => f.id),
    now: 0,
    duration: c.duration,
    status: 'running',
    endedAt: null,
    nextRank: 0,
    sendSeq: 0,
    units: [],
    facilities,
    transit: [],
    heijunka: { k: 0, pending: false, launched },
    orders: c.orders.map(() => ({
      fulfilled_at: null,
      fulfilled_qty: 0,
      defectOpes: 0,
      defectProducts: 0,
      lateProducts: 0,
      otifProducts: 0,
      prod_started_qty: 0,
    })),
    wipIntegral: 0,
    wipMax: 0,
    samples: [],
    log: [],
  };
  const run = openRun(state);
  placeInitialStock(run);
  settle(run);
  if (c.duration <= 0) finish(run);
  return state;
}

/** Advances the run to game ms t (LEAN-EVT-3); events at exactly t are processed. */
export function advanceTo(state: LeanState, t: number): LeanState {
  if (state.status !== 'running' || !(t > state.now)) return state;
  const run = openRun(cloneState(state));
  advance(run, t);
  return run.s;
}

/**
 * LEAN-EVT-5: advances to the action's time (now if it is earlier), validates the action, and
 * applies it. A refused action leaves the advanced state as it is and returns the issue key.
 */
export function applyAction(
  state: LeanState,
  action: LeanAction,
): { state: LeanState; issue?: LeanIssue } {
  if (state.status !== 'running') return { state, issue: 'lean.run.notRunning' };
  const run = openRun(cloneState(state));
  const issue = applyInPlace(run, action);
  return issue === null ? { state: run.s } : { state: run.s, issue };
}

/**
 * LEAN-RUN-2 / LEAN-EVT-7: ends the run at E = min(T, t) (t defaults to T, and is never before
 * now): the state is processed up to E, settled, and frozen.
 */
export function endRun(state: LeanState, t?: number): LeanState {
  if (state.status !== 'running') return state;
  const run = openRun(cloneState(state));
  endInPlace(run, t);
  return run.s;
}

/** Starts a run, applies each action in order, and ends it at T. */
export function runToEnd(
  game: LeanGame,
  actions: readonly LeanAction[] = [],
  computer?: FacilityId[],
): LeanState {
  const run = openRun(startRun(game, computer));
  for (const a of actions) {
    if (run.s.status !== 'running') break;
    applyInPlace(run, a);
  }
  endInPlace(run, undefined);
  return run.s;
}

// ---------------------------------------------------------------- the clock

function endInPlace(run: Run, t: number | undefined): void {
  const s = run.s;
  if (s.status !== 'running') return;
  const T = run.c.duration;
  const e =
    t === undefined || !Number.isFinite(t) ? T : Math.max(s.now, Math.min(T, Math.round(t)));
  advance(run, e);
  if (s.status === 'running') {
    settle(run);
    finish(run);
  }
}

function advance(run: Run, t: number): void {
  const s = run.s;
  const T = run.c.duration;
  const target = Math.min(t, T);
  while (s.status === 'running') {
    const e = nextEvent(run);
    if (e > target) {
      moveClock(run, target);
      return;
    }
    moveClock(run, e);
    settle(run);
    if (s.now >= T) {
      finish(run);
      return;
    }
  }
}

/** The earliest event after now (LEAN-EVT-2); T at the latest. */
function nextEvent(run: Run): number {
  const s = run.s;
  const c = run.c;
  let e = c.duration;
  for (const f of c.facilities) {
    const task = fs(run, f).task;
    if (task !== null && task.end < e) e = task.end;
  }
  const first = s.transit[0];
  if (first && first.arrive < e) e = first.arrive;
  while (run.nextCreation < c.creationTimes.length) {
    const ct = c.creationTimes[run.nextCreation] as number;
    if (ct > s.now) {
      if (ct < e) e = ct;
      break;
    }
    run.nextCreation++;
  }
  if (c.pitch > 0) {
    const p = s.heijunka.k * c.pitch;
    if (p < e) e = p;
  }
  return e;
}

/**
 * Moves the clock to t with no event before t: adds WIP × dt to ∫WIP, and takes the samples of
 * the multiples of 0.1 min the clock passes (the state is constant until t).
 */
function moveClock(run: Run, t: number): void {
  const s = run.s;
  if (t <= s.now) return;
  takeSamples(run, t - 1);
  s.wipIntegral += wipNow(run) * (t - s.now);
  s.now = t;
}

/** Samples at every multiple of 0.1 min up to `last` not yet taken (C.4). */
function takeSamples(run: Run, last: number): void {
  const s = run.s;
  let b = s.samples.length * SAMPLE_STEP;
  if (b > last) return;
  const z = wipByZone(run);
  for (; b <= last; b += SAMPLE_STEP) {
    s.samples.push({
      t: b,
      whOut: z.whOut,
      in: z.in,
      desk: z.desk,
      out: z.out,
      transit: z.transit,
      fg: z.fg,
    });
  }
}

/** Freezes the run at now (= E): last samples, every open interval of the units closed. */
function finish(run: Run): void {
  const s = run.s;
  takeSamples(run, s.now);
  for (const u of s.units) if (u.exitedAt === null) account(run, u);
  s.status = 'ended';
  s.endedAt = s.now;
}

// ---------------------------------------------------------------- settle

/** LEAN-EVT-4: phases A to D at now, repeated until an iteration changes nothing. */
function settle(run: Run): void {
  const s = run.s;
  const c = run.c;
  if (c.pitch > 0) {
    // LEAN-IMP-5: a pitch at k·P < T makes a launch pending; pending launches do not stack.
    while (s.heijunka.k * c.pitch <= s.now && s.heijunka.k * c.pitch < c.duration) {
      s.heijunka.pending = true;
      s.heijunka.k += 1;
    }
  }
  const computer = run.computer;
  let iterations = 0;
  do {
    if (++iterations > MAX_ITERATIONS) {
      throw new LeanCoreError(`settle at ${s.now} did not converge`);
    }
    run.changed = false;
    arrivals(run); // A
    for (const f of c.facilities) {
      // B: a completed changeover starts its load, which may end at once.
      const st = fs(run, f);
      while (st.task !== null && st.task.end <= s.now) complete(run, f);
    }
    // C: orders created up to now are open; the decisions below read that.
    if (c.kanban) {
      for (let i = c.facilities.length - 1; i >= 0; i--) sendAll(run, c.facilities[i] as CFacility); // D1
    }
    for (let i = c.facilities.length - 1; i >= 0; i--) {
      // D2: computer players in decreasing line, the warehouse last.
      if (!computer[i]) continue;
      const f = c.facilities[i] as CFacility;
      if (f.isWarehouse) warehousePolicy(run);
      else stationPolicy(run, f);
    }
    if (c.heijunka && s.heijunka.pending && heijunkaLaunch(run)) s.heijunka.pending = false; // D3
  } while (run.changed);
  const w = wipNow(run);
  if (w > s.wipMax) s.wipMax = w;
}

// ---------------------------------------------------------------- actions

function applyInPlace(run: Run, action: LeanAction): LeanIssue | null {
  const s = run.s;
  let at =
    typeof action?.at === 'number' && Number.isFinite(action.at) ? Math.round(action.at) : s.now;
  if (at < s.now) at = s.now;
  advance(run, at);
  if (s.status !== 'running' || s.now >= run.c.duration) return 'lean.run.notRunning';
  const issue = act(run, action);
  if (issue !== null) return issue;
  s.log.push(logged(action, s.now));
  settle(run);
  return null;
}

/** The accepted action as logged: its known fields only, at the time used. */
function logged(a: LeanAction, at: number): LeanAction {
  switch (a.kind) {
    case 'launch':
    case 'ship':
      return { at, fid: a.fid, kind: a.kind, order: a.order };
    case 'send':
      return { at, fid: a.fid, kind: a.kind };
    case 'load':
      return a.template === undefined
        ? { at, fid: a.fid, kind: a.kind }
        : { at, fid: a.fid, kind: a.kind, template: a.template };
    case 'paint':
      return a.tool === undefined
        ? { at, fid: a.fid, kind: a.kind, unit: a.unit, op: a.op }
        : { at, fid: a.fid, kind: a.kind, unit: a.unit, op: a.op, tool: a.tool };
    case 'inspect':
      return { at, fid: a.fid, kind: a.kind, unit: a.unit };
    case 'remove':
      return { at, fid: a.fid, kind: a.kind, unit: a.unit, op: a.op };
    case 'setComputer':
      return { at, fid: a.fid, kind: a.kind, on: a.on };
  }
}

function orderOf(run: Run, index: unknown): COrder | null {
  if (typeof index !== 'number' || !Number.isInteger(index)) return null;
  return run.c.orders[index] ?? null;
}

function unitOnDesk(run: Run, f: CFacility, rank: unknown): LeanUnit | null {
  if (typeof rank !== 'number' || !Number.isInteger(rank)) return null;
  if (rank < 0 || rank >= run.s.units.length) return null;
  const u = unit(run, rank);
  return u.zone === 'desk' && u.at === f.id ? u : null;
}

function opIndex(u: LeanUnit, op: unknown): number | null {
  if (typeof op !== 'number' || !Number.isInteger(op) || op < 0 || op >= u.ops.length) return null;
  return op;
}

function isOpType(v: unknown): v is OpType {
  if (typeof v !== 'string') return false;
  const [shape, color, extra] = v.split(':');
  return extra === undefined && isShape(shape) && isColor(color);
}

/** Validates and applies a player action at now; returns the issue key of a refusal. */
function act(run: Run, a: LeanAction): LeanIssue | null {
  const s = run.s;
  if (typeof a !== 'object' || a === null) return 'lean.facility.notYours';
  const fid: unknown = a.fid;
  if (typeof fid !== 'string' || !hasOwn(s.facilities, fid)) return 'lean.facility.notYours';
  const f = run.c.byId.get(fid);
  if (!f) return 'lean.facility.notYours';
  const kind: unknown = a.kind;
  if (kind === 'setComputer') return actSetComputer(run, f, (a as { on?: unknown }).on);
  if (run.computer[f.index]) return 'lean.facility.notYours';
  if (kind === 'launch' || kind === 'ship') {
    if (!f.isWarehouse) return 'lean.op.notAllowed';
    return kind === 'launch'
      ? actLaunch(run, a as { order: unknown })
      : actShip(run, a as { order: unknown });
  }
  if (kind === 'send') {
    if (run.c.kanban) return 'lean.kanban.auto';
    return sendAll(run, f) > 0 ? null : 'lean.move.nothing';
  }
  if (kind !== 'load' && kind !== 'paint' && kind !== 'inspect' && kind !== 'remove') {
    return 'lean.op.notAllowed';
  }
  if (f.isWarehouse) return 'lean.op.notAllowed';
  if (fs(run, f).task !== null) return 'lean.desk.busy';
  if (kind === 'load') {
    const st = fs(run, f);
    const requested: unknown = (a as { template?: unknown }).template;
    let t: TemplateId | undefined;
    if (requested === undefined)
      t = st.in.length > 0 ? unit(run, st.in[0] as number).template : undefined;
    else if (typeof requested === 'string' && run.c.templateById.has(requested)) t = requested;
    if (t === undefined || !mayLoad(run, f, t)) return 'lean.load.refused';
    load(run, f, t);
    return null;
  }
  const u = unitOnDesk(run, f, (a as { unit?: unknown }).unit);
  if (!u) return 'lean.unit.notHere';
  if (kind === 'inspect') {
    if (!isInspectionPoint(run, f, u)) return 'lean.op.notAllowed';
    inspect(run, f, u);
    return null;
  }
  const i = opIndex(u, (a as { op?: unknown }).op);
  if (i === null) return 'lean.op.notAllowed';
  if (kind === 'remove') {
    if (!mayRemoveOp(run, f, u, i)) return 'lean.op.notAllowed';
    remove(run, f, u, i);
    return null;
  }
  const own = run.tmpl[u.rank]?.ops[i]?.type;
  if (!own || (u.ops[i] as LeanUnit['ops'][number]).state !== 'todo' || !mayPaintOp(run, f, u, i)) {
    return 'lean.op.notAllowed';
  }
  const tool: unknown = (a as { tool?: unknown }).tool;
  if (tool !== undefined && !isOpType(tool)) return 'lean.op.notAllowed';
  const used = tool ?? own;
  // LEAN-DESK-5 / LEAN-IMP-6: under pokayoke the wrong tool cannot be used.
  if (used !== own && run.c.pokayoke) return 'lean.pokayoke.wrongTool';
  paint(run, f, u, i, used);
  return null;
}

/**
 * LEAN-AI-5: the computer takes the facility or gives it back at now. Only a change is accepted,
 * so the log read backwards gives the set at the start (`computerAtStart`).
 */
function actSetComputer(run: Run, f: CFacility, on: unknown): LeanIssue | null {
  if (typeof on !== 'boolean' || run.computer[f.index] === on) return 'lean.op.notAllowed';
  run.computer[f.index] = on;
  run.s.computer = run.c.facilities.filter((g) => run.computer[g.index]).map((g) => g.id);
  run.changed = true;
  return null;
}

/**
 * LEAN-AI-5: the computer set the run started with (the input of `startRun` that, with the log,
 * replays the run): the set now with the log's changes undone, last first.
 */
export function computerAtStart(state: LeanState): FacilityId[] {
  const set = new Set(state.computer);
  for (let i = state.log.length - 1; i >= 0; i--) {
    const a = state.log[i] as LeanAction;
    if (a.kind !== 'setComputer') continue;
    if (a.on) set.delete(a.fid);
    else set.add(a.fid);
  }
  return state.game.facilities.filter((f) => set.has(f.id)).map((f) => f.id);
}

function actLaunch(run: Run, a: { order: unknown }): LeanIssue | null {
  if (run.c.heijunka) return 'lean.heijunka.auto';
  const o = orderOf(run, a.order);
  if (!o || !isVisible(run, o)) return 'lean.order.notOpen';
  const n = Math.min(run.c.warehouse.batch, need(run, o));
  if (n <= 0) return 'lean.order.noNeed';
  // A launch the warehouse's kanban cap refuses (LEAN-WH-1).
  if (!launchFits(run, n)) return 'lean.load.refused';
  launch(run, o, n);
  return null;
}

function actShip(run: Run, a: { order: unknown }): LeanIssue | null {
  const o = orderOf(run, a.order);
  if (!o || !isOpen(run, o)) return 'lean.order.notOpen';
  if ((run.s.orders[o.index]?.fulfilled_qty ?? 0) >= o.qty) return 'lean.order.noNeed';
  return ship(run, o) > 0 ? null : 'lean.move.nothing';
}
