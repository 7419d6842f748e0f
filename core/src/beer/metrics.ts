/**
 * Debrief metrics for the beer debrief sections of spec §9 (teamPerformance,
 * individualPerformance, supplychainEvolution, stagesEvolution,
 * responseToDemand, variability, leadTimes), computed from a game's history,
 * and reference runs (the benchmark rule and typical human play).
 *
 * Definitions (BEER-MET-*):
 * - 1 cost, revenue and profit are the sums of the weekly values; the team's are
 *   the sums over facilities.
 * - 2 average stock and backlog are over the weeks played, summed over products.
 * - 3 fill rate = 1 − (units newly left unserved) / (units asked), where the
 *   units newly left unserved in a week are max(0, backlog at the end − backlog
 *   at the start) + units lost; 1 when nothing was asked.
 * - 4 a stock-out week is a week ending with a backlog or lost sales.
 * - 5 a facility's order in a week is the sum over its capabilities.
 * - 6 bullwhip ratio = Var(orders of the stage) / Var(consumer demand)
 *   (population variances over the weeks played); null when demand is constant.
 * - 7 observed lead time: units are matched first in, first out between the
 *   orders a capability placed and what it received (units dropped by a
 *   supplier without backlog leave the queue); the start pipeline is not
 *   counted.
 */
import type { BeerState, FacilityWeek, WeekRecord } from './engine';
import { compile } from './engine';
import type { BeerGame, BeerGameInput, CapabilityId, FacilityId } from './model';
import { normalizeGame } from './model';
import type { Policy } from './policies';
import { BENCHMARK_ANCHOR, STERMAN_MEAN } from './policies';
import { simulate } from './simulate';

export interface FacilityTotals {
  id: FacilityId;
  name: string;
  cost: number;
  revenue: number;
  profit: number;
}

export interface IndividualPerformance extends FacilityTotals {
  avgStock: number;
  avgBacklog: number;
  fillRate: number;
  stockOutWeeks: number;
  peakOrder: number;
  peakOrderWeek: number;
}

export interface FacilitySeries {
  id: FacilityId;
  orders: number[];
  incoming: number[];
  received: number[];
  shipped: number[];
  stock: number[];
  backlog: number[];
  cost: number[];
  cumCost: number[];
  profit: number[];
}

export interface LeadTimeStats {
  facility: FacilityId;
  capability: CapabilityId;
  pid: string;
  nominal: number;
  /** Units received that were ordered during the game. */
  units: number;
  average: number | null;
  min: number | null;
  max: number | null;
}

export interface BeerDebrief {
  weeks: number[];
  /** Consumer demand per week, summed over consumer-facing facilities and products. */
  demand: number[];
  teamPerformance: {
    cost: number;
    revenue: number;
    profit: number;
    weeklyCost: number[];
    weeklyRevenue: number[];
    weeklyProfit: number[];
    cumCost: number[];
    facilities: FacilityTotals[];
  };
  individualPerformance: IndividualPerformance[];
  supplychainEvolution: {
    demand: number[];
    /** Per facility, downstream first. */
    orders: { id: FacilityId; values: number[] }[];
    netStock: { id: FacilityId; values: number[] }[];
    teamCost: number[];
  };
  stagesEvolution: FacilitySeries[];
  responseToDemand: {
    demand: number[];
    facilities: {
      id: FacilityId;
      orders: number[];
      peakOrder: number;
      peakOrderWeek: number;
      /** Peak order / peak consumer demand. */
      amplification: number | null;
    }[];
  };
  variability: {
    demandVariance: number;
    facilities: { id: FacilityId; orderVariance: number; bullwhip: number | null }[];
  };
  leadTimes: LeadTimeStats[];
}

