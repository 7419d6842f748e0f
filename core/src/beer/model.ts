/**
 * The beer game model of spec §3 (game params, facilities keyed by id, `pdata`
 * per product, `capabilities` per id), the defaults of spec §9 and the bounds
 * of spec §5. Input documents may omit any simulation field; `normalizeGame`
 * fills the defaults. Only the fields the simulation reads are typed here;
 * other document fields (icon, position, user…) may be present and are kept.
 */

export type FacilityId = string;
export type ProductId = string;
export type CapabilityId = string;

/** Consumer demand of one product, week by week (BEER-DEM-2). */
export type DemandPattern =
  | readonly number[]
  | { readonly type: 'series'; readonly values: readonly number[] }
  | {
      readonly type: 'step';
      readonly initial: number;
      readonly final: number;
      readonly week: number;
    }
  | { readonly type: 'uniform'; readonly min: number; readonly max: number }
  | { readonly type: 'normal'; readonly mean: number; readonly sd: number };

/** Per-product data of a facility (spec §3 `pdata`). */
export interface ProductData {
  stock: number;
  backlog: number;
  allowBacklog: boolean;
  /** Most units shipped per week for this product; 0 = no limit. */
  maxShipQty: number;
  unitPrice: number;
  stockCost: number;
  backlogCost: number;
  missedSaleCost: number;
}

export type CapabilityType = 'purchase' | 'production';

/** A way for a facility to obtain a product (spec §3 `capabilities`). */
export interface Capability {
  pid: ProductId;
  type: CapabilityType;
  /** Supplier facility id (purchase only). */
  from?: FacilityId;
  /** Weeks from placing an order to receiving the goods when nothing is short. */
  leadtime: number;
  /** Weeks from placing an order to its arrival at the supplier (or at production). */
  ordertime: number;
  startOrders: number;
  visibleWeeks: number;
  /** Minimum order quantity; 0 = none. */
  moq: number;
  /** Cost per unit started in production (production only). */
  productionCost: number;
  /** Extra weeks of shipping delay, drawn uniformly in [0, leadtimeVariability]. */
  leadtimeVariability: number;
  /** Largest order; 0 = none. */
  maxOrderQty: number;
  /** Orders are rounded up to a multiple of batchSize; 0 = none. */
  batchSize: number;
}

export interface StartMetrics {
  stock: number;
  backlog: number;
  cost: number;
  revenue: number;
}

export interface Facility {
  id: FacilityId;
  name: string;
  type?: string;
  pdata: Record<ProductId, ProductData>;
  capabilities: Record<CapabilityId, Capability>;
  clients?: FacilityId[];
  startMetrics?: StartMetrics;
}

export interface ProductTemplate {
  name: string;
  productEmoji?: string;
}

export interface BeerParams {
  /** Number of weeks played. */
  weeks: number;
  transparent: boolean;
  /** Consumer demand for every product without its own pattern. */
  consumerDemand: DemandPattern;
  productsConsumerDemand?: Record<ProductId, DemandPattern>;
  productsTemplates?: Record<ProductId, ProductTemplate>;
  /** Orders of weeks 1..forcedOrderWeeks are the capability's startOrders (BEER-ORD-5). */
  forcedOrderWeeks: number;
  /** Seed of every random draw of the game (BEER-RND-1). */
  seed: number;
}

/**
 * Manual allocation weights, set by `confirmAllocations`:
 * allocations[supplierId][pid][clientFacilityId] = weight (BEER-SHIP-3).
 */
export type Allocations = Record<FacilityId, Record<ProductId, Record<FacilityId, number>>>;

/** The simulation-relevant part of a beer game document. */
export interface BeerGame {
  params: BeerParams;
  facilities: Record<FacilityId, Facility>;
  allocations?: Allocations;
}

// ---------------------------------------------------------------- input shape

type DeepPartialProduct = Partial<ProductData>;
type PartialCapability = Partial<Capability> & { pid: ProductId; type: CapabilityType };

export interface FacilityInput {
  id?: FacilityId;
  name?: string;
  type?: string;
  pdata: Record<ProductId, DeepPartialProduct>;
  capabilities?: Record<CapabilityId, PartialCapability>;
  clients?: FacilityId[];
  startMetrics?: StartMetrics;
}

export interface BeerGameInput {
  params?: Partial<BeerParams>;
  facilities: Record<FacilityId, FacilityInput>;
  allocations?: Allocations;
}

/** Spec §9 defaults. */
export const BEER_DEFAULTS = {
  stock: 12,
  backlog: 0,
  allowBacklog: true,
  maxShipQty: 0,
  stockCost: 0.5,
  backlogCost: 1,
  unitPrice: 0,
  missedSaleCost: 0,
  leadtime: 3,
  ordertime: 1,
  startOrders: 4,
  visibleWeeks: 2,
  moq: 0,
  productionCost: 0,
  leadtimeVariability: 0,
  maxOrderQty: 0,
  batchSize: 0,
  weeks: 36,
  seed: 1,
  forcedOrderWeeks: 0,
} as const;

