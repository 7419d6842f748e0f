/**
 * The warehouse (design B.5, B.9): need, launch, ship with the order counters, heijunka's
 * levelled launches (LEAN-IMP-5), and the computer policies of every facility (B.11).
 */
import type { CFacility, COrder, CTemplate } from './compile';
import { computerTask, load, mayLoad } from './desk';
import type { LeanUnit, TemplateId } from './model';
import { sendAll } from './routing';
import { exitUnit, fs, setOwn, unit, zeroMetrics, type Run } from './run';

/** LEAN-DEM-5: qty − fulfilled_qty − alive(o). */
export function need(run: Run, o: COrder): number {
  const c = run.s.orders[o.index];
  return o.qty - (c?.fulfilled_qty ?? 0) - (run.pegAlive[o.index] ?? 0);
}

/** LEAN-DEM-3. */
export function isOpen(run: Run, o: COrder): boolean {
  return o.created <= run.s.now;
}

/** LEAN-DEM-2. */
export function isVisible(run: Run, o: COrder): boolean {
  return run.c.game.visibility || o.created <= run.s.now;
}

/** LEAN-WH-1: with kanban, |whOut| + n ≤ wipOutMax of the warehouse. */
export function launchFits(run: Run, n: number): boolean {
  const w = run.c.warehouse;
  return !run.c.kanban || fs(run, w).out.length + n <= w.wipOutMax;
}

/** LEAN-WH-1 / LEAN-UNIT-1: n new units of the order's template in whOut, pegged to it. */
export function launch(run: Run, o: COrder, n: number): void {
  const s = run.s;
  const t = run.c.templateById.get(o.template);
  const wh = fs(run, run.c.warehouse);
  for (let k = 0; k < n; k++) {
    const u = newUnit(run, o.template, o.index, t?.ops.length ?? 0);
    u.zone = 'whOut';
    wh.out.push(u.rank);
  }
  const counters = s.orders[o.index];
  if (counters) counters.prod_started_qty += n;
  run.pegAlive[o.index] = (run.pegAlive[o.index] ?? 0) + n;
  run.changed = true;
}

export function newUnit(run: Run, template: TemplateId, order: number, ops: number): LeanUnit {
  const s = run.s;
  const u: LeanUnit = {
    rank: s.nextRank++,
    template,
    order,
    initial: false,
    launchedAt: s.now,
    exitedAt: null,
    zone: 'whOut',
    at: run.c.warehouse.id,
    ops: [],
    inspectedAt: [],
    defectivePaints: 0,
    metrics: zeroMetrics(),
    faciGap: {},
    since: s.now,
    sender: null,
  };
  for (let i = 0; i < ops; i++) {
    u.ops.push({
      state: 'todo',
      defect: false,
      detected: false,
      paintedBy: null,
      tool: null,
      attempts: 0,
    });
  }
  s.units.push(u);
  run.tmpl.push(run.c.templateById.get(template) as CTemplate);
  return u;
}

/**
 * LEAN-WH-2: ships min(qty − fulfilled_qty, units of the template in fg) units, those pegged to
 * the order first, then the others, each by rank; they are re-pegged to the order. Returns the
 * number shipped (0 changes nothing).
 */
export function ship(run: Run, o: COrder): number {
  const s = run.s;
  const counters = s.orders[o.index];
  if (!counters) return 0;
  const wanted = o.qty - counters.fulfilled_qty;
  if (wanted <= 0) return 0;
  const wh = fs(run, run.c.warehouse);
  if (wh.in.length === 0) return 0;
  const candidates: LeanUnit[] = [];
  for (const r of wh.in) {
    const u = unit(run, r);
    if (u.template === o.template) candidates.push(u);
  }
  if (candidates.length === 0) return 0;
  candidates.sort(
    (a, b) => Number(a.order !== o.index) - Number(b.order !== o.index) || a.rank - b.rank,
  );
  const chosen = candidates.slice(0, wanted);
  const leaving = new Set(chosen.map((u) => u.rank));
  wh.in = wh.in.filter((r) => !leaving.has(r));
  const late = s.now > o.due;
  for (const u of chosen) {
    if (u.order !== o.index) {
      if (u.order >= 0) run.pegAlive[u.order] = (run.pegAlive[u.order] ?? 0) - 1;
      u.order = o.index;
      run.pegAlive[o.index] = (run.pegAlive[o.index] ?? 0) + 1;
    }
    exitUnit(run, u, 'shipped');
    const defective = u.ops.some((op) => op.defect);
    counters.fulfilled_qty += 1;
    if (late) counters.lateProducts += 1;
    if (defective) counters.defectProducts += 1;
    if (!late && !defective) counters.otifProducts += 1;
  }
  if (counters.fulfilled_qty >= o.qty) counters.fulfilled_at = s.now / 60000;
  return chosen.length;
}

