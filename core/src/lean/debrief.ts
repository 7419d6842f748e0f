/**
 * The lean debrief (design `lean-game.md` Part C; spec §9 sections pnl, deliveries, balance,
 * wip, quality, flowefficiency, resefficiency), computed from the state of a run, plus the
 * per-unit and per-order records of the command line.
 *
 * Conventions:
 * - E is the run length: `endedAt` once ended, else `now` (a debrief of a running game reads
 *   the run so far).
 * - S is the set of shipped units that are not initial stock (LEAN-WH-5).
 * - Sums are taken in integer game ms and converted to minutes (ms / 60000) at the end, so
 *   identities such as Σ five metrics = lead time stay exact.
 * - Ratios are fractions (0.545, not 54.5). A ratio whose denominator is 0 is null.
 * - Charts are sampled every 0.1 min (6000 game ms) from 0 to E, plus E itself when E is not a
 *   multiple of 0.1 min; a point is the value after all events at that instant (C.4).
 */
import type {
  DeskBuckets,
  FacilityId,
  FacilityState,
  LeanFacility,
  LeanState,
  LeanTemplate,
  LeanUnit,
  TemplateId,
  TimeMetrics,
} from './model';
import { ms } from './model';

const MINUTE = 60000;
/** Chart step: 0.1 min in game ms. */
const CHART_STEP = 6000;

/** The five metrics in their rank order (spec §9): workdeskTime 1 … waitTime 5. */
export const METRIC_RANKS = [
  'workdeskTime',
  'changeoverTime',
  'loadTime',
  'moveTime',
  'waitTime',
] as const;
export type MetricName = (typeof METRIC_RANKS)[number];
/** The wastes: every metric but workdesk time, in rank order (C.6 main waste). */
const WASTES = ['changeoverTime', 'loadTime', 'moveTime', 'waitTime'] as const;

// ---------------------------------------------------------------- records (command line)

/** One unit, times in minutes; `leadTime` is null while the unit is still in process. */
export interface UnitRecord {
  rank: number;
  template: TemplateId;
  launchedAt: number;
  exitedAt: number | null;
  shipped: boolean;
  scrapped: boolean;
  leadTime: number | null;
  workdeskTime: number;
  changeoverTime: number;
  loadTime: number;
  moveTime: number;
  waitTime: number;
}

/** The counters of one order (LEAN-DEM-6); `fulfilled_at` in minutes. */
export interface OrderRecord {
  index: number;
  fulfilled_qty: number;
  fulfilled_at: number | null;
  lateProducts: number;
  otifProducts: number;
  defectProducts: number;
  defectOpes: number;
  prod_started_qty: number;
}

// ---------------------------------------------------------------- debrief types

export interface PnlPoint {
  /** Minutes. */
  t: number;
  revenue: number;
  latePenalties: number;
  defectPenalties: number;
  material: number;
  labour: number;
  holding: number;
  /** Every cost line: late + defect + material + labour + holding. */
  costs: number;
  profit: number;
}

export interface LeanPnl {
  revenue: number;
  latePenalties: number;
  defectPenalties: number;
  material: number;
  labour: number;
  holding: number;
  costs: number;
  profit: number;
  /** Informative: material of the scrapped units (already inside `material`). */
  scrapCost: number;
  chart: PnlPoint[];
}

export interface DeliveryRow {
  index: number;
  template: TemplateId;
  created_min: number;
  due_min: number;
  qty: number;
  fulfilled_qty: number;
  fulfilled_at: number | null;
  /** fulfilled_at − created_min; null while not fulfilled. */
  customerLeadTime: number | null;
  lateProducts: number;
  defectProducts: number;
  otifProducts: number;
  otif: boolean;
  /** In K: due by E, or OTIF and due later (C.2). */
  counted: boolean;
}

