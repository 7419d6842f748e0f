/**
 * A lean session's results (issue 11 item 5): the figures of a lean class, round after round and
 * team beside team — lead time, work in process, flow efficiency, on time in full and profit —
 * and each round measured against the last, from every finished game's debrief
 * (`stats/final.debrief`, the core's `leanDebrief`). Pure.
 */
import type { LeanDebrief } from '@sim/core/lean/debrief';

export const LEAN_SESSION_METRICS = [
  'leadTime',
  'wip',
  'flowEfficiency',
  'otif',
  'profit',
] as const;
export type LeanSessionMetric = (typeof LEAN_SESSION_METRICS)[number];

/** Lower is better for these (a shorter lead time, less stock); higher for the others. */
const LOWER_IS_BETTER: ReadonlySet<LeanSessionMetric> = new Set(['leadTime', 'wip']);

export type LeanFigures = Record<LeanSessionMetric, number | null>;

/** A metric's figure of a game: null when the game has none (nothing shipped, nothing due). */
export function leanFigures(d: LeanDebrief): LeanFigures {
  return {
    leadTime: d.wip.averageLeadTime,
    wip: d.wip.average,
    flowEfficiency: d.flowefficiency.value,
    otif: d.deliveries.otifRate,
    profit: d.pnl.profit,
  };
}

export interface LeanTeamGame {
  readonly gid: string;
  readonly roundNumber: number;
  readonly teamNumber: number;
  readonly finished: boolean;
  /** Null until the game has ended (its stats are written then). */
  readonly figures: LeanFigures | null;
}

export type Verdict = 'better' | 'worse' | 'same';

export interface Change {
  /** This round's figure minus the last round's. */
  readonly delta: number;
  readonly verdict: Verdict;
}

export type Changes = Record<LeanSessionMetric, Change | null>;

export interface LeanTeamRow extends LeanTeamGame {
  /** Against the same team's game of the last round; null in the first round or without figures. */
  readonly change: Changes;
}

export interface LeanRoundRow {
  readonly roundNumber: number;
  /** By team number. */
  readonly teams: readonly LeanTeamRow[];
  /** The mean of each figure over the round's ended games; null when none has it. */
  readonly average: LeanFigures;
  /** The round's average against the last round's. */
  readonly averageChange: Changes;
}

/** Figures equal to 1e-9 are the same: sums of minutes carry float noise. */
const EPSILON = 1e-9;

export function changeOf(
  metric: LeanSessionMetric,
  now: number | null,
  before: number | null,
): Change | null {
  if (now === null || before === null) return null;
  const delta = now - before;
  if (Math.abs(delta) <= EPSILON) return { delta: 0, verdict: 'same' };
  const up = delta > 0;
  const better = LOWER_IS_BETTER.has(metric) ? !up : up;
  return { delta, verdict: better ? 'better' : 'worse' };
}

function changes(now: LeanFigures | null, before: LeanFigures | null): Changes {
  const out = {} as Changes;
  for (const m of LEAN_SESSION_METRICS) out[m] = changeOf(m, now?.[m] ?? null, before?.[m] ?? null);
  return out;
}

function mean(games: readonly LeanTeamGame[]): LeanFigures {
  const out = {} as LeanFigures;
  for (const m of LEAN_SESSION_METRICS) {
    const xs = games.map((g) => g.figures?.[m] ?? null).filter((x): x is number => x !== null);
    out[m] = xs.length === 0 ? null : xs.reduce((s, x) => s + x, 0) / xs.length;
  }
  return out;
}

/**
 * The session's rounds in order, each team beside the others and against its own game of the
 * round before; rounds without a game are left out. A team with two games in a round (a round
 * started twice) is shown with each.
 */
export function compareLeanRounds(games: readonly LeanTeamGame[]): LeanRoundRow[] {
  const rounds = [...new Set(games.map((g) => g.roundNumber))].sort((a, b) => a - b);
  const rows: LeanRoundRow[] = [];
  for (const n of rounds) {
    const inRound = games
      .filter((g) => g.roundNumber === n)
      .sort((a, b) => a.teamNumber - b.teamNumber || a.gid.localeCompare(b.gid));
    const last = games.filter((g) => g.roundNumber === n - 1);
    const average = mean(inRound);
    const lastAverage = last.length === 0 ? null : mean(last);
    rows.push({
      roundNumber: n,
      teams: inRound.map((g) => {
        const before = last.find((l) => l.teamNumber === g.teamNumber && l.figures !== null);
        return { ...g, change: changes(g.figures, before?.figures ?? null) };
      }),
      average,
      averageChange: changes(average, lastAverage),
    });
  }
  return rows;
}

/** Chart rows of one figure: `{round, team1, team2…}` per round, for a line per team. */
export function metricRows(
  rows: readonly LeanRoundRow[],
  metric: LeanSessionMetric,
): { rows: Record<string, number | null>[]; teams: number[] } {
  const teams = [...new Set(rows.flatMap((r) => r.teams.map((t) => t.teamNumber)))].sort(
    (a, b) => a - b,
  );
  return {
    teams,
    rows: rows.map((r) => {
      const row: Record<string, number | null> = { round: r.roundNumber };
      for (const team of teams) {
        const game = r.teams.find((t) => t.teamNumber === team && t.figures !== null);
        row[`team${team}`] = game?.figures?.[metric] ?? null;
      }
      return row;
    }),
  };
}
