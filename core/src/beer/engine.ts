/**
 * The beer game engine: one week is one pure function from a state and the
 * orders of that week to the next state. States are plain JSON.
 *
 * Order of events in week t (BEER-WEEK-1), for every facility at once, each
 * step finished for all facilities before the next one starts:
 *   1. Receive (BEER-RCV-1): goods due this week are added to stock.
 *   2. Orders arrive (BEER-ORD-7): each order placed in week t − ordertime
 *      reaches its supplier and is added to what the supplier owes that client;
 *      production orders start production (BEER-PROD-1); consumer demand of
 *      the week is added to what consumer-facing facilities owe (BEER-DEM-1).
 *   3. Ship (BEER-SHIP-1..4): each supplier ships what it can of what it owes,
 *      allocated among clients (BEER-SHIP-2/3); shipments are put in transit.
 *      Without backlog, what is not shipped is lost (BEER-LOST-1).
 *   4. Account (BEER-COST-*, BEER-REV-1): costs on end-of-week stock and
 *      backlog, revenue, profit.
 *   5. Order (BEER-ORD-*): players (or computer players) place orders, seeing
 *      the results of steps 1–4.
 * A state sits between steps 4 and 5 of its `week` (BEER-WEEK-2):
 * `createGame` runs steps 1–4 of week 1; `advanceWeek(state, orders)` runs
 * step 5 of week t and steps 1–4 of week t + 1, or finishes the game after
 * the orders of the last week.
 */
import { allocateInto, roundHalfAway } from './math';
import { applyOrderRules } from './order-rules';
import type {
  Allocations,
  BeerGame,
  BeerGameInput,
  Capability,
  CapabilityId,
  CapabilityType,
  DemandPattern,
  Facility,
  FacilityId,
  ProductData,
  ProductId,
} from './model';
import { normalizeGame, validateGame } from './model';
import { randomIntAt, randomNormalAt, STREAM } from './random';

export { applyOrderRules };

// ------------------------------------------------------------------ state types

export interface CapabilityState {
  /** Orders on their way to the supplier: mail[k] reaches it in week (week + 1 + k). */
  mail: number[];
  /** Goods on their way here: transit[k] arrives in week (week + 1 + k). */
  transit: number[];
}

export interface ProductState {
  stock: number;
  /** What is owed to each client slot of this product (BEER-BACK-1); see `clientSlots`. */
  owed: number[];
}

export interface FacilityState {
  id: FacilityId;
  /** Aligned with `productIds(state, facility)` (the keys of its pdata in order). */
  products: ProductState[];
  /** Aligned with `capabilityIds(state, facility)`. */
  capabilities: CapabilityState[];
  cumCost: number;
  cumRevenue: number;
}

export interface ProductWeek {
  pid: ProductId;
  /** Consumer demand faced this week (0 when not consumer-facing). */
  demand: number;
  /** Units ordered from this facility that arrived this week (consumer demand included). */
  incoming: number;
  received: number;
  shipped: number;
  lost: number;
  /** End of week. */
  stock: number;
  /** End of week, everything still owed to clients and consumers. */
  backlog: number;
  holdingCost: number;
  backlogCost: number;
  missedSaleCost: number;
  productionCost: number;
  purchaseCost: number;
  revenue: number;
}

export interface CapabilityWeek {
  id: CapabilityId;
  pid: ProductId;
  /** Goods received through this capability this week. */
  received: number;
  /** Units the supplier shipped (or production started) for this capability this week. */
  supplied: number;
  /** Units of this capability's orders the supplier could not ship and dropped (BEER-LOST-1). */
  cancelled: number;
  /** The quantity asked for this week (before the order rules). */
  requested: number;
  /** The order placed this week after BEER-ORD-1..5. */
  ordered: number;
}

export interface FacilityWeek {
  id: FacilityId;
  cost: number;
  revenue: number;
  profit: number;
  cumCost: number;
  cumRevenue: number;
  products: ProductWeek[];
  capabilities: CapabilityWeek[];
}

export interface WeekRecord {
  week: number;
  /** Downstream first, same order as `state.facilities`. */
  facilities: FacilityWeek[];
}

interface BeerStateBase {
  game: BeerGame;
  /** The current week (1-based). */
  week: number;
  /** Downstream first (BEER-NET-4). */
  facilities: FacilityState[];
  /** Completed weeks, oldest first. */
  history: WeekRecord[];
}

