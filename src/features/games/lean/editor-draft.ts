/**
 * The lean game editor's draft: the game's name, its configuration (`LeanGameInput`, the seed and
 * the demand included), its debrief configuration and the quiz's right answers; the edits the
 * editor makes on it; its checks (`validateLeanGame` keys with paths, design B.16); and the
 * documents to write (docs/games/lean-documents.md). Pure: every edit returns a new configuration.
 *
 * Every field the editor shows is made explicit when a draft is made (`withDefaults`), so what the
 * instructor sees is what the game runs with; only the kanban caps keep their default of twice
 * the batch size until one is typed (LEAN-FAC-3).
 */
import {
  buildLeanGameDocs,
  leanConfigFromDocs,
  resetOrder,
  splitLeanConfig,
  validateLeanConfig,
  type LeanGameDoc,
  type LeanPrivateParams,
  type LeanPublicFacility,
  type LeanPublicParams,
} from '@sim/core/lean/game-docs';
import {
  COLORS,
  FACILITY_TYPES,
  IMPROVEMENTS,
  LEAN_DEFAULTS,
  SETTING_IMPROVEMENTS,
  SHAPES,
  isColor,
  isShape,
  normalizeLeanGame,
  type Color,
  type FacilityId,
  type FacilityType,
  type Improvement,
  type LeanFacilityInput,
  type LeanGameInput,
  type LeanOpInput,
  type LeanOrderInput,
  type LeanTemplateInput,
  type Shape,
} from '@sim/core/lean/model';
import { LEAN_BOUNDS } from '@sim/core/lean/validate';
import { debriefIssues, nameIssues } from '@/features/games/shared/editor-checks';
import type { FieldIssue } from '@/features/games/shared/editor-fields';
import { parseConfigDebrief, type DebriefConfig } from '@/features/games/shared/game-model';
import {
  LEAN_DEBRIEF_SECTIONS,
  type LeanDebriefSection,
} from '@/features/games/lean/debrief-sections';
import { ownEntry, ownOrAdd } from '@/lib/own';

export interface LeanEditorDraft {
  name: string;
  /** The configuration without `configDebrief` and `answers` (they are the fields below). */
  config: LeanGameInput;
  configDebrief: DebriefConfig<LeanDebriefSection>;
  /** The quiz's right answers by question id (kept in `private/params`). */
  answers: Record<string, unknown>;
}

export type Cell = [number, number];

/** The names a blank game starts with, in the instructor's language (stored as typed). */
export interface BlankNames {
  readonly warehouse: string;
  readonly station: string;
  readonly product: string;
}

function record(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : {};
}

function setOwn<T>(map: Record<string, T>, key: string, value: T): void {
  // defineProperty: a key such as '__proto__' must stay a plain entry.
  Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
}

// ------------------------------------------------------------------ making a draft

/**
 * A blank line (issue 11 item 1): a warehouse, one painting station, one product of one dot and
 * one order; valid as it is.
 */
export function blankLeanConfig(names: BlankNames): LeanGameInput {
  return withDefaults({
    params: {
      consumerDemand: [{ created_min: 0, template_id: 'p1', qty: LEAN_DEFAULTS.batchSize }],
      consumerDemandParams: { visibility: false, totalDuration: 10, dueDelay: 4 },
      moveCellTime: LEAN_DEFAULTS.moveCellTime,
      productsTemplates: {
        p1: { name: names.product, ops: [{ shape: 'circle', color: 'blue', time: 0.1 }] },
      },
      improvements: [],
      settings: {
        autoinspect: false,
        heijunka: false,
        pokayoke: false,
        kanban: false,
        smed: false,
      },
      opAssignment: { 'circle:blue': 's1' },
      mapSize: { ...LEAN_DEFAULTS.mapSize },
      seed: LEAN_DEFAULTS.seed,
    },
    facilities: {
      warehouse: { type: 'warehouse', name: names.warehouse, line: 0, position: [0, 0] },
      s1: { type: 'station', name: names.station, line: 1, position: [2, 0] },
    },
  });
}