export function mean(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** Population variance. */
export function variance(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const m = mean(xs);
  let s = 0;
  for (const x of xs) s += (x - m) * (x - m);
  return s / xs.length;
}

function sum(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}

function facWeek(r: WeekRecord, fi: number): FacilityWeek | undefined {
  return r.facilities[fi];
}

/** Per facility weekly series (downstream first) of a history. */
export function facilitySeries(history: readonly WeekRecord[], fi: number): FacilitySeries {
  const first = history[0]?.facilities[fi];
  const s: FacilitySeries = {
    id: first?.id ?? '',
    orders: [],
    incoming: [],
    received: [],
    shipped: [],
    stock: [],
    backlog: [],
    cost: [],
    cumCost: [],
    profit: [],
  };
  for (const r of history) {
    const f = facWeek(r, fi);
    if (!f) continue;
    s.orders.push(sum(f.capabilities.map((c) => c.ordered)));
    s.incoming.push(sum(f.products.map((p) => p.incoming)));
    s.received.push(sum(f.products.map((p) => p.received)));
    s.shipped.push(sum(f.products.map((p) => p.shipped)));
    s.stock.push(sum(f.products.map((p) => p.stock)));
    s.backlog.push(sum(f.products.map((p) => p.backlog)));
    s.cost.push(f.cost);
    s.cumCost.push(f.cumCost);
    s.profit.push(f.profit);
  }
  return s;
}

function fillRate(history: readonly WeekRecord[], fi: number): number {
  let asked = 0;
  let unserved = 0;
  let before: number[] | null = null;
  for (const r of history) {
    const f = facWeek(r, fi);
    if (!f) continue;
    const start = before ?? f.products.map(() => 0);
    f.products.forEach((p, k) => {
      asked += p.incoming;
      unserved += Math.max(0, p.backlog - (start[k] ?? 0)) + p.lost;
    });
    before = f.products.map((p) => p.backlog);
  }
  return asked > 0 ? 1 - unserved / asked : 1;
}

function leadTimes(game: BeerGame, history: readonly WeekRecord[]): LeadTimeStats[] {
  const model = compile(game);
  const out: LeadTimeStats[] = [];
  model.facilities.forEach((cf, fi) => {
    cf.caps.forEach((cap, ci) => {
      // Queue of [week ordered (0 = start pipeline), units].
      const queue: [number, number][] = [[0, cap.startOrders * cap.leadtime]];
      let units = 0;
      let total = 0;
      let min: number | null = null;
      let max: number | null = null;
      const take = (q: number, week: number, count: boolean) => {
        let left = q;
        while (left > 0 && queue.length > 0) {
          const head = queue[0] as [number, number];
          const n = Math.min(left, head[1]);
          if (count && head[0] > 0) {
            const lt = week - head[0];
            units += n;
            total += n * lt;
            min = min === null ? lt : Math.min(min, lt);
            max = max === null ? lt : Math.max(max, lt);
          }
          head[1] -= n;
          left -= n;
          if (head[1] <= 0) queue.shift();
        }
      };
      for (const r of history) {
        const c = r.facilities[fi]?.capabilities[ci];
        if (!c) continue;
        take(c.received, r.week, true);
        take(c.cancelled, r.week, false);
        if (c.ordered > 0) queue.push([r.week, c.ordered]);
      }
      out.push({
        facility: cf.id,
        capability: cap.id,
        pid: cap.pid,
        nominal: cap.leadtime,
        units,
        average: units > 0 ? total / units : null,
        min,
        max,
      });
    });
  });
  return out;
}

/** Every debrief section's figures for a game (running or finished), from its completed weeks. */
export function debriefMetrics(state: BeerState): BeerDebrief {
  const history = state.history;
  const model = compile(state.game);
  const n = model.facilities.length;
  const weeks = history.map((r) => r.week);
  const demand = history.map((r) =>
    sum(r.facilities.map((f) => sum(f.products.map((p) => p.demand)))),
  );
  const series = Array.from({ length: n }, (_, fi) => facilitySeries(history, fi));
  const totals: FacilityTotals[] = model.facilities.map((cf, fi) => {
    const s = series[fi] as FacilitySeries;
    const revenue = sum(history.map((r) => facWeek(r, fi)?.revenue ?? 0));
    const cost = sum(s.cost);
    return { id: cf.id, name: cf.name, cost, revenue, profit: revenue - cost };
  });
  const weeklyCost = history.map((r) => sum(r.facilities.map((f) => f.cost)));
  const weeklyRevenue = history.map((r) => sum(r.facilities.map((f) => f.revenue)));
  const cumCost: number[] = [];
  weeklyCost.reduce((acc, c) => {
    cumCost.push(acc + c);
    return acc + c;
  }, 0);
  const peak = (xs: number[]) => {
    let best = 0;
    let at = 0;
    xs.forEach((x, k) => {
      if (x > best) {
        best = x;
        at = weeks[k] ?? 0;
      }
    });
    return { value: best, week: at };
  };
  const demandVariance = variance(demand);
  const peakDemand = Math.max(0, ...demand);
  return {
    weeks,
    demand,
    teamPerformance: {
      cost: sum(totals.map((t) => t.cost)),
      revenue: sum(totals.map((t) => t.revenue)),
      profit: sum(totals.map((t) => t.profit)),
      weeklyCost,
      weeklyRevenue,
      weeklyProfit: weeklyRevenue.map((r, k) => r - (weeklyCost[k] ?? 0)),
      cumCost,
      facilities: totals,
    },
    individualPerformance: totals.map((t, fi) => {
      const s = series[fi] as FacilitySeries;
      const pk = peak(s.orders);
      return {
        ...t,
        avgStock: mean(s.stock),
        avgBacklog: mean(s.backlog),
        fillRate: fillRate(history, fi),
        stockOutWeeks: history.filter((r) =>
          facWeek(r, fi)?.products.some((p) => p.backlog > 0 || p.lost > 0),
        ).length,
        peakOrder: pk.value,
        peakOrderWeek: pk.week,
      };
    }),
    supplychainEvolution: {
      demand,
      orders: series.map((s) => ({ id: s.id, values: s.orders })),
      netStock: series.map((s) => ({
        id: s.id,
        values: s.stock.map((x, k) => x - (s.backlog[k] ?? 0)),
      })),
      teamCost: weeklyCost,
    },
    stagesEvolution: series,
    responseToDemand: {
      demand,
      facilities: series.map((s) => {
        const pk = peak(s.orders);
        return {
          id: s.id,
          orders: s.orders,
          peakOrder: pk.value,
          peakOrderWeek: pk.week,
          amplification: peakDemand > 0 ? pk.value / peakDemand : null,
        };
      }),
    },
    variability: {
      demandVariance,
      facilities: series.map((s) => {
        const v = variance(s.orders);
        return {
          id: s.id,
          orderVariance: v,
          bullwhip: demandVariance > 0 ? v / demandVariance : null,
        };
      }),
    },
    leadTimes: leadTimes(state.game, history),
  };
}

export interface ReferenceRun {
  label: 'benchmark' | 'typical';
  policy: Policy;
  cost: number;
  profit: number;
  facilities: (FacilityTotals & { orders: number[] })[];
}

function referenceRun(game: BeerGame, label: ReferenceRun['label'], policy: Policy): ReferenceRun {
  const end = simulate(game, policy);
  const m = debriefMetrics(end);
  return {
    label,
    policy,
    cost: m.teamPerformance.cost,
    profit: m.teamPerformance.profit,
    facilities: m.teamPerformance.facilities.map((f, fi) => ({
      ...f,
      orders: m.stagesEvolution[fi]?.orders ?? [],
    })),
  };
}

/**
 * The same game (same network, demand and seed, same number of weeks) replayed
 * by computer players: the benchmark (anchor rule θ=0, α=1, β=1 with the
 * default S′ of BEER-AI-1, Sterman's benchmark) and typical human play
 * (Sterman's mean fitted parameters). Pure.
 */
export function referenceRuns(game: BeerGame | BeerGameInput): {
  benchmark: ReferenceRun;
  typical: ReferenceRun;
} {
  const g = normalizeGame(game);
  return {
    benchmark: referenceRun(g, 'benchmark', BENCHMARK_ANCHOR),
    typical: referenceRun(g, 'typical', STERMAN_MEAN),
  };
}