export interface RunningBeerState extends BeerStateBase {
  status: 'running';
  /** Steps 1–4 of `week` are done; orders (step 5) are awaited. `ordered` is 0 here. */
  current: WeekRecord;
}

export interface FinishedBeerState extends BeerStateBase {
  status: 'finished';
  current: null;
}

export type BeerState = RunningBeerState | FinishedBeerState;

/** The orders of one week: orders[facilityId][capabilityId] = quantity. */
export type WeekOrders = Record<FacilityId, Record<CapabilityId, number> | undefined>;

// -------------------------------------------------------------- compiled model

/** A client slot of a supplier's product: a client capability, or the consumers. */
export interface ClientSlot {
  /** Facility index of the client, or -1 for consumers. */
  fac: number;
  /** Capability index in the client, or -1 for consumers. */
  cap: number;
  /** Index of the client capability in `CompiledModel.capBase` numbering, or -1 for consumers. */
  flatCap: number;
  /** Index of the client's product in `CompiledModel.productBase` numbering, or -1 for consumers. */
  flatProduct: number;
}

export interface CompiledCapability {
  id: CapabilityId;
  pid: ProductId;
  /** Index of the product in the owning facility. */
  p: number;
  type: CapabilityType;
  /** Facility index of the supplier, -1 for production. */
  sup: number;
  /** Product index in the supplier. */
  supP: number;
  /** Client slot index in the supplier's product. */
  slot: number;
  leadtime: number;
  ordertime: number;
  /** leadtime − ordertime: weeks from shipping to arrival. */
  delay: number;
  variability: number;
  startOrders: number;
  visibleWeeks: number;
  moq: number;
  batchSize: number;
  maxOrderQty: number;
  productionCost: number;
}

export interface CompiledFacility {
  id: FacilityId;
  name: string;
  type: string | undefined;
  pids: ProductId[];
  pdata: ProductData[];
  caps: CompiledCapability[];
  /** Per product: the client slots, downstream first; consumers have a single slot. */
  slots: ClientSlot[][];
  /** Per product: consumer demand pattern when consumer-facing, else null (BEER-DEM-1). */
  demand: (DemandPattern | null)[];
  /** Distance to the consumer (0 = consumer-facing). */
  level: number;
  /** Per product: indexes of the capabilities that supply it. */
  productCaps: number[][];
  /** Per product: sum of startOrders and longest lead time of its capabilities. */
  productStartOrders: number[];
  productLeadtime: number[];
  /** Per product: initial stock + startOrders × pipeline weeks as Sterman counts them (BEER-AI-1). */
  productSprime: number[];
}

export interface CompiledModel {
  facilities: CompiledFacility[];
  index: Map<FacilityId, number>;
  /** Per facility: index of its first product / capability when all are numbered in facility order. */
  productBase: number[];
  capBase: number[];
  /** Scratch sums of `runSteps` (not state: every call starts them from 0). */
  work: StepWork;
}

/** Week sums `runSteps` accumulates before it writes the week's records. */
interface StepWork {
  demand: number[];
  incoming: number[];
  received: number[];
  shipped: number[];
  lost: number[];
  productionCost: number[];
  purchaseCost: number[];
  capReceived: number[];
  capSupplied: number[];
  capCancelled: number[];
  /** Allocation scratch (BEER-SHIP-2/3), grown on demand. */
  alloc: number[];
  frac: number[];
}

const compiledCache = new WeakMap<BeerGame, CompiledModel>();

/** Compiles a normalised game into index form. Memoised per game object. */
export function compile(game: BeerGame): CompiledModel {
  const hit = compiledCache.get(game);
  if (hit) return hit;
  const model = compileModel(game);
  compiledCache.set(game, model);
  return model;
}

/** A capability of the document, read once (`compileModel`). */
interface RawCap {
  id: CapabilityId;
  c: Capability;
}