/**
 * The configuration with every field the editor shows made explicit (the values the core would
 * use anyway). Prices and material costs move from `economics` onto their product, where the
 * editor edits them. Facility ids are kept in document order.
 */
export function withDefaults(input: LeanGameInput): LeanGameInput {
  const config = structuredClone(input);
  const game = normalizeLeanGame(config);
  const p = config.params;
  const cdp = p.consumerDemandParams ?? {};
  p.consumerDemandParams = {
    ...cdp,
    visibility: game.visibility,
    totalDuration: game.totalDuration,
    dueDelay: game.dueDelay,
  };
  delete p.totalDuration;
  p.moveCellTime = game.moveCellTime;
  p.mapSize = { rows: game.mapSize.rows, cols: game.mapSize.cols };
  p.seed = game.seed;
  p.smedFactor = game.smedFactor;
  p.transparent = game.transparent;
  p.settings = { ...game.settings };
  p.improvements = [...game.improvements];
  p.opAssignment = { ...(p.opAssignment ?? {}) };
  const templates: Record<string, LeanTemplateInput> = {};
  for (const t of game.templates) {
    const raw = ownEntry(p.productsTemplates, t.id) ?? {};
    const out: LeanTemplateInput = {
      ...raw,
      name: t.name,
      ops: t.ops.map((op) => ({ shape: op.shape, color: op.color, time: op.time })),
      price: t.price,
      materialCost: t.materialCost,
      initialStock: t.initialStock,
    };
    delete out.shape;
    delete out.color;
    setOwn(templates, t.id, out);
  }
  p.productsTemplates = templates;
  p.economics = {
    stationCostPerMin: game.economics.stationCostPerMin,
    holdingCostPerUnitMin: game.economics.holdingCostPerUnitMin,
    latePenalty: game.economics.latePenalty,
    defectPenalty: game.economics.defectPenalty,
  };
  p.consumerDemand = (p.consumerDemand ?? []).map((o) => ({ ...o }));
  for (const f of game.facilities) {
    const raw = ownEntry(config.facilities, f.id);
    if (!raw) continue;
    Object.assign(raw, {
      name: f.name,
      line: f.line,
      position: [f.position[0], f.position[1]],
      batchSize: f.batchSize,
      changeoverTime: f.changeoverTime,
      loadTime: f.loadTime,
      inspectTime: f.inspectTime,
      removeTime: f.removeTime,
      defectRate: f.defectRate,
    });
  }
  return config;
}

function splitDebrief(config: LeanGameInput): {
  config: LeanGameInput;
  configDebrief: DebriefConfig<LeanDebriefSection>;
  answers: Record<string, unknown>;
} {
  const params = { ...config.params } as Record<string, unknown>;
  const configDebrief = parseConfigDebrief(params['configDebrief'], LEAN_DEBRIEF_SECTIONS);
  const answers = { ...record(params['answers']) };
  delete params['configDebrief'];
  delete params['answers'];
  return {
    config: { ...config, params: params as LeanGameInput['params'] },
    configDebrief,
    answers,
  };
}

/** A draft of a configuration (a template's, a blank one). */
export function draftOf(name: string, config: LeanGameInput): LeanEditorDraft {
  const parts = splitDebrief(withDefaults(config));
  return { name, ...parts };
}

/** The draft of a stored game: its public document and `private/params`. */
export function draftFromDocs(game: unknown, privateParams: unknown): LeanEditorDraft {
  const g = record(game);
  const name = typeof g['name'] === 'string' ? g['name'] : '';
  return draftOf(name, leanConfigFromDocs(game, privateParams));
}

/** The configuration to store: the draft's, with its debrief configuration and answers. */
export function draftConfig(draft: LeanEditorDraft): LeanGameInput {
  const params = {
    ...draft.config.params,
    configDebrief: draft.configDebrief,
    answers: draft.answers,
  } as LeanGameInput['params'];
  return { ...draft.config, params };
}

/** Every issue of the draft: its name, its line (design B.16) and its debrief questions. */
export function validateLeanDraft(draft: LeanEditorDraft): FieldIssue[] {
  return [
    ...nameIssues(draft.name),
    ...validateLeanConfig(draft.config),
    ...debriefIssues(draft.configDebrief),
  ];
}