export interface LeanDeliveries {
  orders: DeliveryRow[];
  /** |K|. */
  countedOrders: number;
  /** OTIF orders in K. */
  otifOrders: number;
  otifRate: number | null;
  /** Σ_K otifProducts. */
  otifProducts: number;
  /** Σ_K qty. */
  countedQty: number;
  onTimeFillRate: number | null;
  delivered: number;
  backlog: number;
  averageCustomerLeadTime: number | null;
  chart: { t: number; ordered: number; shipped: number }[];
}

export interface BalanceFacility {
  id: FacilityId;
  name: string;
  line: number;
  /** Minutes per unit of demand. */
  workContent: number;
  /** The stack of the Yamazumi chart: op type (or "inspect") → minutes per unit. */
  byOp: Record<string, number>;
  /** busy / units that left the desk (min/unit); null when none left. */
  observedCycleTime: number | null;
  leftDesk: number;
}

export interface LeanBalance {
  /** Σ qty over all orders. */
  demand: number;
  /** totalDuration / Q (min/unit); null without demand. */
  takt: number | null;
  facilities: BalanceFacility[];
  totalWorkContent: number;
  bottleneck: FacilityId | null;
  balanceEfficiency: number | null;
  minimumFacilities: number | null;
  /** totalDuration / max WC (units); null when no work is assigned. */
  bottleneckCapacity: number | null;
}

export interface WipPoint {
  t: number;
  whOut: number;
  in: number;
  desk: number;
  out: number;
  transit: number;
  fg: number;
  total: number;
}

export interface LeanWip {
  series: WipPoint[];
  /** L = ∫WIP dt / E (units). */
  average: number;
  max: number;
  /** TH = |S| / E (units/min). */
  throughput: number;
  /** W = mean lead time over S (min); null when nothing shipped. */
  averageLeadTime: number | null;
  /** TH × W. */
  throughputTimesLeadTime: number;
  /** The other side of Little's identity: (Σ_exited (exit − launch) + Σ_alive (E − launch)) / E. */
  littleAverage: number;
  /** |L − TH × W| / L, the check shown to players; 0 when L is 0. */
  littleGap: number;
  /** Units still in process at E: the reason the gap is not 0. */
  inProcessAtEnd: number;
}

export interface QualityFacility {
  id: FacilityId;
  paints: number;
  defectivePaints: number;
  detected: number;
  /** Undetected defective ops painted here, on shipped units. */
  escapes: number;
}

export interface LeanQuality {
  paints: number;
  defectivePaints: number;
  defectRate: number | null;
  firstPassYield: number | null;
  scrapped: number;
  scrapCost: number;
  /** Σ defectProducts. */
  escapes: number;
  /** Σ quality buckets (min). */
  reworkTime: number;
  byFacility: QualityFacility[];
}

export type Metrics = Record<MetricName, number>;

export interface FlowUnit extends Metrics {
  rank: number;
  template: TemplateId;
  leadTime: number;
  valueAdded: number;
  mainWaste: MetricName | null;
}

export interface FlowGroup {
  units: number;
  /** Averages per unit (min). */
  leadTime: number;
  valueAdded: number;
  metrics: Metrics;
  flowEfficiency: number | null;
}

export interface LeanFlowEfficiency {
  /** FE = Σ VA / Σ lead over S. */
  value: number | null;
  touchRatio: number | null;
  units: FlowUnit[];
  /** Per unit of S (min). */
  average: Metrics;
  byTemplate: Record<TemplateId, FlowGroup>;
  /** From faciGap: time charged to each facility, per unit of S (min). */
  byFacility: Record<FacilityId, Metrics>;
  /** The waste with the largest total over S; null when there is none. */
  mainWaste: MetricName | null;
  valueAdded: number;
  leadTime: number;
}

export interface ResFacility {
  id: FacilityId;
  /** RE = busy / E. */
  efficiency: number | null;
  valueAddEfficiency: number | null;
  /** Minutes. */
  busy: number;
  valueAdd: number;
  quality: number;
  changeover: number;
  load: number;
  idle: number;
  /** Fractions of E. */
  shares: { valueAdd: number; quality: number; changeover: number; load: number; idle: number };
}

