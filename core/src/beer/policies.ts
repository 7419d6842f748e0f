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
} from './engine';
import { compile } from './engine';
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
  /** The week `recent` was last brought up to, per product. */
  recentWeek: number[];
  /** Per product, 3 slots: incoming orders of weeks recentWeek − 2, recentWeek − 1, recentWeek (0 before week 1). */
  recent: number[];
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
    recentWeek: new Array<number>(n).fill(-1),
    recent: new Array<number>(3 * n).fill(0),
  };
}

function incomingAt(state: RunningBeerState, fi: number, p: number, k: number): number {
  const r = k < state.history.length ? state.history[k] : state.current;
  return r?.facilities[fi]?.products[p]?.incoming ?? 0;
}

/** Exponentially smoothed incoming orders up to this week, from startOrders (BEER-AI-1). */
function expectedDemand(
  state: RunningBeerState,
  fi: number,
  p: number,
  week: number,
  last: number,
  startOrders: number,
  theta: number,
  memo: PolicyMemo | undefined,
  key: number,
): number {
  if (memo && memo.expectedWeek[key] === week) return memo.expected[key] as number;
  let e: number;
  if (memo && memo.expectedWeek[key] === week - 1) {
    e = theta * last + (1 - theta) * (memo.expected[key] as number);
  } else {
    e = startOrders;
    for (let k = 0; k < week; k++) e = theta * incomingAt(state, fi, p, k) + (1 - theta) * e;
  }
  if (memo) {
    memo.expectedWeek[key] = week;
    memo.expected[key] = e;
  }
  return e;
}

/** Sum of incoming orders of weeks 1..this week. */
function incomingSum(
  state: RunningBeerState,
  fi: number,
  p: number,
  week: number,
  last: number,
  memo: PolicyMemo | undefined,
  key: number,
): number {
  if (memo && memo.sumWeek[key] === week) return memo.sum[key] as number;
  let t: number;
  if (memo && memo.sumWeek[key] === week - 1) t = (memo.sum[key] as number) + last;
  else {
    t = 0;
    for (let k = 0; k < week; k++) t += incomingAt(state, fi, p, k);
  }
  if (memo) {
    memo.sumWeek[key] = week;
    memo.sum[key] = t;
  }
  return t;
}

