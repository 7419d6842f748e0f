/**
 * The data of a lean game's results and debrief pages: the core's `leanDebrief` (design Part C),
 * read from the final stats the backend writes at the end of the run (`stats/final.debrief`), or,
 * for the game's admins while it runs, computed from the run's state so far (`private/state`);
 * and the rows the charts draw. Pure except `loadLeanDebrief`.
 */
import {
  leanDebrief,
  METRIC_RANKS,
  type LeanBalance,
  type LeanDebrief,
  type LeanFlowEfficiency,
  type LeanResEfficiency,
  type LeanWip,
  type MetricName,
} from '@sim/core/lean/debrief';
import { leanStateFromDoc } from '@sim/core/lean/game-docs';
import { gamePath, readDoc } from '@/features/games/shared/game-api';
import { ownEntry } from '@/lib/own';

export { METRIC_RANKS, type MetricName };

export interface LeanDebriefData {
  readonly debrief: LeanDebrief;
  /** `final`: the ended run's stats; `running`: the run so far. */
  readonly source: 'final' | 'running';
}

function isDebrief(v: unknown): v is LeanDebrief {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Record<string, unknown>;
  return (
    typeof d['duration'] === 'number' &&
    ['pnl', 'deliveries', 'balance', 'wip', 'quality', 'flowefficiency', 'resefficiency'].every(
      (k) => typeof d[k] === 'object' && d[k] !== null,
    )
  );
}

/**
 * The game's debrief: the final stats once the run has ended (players read them then), else
 * the run so far from `private/state` (the game's admins only). Null when neither is readable.
 */
export async function loadLeanDebrief(gid: string): Promise<LeanDebriefData | null> {
  try {
    const stats = (await readDoc(`${gamePath(gid)}/stats/final`)).data?.['debrief'];
    if (isDebrief(stats)) return { debrief: stats, source: 'final' };
  } catch {
    // Not readable yet by this user: the run is not over.
  }
  try {
    const state = leanStateFromDoc((await readDoc(`${gamePath(gid)}/private/state`)).data);
    if (state) return { debrief: leanDebrief(state), source: 'running' };
  } catch {
    // Only the game's admins read the state.
  }
  return null;
}

// ------------------------------------------------------------------ chart rows

/** The most points a line chart draws; longer series keep every k-th point and the last. */
const MAX_POINTS = 241;

export function thin<T>(points: readonly T[], max = MAX_POINTS): T[] {
  if (points.length <= max) return [...points];
  const step = Math.ceil((points.length - 1) / (max - 1));
  const out: T[] = [];
  for (let i = 0; i < points.length; i += step) out.push(points[i] as T);
  if ((points.length - 1) % step !== 0) out.push(points[points.length - 1] as T);
  return out;
}

/** Cumulative revenue, costs and profit by minute (C.1). */
export function pnlRows(
  d: LeanDebrief,
): { t: number; revenue: number; costs: number; profit: number }[] {
  return thin(d.pnl.chart).map((p) => ({
    t: p.t,
    revenue: p.revenue,
    costs: p.costs,
    profit: p.profit,
  }));
}

/** The cost lines of the P&L in the order of C.1, with their totals. */
export const PNL_COSTS = [
  'material',
  'labour',
  'holding',
  'latePenalties',
  'defectPenalties',
] as const;

/** Units ordered and shipped so far, by minute (C.2). */
export function deliveryRows(d: LeanDebrief): { t: number; ordered: number; shipped: number }[] {
  return thin(d.deliveries.chart);
}

export interface YamazumiChart {
  /** One bar per facility in line order: minutes of work per unit of demand by op type. */
  rows: Record<string, number | string>[];
  /** The stack keys in order: op types as they first appear, `inspect` last. */
  keys: string[];
  takt: number | null;
  bottleneck: string | null;
}

/** The Yamazumi chart of C.3: work content per facility, stacked by operation type. */
export function yamazumi(balance: LeanBalance, nameOf: (fid: string) => string): YamazumiChart {
  const keys: string[] = [];
  for (const f of balance.facilities) {
    for (const k of Object.keys(f.byOp)) if (k !== 'inspect' && !keys.includes(k)) keys.push(k);
  }
  if (balance.facilities.some((f) => Object.hasOwn(f.byOp, 'inspect'))) keys.push('inspect');
  const rows = balance.facilities.map((f) => {
    const row: Record<string, number | string> = { id: f.id, name: nameOf(f.id) };
    for (const k of keys) row[k] = ownEntry(f.byOp, k) ?? 0;
    return row;
  });
  return { rows, keys, takt: balance.takt, bottleneck: balance.bottleneck };
}