export interface LeanResEfficiency {
  team: number | null;
  byFacility: Record<FacilityId, number | null>;
  facilities: ResFacility[];
}

export interface LeanDebrief {
  /** E in minutes. */
  duration: number;
  pnl: LeanPnl;
  deliveries: LeanDeliveries;
  balance: LeanBalance;
  wip: LeanWip;
  quality: LeanQuality;
  flowefficiency: LeanFlowEfficiency;
  resefficiency: LeanResEfficiency;
}

// ---------------------------------------------------------------- helpers

const toMin = (t: number): number => t / MINUTE;
const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);

/** E in game ms. */
function runLength(state: LeanState): number {
  return state.endedAt ?? state.now;
}

/** Chart instants (game ms): every 0.1 min from 0 to E, and E. */
function chartTimes(e: number): number[] {
  const ts: number[] = [];
  for (let t = 0; t <= e; t += CHART_STEP) ts.push(t);
  if (e % CHART_STEP !== 0) ts.push(e);
  return ts;
}

function isShipped(u: LeanUnit): boolean {
  return u.zone === 'shipped';
}

/** S of Part C. */
function shippedProduced(state: LeanState): LeanUnit[] {
  return state.units.filter((u) => isShipped(u) && !u.initial);
}

function hasUndetectedDefect(u: LeanUnit): boolean {
  return u.ops.some((o) => o.defect);
}

function templateMap(state: LeanState): Map<TemplateId, LeanTemplate> {
  return new Map(state.game.templates.map((t) => [t.id, t]));
}

/** LEAN-PROD-4 in game ms. */
function valueAddedMs(t: LeanTemplate | undefined): number {
  let s = 0;
  for (const op of t?.ops ?? []) s += ms(op.time);
  return s;
}

function nonWarehouse(state: LeanState): LeanFacility[] {
  return state.game.facilities.filter((f) => f.type !== 'warehouse');
}

function orderDueMs(state: LeanState, index: number): number {
  const o = state.game.orders[index];
  return o === undefined ? Infinity : ms(o.due_min);
}

function emptyMetrics(): Metrics {
  return { workdeskTime: 0, changeoverTime: 0, loadTime: 0, moveTime: 0, waitTime: 0 };
}

function addMetrics(into: Metrics, m: TimeMetrics): void {
  for (const k of METRIC_RANKS) into[k] += m[k];
}

/** Sums in game ms to minutes per unit (one division, so a sum of n equal values gives it back). */
function perUnitMinutes(m: Metrics, units: number): Metrics {
  const out = emptyMetrics();
  if (units === 0) return out;
  for (const k of METRIC_RANKS) out[k] = m[k] / (units * MINUTE);
  return out;
}

/** C.6: the waste metric with the largest time, ties to the lower rank; null when all are 0. */
function mainWasteOf(m: TimeMetrics): MetricName | null {
  let best: MetricName | null = null;
  let bestValue = 0;
  for (const k of WASTES) {
    if (m[k] > bestValue) {
      best = k;
      bestValue = m[k];
    }
  }
  return best;
}

/**
 * The desk buckets of a facility up to E (LEAN-DESK-10, LEAN-MET-4). A task still running at
 * E counts up to E: its elapsed part is added to the bucket it will fall in.
 */
export function bucketsAtEnd(state: LeanState, fid: FacilityId): DeskBuckets {
  const fs: FacilityState | undefined = state.facilities[fid];
  const b: DeskBuckets = fs
    ? { ...fs.buckets }
    : { valueAdd: 0, quality: 0, changeover: 0, load: 0 };
  const task = fs?.task;
  const e = runLength(state);
  if (task && task.start < e) {
    const elapsed = Math.min(task.end, e) - task.start;
    b[runningBucket(state, fid, task)] += elapsed;
  }
  return b;
}

