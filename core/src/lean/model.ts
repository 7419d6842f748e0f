/**
 * The lean game model (design `lean-game.md` B.1–B.9, B.17): the game document's params and
 * facilities as input (minutes, optional fields), the normalised game with every default filled
 * (still in minutes, so validation reads the numbers a person typed), and the state of a run
 * (integer game milliseconds, plain JSON like the beer state).
 *
 * Rule ids (LEAN-*) are those of `docs/rules/lean.md`.
 */

export const SHAPES = ['circle', 'square', 'triangle', 'hbar', 'vbar'] as const;
export const COLORS = ['green', 'red', 'blue', 'yellow', 'grey'] as const;
export const FACILITY_TYPES = ['warehouse', 'station', 'quality', 'rework'] as const;
export const IMPROVEMENTS = [
  'movestations',
  'batch',
  'autoinspect',
  'balancestations',
  'heijunka',
  'pokayoke',
  'kanban',
  'smed',
] as const;
/** The improvements that are switches in `params.settings` (the others unlock fields). */
export const SETTING_IMPROVEMENTS = [
  'autoinspect',
  'heijunka',
  'pokayoke',
  'kanban',
  'smed',
] as const;

export type Shape = (typeof SHAPES)[number];
export type Color = (typeof COLORS)[number];
/** An operation type, "<shape>:<color>" (LEAN-PROD-2). */
export type OpType = `${Shape}:${Color}`;
export type FacilityType = (typeof FACILITY_TYPES)[number];
export type Improvement = (typeof IMPROVEMENTS)[number];
export type SettingImprovement = (typeof SETTING_IMPROVEMENTS)[number];
export type FacilityId = string;
export type TemplateId = string;

// ---------------------------------------------------------------- input (documents)

export interface LeanOpInput {
  shape: string;
  color: string;
  /** Minutes; default `shapeTimes[shape]`, else 0.1 (LEAN-PROD-2). */
  time?: number;
}

/** A product template (LEAN-PROD-1); a legacy one has `shape`/`color` and no `ops`. */
export interface LeanTemplateInput {
  name?: string;
  ops?: LeanOpInput[];
  shape?: string;
  color?: string;
  price?: number;
  materialCost?: number;
  initialStock?: number;
}

/** An order of `params.consumerDemand` (LEAN-DEM-1); the counters are written by the core. */
export interface LeanOrderInput {
  created_min: number;
  template_id: string;
  qty: number;
  due_min?: number;
  fulfilled_at?: number | null;
  fulfilled_qty?: number;
  defectOpes?: number;
  defectProducts?: number;
  lateProducts?: number;
  otifProducts?: number;
  prod_started_qty?: number;
}

export interface LeanFacilityInput {
  type: string;
  name?: string;
  line?: number;
  position?: [number, number];
  batchSize?: number;
  changeoverTime?: number;
  loadTime?: number;
  inspectTime?: number;
  removeTime?: number;
  defectRate?: number;
  wipInMax?: number;
  wipOutMax?: number;
  rework?: boolean;
  /** The player's uid; empty or absent: the computer plays the facility (LEAN-FAC-4). */
  user?: string | null;
}

export interface Economics {
  price: Record<TemplateId, number>;
  materialCost: Record<TemplateId, number>;
  stationCostPerMin: number;
  holdingCostPerUnitMin: number;
  latePenalty: number;
  defectPenalty: number;
}

export interface LeanSettings {
  autoinspect: boolean;
  heijunka: boolean;
  pokayoke: boolean;
  kanban: boolean;
  smed: boolean;
}

export interface LeanParamsInput {
  consumerDemand?: LeanOrderInput[];
  consumerDemandParams?: { visibility?: boolean; totalDuration?: number; dueDelay?: number };
  /** Run length when `consumerDemandParams.totalDuration` is absent (minutes). */
  totalDuration?: number;
  transparent?: boolean;
  game_start_at?: number | null;
  game_end_at?: number | null;
  nextRank?: number;
  moveCellTime?: number;
  productsTemplates?: Record<TemplateId, LeanTemplateInput>;
  improvements?: string[];
  settings?: Partial<LeanSettings>;
  opAssignment?: Record<string, FacilityId>;
  shapeTimes?: Partial<Record<string, number>>;
  smedFactor?: number;
  heijunkaPitch?: number;
  mapSize?: { rows: number; cols: number };
  seed?: number;
  economics?: Partial<Economics>;
}

export interface LeanGameInput {
  params: LeanParamsInput;
  facilities: Record<FacilityId, LeanFacilityInput>;
}

// ---------------------------------------------------------------- normalised game (minutes)

export interface LeanOp {
  shape: Shape;
  color: Color;
  type: OpType;
  /** Minutes, default applied. */
  time: number;
}

