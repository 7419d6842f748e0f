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
import type {
  BeerState,
  CompiledCapability,
  CompiledFacility,
  CompiledModel,
  RunningBeerState,
  WeekOrders,
  WeekRecord,
} from './engine';
import { compile, supplyLineIn } from './engine';
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
  history: readonly WeekRecord[];
  current: WeekRecord;
  week: number;
  fi: number;
  p: number;
  /** Incoming orders this week (consumer demand included). */
  last: number;
  stock: number;
  backlog: number;
  supplyLine: number;
  startOrders: number;
  initialStock: number;
  leadtime: number;
  sprime: number;
  memo: PolicyMemo | undefined;
  key: number;
}

/**
 * Running sums a caller may keep between weeks so that a policy need not
 * re-read the history each week (used by `simulate`). Decisions are the same
 * with or without it.
 */
export interface PolicyMemo {
  offsets: number[];
  expectedWeek: number[];
  expected: number[];
  sumWeek: number[];
  sum: number[];
}

export function createPolicyMemo(model: CompiledModel): PolicyMemo {
  const offsets: number[] = [];
  let n = 0;
  for (const cf of model.facilities) {
    offsets.push(n);
    n += cf.pids.length;
  }
  return {
    offsets,
    expectedWeek: new Array<number>(n).fill(-1),
    expected: new Array<number>(n).fill(0),
    sumWeek: new Array<number>(n).fill(-1),
    sum: new Array<number>(n).fill(0),
  };
}

function incomingAt(v: ProductView, k: number): number {
  const r = k < v.history.length ? v.history[k] : v.current;
  return r?.facilities[v.fi]?.products[v.p]?.incoming ?? 0;
}

/** Exponentially smoothed incoming orders up to this week, from startOrders (BEER-AI-1). */
function expectedDemand(v: ProductView, theta: number): number {
  const m = v.memo;
  if (m && m.expectedWeek[v.key] === v.week) return m.expected[v.key] as number;
  let e: number;
  if (m && m.expectedWeek[v.key] === v.week - 1) {
    e = theta * v.last + (1 - theta) * (m.expected[v.key] as number);
  } else {
    e = v.startOrders;
    for (let k = 0; k < v.week; k++) e = theta * incomingAt(v, k) + (1 - theta) * e;
  }
  if (m) {
    m.expectedWeek[v.key] = v.week;
    m.expected[v.key] = e;
  }
  return e;
}

/** Sum of incoming orders of weeks 1..this week. */
function incomingSum(v: ProductView): number {
  const m = v.memo;
  if (m && m.sumWeek[v.key] === v.week) return m.sum[v.key] as number;
  let t: number;
  if (m && m.sumWeek[v.key] === v.week - 1) t = (m.sum[v.key] as number) + v.last;
  else {
    t = 0;
    for (let k = 0; k < v.week; k++) t += incomingAt(v, k);
  }
  if (m) {
    m.sumWeek[v.key] = v.week;
    m.sum[v.key] = t;
  }
  return t;
}

/**
 * Default S′ of the anchor rule (BEER-AI-1): initial stock + start orders ×
 * the weeks of the pipeline as Sterman counts it: the lead time for a
 * purchase (order and shipping delays), lead time − order time for production
 * (the production delay without the request delay). The classic gives 28 for
 * retailer, wholesaler and distributor and 20 for the factory.
 */
export function defaultSprime(state: BeerState, facilityId: FacilityId, pid: string): number {
  const model = compile(state.game);
  const fi = model.index.get(facilityId);
  const cf = fi === undefined ? undefined : model.facilities[fi];
  if (!cf) return 0;
  return sprimeOf(cf, cf.pids.indexOf(pid));
}

function sprimeOf(cf: CompiledFacility, p: number): number {
  return cf.productSprime[p] ?? 0;
}

function productView(
  model: CompiledModel,
  state: RunningBeerState,
  fi: number,
  cf: CompiledFacility,
  p: number,
  caps: readonly number[],
  memo: PolicyMemo | undefined,
): ProductView {
  const cur = state.current.facilities[fi]?.products[p];
  let sl = 0;
  for (let k = 0; k < caps.length; k++) sl += supplyLineIn(model, state, fi, caps[k] as number);
  return {
    history: state.history,
    current: state.current,
    week: state.history.length + 1,
    fi,
    p,
    last: cur?.incoming ?? 0,
    stock: cur?.stock ?? 0,
    backlog: cur?.backlog ?? 0,
    supplyLine: sl,
    startOrders: cf.productStartOrders[p] ?? 0,
    initialStock: cf.pdata[p]?.stock ?? 0,
    leadtime: cf.productLeadtime[p] ?? 0,
    sprime: sprimeOf(cf, p),
    memo,
    key: memo ? (memo.offsets[fi] ?? 0) + p : 0,
  };
}

function productOrder(policy: Policy, v: ProductView, transparent: boolean): number {
  const eff = v.stock - v.backlog;
  switch (policy.kind) {
    case 'anchor': {
      const expected = expectedDemand(v, policy.theta);
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
      return v.last;
    case 'constant':
      return Math.max(0, roundHalfAway(policy.quantity));
    case 'spec': {
      let avg: number;
      if (transparent) avg = incomingSum(v) / v.week;
      else {
        const span = Math.min(3, v.week);
        let sum = 0;
        for (let k = v.week - span; k < v.week; k++) sum += incomingAt(v, k);
        avg = sum / span;
      }
      const factor = transparent ? 1 : 1.5;
      const objective = policy.objective ?? v.initialStock;
      const q = objective - v.stock + factor * v.backlog + v.leadtime * avg - v.supplyLine;
      return Math.max(0, roundHalfAway(q));
    }
    default:
      return 0;
  }
}

/** Decides for facility index `fi` into `out`. */
export function decideInto(
  model: CompiledModel,
  state: RunningBeerState,
  fi: number,
  policy: Policy,
  out: Record<CapabilityId, number>,
  memo?: PolicyMemo,
): void {
  const cf = model.facilities[fi];
  if (!cf) return;
  const transparent = state.game.params.transparent;
  for (let p = 0; p < cf.pids.length; p++) {
    const caps = cf.productCaps[p] as number[];
    if (caps.length === 0) continue;
    const total = productOrder(
      policy,
      productView(model, state, fi, cf, p, caps, memo),
      transparent,
    );
    const base = Math.floor(total / caps.length);
    let rest = total - base * caps.length;
    for (let k = 0; k < caps.length; k++) {
      out[(cf.caps[caps[k] as number] as CompiledCapability).id] = base + (rest > 0 ? 1 : 0);
      if (rest > 0) rest--;
    }
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
  const out: Record<CapabilityId, number> = {};
  if (fi !== undefined) decideInto(model, state, fi, policy, out);
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