function runningBucket(
  state: LeanState,
  fid: FacilityId,
  task: NonNullable<FacilityState['task']>,
): keyof DeskBuckets {
  if (task.kind === 'changeover') return 'changeover';
  if (task.kind === 'load') return 'load';
  if (task.kind !== 'paint') return 'quality';
  const u = state.units[task.units[0] ?? -1];
  const opIndex = task.op ?? -1;
  const op = u?.ops[opIndex];
  const tmpl = u ? state.game.templates.find((t) => t.id === u.template) : undefined;
  const type = tmpl?.ops[opIndex]?.type;
  // First attempt (no earlier paint of this op) of an op assigned here: value added.
  const firstAttempt = (op?.attempts ?? 0) === 0;
  const assignedHere = type !== undefined && state.game.opAssignment[type] === fid;
  return firstAttempt && assignedHere ? 'valueAdd' : 'quality';
}

function busyOf(b: DeskBuckets): number {
  return b.valueAdd + b.quality + b.changeover + b.load;
}

// ---------------------------------------------------------------- records

export function unitRecords(state: LeanState): UnitRecord[] {
  return state.units.map((u) => ({
    rank: u.rank,
    template: u.template,
    launchedAt: toMin(u.launchedAt),
    exitedAt: u.exitedAt === null ? null : toMin(u.exitedAt),
    shipped: u.zone === 'shipped',
    scrapped: u.zone === 'scrapped',
    leadTime: u.exitedAt === null ? null : toMin(u.exitedAt - u.launchedAt),
    workdeskTime: toMin(u.metrics.workdeskTime),
    changeoverTime: toMin(u.metrics.changeoverTime),
    loadTime: toMin(u.metrics.loadTime),
    moveTime: toMin(u.metrics.moveTime),
    waitTime: toMin(u.metrics.waitTime),
  }));
}

export function orderRecords(state: LeanState): OrderRecord[] {
  return state.orders.map((c, index) => ({
    index,
    fulfilled_qty: c.fulfilled_qty,
    fulfilled_at: c.fulfilled_at,
    lateProducts: c.lateProducts,
    otifProducts: c.otifProducts,
    defectProducts: c.defectProducts,
    defectOpes: c.defectOpes,
    prod_started_qty: c.prod_started_qty,
  }));
}

// ---------------------------------------------------------------- C.1 pnl

/** ∫_0^t WIP for each t of `times` (ascending), in unit·ms, from the units' lives. */
function wipIntegralAt(units: readonly LeanUnit[], times: readonly number[]): number[] {
  // WIP changes by +1 at each launch and −1 at each exit: sweep the sorted changes.
  const changes: [number, number][] = [];
  for (const u of units) {
    changes.push([u.launchedAt, 1]);
    if (u.exitedAt !== null) changes.push([u.exitedAt, -1]);
  }
  changes.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  let i = 0;
  let level = 0;
  let last = 0;
  let area = 0;
  for (const t of times) {
    while (i < changes.length && (changes[i] as [number, number])[0] <= t) {
      const [at, d] = changes[i] as [number, number];
      area += level * (at - last);
      last = at;
      level += d;
      i++;
    }
    out.push(area + level * (t - last));
  }
  return out;
}