export interface LeanTemplate {
  id: TemplateId;
  name: string;
  ops: LeanOp[];
  price: number;
  materialCost: number;
  initialStock: number;
}

export interface LeanOrder {
  index: number;
  created_min: number;
  template_id: TemplateId;
  qty: number;
  /** Minutes: `due_min ?? created_min + dueDelay` (LEAN-DEM-4). */
  due_min: number;
}

export interface LeanFacility {
  id: FacilityId;
  name: string;
  type: FacilityType;
  line: number;
  position: [number, number];
  batchSize: number;
  /** Minutes, as configured (smed is applied when the run is compiled, LEAN-IMP-8). */
  changeoverTime: number;
  loadTime: number;
  inspectTime: number;
  removeTime: number;
  defectRate: number;
  wipInMax: number;
  wipOutMax: number;
  rework: boolean;
  /** LEAN-FAC-1: the type is `quality`. */
  inspects: boolean;
  /** LEAN-FAC-1: the type is `rework`, or `quality` with `rework`. */
  canRework: boolean;
  user: string | null;
}

/** The simulation-relevant part of a lean game document, every default filled. */
export interface LeanGame {
  totalDuration: number;
  visibility: boolean;
  transparent: boolean;
  dueDelay: number;
  moveCellTime: number;
  mapSize: { rows: number; cols: number };
  seed: number;
  smedFactor: number;
  /** Minutes, or null: the default pitch of LEAN-IMP-5. */
  heijunkaPitch: number | null;
  improvements: Improvement[];
  settings: LeanSettings;
  /** Key order is `productsTemplates` key order (heijunka ties, LEAN-IMP-5). */
  templates: LeanTemplate[];
  orders: LeanOrder[];
  /** Sorted by `line`; the warehouse first. */
  facilities: LeanFacility[];
  opAssignment: Record<string, FacilityId>;
  economics: Economics;
}

/** Defaults of the design (B.3 table, B.4, B.5, Part C). */
export const LEAN_DEFAULTS = {
  mapSize: { rows: 5, cols: 8 },
  batchSize: 4,
  changeoverTime: 0.5,
  loadTime: 0.1,
  inspectTime: 0.1,
  removeTime: 0.05,
  defectRate: 0.05,
  opTime: 0.1,
  dueDelay: 4,
  moveCellTime: 0.1,
  totalDuration: 20,
  seed: 1,
  smedFactor: 0.2,
  price: 10,
  materialCost: 2,
  initialStock: 0,
  stationCostPerMin: 1,
  holdingCostPerUnitMin: 0.05,
  latePenalty: 2,
  defectPenalty: 5,
} as const;

// ---------------------------------------------------------------- state of a run (game ms)

/** LEAN-UNIT-2. */
export type Zone = 'whOut' | 'transit' | 'in' | 'desk' | 'out' | 'fg' | 'shipped' | 'scrapped';

/** The five time metrics of LEAN-MET-1, in game ms, in the rank order of spec §9. */
export interface TimeMetrics {
  workdeskTime: number;
  changeoverTime: number;
  loadTime: number;
  moveTime: number;
  waitTime: number;
}

export interface UnitOp {
  state: 'todo' | 'done';
  /** Hidden from players until detected (LEAN-VIS-2). */
  defect: boolean;
  detected: boolean;
  paintedBy: FacilityId | null;
  /** The tool of the last paint. */
  tool: OpType | null;
  attempts: number;
}

export interface LeanUnit {
  rank: number;
  template: TemplateId;
  /** Index of the order it is pegged to (LEAN-DEM-5, re-pegged at ship); -1 for initial stock. */
  order: number;
  initial: boolean;
  launchedAt: number;
  exitedAt: number | null;
  zone: Zone;
  /** The facility whose in/desk/out holds the unit, or the destination while in transit. */
  at: FacilityId;
  ops: UnitOp[];
  inspectedAt: FacilityId[];
  /** Defective paints of this unit, every attempt (LEAN-DEM-6 defectOpes). */
  defectivePaints: number;
  metrics: TimeMetrics;
  /** LEAN-MET-2, in game ms. */
  faciGap: Record<FacilityId, TimeMetrics>;
  /**
   * Start (game ms) of the interval not yet added to `metrics` and `faciGap`: the engine charges
   * an interval when the unit's category changes, and closes every interval at the end.
   */
  since: number;
  /** The facility that sent the unit on its last move (a move is charged to the sender). */
  sender: FacilityId | null;
}

export type TaskKind = 'changeover' | 'load' | 'paint' | 'inspect' | 'remove';

export interface LeanTask {
  kind: TaskKind;
  start: number;
  end: number;
  units: number[];
  /** paint and remove: the op index. */
  op?: number;
  /** paint: the tool used. */
  tool?: OpType;
  /** changeover and load: the template loaded. */
  template?: TemplateId;
}

