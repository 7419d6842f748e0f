/**
 * Computer players: named ordering policies with parameters (BEER-AI-*).
 * A policy decides, for one facility, the quantity to order this week per
 * capability, reading only the state as it stands at step 5 of the current
 * week (what happened up to now), never the future.
 *
 * For each product, the policy computes one order for the product; it is
 * split evenly over the facility's capabilities for that product (the first
 * ones take the remainder) (BEER-AI-7).
 */
import type { CompiledFacility, RunningBeerState, WeekOrders, WeekRecord } from './engine';
import { compile, supplyLine } from './engine';
import { roundHalfAway } from './math';
import type { CapabilityId, FacilityId } from './model';

/** Sterman's anchoring-and-adjustment rule (BEER-AI-1). */
export interface AnchorPolicy {
  kind: 'anchor';
  /** Weight of the latest incoming order in the expected demand (exponential smoothing). */
  theta: number;
  /** Fraction of the stock gap ordered each week (α_S). */
  alpha: number;
  /** Fraction of the supply line taken into account (β). */
  beta: number;
  /** S′ = desired stock + β × desired supply line. Default: see `defaultSprime`. */
  sprime?: number;
}

/** Order-up-to / base-stock: order what brings stock − backlog + supply line up to `level` (BEER-AI-2). */
export interface OrderUpToPolicy {
  kind: 'orderupto';
  /** Default: initial stock + start orders × lead time. */
  level?: number;
}

/** Order what was ordered from you this week (BEER-AI-3). */
export interface PassThroughPolicy {
  kind: 'passthrough';
}

/** Always order the same quantity (BEER-AI-4). */
export interface ConstantPolicy {
  kind: 'constant';
  quantity: number;
}

/**
 * The product's own rule (BEER-AI-5): order = objective stock − stock
 * + backlogFactor × backlog + lead time × average demand − incoming, where
 * incoming is the supply line, the average is over the last 3 weeks and the
 * backlog factor 1.5; in transparent games the factor is 1.0 and the average
 * runs since the start.
 */
export interface SpecPolicy {
  kind: 'spec';
  /** Objective stock. Default: the initial stock of the product. */
  objective?: number;
}

export type Policy =
  AnchorPolicy | OrderUpToPolicy | PassThroughPolicy | ConstantPolicy | SpecPolicy;

/** Sterman (1989) benchmark parameters: θ=0, α=1, β=1 (S′ per stage from the preset). */
export const BENCHMARK_ANCHOR: AnchorPolicy = { kind: 'anchor', theta: 0, alpha: 1, beta: 1 };

/**
 * Sterman (1989) mean fitted parameters of human players: θ=0.36, α_S=0.26,
 * β=0.34, S′=17 (BEER-AI-6).
 */
export const STERMAN_MEAN: AnchorPolicy = {
  kind: 'anchor',
  theta: 0.36,
  alpha: 0.26,
  beta: 0.34,
  sprime: 17,
};

export const POLICY_KINDS = [
  'anchor',
  'sterman',
  'orderupto',
  'passthrough',
  'constant',
  'spec',
] as const;

interface ProductView {
  /** Incoming orders (consumer demand included), week 1 … current. */
  incoming: number[];
  stock: number;
  backlog: number;
  supplyLine: number;
  startOrders: number;
  initialStock: number;
  leadtime: number;
  sprime: number;
}

function productView(
  state: RunningBeerState,
  fi: number,
  cf: CompiledFacility,
  p: number,
): ProductView {
  const incoming: number[] = [];
  const read = (r: WeekRecord) => r.facilities[fi]?.products[p]?.incoming ?? 0;
  for (const r of state.history) incoming.push(read(r));
  incoming.push(read(state.current));
  const cur = state.current.facilities[fi]?.products[p];
  let sl = 0;
  let startOrders = 0;
  let leadtime = 0;
  cf.caps.forEach((c, ci) => {
    if (c.p !== p) return;
    sl += supplyLine(state, fi, ci);
    startOrders += c.startOrders;
    leadtime = Math.max(leadtime, c.leadtime);
  });
  return {
    incoming,
    stock: cur?.stock ?? 0,
    backlog: cur?.backlog ?? 0,
    supplyLine: sl,
    startOrders,
    initialStock: cf.pdata[p]?.stock ?? 0,
    leadtime,
    sprime: sprimeOf(cf, p),
  };
}