function pnl(state: LeanState, e: number): LeanPnl {
  const g = state.game;
  const eco = g.economics;
  const n = nonWarehouse(state).length;
  const price = (t: TemplateId) => eco.price[t] ?? 0;
  const material = (t: TemplateId) => eco.materialCost[t] ?? 0;

  // Per unit money events: [time, line, amount].
  type Line = 'revenue' | 'latePenalties' | 'defectPenalties' | 'material';
  const events: [number, Line, number][] = [];
  let scrapCost = 0;
  for (const u of state.units) {
    if (!u.initial) {
      events.push([u.launchedAt, 'material', material(u.template)]);
      if (u.zone === 'scrapped') scrapCost += material(u.template);
    }
    if (!isShipped(u) || u.exitedAt === null) continue;
    const defective = hasUndetectedDefect(u);
    if (!u.initial && !defective) events.push([u.exitedAt, 'revenue', price(u.template)]);
    if (u.exitedAt > orderDueMs(state, u.order)) {
      events.push([u.exitedAt, 'latePenalties', eco.latePenalty]);
    }
    if (defective) events.push([u.exitedAt, 'defectPenalties', eco.defectPenalty]);
  }
  events.sort((a, b) => a[0] - b[0]);

  const times = chartTimes(e);
  const wip = wipIntegralAt(state.units, times);
  const sums = { revenue: 0, latePenalties: 0, defectPenalties: 0, material: 0 };
  const chart: PnlPoint[] = [];
  let i = 0;
  times.forEach((t, k) => {
    while (i < events.length && (events[i] as [number, Line, number])[0] <= t) {
      const [, line, amount] = events[i] as [number, Line, number];
      sums[line] += amount;
      i++;
    }
    const labour = eco.stationCostPerMin * toMin(t) * n;
    const holding = eco.holdingCostPerUnitMin * toMin(wip[k] ?? 0);
    const costs = sums.latePenalties + sums.defectPenalties + sums.material + labour + holding;
    chart.push({ t: toMin(t), ...sums, labour, holding, costs, profit: sums.revenue - costs });
  });

  // The totals read the counters the core wrote (LEAN-DEM-6) and ∫WIP of LEAN-MET-5.
  let revenue = 0;
  let materialTotal = 0;
  for (const u of state.units) {
    if (u.initial) continue;
    materialTotal += material(u.template);
    if (isShipped(u) && !hasUndetectedDefect(u)) revenue += price(u.template);
  }
  let late = 0;
  let defects = 0;
  for (const c of state.orders) {
    late += c.lateProducts;
    defects += c.defectProducts;
  }
  const latePenalties = eco.latePenalty * late;
  const defectPenalties = eco.defectPenalty * defects;
  const labour = eco.stationCostPerMin * toMin(e) * n;
  const holding = eco.holdingCostPerUnitMin * toMin(state.wipIntegral);
  const costs = latePenalties + defectPenalties + materialTotal + labour + holding;
  return {
    revenue,
    latePenalties,
    defectPenalties,
    material: materialTotal,
    labour,
    holding,
    costs,
    profit: revenue - costs,
    scrapCost,
    chart,
  };
}

// ---------------------------------------------------------------- C.2 deliveries

function deliveries(state: LeanState, e: number): LeanDeliveries {
  const rows: DeliveryRow[] = state.game.orders.map((o) => {
    const c = state.orders[o.index];
    const fulfilledAt = c?.fulfilled_at ?? null;
    const otif = (c?.otifProducts ?? 0) === o.qty;
    return {
      index: o.index,
      template: o.template_id,
      created_min: o.created_min,
      due_min: o.due_min,
      qty: o.qty,
      fulfilled_qty: c?.fulfilled_qty ?? 0,
      fulfilled_at: fulfilledAt,
      customerLeadTime: fulfilledAt === null ? null : fulfilledAt - o.created_min,
      lateProducts: c?.lateProducts ?? 0,
      defectProducts: c?.defectProducts ?? 0,
      otifProducts: c?.otifProducts ?? 0,
      otif,
      counted: ms(o.due_min) <= e || otif,
    };
  });
  let countedOrders = 0;
  let otifOrders = 0;
  let otifProducts = 0;
  let countedQty = 0;
  let delivered = 0;
  let backlog = 0;
  let leadSum = 0;
  let fulfilled = 0;
  for (const r of rows) {
    delivered += r.fulfilled_qty;
    if (ms(r.created_min) <= e) backlog += r.qty - r.fulfilled_qty;
    if (r.customerLeadTime !== null) {
      leadSum += r.customerLeadTime;
      fulfilled++;
    }
    if (!r.counted) continue;
    countedOrders++;
    countedQty += r.qty;
    otifProducts += r.otifProducts;
    if (r.otif) otifOrders++;
  }

  // Cumulative units ordered (by created_min) and shipped, every 0.1 min.
  const created = state.game.orders
    .map((o) => [ms(o.created_min), o.qty] as const)
    .sort((a, b) => a[0] - b[0]);
  const ships = state.units
    .filter((u) => isShipped(u) && u.exitedAt !== null)
    .map((u) => u.exitedAt as number)
    .sort((a, b) => a - b);
  const chart: LeanDeliveries['chart'] = [];
  let ci = 0;
  let si = 0;
  let ordered = 0;
  for (const t of chartTimes(e)) {
    while (ci < created.length && (created[ci] as readonly [number, number])[0] <= t) {
      ordered += (created[ci] as readonly [number, number])[1];
      ci++;
    }
    while (si < ships.length && (ships[si] as number) <= t) si++;
    chart.push({ t: toMin(t), ordered, shipped: si });
  }

  return {
    orders: rows,
    countedOrders,
    otifOrders,
    otifRate: ratio(otifOrders, countedOrders),
    otifProducts,
    countedQty,
    onTimeFillRate: ratio(otifProducts, countedQty),
    delivered,
    backlog,
    averageCustomerLeadTime: fulfilled === 0 ? null : leadSum / fulfilled,
    chart,
  };
}