/** Average incoming orders of the last 3 weeks (fewer at the start), this week included (BEER-AI-5). */
function recentAverage(
  state: RunningBeerState,
  fi: number,
  p: number,
  week: number,
  last: number,
  memo: PolicyMemo | undefined,
  key: number,
): number {
  const span = Math.min(3, week);
  let sum = 0;
  if (!memo) {
    for (let k = week - span; k < week; k++) sum += incomingAt(state, fi, p, k);
    return sum / span;
  }
  const r = memo.recent;
  const b = 3 * key;
  const at = memo.recentWeek[key];
  if (at === week - 1) {
    r[b] = r[b + 1] as number;
    r[b + 1] = r[b + 2] as number;
    r[b + 2] = last;
  } else if (at !== week) {
    for (let j = 0; j < 3; j++) {
      const k = week - 3 + j;
      r[b + j] = k >= 0 ? incomingAt(state, fi, p, k) : 0;
    }
  }
  memo.recentWeek[key] = week;
  for (let j = 3 - span; j < 3; j++) sum += r[b + j] as number;
  return sum / span;
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

/** The supply line of a product (BEER-SL-1): summed over the capabilities that supply it. */
function productSupplyLine(
  cf: CompiledFacility,
  state: RunningBeerState,
  fi: number,
  caps: readonly number[],
): number {
  const fs = state.facilities[fi];
  if (!fs) return 0;
  let sl = 0;
  for (let k = 0; k < caps.length; k++) {
    const ci = caps[k] as number;
    const cap = cf.caps[ci];
    const cs = fs.capabilities[ci];
    if (!cap || !cs) continue;
    let one = 0;
    const mail = cs.mail;
    for (let j = 0; j < mail.length; j++) one += mail[j] as number;
    const transit = cs.transit;
    for (let j = 0; j < transit.length; j++) one += transit[j] as number;
    if (cap.sup >= 0) one += state.facilities[cap.sup]?.products[cap.supP]?.owed[cap.slot] ?? 0;
    sl += one;
  }
  return sl;
}

/**
 * The order of facility `fi` for its product `p` this week, before the split
 * over capabilities (BEER-AI-1..5). Reads only the state as it stands now.
 */
function productOrder(
  policy: Policy,
  state: RunningBeerState,
  cf: CompiledFacility,
  fi: number,
  p: number,
  caps: readonly number[],
  memo: PolicyMemo | undefined,
): number {
  const cur = state.current.facilities[fi]?.products[p];
  const last = cur?.incoming ?? 0;
  const stock = cur?.stock ?? 0;
  const backlog = cur?.backlog ?? 0;
  const eff = stock - backlog;
  const week = state.history.length + 1;
  const key = memo ? (memo.offsets[fi] ?? 0) + p : 0;
  switch (policy.kind) {
    case 'anchor': {
      const startOrders = cf.productStartOrders[p] ?? 0;
      const expected = expectedDemand(
        state,
        fi,
        p,
        week,
        last,
        startOrders,
        policy.theta,
        memo,
        key,
      );
      const sprime = policy.sprime ?? sprimeOf(cf, p);
      const sl = productSupplyLine(cf, state, fi, caps);
      return Math.max(
        0,
        roundHalfAway(expected + policy.alpha * (sprime - eff - policy.beta * sl)),
      );
    }
    case 'orderupto': {
      const level =
        policy.level ??
        (cf.pdata[p]?.stock ?? 0) + (cf.productStartOrders[p] ?? 0) * (cf.productLeadtime[p] ?? 0);
      return Math.max(0, roundHalfAway(level - eff - productSupplyLine(cf, state, fi, caps)));
    }
    case 'passthrough':
      return last;
    case 'constant':
      return Math.max(0, roundHalfAway(policy.quantity));
    case 'spec': {
      const transparent = state.game.params.transparent;
      let avg: number;
      if (transparent) avg = incomingSum(state, fi, p, week, last, memo, key) / week;
      else {
        avg = recentAverage(state, fi, p, week, last, memo, key);
      }
      const factor = transparent ? 1 : 1.5;
      const objective = policy.objective ?? cf.pdata[p]?.stock ?? 0;
      const leadtime = cf.productLeadtime[p] ?? 0;
      const q =
        objective -
        stock +
        factor * backlog +
        leadtime * avg -
        productSupplyLine(cf, state, fi, caps);
      return Math.max(0, roundHalfAway(q));
    }
    default:
      return 0;
  }
}

/**
 * Decides for facility index `fi` into `req`, indexed like the facility's
 * capabilities (a capability without a decision is left as it is).
 */
export function decideIndexed(
  model: CompiledModel,
  state: RunningBeerState,
  fi: number,
  policy: Policy,
  req: number[],
  memo?: PolicyMemo,
): void {
  const cf = model.facilities[fi];
  if (!cf) return;
  for (let p = 0; p < cf.pids.length; p++) {
    const caps = cf.productCaps[p] as number[];
    const n = caps.length;
    if (n === 0) continue;
    const total = productOrder(policy, state, cf, fi, p, caps, memo);
    if (n === 1) {
      req[caps[0] as number] = total;
      continue;
    }
    // BEER-AI-7: split evenly, the first ones taking the remainder.
    const base = Math.floor(total / n);
    let rest = total - base * n;
    for (let k = 0; k < n; k++) {
      req[caps[k] as number] = base + (rest > 0 ? 1 : 0);
      if (rest > 0) rest--;
    }
  }
}

/** Decides for facility index `fi` into `out`, keyed by capability id. */
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
  const req = new Array<number>(cf.caps.length);
  decideIndexed(model, state, fi, policy, req, memo);
  // Keys in the order the products and their capabilities are decided.
  for (let p = 0; p < cf.pids.length; p++) {
    const caps = cf.productCaps[p] as number[];
    for (let k = 0; k < caps.length; k++) {
      const ci = caps[k] as number;
      out[(cf.caps[ci] as CompiledCapability).id] = req[ci] as number;
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