/** Desk time by bucket (LEAN-DESK-10), game ms. */
export interface DeskBuckets {
  valueAdd: number;
  quality: number;
  changeover: number;
  load: number;
}

/**
 * A facility's queues and desk. At the warehouse (no desk) `out` is whOut, the launched units,
 * and `in` is fg, the finished goods (LEAN-UNIT-2).
 */
export interface FacilityState {
  in: number[];
  desk: number[];
  out: number[];
  task: LeanTask | null;
  setup: TemplateId | null;
  buckets: DeskBuckets;
  /** Units that left the desk (C.3 observed cycle time). */
  leftDesk: number;
  paints: number;
  defectivePaints: number;
  /** Defects found here by inspection or autoinspect. */
  detected: number;
}

export interface Transit {
  seq: number;
  from: FacilityId;
  to: FacilityId;
  units: number[];
  arrive: number;
}

export interface OrderCounters {
  /** Minutes, as the document's counter (game ms / 60000, LEAN-DEM-6). */
  fulfilled_at: number | null;
  fulfilled_qty: number;
  defectOpes: number;
  defectProducts: number;
  lateProducts: number;
  otifProducts: number;
  prod_started_qty: number;
}

/** WIP after all events at a multiple of 0.1 min (C.4), by zone. */
export interface WipSample {
  t: number;
  whOut: number;
  in: number;
  desk: number;
  out: number;
  transit: number;
  fg: number;
}

export type LeanAction =
  | { at: number; fid: FacilityId; kind: 'launch'; order: number }
  | { at: number; fid: FacilityId; kind: 'ship'; order: number }
  | { at: number; fid: FacilityId; kind: 'send' }
  | { at: number; fid: FacilityId; kind: 'load'; template?: TemplateId }
  | { at: number; fid: FacilityId; kind: 'paint'; unit: number; op: number; tool?: OpType }
  | { at: number; fid: FacilityId; kind: 'inspect'; unit: number }
  | { at: number; fid: FacilityId; kind: 'remove'; unit: number; op: number }
  /** LEAN-AI-5: the computer takes the facility (`on`) or gives it back, from `at` on. */
  | { at: number; fid: FacilityId; kind: 'setComputer'; on: boolean };

export interface LeanState {
  game: LeanGame;
  /** Facilities played by the computer now (LEAN-FAC-4, LEAN-EVT-1, LEAN-AI-5). */
  computer: FacilityId[];
  now: number;
  /** Run length T in game ms (LEAN-TIME-2). */
  duration: number;
  status: 'running' | 'ended';
  /** E in game ms once ended. */
  endedAt: number | null;
  nextRank: number;
  sendSeq: number;
  /** By rank. */
  units: LeanUnit[];
  facilities: Record<FacilityId, FacilityState>;
  transit: Transit[];
  heijunka: { k: number; pending: boolean; launched: Record<TemplateId, number> };
  /** By order index. */
  orders: OrderCounters[];
  /** ∫WIP dt in unit·ms (LEAN-MET-5). */
  wipIntegral: number;
  wipMax: number;
  samples: WipSample[];
  /**
   * Accepted actions, with the time used (LEAN-EVT-5): the players' and the changes of the
   * computer set (LEAN-AI-5).
   */
  log: LeanAction[];
}

/** A rule of the core was broken (a bug, not bad input). */
export class LeanCoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LeanCoreError';
  }
}

// ---------------------------------------------------------------- helpers

/** `ms(x) = Math.round(x × 60000)` (LEAN-TIME-1). */
export function ms(minutes: number): number {
  return Math.round(minutes * 60000);
}

export function isShape(v: unknown): v is Shape {
  return typeof v === 'string' && (SHAPES as readonly string[]).includes(v);
}

export function isColor(v: unknown): v is Color {
  return typeof v === 'string' && (COLORS as readonly string[]).includes(v);
}

export function opType(shape: Shape, color: Color): OpType {
  return `${shape}:${color}`;
}

function ownNumber(
  rec: Partial<Record<string, number>> | undefined,
  key: string,
): number | undefined {
  if (!rec || !Object.prototype.hasOwnProperty.call(rec, key)) return undefined;
  const v = rec[key];
  return typeof v === 'number' ? v : undefined;
}

/**
 * Fills every missing field with the design's defaults. Unknown shapes, colours and types are
 * kept as typed (cast) so that `validateLeanGame` can name them; nothing here throws.
 */