function compileModel(game: BeerGame): CompiledModel {
  const ids = Object.keys(game.facilities);
  const docs: Facility[] = [];
  const raws: RawCap[][] = [];
  // Who buys which products from whom: supplier id → product ids.
  const bought = new Map<FacilityId, Set<ProductId>>();
  const edgeFrom: number[] = [];
  const edgeTo: FacilityId[] = [];
  for (let i = 0; i < ids.length; i++) {
    const f = game.facilities[ids[i] as FacilityId];
    if (!f) throw new Error(`unknown facility ${ids[i]}`);
    docs.push(f);
    const list: RawCap[] = [];
    for (const cid of Object.keys(f.capabilities)) {
      const c = f.capabilities[cid] as Capability;
      list.push({ id: cid, c });
      if (c.type !== 'purchase' || c.from === undefined) continue;
      let pids = bought.get(c.from);
      if (!pids) {
        pids = new Set<ProductId>();
        bought.set(c.from, pids);
      }
      pids.add(c.pid);
      edgeFrom.push(i);
      edgeTo.push(c.from);
    }
    raws.push(list);
  }
  const hasClients = (id: FacilityId, pid: ProductId): boolean => bought.get(id)?.has(pid) ?? false;
  // Levels: 0 for facilities with a consumer-facing product, then 1 + min level of clients.
  const level = new Map<FacilityId, number>();
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as FacilityId;
    for (const pid of Object.keys((docs[i] as Facility).pdata)) {
      if (!hasClients(id, pid)) {
        level.set(id, 0);
        break;
      }
    }
  }
  for (let changed = true; changed;) {
    changed = false;
    for (let e = 0; e < edgeFrom.length; e++) {
      const mine = level.get(ids[edgeFrom[e] as number] as FacilityId);
      if (mine === undefined) continue;
      const from = edgeTo[e] as FacilityId;
      const theirs = level.get(from);
      if (theirs === undefined || theirs > mine + 1) {
        level.set(from, mine + 1);
        changed = true;
      }
    }
  }
  const order = ids
    .map((id, i) => ({ id, i, l: level.get(id) ?? Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.l - b.l || a.i - b.i);
  const index = new Map<FacilityId, number>();
  for (let k = 0; k < order.length; k++) index.set((order[k] as { id: FacilityId }).id, k);
  const consumerDemand = game.params.consumerDemand;
  const productsDemand = game.params.productsConsumerDemand;
  const facilities: CompiledFacility[] = [];
  for (const { id, i, l } of order) {
    const f = docs[i] as Facility;
    const pids = Object.keys(f.pdata);
    const pdata: ProductData[] = [];
    const slots: ClientSlot[][] = [];
    const demand: (DemandPattern | null)[] = [];
    const productCaps: number[][] = [];
    const productStartOrders: number[] = [];
    const productLeadtime: number[] = [];
    const productSprime: number[] = [];
    for (const pid of pids) {
      const d = f.pdata[pid] as ProductData;
      pdata.push(d);
      slots.push([]);
      demand.push(hasClients(id, pid) ? null : (productsDemand?.[pid] ?? consumerDemand));
      productCaps.push([]);
      productStartOrders.push(0);
      productLeadtime.push(0);
      productSprime.push(d.stock);
    }
    const cf: CompiledFacility = {
      id,
      name: f.name,
      type: f.type,
      pids,
      pdata,
      caps: [],
      slots,
      demand,
      level: l,
      productCaps,
      productStartOrders,
      productLeadtime,
      productSprime,
    };
    facilities.push(cf);
  }
  for (const cf of facilities) {
    const list = raws[ids.indexOf(cf.id)] as RawCap[];
    for (const { id: cid, c } of list) {
      const p = cf.pids.indexOf(c.pid);
      const sup = c.type === 'purchase' && c.from !== undefined ? (index.get(c.from) ?? -1) : -1;
      const supF = sup >= 0 ? facilities[sup] : undefined;
      cf.productCaps[p]?.push(cf.caps.length);
      if (p >= 0) {
        cf.productStartOrders[p] = (cf.productStartOrders[p] ?? 0) + c.startOrders;
        cf.productLeadtime[p] = Math.max(cf.productLeadtime[p] ?? 0, c.leadtime);
        const weeks = c.type === 'purchase' ? c.leadtime : c.leadtime - c.ordertime;
        cf.productSprime[p] = (cf.productSprime[p] ?? 0) + c.startOrders * weeks;
      }
      cf.caps.push({
        id: cid,
        pid: c.pid,
        p,
        type: c.type,
        sup,
        supP: supF ? supF.pids.indexOf(c.pid) : -1,
        slot: -1,
        leadtime: c.leadtime,
        ordertime: c.ordertime,
        delay: Math.max(1, c.leadtime - c.ordertime),
        variability: c.leadtimeVariability,
        startOrders: c.startOrders,
        visibleWeeks: c.visibleWeeks,
        moq: c.moq,
        batchSize: c.batchSize,
        maxOrderQty: c.maxOrderQty,
        productionCost: c.productionCost,
      });
    }
  }
  // Numbering of all products and capabilities, facility after facility.
  const productBase: number[] = [];
  const capBase: number[] = [];
  let np = 0;
  let nc = 0;
  for (const cf of facilities) {
    productBase.push(np);
    capBase.push(nc);
    np += cf.pids.length;
    nc += cf.caps.length;
  }
  // Client slots, downstream first.
  for (let fi = 0; fi < facilities.length; fi++) {
    const caps = (facilities[fi] as CompiledFacility).caps;
    for (let ci = 0; ci < caps.length; ci++) {
      const cap = caps[ci] as CompiledCapability;
      if (cap.sup < 0) continue;
      const slots = facilities[cap.sup]?.slots[cap.supP];
      if (!slots) continue;
      cap.slot = slots.length;
      slots.push({
        fac: fi,
        cap: ci,
        flatCap: (capBase[fi] as number) + ci,
        flatProduct: (productBase[fi] as number) + cap.p,
      });
    }
  }
  for (const cf of facilities) {
    for (let p = 0; p < cf.demand.length; p++) {
      if (cf.demand[p] !== null) cf.slots[p] = [{ fac: -1, cap: -1, flatCap: -1, flatProduct: -1 }];
    }
  }
  const work: StepWork = {
    demand: filled(np, 0),
    incoming: filled(np, 0),
    received: filled(np, 0),
    shipped: filled(np, 0),
    lost: filled(np, 0),
    productionCost: filled(np, 0),
    purchaseCost: filled(np, 0),
    capReceived: filled(nc, 0),
    capSupplied: filled(nc, 0),
    capCancelled: filled(nc, 0),
    alloc: [],
    frac: [],
  };
  return { facilities, index, productBase, capBase, work };
}

/** A packed array of `n` times `v` (packed arrays are the fastest to read, shift and push). */
function filled(n: number, v: number): number[] {
  const a: number[] = [];
  for (let k = 0; k < n; k++) a.push(v);
  return a;
}

// ------------------------------------------------------------------ the rules

/** BEER-DEM-2/3: consumer demand of a pattern in a week, drawn at (seed, week, facility, product). */
export function demandAt(
  pattern: DemandPattern,
  week: number,
  seed: number,
  fac: number,
  p: number,
): number {
  if (Array.isArray(pattern)) return seriesAt(pattern as readonly number[], week);
  const d = pattern as Exclude<DemandPattern, readonly number[]>;
  switch (d.type) {
    case 'series':
      return seriesAt(d.values, week);
    case 'step':
      return roundHalfAway(week < d.week ? d.initial : d.final);
    case 'uniform':
      return randomIntAt(seed, STREAM.demand, week, fac, p, Math.ceil(d.min), Math.floor(d.max));
    case 'normal':
      return Math.max(
        0,
        roundHalfAway(d.mean + d.sd * randomNormalAt(seed, STREAM.demand, week, fac, p)),
      );
    default:
      return 0;
  }
}

function seriesAt(values: readonly number[], week: number): number {
  if (values.length === 0) return 0;
  const v = values[Math.min(week, values.length) - 1] ?? 0;
  return Math.max(0, roundHalfAway(v));
}

/** BEER-VAR-1: extra shipping weeks for a shipment, drawn at (seed, week, facility, capability). */
export function extraDelay(
  seed: number,
  week: number,
  fac: number,
  cap: number,
  variability: number,
): number {
  if (variability <= 0) return 0;
  return randomIntAt(seed, STREAM.leadtime, week, fac, cap, 0, variability);
}

// ------------------------------------------------------------------ creation

/** Thrown by `createGame` when the game does not validate; `issues` carries the keys. */
export class BeerConfigError extends Error {
  constructor(readonly issues: ReturnType<typeof validateGame>) {
    super(`invalid beer game: ${issues.map((i) => `${i.key}@${i.path}`).join(', ')}`);
    this.name = 'BeerConfigError';
  }
}

/**
 * Creates the state of a new game (BEER-START-1) and runs steps 1–4 of week 1.
 * Accepts a partial game document; missing fields take the spec §9 defaults.
 * Throws `BeerConfigError` when `validateGame` reports problems.
 */
export function createGame(input: BeerGameInput | BeerGame): RunningBeerState {
  return startGame(input, true).state;
}

/**
 * `createGame` with its compiled model. `cache` false leaves the compiled
 * model out of the per-game cache, for a caller that keeps it at hand (a
 * whole run in `simulate`); `compile` of the game later compiles it again.
 */
export function startGame(
  input: BeerGameInput | BeerGame,
  cache: boolean,
): { state: RunningBeerState; model: CompiledModel } {
  const game = normalizeGame(input);
  const issues = validateGame(game);
  if (issues.length > 0) throw new BeerConfigError(issues);
  const model = cache ? compile(game) : compileModel(game);
  const facilities: FacilityState[] = model.facilities.map((cf) => ({
    id: cf.id,
    products: cf.pdata.map((d, p) => {
      const owed = filled(cf.slots[p]?.length ?? 0, 0);
      // Initial backlog is owed to the consumers, else to the first client.
      if (owed.length > 0) owed[0] = d.backlog;
      return { stock: d.stock, owed };
    }),
    capabilities: cf.caps.map((c) => ({
      mail: filled(c.ordertime, c.startOrders),
      transit: filled(c.delay, c.startOrders),
    })),
    cumCost: game.facilities[cf.id]?.startMetrics?.cost ?? 0,
    cumRevenue: game.facilities[cf.id]?.startMetrics?.revenue ?? 0,
  }));
  const current = runSteps(game, model, facilities, 1);
  return { state: { game, week: 1, status: 'running', facilities, history: [], current }, model };
}

// ------------------------------------------------------------------ a week

function cloneFacilities(fs: readonly FacilityState[]): FacilityState[] {
  const out = new Array<FacilityState>(fs.length);
  for (let i = 0; i < fs.length; i++) {
    const f = fs[i] as FacilityState;
    const products = new Array<ProductState>(f.products.length);
    for (let p = 0; p < f.products.length; p++) {
      const ps = f.products[p] as ProductState;
      products[p] = { stock: ps.stock, owed: ps.owed.slice() };
    }
    const caps = new Array<CapabilityState>(f.capabilities.length);
    for (let c = 0; c < f.capabilities.length; c++) {
      const cs = f.capabilities[c] as CapabilityState;
      caps[c] = { mail: cs.mail.slice(), transit: cs.transit.slice() };
    }
    out[i] = {
      id: f.id,
      products,
      capabilities: caps,
      cumCost: f.cumCost,
      cumRevenue: f.cumRevenue,
    };
  }
  return out;
}

/**
 * Plays step 5 of the current week with `orders` (BEER-ORD-*), then steps 1–4
 * of the next week, or finishes the game after the last week. Pure: the input
 * state is not changed. Orders of a finished game are ignored.
 */
export function advanceWeek(state: BeerState, orders: WeekOrders): BeerState {
  if (state.status === 'finished') return state;
  const game = state.game;
  const model = compile(game);
  const facilities = cloneFacilities(state.facilities);
  const week = state.week;
  const record = placeOrders(game, model, facilities, state.current, orders, false);
  const history = state.history.slice();
  history.push(record);
  if (week >= game.params.weeks) {
    return { game, week, status: 'finished', facilities, history, current: null };
  }
  const current = runSteps(game, model, facilities, week + 1);
  return { game, week: week + 1, status: 'running', facilities, history, current };
}

/**
 * Step 5 (BEER-ORD-1..6): puts the orders in the mail of `facilities` (which
 * the caller owns) and returns the week's completed record: a copy of
 * `current`, or `current` itself completed in place when `inPlace` (when the
 * caller owns it too).
 */
export function placeOrders(
  game: BeerGame,
  model: CompiledModel,
  facilities: FacilityState[],
  current: WeekRecord,
  orders: WeekOrders,
  inPlace: boolean,
): WeekRecord {
  const forced = current.week <= game.params.forcedOrderWeeks;
  const recFacs = inPlace ? current.facilities : new Array<FacilityWeek>(current.facilities.length);
  for (let fi = 0; fi < model.facilities.length; fi++) {
    const cf = model.facilities[fi] as CompiledFacility;
    const fs = facilities[fi] as FacilityState;
    // Own keys only: the orders come from documents, and an id is never a prototype property.
    const fo = Object.hasOwn(orders, cf.id) ? orders[cf.id] : undefined;
    const rf = current.facilities[fi] as FacilityWeek;
    const caps = inPlace ? rf.capabilities : new Array<CapabilityWeek>(cf.caps.length);
    for (let ci = 0; ci < cf.caps.length; ci++) {
      const cap = cf.caps[ci] as CompiledCapability;
      const requested = fo !== undefined && Object.hasOwn(fo, cap.id) ? (fo[cap.id] ?? 0) : 0;
      const ordered = forced ? cap.startOrders : applyOrderRules(requested, cap);
      (fs.capabilities[ci] as CapabilityState).mail.push(ordered);
      const rc = rf.capabilities[ci] as CapabilityWeek;
      if (inPlace) {
        rc.requested = requested;
        rc.ordered = ordered;
      } else {
        caps[ci] = {
          id: rc.id,
          pid: rc.pid,
          received: rc.received,
          supplied: rc.supplied,
          cancelled: rc.cancelled,
          requested,
          ordered,
        };
      }
    }
    if (!inPlace) recFacs[fi] = { ...rf, capabilities: caps };
  }
  return inPlace ? current : { week: current.week, facilities: recFacs };
}

/**
 * Steps 1–4 of `week`, in place on `facilities` (which the caller owns).
 * The week's sums are gathered in the model's scratch arrays (numbered by
 * `productBase` / `capBase`), then each record is written once with its final
 * values.
 */
export function runSteps(
  game: BeerGame,
  model: CompiledModel,
  facilities: FacilityState[],
  week: number,
): WeekRecord {
  const seed = game.params.seed;
  const cfs = model.facilities;
  const n = cfs.length;
  const pBase = model.productBase;
  const cBase = model.capBase;
  const w = model.work;
  const wDemand = w.demand;
  const wIncoming = w.incoming;
  const wReceived = w.received;
  const wShipped = w.shipped;
  const wLost = w.lost;
  const wProduction = w.productionCost;
  const wPurchase = w.purchaseCost;
  const wCapReceived = w.capReceived;
  const wCapSupplied = w.capSupplied;
  const wCapCancelled = w.capCancelled;
  for (let k = 0; k < wDemand.length; k++) {
    wDemand[k] = 0;
    wIncoming[k] = 0;
    wReceived[k] = 0;
    wShipped[k] = 0;
    wLost[k] = 0;
    wProduction[k] = 0;
    wPurchase[k] = 0;
  }
  for (let k = 0; k < wCapReceived.length; k++) {
    wCapReceived[k] = 0;
    wCapSupplied[k] = 0;
    wCapCancelled[k] = 0;
  }
  // Steps 1 and 2, one facility after the other: receiving (BEER-RCV-1) touches
  // only the receiver's stock and goods in transit, which step 2 never reads,
  // so doing both per capability gives what step 1 for all, then step 2 for
  // all gives. Step 2: orders reach suppliers (BEER-ORD-7), production starts
  // (BEER-PROD-1), consumer demand arrives (BEER-DEM-1).
  for (let fi = 0; fi < n; fi++) {
    const cf = cfs[fi] as CompiledFacility;
    const fs = facilities[fi] as FacilityState;
    const caps = cf.caps;
    const fcaps = fs.capabilities;
    const products = fs.products;
    const pb = pBase[fi] as number;
    const cb = cBase[fi] as number;
    for (let ci = 0; ci < caps.length; ci++) {
      const cap = caps[ci] as CompiledCapability;
      const cs = fcaps[ci] as CapabilityState;
      const transit = cs.transit;
      const got = transit.length > 0 ? (transit.shift() as number) : 0;
      (products[cap.p] as ProductState).stock += got;
      wReceived[pb + cap.p] = (wReceived[pb + cap.p] as number) + got;
      wCapReceived[cb + ci] = got;
      const mail = cs.mail;
      const q = mail.length > 0 ? (mail.shift() as number) : 0;
      if (cap.sup >= 0) {
        const owed = ((facilities[cap.sup] as FacilityState).products[cap.supP] as ProductState)
          .owed;
        owed[cap.slot] = (owed[cap.slot] as number) + q;
        const k = (pBase[cap.sup] as number) + cap.supP;
        wIncoming[k] = (wIncoming[k] as number) + q;
      } else {
        // Production starts now and arrives `delay` weeks later.
        const d =
          cap.variability > 0
            ? cap.delay + extraDelay(seed, week, fi, ci, cap.variability)
            : cap.delay;
        putInTransit(transit, d, q);
        wCapSupplied[cb + ci] = q;
        wProduction[pb + cap.p] = (wProduction[pb + cap.p] as number) + q * cap.productionCost;
      }
    }
    const demand = cf.demand;
    for (let p = 0; p < demand.length; p++) {
      const pattern = demand[p];
      if (pattern === null || pattern === undefined) continue;
      const d = demandAt(pattern, week, seed, fi, p);
      const owed = (fs.products[p] as ProductState).owed;
      owed[0] = (owed[0] as number) + d;
      wDemand[pb + p] = d;
      wIncoming[pb + p] = (wIncoming[pb + p] as number) + d;
    }
  }
  // Step 3: ship (BEER-SHIP-1..4), lost sales (BEER-LOST-1).
  const allocations = game.allocations;
  for (let fi = 0; fi < n; fi++) {
    const cf = cfs[fi] as CompiledFacility;
    const fs = facilities[fi] as FacilityState;
    const pb = pBase[fi] as number;
    const np = cf.pids.length;
    for (let p = 0; p < np; p++) {
      const ps = fs.products[p] as ProductState;
      const pd = cf.pdata[p] as ProductData;
      const slots = cf.slots[p] as ClientSlot[];
      const owed = ps.owed;
      const no = owed.length;
      let total = 0;
      for (let j = 0; j < no; j++) total += owed[j] as number;
      let can = ps.stock;
      if (pd.maxShipQty > 0 && pd.maxShipQty < can) can = pd.maxShipQty;
      let shipped = 0;
      if (total > 0 && can > 0) {
        let alloc: number[] | null = null;
        if (total > can) {
          const weights = manualWeights(allocations, cf.id, cf.pids[p] as ProductId, slots, cfs);
          alloc = allocateInto(can, owed, weights, w);
        }
        const price = pd.unitPrice;
        for (let j = 0; j < no; j++) {
          const x = alloc ? (alloc[j] as number) : (owed[j] as number);
          if (x <= 0) continue;
          owed[j] = (owed[j] as number) - x;
          shipped += x;
          const slot = slots[j] as ClientSlot;
          if (slot.fac >= 0) {
            const ccap = (cfs[slot.fac] as CompiledFacility).caps[slot.cap] as CompiledCapability;
            const ccs = (facilities[slot.fac] as FacilityState).capabilities[
              slot.cap
            ] as CapabilityState;
            const d =
              ccap.variability > 0
                ? ccap.delay + extraDelay(seed, week, slot.fac, slot.cap, ccap.variability)
                : ccap.delay;
            putInTransit(ccs.transit, d, x);
            wCapSupplied[slot.flatCap] = (wCapSupplied[slot.flatCap] as number) + x;
            wPurchase[slot.flatProduct] = (wPurchase[slot.flatProduct] as number) + x * price;
          }
        }
        ps.stock -= shipped;
      }
      wShipped[pb + p] = shipped;
      if (!pd.allowBacklog) {
        let lost = 0;
        for (let j = 0; j < no; j++) {
          const q = owed[j] as number;
          if (q <= 0) continue;
          lost += q;
          owed[j] = 0;
          const slot = slots[j] as ClientSlot;
          if (slot.fac >= 0)
            wCapCancelled[slot.flatCap] = (wCapCancelled[slot.flatCap] as number) + q;
        }
        wLost[pb + p] = lost;
      }
    }
  }
  // Step 4: accounts (BEER-COST-1..5, BEER-REV-1, BEER-PROF-1), and the week's records.
  const recs = new Array<FacilityWeek>(n);
  for (let fi = 0; fi < n; fi++) {
    const cf = cfs[fi] as CompiledFacility;
    const fs = facilities[fi] as FacilityState;
    const pb = pBase[fi] as number;
    const cb = cBase[fi] as number;
    const np = cf.pids.length;
    const products = new Array<ProductWeek>(np);
    let cost = 0;
    let revenue = 0;
    for (let p = 0; p < np; p++) {
      const ps = fs.products[p] as ProductState;
      const pd = cf.pdata[p] as ProductData;
      const owed = ps.owed;
      let backlog = 0;
      for (let j = 0; j < owed.length; j++) backlog += owed[j] as number;
      const stock = ps.stock;
      const k = pb + p;
      const shipped = wShipped[k] as number;
      const lost = wLost[k] as number;
      const holdingCost = stock * pd.stockCost;
      const backlogCost = backlog * pd.backlogCost;
      const missedSaleCost = lost * pd.missedSaleCost;
      const productionCost = wProduction[k] as number;
      const purchaseCost = wPurchase[k] as number;
      const rev = shipped * pd.unitPrice;
      products[p] = {
        pid: cf.pids[p] as ProductId,
        demand: wDemand[k] as number,
        incoming: wIncoming[k] as number,
        received: wReceived[k] as number,
        shipped,
        lost,
        stock,
        backlog,
        holdingCost,
        backlogCost,
        missedSaleCost,
        productionCost,
        purchaseCost,
        revenue: rev,
      };
      cost += holdingCost + backlogCost + missedSaleCost + productionCost + purchaseCost;
      revenue += rev;
    }
    const caps = cf.caps;
    const capWeeks = new Array<CapabilityWeek>(caps.length);
    for (let ci = 0; ci < caps.length; ci++) {
      const cap = caps[ci] as CompiledCapability;
      capWeeks[ci] = {
        id: cap.id,
        pid: cap.pid,
        received: wCapReceived[cb + ci] as number,
        supplied: wCapSupplied[cb + ci] as number,
        cancelled: wCapCancelled[cb + ci] as number,
        requested: 0,
        ordered: 0,
      };
    }
    fs.cumCost += cost;
    fs.cumRevenue += revenue;
    recs[fi] = {
      id: cf.id,
      cost,
      revenue,
      profit: revenue - cost,
      cumCost: fs.cumCost,
      cumRevenue: fs.cumRevenue,
      products,
      capabilities: capWeeks,
    };
  }
  return { week, facilities: recs };
}

function putInTransit(transit: number[], delay: number, q: number): void {
  // After this week's receipt, transit[k] arrives in week + 1 + k: a delay of d weeks is slot d − 1.
  const k = delay - 1;
  if (transit.length === k) {
    // The usual case: one slot past the end.
    transit.push(0 + q);
    return;
  }
  while (transit.length <= k) transit.push(0);
  transit[k] = (transit[k] as number) + q;
}

function manualWeights(
  allocations: Allocations | undefined,
  supplier: FacilityId,
  pid: ProductId,
  slots: ClientSlot[],
  cfs: CompiledFacility[],
): number[] | null {
  // Own keys only: the weights are stored from a client's payload.
  const bySupplier =
    allocations && Object.hasOwn(allocations, supplier) ? allocations[supplier] : undefined;
  const w = bySupplier && Object.hasOwn(bySupplier, pid) ? bySupplier[pid] : undefined;
  if (!w) return null;
  const weight = (key: string): number => {
    const v = Object.hasOwn(w, key) ? w[key] : undefined;
    return typeof v === 'number' && Number.isFinite(v) ? Math.max(0, v) : 0;
  };
  return slots.map((s) => weight(s.fac >= 0 ? (cfs[s.fac]?.id ?? '') : 'consumer'));
}

// ------------------------------------------------------------------ helpers for callers

/** Replaces the game's manual allocations (what `confirmAllocations` stores). Pure. */
export function setAllocations<S extends BeerState>(
  state: S,
  allocations: Allocations | undefined,
): S {
  const game: BeerGame = { ...state.game };
  if (allocations) game.allocations = allocations;
  else delete game.allocations;
  return { ...state, game };
}

/** Facility ids, downstream first. */
export function facilityOrder(state: BeerState): FacilityId[] {
  return compile(state.game).facilities.map((f) => f.id);
}

/** The supply line of a capability (BEER-SL-1): orders in the mail + supplier backlog owed to it + goods in transit. */
export function supplyLine(state: BeerState, fi: number, ci: number): number {
  return supplyLineIn(compile(state.game), state, fi, ci);
}

/** `supplyLine` with the compiled model at hand. */
export function supplyLineIn(
  model: CompiledModel,
  state: BeerState,
  fi: number,
  ci: number,
): number {
  const cap = model.facilities[fi]?.caps[ci];
  const cs = state.facilities[fi]?.capabilities[ci];
  if (!cap || !cs) return 0;
  let sl = 0;
  const mail = cs.mail;
  for (let k = 0; k < mail.length; k++) sl += mail[k] as number;
  const transit = cs.transit;
  for (let k = 0; k < transit.length; k++) sl += transit[k] as number;
  if (cap.sup >= 0) sl += state.facilities[cap.sup]?.products[cap.supP]?.owed[cap.slot] ?? 0;
  return sl;
}

/** Creates a game and plays it to the end with the given orders function. */
export function playGame(
  input: BeerGameInput | BeerGame,
  decide: (state: RunningBeerState) => WeekOrders,
): FinishedBeerState {
  let s: BeerState = createGame(input);
  while (s.status === 'running') s = advanceWeek(s, decide(s));
  return s;
}