/**
 * LEAN-WH-5: initial stock, finished units in fg at 0 (all ops done, no defect), flagged
 * `initial` and pegged to no order.
 */
export function placeInitialStock(run: Run): void {
  const wh = fs(run, run.c.warehouse);
  for (const t of run.c.game.templates) {
    for (let k = 0; k < t.initialStock; k++) {
      const u = newUnit(run, t.id, -1, t.ops.length);
      u.initial = true;
      u.zone = 'fg';
      for (const op of u.ops) op.state = 'done';
      wh.in.push(u.rank);
    }
  }
}

// ---------------------------------------------------------------- heijunka

/**
 * LEAN-IMP-5 mix by goal chasing: among templates with a visible order whose need > 0, the one
 * maximising (L + B)·D_t/D − L_t (compared as (L + B)·D_t − L_t·D, exact in integers), ties to
 * the earlier template; launches min(B, need) for its first such order when kanban allows.
 * Returns whether it launched.
 */
export function heijunkaLaunch(run: Run): boolean {
  const c = run.c;
  const launched = run.s.heijunka.launched;
  const demand = new Array<number>(c.templates.length).fill(0);
  const candidate = new Array<COrder | null>(c.templates.length).fill(null);
  let total = 0;
  for (const o of c.ordersByCreation) {
    if (!isVisible(run, o)) continue;
    const t = c.templateById.get(o.template);
    if (!t) continue;
    demand[t.index] = (demand[t.index] ?? 0) + o.qty;
    total += o.qty;
    if (candidate[t.index] === null && need(run, o) > 0) candidate[t.index] = o;
  }
  let sumLaunched = 0;
  for (const t of c.templates) sumLaunched += launched[t.id] ?? 0;
  const b = c.warehouse.batch;
  let best: COrder | null = null;
  let bestScore = -Infinity;
  for (const t of c.templates) {
    const o = candidate[t.index];
    if (!o) continue;
    const score = (sumLaunched + b) * (demand[t.index] ?? 0) - (launched[t.id] ?? 0) * total;
    if (score > bestScore) {
      best = o;
      bestScore = score;
    }
  }
  if (!best) return false;
  const n = Math.min(b, need(run, best));
  if (!launchFits(run, n)) return false;
  launch(run, best, n);
  setOwn(launched, best.template, (launched[best.template] ?? 0) + n);
  return true;
}

// ---------------------------------------------------------------- computer players

/**
 * LEAN-AI-2: ship to every open order, send (kanban off), then launch for the first open order
 * with need > 0 while allowed (heijunka off): make-to-order push.
 */
export function warehousePolicy(run: Run): void {
  const c = run.c;
  if (fs(run, c.warehouse).in.length > 0) {
    for (const o of c.ordersByCreation) {
      if (!isOpen(run, o)) break;
      ship(run, o);
    }
  }
  if (!c.kanban) sendAll(run, c.warehouse);
  if (c.heijunka) return;
  for (;;) {
    let first: COrder | null = null;
    for (const o of c.ordersByCreation) {
      if (!isOpen(run, o)) break;
      if (need(run, o) > 0) {
        first = o;
        break;
      }
    }
    if (!first) return;
    const n = Math.min(c.warehouse.batch, need(run, first));
    if (!launchFits(run, n)) return;
    launch(run, first, n);
  }
}

/** LEAN-AI-3: send (kanban off), start the next desk task, or load the first unit's template. */
export function stationPolicy(run: Run, f: CFacility): void {
  if (!run.c.kanban) sendAll(run, f);
  const st = fs(run, f);
  if (st.task !== null) return;
  if (st.desk.length > 0) {
    computerTask(run, f);
    return;
  }
  if (st.in.length === 0) return;
  const t = unit(run, st.in[0] as number).template;
  if (mayLoad(run, f, t)) load(run, f, t);
}