export function normalizeLeanGame(input: LeanGameInput): LeanGame {
  const p = input.params;
  const cdp = p.consumerDemandParams ?? {};
  const totalDuration = cdp.totalDuration ?? p.totalDuration ?? LEAN_DEFAULTS.totalDuration;
  const dueDelay = cdp.dueDelay ?? LEAN_DEFAULTS.dueDelay;
  const settings: LeanSettings = {
    autoinspect: p.settings?.autoinspect === true,
    heijunka: p.settings?.heijunka === true,
    pokayoke: p.settings?.pokayoke === true,
    kanban: p.settings?.kanban === true,
    smed: p.settings?.smed === true,
  };

  const templates: LeanTemplate[] = Object.entries(p.productsTemplates ?? {}).map(([id, t]) => {
    const rawOps: LeanOpInput[] =
      t.ops ??
      (t.shape !== undefined && t.color !== undefined ? [{ shape: t.shape, color: t.color }] : []);
    const ops = rawOps.map((o): LeanOp => {
      const shape = o.shape as Shape;
      const color = o.color as Color;
      return {
        shape,
        color,
        type: opType(shape, color),
        time: o.time ?? ownNumber(p.shapeTimes, o.shape) ?? LEAN_DEFAULTS.opTime,
      };
    });
    return {
      id,
      name: t.name ?? id,
      ops,
      price: ownNumber(p.economics?.price, id) ?? t.price ?? LEAN_DEFAULTS.price,
      materialCost:
        ownNumber(p.economics?.materialCost, id) ?? t.materialCost ?? LEAN_DEFAULTS.materialCost,
      initialStock: t.initialStock ?? LEAN_DEFAULTS.initialStock,
    };
  });

  const orders: LeanOrder[] = (p.consumerDemand ?? []).map((o, index) => ({
    index,
    created_min: o.created_min,
    template_id: o.template_id,
    qty: o.qty,
    due_min: o.due_min ?? o.created_min + dueDelay,
  }));

  // LEAN-FAC-2: the warehouse has line 0; others default to document order.
  const entries = Object.entries(input.facilities);
  const facilities: LeanFacility[] = entries.map(([id, f], docIndex) => {
    const type = f.type as FacilityType;
    const batchSize = f.batchSize ?? LEAN_DEFAULTS.batchSize;
    const painter = type === 'station' || type === 'rework';
    return {
      id,
      name: f.name ?? id,
      type,
      line: f.line ?? (type === 'warehouse' ? 0 : docIndex + 1),
      position: f.position ?? [docIndex, 0],
      batchSize,
      changeoverTime: f.changeoverTime ?? (painter ? LEAN_DEFAULTS.changeoverTime : 0),
      loadTime: f.loadTime ?? LEAN_DEFAULTS.loadTime,
      inspectTime: f.inspectTime ?? LEAN_DEFAULTS.inspectTime,
      removeTime: f.removeTime ?? LEAN_DEFAULTS.removeTime,
      defectRate: f.defectRate ?? LEAN_DEFAULTS.defectRate,
      wipInMax: f.wipInMax ?? 2 * batchSize,
      wipOutMax: f.wipOutMax ?? 2 * batchSize,
      rework: f.rework === true,
      inspects: type === 'quality',
      canRework: type === 'rework' || (type === 'quality' && f.rework === true),
      user: typeof f.user === 'string' && f.user !== '' ? f.user : null,
    };
  });
  facilities.sort((a, b) => a.line - b.line);

  const price: Record<TemplateId, number> = {};
  const materialCost: Record<TemplateId, number> = {};
  for (const t of templates) {
    price[t.id] = t.price;
    materialCost[t.id] = t.materialCost;
  }
  const e = p.economics ?? {};
  return {
    totalDuration,
    visibility: cdp.visibility === true,
    transparent: p.transparent === true,
    dueDelay,
    moveCellTime: p.moveCellTime ?? LEAN_DEFAULTS.moveCellTime,
    mapSize: p.mapSize ?? { ...LEAN_DEFAULTS.mapSize },
    seed: p.seed ?? LEAN_DEFAULTS.seed,
    smedFactor: p.smedFactor ?? LEAN_DEFAULTS.smedFactor,
    heijunkaPitch: p.heijunkaPitch ?? null,
    improvements: (p.improvements ?? []).filter((i): i is Improvement =>
      (IMPROVEMENTS as readonly string[]).includes(i),
    ),
    settings,
    templates,
    orders,
    facilities,
    opAssignment: { ...(p.opAssignment ?? {}) },
    economics: {
      price,
      materialCost,
      stationCostPerMin: e.stationCostPerMin ?? LEAN_DEFAULTS.stationCostPerMin,
      holdingCostPerUnitMin: e.holdingCostPerUnitMin ?? LEAN_DEFAULTS.holdingCostPerUnitMin,
      latePenalty: e.latePenalty ?? LEAN_DEFAULTS.latePenalty,
      defectPenalty: e.defectPenalty ?? LEAN_DEFAULTS.defectPenalty,
    },
  };
}