// ---------------------------------------------------------------- C.3 balance

function balance(state: LeanState): LeanBalance {
  const g = state.game;
  const templates = templateMap(state);
  const facilities = nonWarehouse(state);
  let q = 0;
  // Demand-weighted work per facility and op type, in unit·ms (divided by Q at the end).
  const work = new Map<FacilityId, Map<string, number>>();
  for (const f of facilities) work.set(f.id, new Map());
  for (const o of g.orders) {
    q += o.qty;
    for (const op of templates.get(o.template_id)?.ops ?? []) {
      const fid = g.opAssignment[op.type];
      const stack = fid === undefined ? undefined : work.get(fid);
      if (stack) stack.set(op.type, (stack.get(op.type) ?? 0) + o.qty * ms(op.time));
    }
  }
  const inspecting = !g.settings.autoinspect && !g.settings.pokayoke;
  for (const f of facilities) {
    if (f.inspects && inspecting) {
      const stack = work.get(f.id) as Map<string, number>;
      stack.set('inspect', q * ms(f.inspectTime));
    }
  }

  const rows: BalanceFacility[] = [];
  let total = 0;
  let max = 0;
  let bottleneck: FacilityId | null = null;
  for (const f of facilities) {
    const stack = work.get(f.id) as Map<string, number>;
    let w = 0;
    const byOp: Record<string, number> = {};
    for (const [type, v] of stack) {
      w += v;
      byOp[type] = q === 0 ? 0 : toMin(v / q);
    }
    total += w;
    // Facilities are in `line` order, so a strict comparison sends ties to the lower line.
    if (w > max) {
      max = w;
      bottleneck = f.id;
    }
    const fs = state.facilities[f.id];
    const busy = busyOf(bucketsAtEnd(state, f.id));
    const left = fs?.leftDesk ?? 0;
    rows.push({
      id: f.id,
      name: f.name,
      line: f.line,
      workContent: q === 0 ? 0 : toMin(w / q),
      byOp,
      observedCycleTime: left === 0 ? null : toMin(busy / left),
      leftDesk: left,
    });
  }
  const bigT = ms(g.totalDuration);
  const n = facilities.length;
  return {
    demand: q,
    takt: q === 0 ? null : g.totalDuration / q,
    facilities: rows,
    totalWorkContent: q === 0 ? 0 : toMin(total / q),
    bottleneck,
    balanceEfficiency: max === 0 ? null : total / (n * max),
    // Σ WC / takt = Σ work / T: both in ms, so an exact multiple stays exact.
    minimumFacilities: q === 0 || bigT === 0 ? null : Math.ceil(total / bigT),
    bottleneckCapacity: max === 0 ? null : (bigT * q) / max,
  };
}

// ---------------------------------------------------------------- C.4 wip