/** True once the game has a run (started or ended): its line can no longer be edited. */
export function hasRun(game: unknown): boolean {
  const params = record(record(game)['params']);
  return typeof params['game_start_at'] === 'number' || record(game)['finished'] === true;
}

// ------------------------------------------------------------------ documents

export interface LeanSaveMeta {
  readonly gid: string;
  readonly creator: string;
  readonly creatorName: string;
  readonly team: string | null;
  readonly now: number;
}

/** The documents of a new game (the public one first, then `private/params`). */
export function docsForNewLean(
  draft: LeanEditorDraft,
  meta: LeanSaveMeta,
): { game: LeanGameDoc; privateParams: LeanPrivateParams } {
  const docs = buildLeanGameDocs({ ...meta, name: draft.name.trim(), config: draftConfig(draft) });
  return { game: docs.game, privateParams: docs.privateParams };
}

export interface LeanEditPlan {
  /** Fields of `games/{gid}` to update. */
  game: {
    name: string;
    params: LeanPublicParams;
    facilities: Record<FacilityId, LeanPublicFacility>;
  };
  privateParams: LeanPrivateParams;
}

/**
 * The writes of an edit: the public parts of the configuration on the game document, the secrets
 * in `private/params`. A facility kept keeps who plays it.
 */
export function leanEditPlan(draft: LeanEditorDraft, storedGame: unknown): LeanEditPlan {
  // An edit is saved with no run (before the start, or after `resetLeanGame`): the run's times,
  // rank and the demand's counters are those of a game not started (LEAN-RUN-6).
  const config = draftConfig(draft);
  const params = {
    ...config.params,
    game_start_at: null,
    game_end_at: null,
    nextRank: 0,
    consumerDemand: (config.params.consumerDemand ?? []).map(resetOrder),
  };
  const parts = splitLeanConfig({ ...config, params });
  const stored = record(record(storedGame)['facilities']);
  for (const [fid, f] of Object.entries(parts.facilities)) {
    const before = record(ownEntry(stored, fid));
    if (typeof before['user'] === 'string' && before['user'] === f.user) {
      f.playerName = typeof before['playerName'] === 'string' ? before['playerName'] : null;
    }
  }
  return {
    game: { name: draft.name.trim(), params: parts.params, facilities: parts.facilities },
    privateParams: parts.privateParams,
  };
}

// ------------------------------------------------------------------ the grid and the facilities

export function facilityIds(config: LeanGameInput): FacilityId[] {
  return Object.keys(config.facilities);
}

/** The facilities in line order (the warehouse first). */
export function facilitiesInLine(config: LeanGameInput): [FacilityId, LeanFacilityInput][] {
  return Object.entries(config.facilities).sort(
    ([, a], [, b]) => (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER),
  );
}

function sameCell(a: readonly number[] | undefined, b: Cell): boolean {
  return a !== undefined && a[0] === b[0] && a[1] === b[1];
}

/** The facility on a cell, or null. */
export function facilityAt(config: LeanGameInput, cell: Cell): FacilityId | null {
  for (const [fid, f] of Object.entries(config.facilities)) {
    if (sameCell(f.position, cell)) return fid;
  }
  return null;
}

function mapOf(config: LeanGameInput): { rows: number; cols: number } {
  return config.params.mapSize ?? { ...LEAN_DEFAULTS.mapSize };
}

export function insideMap(config: LeanGameInput, cell: Cell): boolean {
  const { rows, cols } = mapOf(config);
  return cell[0] >= 0 && cell[0] < cols && cell[1] >= 0 && cell[1] < rows;
}

/**
 * Moves a facility to a free cell of the map (LEAN-GRID-1); the configuration unchanged when the
 * cell is taken, outside the map, or the facility unknown.
 */
export function moveFacility(config: LeanGameInput, fid: FacilityId, cell: Cell): LeanGameInput {
  if (!ownEntry(config.facilities, fid) || !insideMap(config, cell)) return config;
  if (facilityAt(config, cell) !== null) return config;
  const next = structuredClone(config);
  (ownEntry(next.facilities, fid) as LeanFacilityInput).position = [cell[0], cell[1]];
  return next;
}