/** Fills every missing simulation field with the defaults of spec §9. */
export function normalizeGame(input: BeerGameInput): BeerGame {
  const p = input.params ?? {};
  const params: BeerParams = {
    weeks: p.weeks ?? BEER_DEFAULTS.weeks,
    transparent: p.transparent ?? false,
    consumerDemand: p.consumerDemand ?? [BEER_DEFAULTS.startOrders],
    forcedOrderWeeks: p.forcedOrderWeeks ?? BEER_DEFAULTS.forcedOrderWeeks,
    seed: p.seed ?? BEER_DEFAULTS.seed,
  };
  if (p.productsConsumerDemand) params.productsConsumerDemand = p.productsConsumerDemand;
  if (p.productsTemplates) params.productsTemplates = p.productsTemplates;
  const facilities: Record<FacilityId, Facility> = {};
  for (const [id, f] of Object.entries(input.facilities)) {
    const pdata: Record<ProductId, ProductData> = {};
    for (const [pid, d] of Object.entries(f.pdata)) {
      pdata[pid] = {
        stock: d.stock ?? BEER_DEFAULTS.stock,
        backlog: d.backlog ?? BEER_DEFAULTS.backlog,
        allowBacklog: d.allowBacklog ?? BEER_DEFAULTS.allowBacklog,
        maxShipQty: d.maxShipQty ?? BEER_DEFAULTS.maxShipQty,
        unitPrice: d.unitPrice ?? BEER_DEFAULTS.unitPrice,
        stockCost: d.stockCost ?? BEER_DEFAULTS.stockCost,
        backlogCost: d.backlogCost ?? BEER_DEFAULTS.backlogCost,
        missedSaleCost: d.missedSaleCost ?? BEER_DEFAULTS.missedSaleCost,
      };
    }
    const capabilities: Record<CapabilityId, Capability> = {};
    for (const [cid, c] of Object.entries(f.capabilities ?? {})) {
      const cap: Capability = {
        pid: c.pid,
        type: c.type,
        leadtime: c.leadtime ?? BEER_DEFAULTS.leadtime,
        ordertime: c.ordertime ?? BEER_DEFAULTS.ordertime,
        startOrders: c.startOrders ?? BEER_DEFAULTS.startOrders,
        visibleWeeks: c.visibleWeeks ?? BEER_DEFAULTS.visibleWeeks,
        moq: c.moq ?? BEER_DEFAULTS.moq,
        productionCost: c.productionCost ?? BEER_DEFAULTS.productionCost,
        leadtimeVariability: c.leadtimeVariability ?? BEER_DEFAULTS.leadtimeVariability,
        maxOrderQty: c.maxOrderQty ?? BEER_DEFAULTS.maxOrderQty,
        batchSize: c.batchSize ?? BEER_DEFAULTS.batchSize,
      };
      if (c.from !== undefined) cap.from = c.from;
      capabilities[cid] = cap;
    }
    const fac: Facility = { id, name: f.name ?? id, pdata, capabilities };
    if (f.type !== undefined) fac.type = f.type;
    if (f.clients !== undefined) fac.clients = f.clients;
    if (f.startMetrics !== undefined) fac.startMetrics = f.startMetrics;
    facilities[id] = fac;
  }
  const game: BeerGame = { params, facilities };
  if (input.allocations) game.allocations = input.allocations;
  return game;
}

// ------------------------------------------------------------------ validation

/**
 * A validation problem. `key` is a translation key for the UI (never an
 * English sentence); `path` points at the offending field; `min`/`max` give
 * the bounds when the key is about a range.
 */
export interface ValidationIssue {
  key: string;
  path: string;
  min?: number;
  max?: number;
}

export const BEER_BOUNDS = {
  facilities: { min: 2, max: 8 },
  quantity: { min: 0, max: 999 },
  cost: { min: 0, max: 999, step: 0.5 },
  leadtime: { min: 2, max: 6 },
  leadtimeVariability: { min: 0, max: 6 },
  visibleWeeks: { min: 0, max: 6 },
  weeks: { min: 1, max: 200 },
} as const;

function isStep(v: number, step: number): boolean {
  return Math.abs(v / step - Math.round(v / step)) < 1e-9;
}