function wip(state: LeanState, e: number, shipped: readonly LeanUnit[]): LeanWip {
  const series: WipPoint[] = state.samples.map((s) => ({
    t: toMin(s.t),
    whOut: s.whOut,
    in: s.in,
    desk: s.desk,
    out: s.out,
    transit: s.transit,
    fg: s.fg,
    total: s.whOut + s.in + s.desk + s.out + s.transit + s.fg,
  }));
  let lives = 0;
  let alive = 0;
  for (const u of state.units) {
    if (u.exitedAt !== null) lives += u.exitedAt - u.launchedAt;
    else {
      lives += e - u.launchedAt;
      alive++;
    }
  }
  let leadSum = 0;
  for (const u of shipped) leadSum += (u.exitedAt as number) - u.launchedAt;
  const average = e === 0 ? 0 : state.wipIntegral / e;
  const throughput = e === 0 ? 0 : shipped.length / toMin(e);
  const averageLeadTime = shipped.length === 0 ? null : toMin(leadSum) / shipped.length;
  const thw = throughput * (averageLeadTime ?? 0);
  return {
    series,
    average,
    max: state.wipMax,
    throughput,
    averageLeadTime,
    throughputTimesLeadTime: thw,
    littleAverage: e === 0 ? 0 : lives / e,
    littleGap: average === 0 ? 0 : Math.abs(average - thw) / average,
    inProcessAtEnd: alive,
  };
}

// ---------------------------------------------------------------- C.5 quality

function quality(state: LeanState, shipped: readonly LeanUnit[]): LeanQuality {
  const facilities = nonWarehouse(state);
  let paints = 0;
  let reworkTime = 0;
  const byFacility = new Map<FacilityId, QualityFacility>();
  for (const f of facilities) {
    const fs = state.facilities[f.id];
    paints += fs?.paints ?? 0;
    reworkTime += bucketsAtEnd(state, f.id).quality;
    byFacility.set(f.id, {
      id: f.id,
      paints: fs?.paints ?? 0,
      defectivePaints: fs?.defectivePaints ?? 0,
      detected: fs?.detected ?? 0,
      escapes: 0,
    });
  }
  let defectivePaints = 0;
  let scrapped = 0;
  let scrapCost = 0;
  for (const u of state.units) {
    defectivePaints += u.defectivePaints;
    if (u.zone === 'scrapped') {
      scrapped++;
      scrapCost += state.game.economics.materialCost[u.template] ?? 0;
    }
    if (!isShipped(u)) continue;
    for (const op of u.ops) {
      const row = op.defect && op.paintedBy !== null ? byFacility.get(op.paintedBy) : undefined;
      if (row) row.escapes++;
    }
  }
  let firstPass = 0;
  for (const u of shipped) {
    if (u.defectivePaints === 0 && u.ops.every((o) => o.attempts === 1)) firstPass++;
  }
  let escapes = 0;
  for (const c of state.orders) escapes += c.defectProducts;
  return {
    paints,
    defectivePaints,
    defectRate: ratio(defectivePaints, paints),
    firstPassYield: ratio(firstPass, shipped.length),
    scrapped,
    scrapCost,
    escapes,
    reworkTime: toMin(reworkTime),
    byFacility: [...byFacility.values()],
  };
}

// ---------------------------------------------------------------- C.6 flowefficiency