/**
 * The cell a keyboard step reaches from a facility: the next free cell in that direction
 * (skipping taken ones), or null when there is none.
 */
export function stepTarget(
  config: LeanGameInput,
  fid: FacilityId,
  dCol: number,
  dRow: number,
): Cell | null {
  const from = ownEntry(config.facilities, fid)?.position;
  if (!from) return null;
  let cell: Cell = [from[0] + dCol, from[1] + dRow];
  while (insideMap(config, cell)) {
    if (facilityAt(config, cell) === null) return cell;
    cell = [cell[0] + dCol, cell[1] + dRow];
  }
  return null;
}

/** The first free cell, row by row, or null when the map is full. */
export function firstFreeCell(config: LeanGameInput): Cell | null {
  const { rows, cols } = mapOf(config);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) if (facilityAt(config, [c, r]) === null) return [c, r];
  }
  return null;
}

/** A new id with the prefix that no key of `taken` has. */
function freshId(prefix: string, taken: readonly string[]): string {
  for (let n = 1; ; n++) if (!taken.includes(`${prefix}${n}`)) return `${prefix}${n}`;
}

export type AddableFacility = Exclude<FacilityType, 'warehouse'>;

/** The defaults of a new facility of a type (LEAN-FAC-3). */
function newFacility(type: AddableFacility, name: string, line: number, cell: Cell) {
  const painter = type !== 'quality';
  const f: LeanFacilityInput = {
    type,
    name,
    line,
    position: [cell[0], cell[1]],
    batchSize: LEAN_DEFAULTS.batchSize,
    changeoverTime: painter ? LEAN_DEFAULTS.changeoverTime : 0,
    loadTime: LEAN_DEFAULTS.loadTime,
    inspectTime: LEAN_DEFAULTS.inspectTime,
    removeTime: LEAN_DEFAULTS.removeTime,
    defectRate: LEAN_DEFAULTS.defectRate,
  };
  if (type === 'quality') f.rework = false;
  return f;
}

/**
 * Adds a facility at the end of the line, on the first free cell; unchanged when the map is full
 * or the line has its most facilities.
 */
export function addFacility(
  config: LeanGameInput,
  type: AddableFacility,
  name: string,
): { config: LeanGameInput; id: FacilityId | null } {
  const cell = firstFreeCell(config);
  const ids = facilityIds(config);
  if (cell === null || ids.length >= LEAN_BOUNDS.facilities.max) return { config, id: null };
  const next = structuredClone(config);
  const id = freshId(type === 'station' ? 's' : type === 'quality' ? 'q' : 'r', ids);
  const last = Math.max(0, ...Object.values(next.facilities).map((f) => f.line ?? 0));
  setOwn(next.facilities, id, newFacility(type, name, last + 1, cell));
  return { config: next, id };
}

/**
 * Removes a facility (never the warehouse). The operation types it painted become unassigned,
 * which the editor shows until they are given to another facility; the line is renumbered.
 */
export function removeFacility(config: LeanGameInput, fid: FacilityId): LeanGameInput {
  const f = ownEntry(config.facilities, fid);
  if (!f || f.type === 'warehouse') return config;
  const next = structuredClone(config);
  delete next.facilities[fid];
  const assignment = next.params.opAssignment ?? {};
  for (const [type, to] of Object.entries(assignment)) if (to === fid) delete assignment[type];
  return renumberLine(next);
}

/** Lines 0 (the warehouse), 1, 2… in the current order. */
function renumberLine(config: LeanGameInput): LeanGameInput {
  facilitiesInLine(config)
    .filter(([, f]) => f.type !== 'warehouse')
    .forEach(([, f], i) => {
      f.line = i + 1;
    });
  const wh = Object.values(config.facilities).find((f) => f.type === 'warehouse');
  if (wh) wh.line = 0;
  return config;
}

