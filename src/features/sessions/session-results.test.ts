import { describe, expect, it } from 'vitest';
import {
  facilityCostByWeek,
  rankRound,
  teamCostByWeek,
  type TeamGameResult,
} from '@/features/sessions/session-results';

/** A facility's private document: `history` for the weeks done, `current` for this week. */
const fac = (id: string, done: number[], current: number | null) => ({
  id,
  view: {
    details: [
      {
        id,
        cumCost: current ?? done.at(-1) ?? 0,
        history: done.map((cumCost) => ({ id, cumCost })),
        current: current === null ? null : { id, cumCost: current },
      },
    ],
  },
});

const team = (
  teamNumber: number,
  costByWeek: number[] | null,
  finished = false,
): TeamGameResult => ({
  gid: `g${teamNumber}`,
  roundNumber: 1,
  teamNumber,
  week: costByWeek?.length ?? 1,
  finished,
  costByWeek,
});

describe('session results: figures', () => {
  it("reads a facility's cumulative cost week by week, the week being played included", () => {
    expect(facilityCostByWeek(fac('f1', [6, 12.5], 20))).toEqual([6, 12.5, 20]);
    // A finished game has no current week.
    expect(facilityCostByWeek(fac('f1', [6, 12.5, 20], null))).toEqual([6, 12.5, 20]);
    // Only the facility's own figures count.
    expect(facilityCostByWeek({ id: 'f1', view: { details: [{ id: 'f2', cumCost: 3 }] } })).toBe(
      null,
    );
    expect(facilityCostByWeek({ id: 'f1' })).toBeNull();
  });

  it("sums a team's facilities week by week, over the weeks all of them have", () => {
    expect(teamCostByWeek([fac('a', [1, 2], 3), fac('b', [10], 20)])).toEqual([11, 22]);
    expect(teamCostByWeek([fac('a', [1], 2), { id: 'b' }])).toBeNull();
    expect(teamCostByWeek([])).toBeNull();
  });
});

describe('session results: ranking', () => {
  it('compares teams at the last week all of them have played, not by their totals', () => {
    // Team 1 is at week 5 with a high total; team 2 is at week 3 with a lower one, but at
    // week 3 team 1 had spent less.
    const ranking = rankRound([team(1, [10, 20, 30, 80, 150]), team(2, [12, 25, 40])]);
    expect(ranking.week).toBe(3);
    expect(ranking.teams.map((t) => [t.teamNumber, t.rank, t.comparedCost, t.totalCost])).toEqual([
      [1, 1, 30, 150],
      [2, 2, 40, 40],
    ]);
  });

  it('gives equal costs the same rank, and the next rank skips (1, 1, 3)', () => {
    const ranking = rankRound([
      team(1, [5, 50]),
      team(2, [5, 30]),
      team(3, [5, 30.000000000000004]),
      team(4, [5, 29]),
    ]);
    expect(ranking.teams.map((t) => [t.teamNumber, t.rank])).toEqual([
      [4, 1],
      [2, 2],
      [3, 2],
      [1, 4],
    ]);
    const tied = rankRound([team(1, [7]), team(2, [7]), team(3, [9])]);
    expect(tied.teams.map((t) => t.rank)).toEqual([1, 1, 3]);
  });

  it('leaves teams without figures unranked, after the others', () => {
    const ranking = rankRound([team(3, null), team(1, [4, 9]), team(2, [3, 8, 20])]);
    expect(ranking.week).toBe(2);
    expect(ranking.teams.map((t) => [t.teamNumber, t.rank])).toEqual([
      [2, 1],
      [1, 2],
      [3, null],
    ]);
    expect(rankRound([team(1, null)])).toEqual({
      week: null,
      teams: [{ ...team(1, null), rank: null, comparedCost: null, totalCost: null }],
    });
  });
});
