/**
 * Pure comparison of a session's teams (spec §2 `/session/:sid/results`). Teams of a round may be
 * at different weeks, and costs only grow week after week: a team's cumulative cost is compared
 * with the others' at the same week, the last week every team of the round has played. Teams
 * with the same cost there share a rank (1, 1, 3).
 */
import type { DocData } from '@sim/core/port/data-port';
import {
  rankRound,
  type RankedTeam,
  type RoundRanking,
  type TeamGameResult,
} from '@sim/core/beer/round-ranking';

export { rankRound, type RankedTeam, type RoundRanking, type TeamGameResult };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function cumCostOf(v: unknown): number | null {
  const cost = isRecord(v) ? v['cumCost'] : undefined;
  return typeof cost === 'number' && Number.isFinite(cost) ? cost : null;
}

/**
 * A facility's cumulative cost after each week it has played, from its private document
 * (`view.details[]` of its own id: `history` holds the weeks done, `current` the week being
 * played, whose costs are already counted).
 */
export function facilityCostByWeek(doc: DocData): number[] | null {
  const view = doc['view'];
  if (!isRecord(view) || !Array.isArray(view['details'])) return null;
  const own = view['details'].find((d: unknown) => isRecord(d) && d['id'] === doc['id']);
  if (!isRecord(own)) return null;
  const history = Array.isArray(own['history']) ? own['history'] : [];
  const weeks: number[] = [];
  for (const w of history) {
    const cost = cumCostOf(w);
    if (cost === null) return null;
    weeks.push(cost);
  }
  const current = cumCostOf(own['current']);
  if (current !== null) weeks.push(current);
  return weeks.length > 0 ? weeks : null;
}

/** The team's chain cost after each week every facility has played; null when one is unknown. */
export function teamCostByWeek(facilityDocs: readonly DocData[]): number[] | null {
  if (facilityDocs.length === 0) return null;
  const all: number[][] = [];
  for (const doc of facilityDocs) {
    const weeks = facilityCostByWeek(doc);
    if (weeks === null) return null;
    all.push(weeks);
  }
  const length = Math.min(...all.map((w) => w.length));
  return Array.from({ length }, (_, i) => all.reduce((sum, w) => sum + (w[i] ?? 0), 0));
}