/** Moves a facility one place earlier (-1) or later (+1) in the line; the warehouse stays first. */
export function moveInLine(config: LeanGameInput, fid: FacilityId, by: -1 | 1): LeanGameInput {
  const order = facilitiesInLine(config)
    .filter(([, f]) => f.type !== 'warehouse')
    .map(([id]) => id);
  const i = order.indexOf(fid);
  const j = i + by;
  if (i < 0 || j < 0 || j >= order.length) return config;
  [order[i], order[j]] = [order[j] as string, order[i] as string];
  const next = structuredClone(config);
  order.forEach((id, k) => {
    (ownEntry(next.facilities, id) as LeanFacilityInput).line = k + 1;
  });
  return next;
}

/** The fields of LEAN-FAC-3 the editor shows for a facility type. */
export function facilityFields(
  type: string,
): readonly (
  | 'batchSize'
  | 'changeoverTime'
  | 'loadTime'
  | 'inspectTime'
  | 'removeTime'
  | 'defectRate'
  | 'wipInMax'
  | 'wipOutMax'
)[] {
  // The warehouse uses only its position, batch size and output cap (LEAN-FAC-3).
  if (type === 'warehouse') return ['batchSize', 'wipOutMax'];
  const common = ['batchSize', 'changeoverTime', 'loadTime', 'removeTime', 'defectRate'] as const;
  if (type === 'quality') return [...common, 'inspectTime', 'wipInMax', 'wipOutMax'];
  return [...common, 'wipInMax', 'wipOutMax'];
}

/** A kanban cap as the game uses it: typed, or twice the batch size (LEAN-FAC-3). */
export function capOf(f: LeanFacilityInput, field: 'wipInMax' | 'wipOutMax'): number {
  return f[field] ?? 2 * (f.batchSize ?? LEAN_DEFAULTS.batchSize);
}

export const ADDABLE_TYPES: readonly AddableFacility[] = FACILITY_TYPES.filter(
  (t): t is AddableFacility => t !== 'warehouse',
);

/** Changes a facility's type (not to or from the warehouse). */
export function setFacilityType(
  config: LeanGameInput,
  fid: FacilityId,
  type: AddableFacility,
): LeanGameInput {
  const f = ownEntry(config.facilities, fid);
  if (!f || f.type === 'warehouse') return config;
  const next = structuredClone(config);
  const g = ownEntry(next.facilities, fid) as LeanFacilityInput;
  g.type = type;
  if (type === 'quality') g.rework = g.rework === true;
  else delete g.rework;
  return next;
}

// ------------------------------------------------------------------ products and operations

export function templateIds(config: LeanGameInput): string[] {
  return Object.keys(config.params.productsTemplates ?? {});
}

/** The operation types the products use, in product and dot order, each once. */
export function usedOpTypes(config: LeanGameInput): string[] {
  const out: string[] = [];
  for (const t of Object.values(config.params.productsTemplates ?? {})) {
    for (const op of t.ops ?? []) {
      const type = `${op.shape}:${op.color}`;
      if (!out.includes(type)) out.push(type);
    }
  }
  return out;
}

/** The first painting station in the line, which new operation types go to. */
function firstStation(config: LeanGameInput): FacilityId | null {
  return facilitiesInLine(config).find(([, f]) => f.type === 'station')?.[0] ?? null;
}

/**
 * Keeps the assignment in step with the products: a new operation type goes to the first
 * painting station, a type no product uses any more is dropped.
 */
function syncAssignment(config: LeanGameInput): LeanGameInput {
  const used = usedOpTypes(config);
  const assignment = config.params.opAssignment ?? {};
  for (const type of Object.keys(assignment)) if (!used.includes(type)) delete assignment[type];
  const station = firstStation(config);
  for (const type of used) {
    if (!Object.hasOwn(assignment, type) && station !== null) setOwn(assignment, type, station);
  }
  config.params.opAssignment = assignment;
  return config;
}

