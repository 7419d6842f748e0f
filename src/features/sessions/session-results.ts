/** Pure comparison of a session's teams (spec §2 `/session/:sid/results`). */
import type { DocData } from '@sim/core/port/data-port';

export interface TeamGameResult {
  readonly gid: string;
  readonly roundNumber: number;
  readonly teamNumber: number;
  readonly week: number;
  readonly finished: boolean;
  /** Total cost of the team's chain (sum of the facilities' cumulative costs), when known. */
  readonly totalCost: number | null;
}

/** The cumulative cost of a facility from its private document (`view.details[].cumCost`). */
export function facilityCost(doc: DocData): number | null {
  const view = doc['view'];
  if (typeof view !== 'object' || view === null) return null;
  const details = (view as { details?: unknown }).details;
  if (!Array.isArray(details)) return null;
  const own = details.find(
    (d): d is { id: string; cumCost: number } =>
      typeof d === 'object' &&
      d !== null &&
      (d as { id?: unknown }).id === doc['id'] &&
      typeof (d as { cumCost?: unknown }).cumCost === 'number',
  );
  return own ? own.cumCost : null;
}

/** A team's total cost: null when any facility's cost is unknown. */
export function totalCost(facilityDocs: readonly DocData[]): number | null {
  let sum = 0;
  for (const doc of facilityDocs) {
    const cost = facilityCost(doc);
    if (cost === null) return null;
    sum += cost;
  }
  return facilityDocs.length > 0 ? sum : null;
}

/** Teams of a round ranked by total cost, lowest first; unknown costs last. */
export function rankTeams(results: readonly TeamGameResult[]): TeamGameResult[] {
  return [...results].sort((a, b) => {
    if (a.totalCost === null && b.totalCost === null) return a.teamNumber - b.teamNumber;
    if (a.totalCost === null) return 1;
    if (b.totalCost === null) return -1;
    return a.totalCost - b.totalCost || a.teamNumber - b.teamNumber;
  });
}