/**
 * Default S′ of the anchor rule (BEER-AI-1): initial stock + start orders ×
 * the weeks of the pipeline as Sterman counts it: the lead time for a
 * purchase (order and shipping delays), lead time − order time for production
 * (the production delay without the request delay). The classic gives 28 for
 * retailer, wholesaler and distributor and 20 for the factory.
 */
export function defaultSprime(
  state: RunningBeerState,
  facilityId: FacilityId,
  pid: string,
): number {
  const model = compile(state.game);
  const fi = model.index.get(facilityId);
  const cf = fi === undefined ? undefined : model.facilities[fi];
  if (!cf) return 0;
  const p = cf.pids.indexOf(pid);
  return sprimeOf(cf, p);
}

function sprimeOf(cf: CompiledFacility, p: number): number {
  let s = cf.pdata[p]?.stock ?? 0;
  for (const c of cf.caps) {
    if (c.p === p)
      s += c.startOrders * (c.type === 'purchase' ? c.leadtime : c.leadtime - c.ordertime);
  }
  return s;
}

function productOrder(policy: Policy, v: ProductView, transparent: boolean): number {
  const last = v.incoming[v.incoming.length - 1] ?? 0;
  const eff = v.stock - v.backlog;
  switch (policy.kind) {
    case 'anchor': {
      let expected = v.startOrders;
      for (const d of v.incoming) expected = policy.theta * d + (1 - policy.theta) * expected;
      const sprime = policy.sprime ?? v.sprime;
      return Math.max(
        0,
        roundHalfAway(expected + policy.alpha * (sprime - eff - policy.beta * v.supplyLine)),
      );
    }
    case 'orderupto': {
      const level = policy.level ?? v.initialStock + v.startOrders * v.leadtime;
      return Math.max(0, roundHalfAway(level - eff - v.supplyLine));
    }
    case 'passthrough':
      return last;
    case 'constant':
      return Math.max(0, roundHalfAway(policy.quantity));
    case 'spec': {
      const span = transparent ? v.incoming.length : Math.min(3, v.incoming.length);
      let sum = 0;
      for (let k = v.incoming.length - span; k < v.incoming.length; k++) sum += v.incoming[k] ?? 0;
      const avg = span > 0 ? sum / span : 0;
      const factor = transparent ? 1 : 1.5;
      const objective = policy.objective ?? v.initialStock;
      const q = objective - v.stock + factor * v.backlog + v.leadtime * avg - v.supplyLine;
      return Math.max(0, roundHalfAway(q));
    }
    default:
      return 0;
  }
}

/**
 * The orders a computer player with `policy` places for `facilityId` this
 * week: orders[capabilityId] = quantity. Pure.
 */
export function decideOrders(
  state: RunningBeerState,
  facilityId: FacilityId,
  policy: Policy,
): Record<CapabilityId, number> {
  const model = compile(state.game);
  const fi = model.index.get(facilityId);
  const cf = fi === undefined ? undefined : model.facilities[fi];
  const out: Record<CapabilityId, number> = {};
  if (fi === undefined || !cf) return out;
  for (let p = 0; p < cf.pids.length; p++) {
    const caps = cf.caps.filter((c) => c.p === p);
    if (caps.length === 0) continue;
    const total = productOrder(
      policy,
      productView(state, fi, cf, p),
      state.game.params.transparent,
    );
    const base = Math.floor(total / caps.length);
    let rest = total - base * caps.length;
    for (const c of caps) {
      out[c.id] = base + (rest > 0 ? 1 : 0);
      if (rest > 0) rest--;
    }
  }
  return out;
}

/**
 * Orders of computer players for several facilities (empty or timed-out
 * roles): policies[facilityId] = policy. Facilities without a policy are left
 * out, so the caller can merge human orders.
 */
export function computerOrders(
  state: RunningBeerState,
  policies: Record<FacilityId, Policy>,
): WeekOrders {
  const orders: WeekOrders = {};
  for (const [id, policy] of Object.entries(policies)) orders[id] = decideOrders(state, id, policy);
  return orders;
}