/** Adds a product of one dot; unchanged at the most products. */
export function addTemplate(
  config: LeanGameInput,
  name: string,
): { config: LeanGameInput; id: string | null } {
  const ids = templateIds(config);
  if (ids.length >= LEAN_BOUNDS.templates.max) return { config, id: null };
  const next = structuredClone(config);
  const id = freshId('p', ids);
  const templates = next.params.productsTemplates ?? {};
  setOwn(templates, id, {
    name,
    ops: [{ shape: 'circle', color: 'blue', time: LEAN_DEFAULTS.opTime }],
    price: LEAN_DEFAULTS.price,
    materialCost: LEAN_DEFAULTS.materialCost,
    initialStock: LEAN_DEFAULTS.initialStock,
  });
  next.params.productsTemplates = templates;
  return { config: syncAssignment(next), id };
}

/** Removes a product and its orders (never the last product). */
export function removeTemplate(config: LeanGameInput, tid: string): LeanGameInput {
  const ids = templateIds(config);
  if (!ids.includes(tid) || ids.length <= 1) return config;
  const next = structuredClone(config);
  delete (next.params.productsTemplates ?? {})[tid];
  next.params.consumerDemand = (next.params.consumerDemand ?? []).filter(
    (o) => o.template_id !== tid,
  );
  return syncAssignment(next);
}

/** Changes a product's fields (name, price, material cost, initial stock). */
export function setTemplate(
  config: LeanGameInput,
  tid: string,
  change: Partial<Pick<LeanTemplateInput, 'name' | 'price' | 'materialCost' | 'initialStock'>>,
): LeanGameInput {
  if (!ownEntry(config.params.productsTemplates, tid)) return config;
  const next = structuredClone(config);
  Object.assign(ownEntry(next.params.productsTemplates, tid) as LeanTemplateInput, change);
  return next;
}

/** Adds a dot to a product (unchanged at the most dots). */
export function addOp(config: LeanGameInput, tid: string): LeanGameInput {
  const t = ownEntry(config.params.productsTemplates, tid);
  if (!t || (t.ops ?? []).length >= LEAN_BOUNDS.ops.max) return config;
  const next = structuredClone(config);
  const n = ownEntry(next.params.productsTemplates, tid) as LeanTemplateInput;
  n.ops = [...(n.ops ?? []), { shape: 'circle', color: 'blue', time: LEAN_DEFAULTS.opTime }];
  return syncAssignment(next);
}

/** Removes a dot (a product keeps at least one). */
export function removeOp(config: LeanGameInput, tid: string, index: number): LeanGameInput {
  const t = ownEntry(config.params.productsTemplates, tid);
  if (!t || (t.ops ?? []).length <= 1 || index < 0 || index >= (t.ops ?? []).length) return config;
  const next = structuredClone(config);
  const n = ownEntry(next.params.productsTemplates, tid) as LeanTemplateInput;
  n.ops = (n.ops ?? []).filter((_, i) => i !== index);
  return syncAssignment(next);
}

/** Changes a dot's shape, colour or time. */
export function setOp(
  config: LeanGameInput,
  tid: string,
  index: number,
  change: Partial<LeanOpInput>,
): LeanGameInput {
  const t = ownEntry(config.params.productsTemplates, tid);
  if (!t || index < 0 || index >= (t.ops ?? []).length) return config;
  const next = structuredClone(config);
  const ops = (ownEntry(next.params.productsTemplates, tid) as LeanTemplateInput).ops ?? [];
  ops[index] = { ...(ops[index] as LeanOpInput), ...change };
  return syncAssignment(next);
}

/** Gives an operation type to a facility (LEAN-PROD-3). */
export function assignOp(config: LeanGameInput, type: string, fid: FacilityId): LeanGameInput {
  const next = structuredClone(config);
  const assignment = next.params.opAssignment ?? {};
  setOwn(assignment, type, fid);
  next.params.opAssignment = assignment;
  return next;
}

/** The shape and colour of an operation type, or null when it is not one. */
export function parseOpType(type: string): { shape: Shape; color: Color } | null {
  const [shape, color, extra] = type.split(':');
  return isShape(shape) && isColor(color) && extra === undefined ? { shape, color } : null;
}

export { COLORS, SHAPES };

// ------------------------------------------------------------------ demand