function flowEfficiency(state: LeanState, shipped: readonly LeanUnit[]): LeanFlowEfficiency {
  const templates = templateMap(state);
  const units: FlowUnit[] = [];
  const total = emptyMetrics();
  let vaSum = 0;
  let leadSum = 0;
  const perTemplate = new Map<TemplateId, { n: number; va: number; lead: number; m: Metrics }>();
  const perFacility = new Map<FacilityId, Metrics>();
  for (const f of state.game.facilities) perFacility.set(f.id, emptyMetrics());
  for (const u of shipped) {
    const lead = (u.exitedAt as number) - u.launchedAt;
    const va = valueAddedMs(templates.get(u.template));
    vaSum += va;
    leadSum += lead;
    addMetrics(total, u.metrics);
    let group = perTemplate.get(u.template);
    if (!group) {
      group = { n: 0, va: 0, lead: 0, m: emptyMetrics() };
      perTemplate.set(u.template, group);
    }
    group.n++;
    group.va += va;
    group.lead += lead;
    addMetrics(group.m, u.metrics);
    for (const [fid, m] of Object.entries(u.faciGap)) {
      let row = perFacility.get(fid);
      if (!row) {
        row = emptyMetrics();
        perFacility.set(fid, row);
      }
      addMetrics(row, m);
    }
    units.push({
      rank: u.rank,
      template: u.template,
      leadTime: toMin(lead),
      valueAdded: toMin(va),
      workdeskTime: toMin(u.metrics.workdeskTime),
      changeoverTime: toMin(u.metrics.changeoverTime),
      loadTime: toMin(u.metrics.loadTime),
      moveTime: toMin(u.metrics.moveTime),
      waitTime: toMin(u.metrics.waitTime),
      mainWaste: mainWasteOf(u.metrics),
    });
  }
  const count = shipped.length;
  const byTemplate: Record<TemplateId, FlowGroup> = {};
  // Template key order (LEAN-PROD-1), then templates no longer in the game.
  const order = [
    ...state.game.templates.map((t) => t.id).filter((id) => perTemplate.has(id)),
    ...[...perTemplate.keys()].filter((id) => !templates.has(id)),
  ];
  for (const id of order) {
    const grp = perTemplate.get(id) as { n: number; va: number; lead: number; m: Metrics };
    byTemplate[id] = {
      units: grp.n,
      leadTime: toMin(grp.lead) / grp.n,
      valueAdded: toMin(grp.va) / grp.n,
      metrics: perUnitMinutes(grp.m, grp.n),
      flowEfficiency: ratio(grp.va, grp.lead),
    };
  }
  const byFacility: Record<FacilityId, Metrics> = {};
  for (const [fid, m] of perFacility) byFacility[fid] = perUnitMinutes(m, count);
  return {
    value: ratio(vaSum, leadSum),
    touchRatio: ratio(total.workdeskTime, leadSum),
    units,
    average: perUnitMinutes(total, count),
    byTemplate,
    byFacility,
    mainWaste: mainWasteOf(total),
    valueAdded: toMin(vaSum),
    leadTime: toMin(leadSum),
  };
}

// ---------------------------------------------------------------- C.7 resefficiency

function resEfficiency(state: LeanState, e: number): LeanResEfficiency {
  const facilities: ResFacility[] = [];
  const byFacility: Record<FacilityId, number | null> = {};
  let busyTotal = 0;
  const fs = nonWarehouse(state);
  for (const f of fs) {
    const b = bucketsAtEnd(state, f.id);
    const busy = busyOf(b);
    busyTotal += busy;
    const idle = Math.max(0, e - busy);
    const share = (x: number) => (e === 0 ? 0 : x / e);
    const efficiency = ratio(busy, e);
    byFacility[f.id] = efficiency;
    facilities.push({
      id: f.id,
      efficiency,
      valueAddEfficiency: ratio(b.valueAdd, e),
      busy: toMin(busy),
      valueAdd: toMin(b.valueAdd),
      quality: toMin(b.quality),
      changeover: toMin(b.changeover),
      load: toMin(b.load),
      idle: toMin(idle),
      shares: {
        valueAdd: share(b.valueAdd),
        quality: share(b.quality),
        changeover: share(b.changeover),
        load: share(b.load),
        idle: share(idle),
      },
    });
  }
  return { team: ratio(busyTotal, fs.length * e), byFacility, facilities };
}

// ---------------------------------------------------------------- the debrief

/** Every section of the lean debrief (Part C) for a run, ended or running. */
export function leanDebrief(state: LeanState): LeanDebrief {
  const e = runLength(state);
  const shipped = shippedProduced(state);
  return {
    duration: toMin(e),
    pnl: pnl(state, e),
    deliveries: deliveries(state, e),
    balance: balance(state),
    wip: wip(state, e, shipped),
    quality: quality(state, shipped),
    flowefficiency: flowEfficiency(state, shipped),
    resefficiency: resEfficiency(state, e),
  };
}
