/**
 * A session round's ranking of teams by cost (spec §2 `/session/:sid/results`). Teams of a round
 * may be at different weeks, and costs only grow week after week: a team's cumulative cost is
 * compared with the others' at the same week, the last week every team of the round has played.
 * Teams with the same cost there share a rank (1, 1, 3). Shared by the session results page and
 * the results workbook. Pure.
 */

export interface TeamGameResult {
  readonly gid: string;
  readonly roundNumber: number;
  readonly teamNumber: number;
  /** The game's week: the week being played, or the last one once finished. */
  readonly week: number;
  readonly finished: boolean;
  /**
   * The chain's cumulative cost after each week, `costByWeek[w - 1]` for week w (the sum of the
   * facilities' own figures), or null when a facility's figures are unknown.
   */
  readonly costByWeek: readonly number[] | null;
}

export interface RankedTeam extends TeamGameResult {
  /** 1 for the lowest cost; equal costs share a rank; null when not compared. */
  readonly rank: number | null;
  /** The cumulative cost at the comparison week. */
  readonly comparedCost: number | null;
  /** The cost so far (the last week known). */
  readonly totalCost: number | null;
}

export interface RoundRanking {
  /** The week the teams are compared at, null when no team has played a week. */
  readonly week: number | null;
  /** Ranked teams first (by rank, then team number), the others after. */
  readonly teams: readonly RankedTeam[];
}

/** Costs equal to the cent are a tie (sums of halves carry float noise). */
function cents(cost: number): number {
  return Math.round(cost * 100);
}

/**
 * Ranks a round's teams at the last week all of them have played: competition ranking on the
 * cumulative cost there, lowest first, ties sharing a rank. Teams without figures are not ranked.
 */
export function rankRound(results: readonly TeamGameResult[]): RoundRanking {
  const known = results.filter((r) => r.costByWeek !== null && r.costByWeek.length > 0);
  const week = known.length > 0 ? Math.min(...known.map((r) => r.costByWeek?.length ?? 0)) : null;
  const withCost = results.map((r) => {
    const costs = r.costByWeek;
    const totalCost = costs && costs.length > 0 ? (costs[costs.length - 1] ?? null) : null;
    const comparedCost = costs && week !== null ? (costs[week - 1] ?? null) : null;
    return { ...r, totalCost, comparedCost };
  });
  const compared = withCost
    .filter((r) => r.comparedCost !== null)
    .sort(
      (a, b) =>
        cents(a.comparedCost ?? 0) - cents(b.comparedCost ?? 0) || a.teamNumber - b.teamNumber,
    );
  const ranked: RankedTeam[] = [];
  compared.forEach((r, i) => {
    const previous = ranked[i - 1];
    const tied =
      previous !== undefined &&
      previous.comparedCost !== null &&
      cents(previous.comparedCost) === cents(r.comparedCost ?? 0);
    ranked.push({ ...r, rank: tied ? previous.rank : i + 1 });
  });
  const others = withCost
    .filter((r) => r.comparedCost === null)
    .sort((a, b) => a.teamNumber - b.teamNumber)
    .map((r) => ({ ...r, rank: null }));
  return { week, teams: [...ranked, ...others] };
}
