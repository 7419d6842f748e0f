import { describe, expect, it } from 'vitest';
import { facilityCost, rankTeams, totalCost } from '@/features/sessions/session-results';

const fac = (id: string, cumCost: number) => ({
  id,
  view: { details: [{ id, cumCost }] },
});

describe('session results', () => {
  it('sums the facilities cumulative costs of a team', () => {
    expect(facilityCost(fac('f1', 12.5))).toBe(12.5);
    expect(facilityCost({ id: 'f1', view: { details: [{ id: 'f2', cumCost: 3 }] } })).toBeNull();
    expect(totalCost([fac('a', 1), fac('b', 2.5)])).toBe(3.5);
    expect(totalCost([fac('a', 1), { id: 'b' }])).toBeNull();
    expect(totalCost([])).toBeNull();
  });

  it('ranks teams by total cost, unknown last', () => {
    const r = (teamNumber: number, totalCost: number | null) => ({
      gid: `g${teamNumber}`,
      roundNumber: 1,
      teamNumber,
      week: 1,
      finished: false,
      totalCost,
    });
    expect(rankTeams([r(1, null), r(2, 50), r(3, 20), r(4, 20)]).map((x) => x.teamNumber)).toEqual([
      3, 4, 2, 1,
    ]);
  });
});