/** Adds an order after the last one (same product and quantity, one minute later). */
export function addOrder(config: LeanGameInput): LeanGameInput {
  const next = structuredClone(config);
  const orders = next.params.consumerDemand ?? [];
  const last = orders[orders.length - 1];
  const template = last?.template_id ?? templateIds(config)[0] ?? '';
  const duration = next.params.consumerDemandParams?.totalDuration ?? LEAN_DEFAULTS.totalDuration;
  const created = last ? Math.min(last.created_min + 1, Math.max(0, duration - 0.1)) : 0;
  orders.push({
    created_min: Math.round(created * 10) / 10,
    template_id: template,
    qty: last?.qty ?? LEAN_DEFAULTS.batchSize,
  });
  next.params.consumerDemand = orders;
  return next;
}

export function removeOrder(config: LeanGameInput, index: number): LeanGameInput {
  const orders = config.params.consumerDemand ?? [];
  if (index < 0 || index >= orders.length) return config;
  const next = structuredClone(config);
  next.params.consumerDemand = orders.filter((_, i) => i !== index).map((o) => ({ ...o }));
  return next;
}

/**
 * Changes an order. A due minute of null goes back to the default (the order's minute plus the
 * due delay, LEAN-DEM-4).
 */
export function setOrder(
  config: LeanGameInput,
  index: number,
  change: { created_min?: number; template_id?: string; qty?: number; due_min?: number | null },
): LeanGameInput {
  const orders = config.params.consumerDemand ?? [];
  if (index < 0 || index >= orders.length) return config;
  const next = structuredClone(config);
  const o = (next.params.consumerDemand as LeanOrderInput[])[index] as LeanOrderInput;
  const { due_min: due, ...rest } = change;
  Object.assign(o, rest);
  if (due === null) delete o.due_min;
  else if (due !== undefined) o.due_min = due;
  return next;
}

/** A regular demand pattern: `count` orders from `first`, one every `every` minutes. */
export interface OrderPattern {
  first: number;
  every: number;
  count: number;
  qty: number;
  /** The products in turn (order k is for `templates[k % n]`). */
  templates: readonly string[];
}

/** The orders of a pattern, minutes to 0.1 (the demand is replaced by them). */
export function patternOrders(pattern: OrderPattern): LeanOrderInput[] {
  const n = Math.max(0, Math.min(Math.floor(pattern.count), LEAN_BOUNDS.orders.max));
  if (pattern.templates.length === 0) return [];
  return Array.from({ length: n }, (_, k) => ({
    // In tenths, so 5.4 stays 5.4 and not 5.3999…
    created_min: Math.round((pattern.first + k * pattern.every) * 10) / 10,
    template_id: pattern.templates[k % pattern.templates.length] as string,
    qty: pattern.qty,
  }));
}

export function setDemand(config: LeanGameInput, orders: LeanOrderInput[]): LeanGameInput {
  const next = structuredClone(config);
  next.params.consumerDemand = orders;
  return next;
}

// ------------------------------------------------------------------ improvements

export { IMPROVEMENTS, SETTING_IMPROVEMENTS };

/** Lets players change a lever (or not) in the improvements panel (LEAN-IMP-0). */
export function allowImprovement(
  config: LeanGameInput,
  lever: Improvement,
  allowed: boolean,
): LeanGameInput {
  const next = structuredClone(config);
  const set = new Set(next.params.improvements ?? []);
  if (allowed) set.add(lever);
  else set.delete(lever);
  next.params.improvements = IMPROVEMENTS.filter((i) => set.has(i));
  return next;
}

/** Lookups by own key for the page (ids come from documents). */
export function templateOf(config: LeanGameInput, tid: string): LeanTemplateInput | undefined {
  return ownEntry(config.params.productsTemplates, tid);
}

export function facilityOf(config: LeanGameInput, fid: FacilityId): LeanFacilityInput | undefined {
  return ownEntry(config.facilities, fid);
}

/** Changes fields of a facility. */
export function setFacility(
  config: LeanGameInput,
  fid: FacilityId,
  change: Partial<LeanFacilityInput>,
): LeanGameInput {
  if (!ownEntry(config.facilities, fid)) return config;
  const next = structuredClone(config);
  Object.assign(
    ownOrAdd(next.facilities, fid, () => ({ type: 'station' })),
    change,
  );
  return next;
}