/** The WIP zones of C.4 in the order a unit passes them. */
export const WIP_ZONES = ['whOut', 'transit', 'in', 'desk', 'out', 'fg'] as const;

export function wipRows(wip: LeanWip): LeanWip['series'] {
  return thin(wip.series);
}

/**
 * Little's check as C.4 words it: the average WIP L beside throughput × lead time, and their gap.
 * `empty`: no unit in process at the end, the two agree (gap 0); `inProcess`: units still in
 * the line at the end make the gap, which the debrief says instead of hiding it; `nothing`: no
 * unit was shipped, so there is no lead time to compare.
 */
export interface LittleCheck {
  kind: 'empty' | 'inProcess' | 'nothing';
  average: number;
  throughputTimesLeadTime: number;
  /** |L − TH × W| / L, a fraction. */
  gap: number;
  inProcessAtEnd: number;
  /** The exact identity's other side (lives of every unit / E). */
  littleAverage: number;
}

export function littleCheck(wip: LeanWip): LittleCheck {
  const kind =
    wip.averageLeadTime === null ? 'nothing' : wip.inProcessAtEnd > 0 ? 'inProcess' : 'empty';
  return {
    kind,
    average: wip.average,
    throughputTimesLeadTime: wip.throughputTimesLeadTime,
    gap: wip.littleGap,
    inProcessAtEnd: wip.inProcessAtEnd,
    littleAverage: wip.littleAverage,
  };
}

/** A bar of the flow efficiency chart: minutes per unit in the metric ranks (C.6). */
export type FlowBar = { id: string; label: string } & Record<MetricName, number>;

export interface FlowBars {
  average: FlowBar[];
  byTemplate: FlowBar[];
  byFacility: FlowBar[];
}

/**
 * The stacked bars of C.6 in the metric ranks (workdesk, changeover, load, move, wait): the
 * average unit, each product's average unit, and the time charged to each facility per unit.
 * Facilities that no shipped unit spent time at are left out.
 */
export function flowBars(
  fe: LeanFlowEfficiency,
  labels: {
    average: string;
    template: (tid: string) => string;
    facility: (fid: string) => string;
  },
  facilityOrder: readonly string[],
): FlowBars {
  const bar = (id: string, label: string, m: Record<MetricName, number>): FlowBar => {
    const out = { id, label } as FlowBar;
    for (const k of METRIC_RANKS) out[k] = m[k];
    return out;
  };
  const total = (m: Record<MetricName, number>) => METRIC_RANKS.reduce((s, k) => s + m[k], 0);
  const byFacility: FlowBar[] = [];
  const ids = [
    ...facilityOrder.filter((id) => Object.hasOwn(fe.byFacility, id)),
    ...Object.keys(fe.byFacility).filter((id) => !facilityOrder.includes(id)),
  ];
  for (const id of ids) {
    const m = ownEntry(fe.byFacility, id);
    if (m && total(m) > 0) byFacility.push(bar(id, labels.facility(id), m));
  }
  return {
    average: fe.units.length === 0 ? [] : [bar('average', labels.average, fe.average)],
    byTemplate: Object.entries(fe.byTemplate).map(([tid, g]) =>
      bar(tid, labels.template(tid), g.metrics),
    ),
    byFacility,
  };
}

/** How each facility spent the run (C.7), as fractions of E, stacked. */
export const RES_PARTS = ['valueAdd', 'quality', 'changeover', 'load', 'idle'] as const;

export function resRows(
  re: LeanResEfficiency,
  nameOf: (fid: string) => string,
): ({ id: string; name: string; efficiency: number | null } & Record<
  (typeof RES_PARTS)[number],
  number
>)[] {
  return re.facilities.map((f) => ({
    id: f.id,
    name: nameOf(f.id),
    efficiency: f.efficiency,
    ...f.shares,
  }));
}