/** Checks a normalised game against the bounds of spec §5 and the network rules (BEER-NET-*). */
export function validateGame(game: BeerGame): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  // Field `field` of `prefix`: key `beer.<field>.range`, path `<prefix>.<field>` (built only on an issue).
  const range = (
    prefix: string,
    field: string,
    v: number,
    min: number,
    max: number,
    step: number,
  ) => {
    if (!Number.isFinite(v) || v < min || v > max || !isStep(v, step)) {
      issues.push({ key: `beer.${field}.range`, path: `${prefix}.${field}`, min, max });
    }
  };
  const ids = Object.keys(game.facilities);
  if (ids.length < BEER_BOUNDS.facilities.min || ids.length > BEER_BOUNDS.facilities.max) {
    issues.push({ key: 'beer.facilities.count', path: 'facilities', ...BEER_BOUNDS.facilities });
  }
  const w = game.params.weeks;
  range('params', 'weeks', w, BEER_BOUNDS.weeks.min, BEER_BOUNDS.weeks.max, 1);
  range('params', 'forcedOrderWeeks', game.params.forcedOrderWeeks, 0, w, 1);
  if (!Number.isInteger(game.params.seed)) {
    issues.push({ key: 'beer.seed.integer', path: 'params.seed' });
  }
  const patterns: [string, DemandPattern][] = [
    ['params.consumerDemand', game.params.consumerDemand],
  ];
  for (const [pid, pat] of Object.entries(game.params.productsConsumerDemand ?? {})) {
    patterns.push([`params.productsConsumerDemand.${pid}`, pat]);
  }
  for (const [path, pat] of patterns) {
    if (!demandPatternValid(pat)) issues.push({ key: 'beer.demand.invalid', path });
  }
  for (const [id, f] of Object.entries(game.facilities)) {
    const base = `facilities.${id}`;
    if (f.id !== id) issues.push({ key: 'beer.facility.idMismatch', path: `${base}.id` });
    const pids = Object.keys(f.pdata);
    if (pids.length === 0) issues.push({ key: 'beer.facility.noProduct', path: `${base}.pdata` });
    for (const [pid, d] of Object.entries(f.pdata)) {
      const pb = `${base}.pdata.${pid}`;
      const q = BEER_BOUNDS.quantity;
      const c = BEER_BOUNDS.cost;
      range(pb, 'stock', d.stock, q.min, q.max, 1);
      range(pb, 'backlog', d.backlog, q.min, q.max, 1);
      range(pb, 'maxShipQty', d.maxShipQty, q.min, q.max, 1);
      range(pb, 'stockCost', d.stockCost, c.min, c.max, c.step);
      range(pb, 'backlogCost', d.backlogCost, c.min, c.max, c.step);
      range(pb, 'unitPrice', d.unitPrice, c.min, c.max, c.step);
      range(pb, 'missedSaleCost', d.missedSaleCost, c.min, c.max, c.step);
    }
    const capPids = new Set<ProductId>();
    for (const [cid, cap] of Object.entries(f.capabilities)) {
      const cb = `${base}.capabilities.${cid}`;
      capPids.add(cap.pid);
      if (!Object.hasOwn(f.pdata, cap.pid))
        issues.push({ key: 'beer.capability.unknownProduct', path: `${cb}.pid` });
      if (cap.type !== 'purchase' && cap.type !== 'production') {
        issues.push({ key: 'beer.capability.type', path: `${cb}.type` });
      }
      if (cap.type === 'purchase') {
        const sup =
          cap.from !== undefined && Object.hasOwn(game.facilities, cap.from)
            ? game.facilities[cap.from]
            : undefined;
        if (!sup) issues.push({ key: 'beer.capability.unknownSupplier', path: `${cb}.from` });
        else if (cap.from === id)
          issues.push({ key: 'beer.capability.selfSupplier', path: `${cb}.from` });
        else if (!Object.hasOwn(sup.pdata, cap.pid)) {
          issues.push({ key: 'beer.capability.supplierLacksProduct', path: `${cb}.from` });
        }
      }
      const lt = BEER_BOUNDS.leadtime;
      range(cb, 'leadtime', cap.leadtime, lt.min, lt.max, 1);
      range(cb, 'ordertime', cap.ordertime, 1, Math.max(1, cap.leadtime - 1), 1);
      const q = BEER_BOUNDS.quantity;
      range(cb, 'startOrders', cap.startOrders, q.min, q.max, 1);
      range(cb, 'moq', cap.moq, q.min, q.max, 1);
      range(cb, 'batchSize', cap.batchSize, q.min, q.max, 1);
      range(cb, 'maxOrderQty', cap.maxOrderQty, q.min, q.max, 1);
      const v = BEER_BOUNDS.visibleWeeks;
      range(cb, 'visibleWeeks', cap.visibleWeeks, v.min, v.max, 1);
      const lv = BEER_BOUNDS.leadtimeVariability;
      range(cb, 'leadtimeVariability', cap.leadtimeVariability, lv.min, lv.max, 1);
      const c = BEER_BOUNDS.cost;
      range(cb, 'productionCost', cap.productionCost, c.min, c.max, c.step);
    }
    for (const pid of pids) {
      if (!capPids.has(pid))
        issues.push({ key: 'beer.product.noSource', path: `${base}.pdata.${pid}` });
    }
  }
  return issues;
}

function demandPatternValid(p: DemandPattern): boolean {
  const ok = (n: number) => Number.isFinite(n) && n >= 0 && n <= 999;
  if (Array.isArray(p)) return p.length > 0 && p.every(ok);
  const d = p as Exclude<DemandPattern, readonly number[]>;
  switch (d.type) {
    case 'series':
      return d.values.length > 0 && d.values.every(ok);
    case 'step':
      return ok(d.initial) && ok(d.final) && Number.isInteger(d.week) && d.week >= 1;
    case 'uniform':
      return ok(d.min) && ok(d.max) && d.min <= d.max;
    case 'normal':
      return ok(d.mean) && Number.isFinite(d.sd) && d.sd >= 0 && d.sd <= 999;
    default:
      return false;
  }
}
