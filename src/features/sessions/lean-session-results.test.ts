import { describe, expect, it } from 'vitest';
import { CARS_AND_TRUCKS_ROUNDS, carsAndTrucks } from '@sim/core/lean/cars-and-trucks';
import { leanDebrief } from '@sim/core/lean/debrief';
import { runToEnd } from '@sim/core/lean/engine';
import { normalizeLeanGame } from '@sim/core/lean/model';
import {
  changeOf,
  compareLeanRounds,
  leanFigures,
  metricRows,
  type LeanTeamGame,
} from '@/features/sessions/lean-session-results';

/** The debrief of a round of the Appendix, played by the computer alone. */
function figuresOf(round: string) {
  const variant = CARS_AND_TRUCKS_ROUNDS.find((r) => r.id === round)?.variant;
  return leanFigures(leanDebrief(runToEnd(normalizeLeanGame(carsAndTrucks(variant)))));
}

describe('a lean session’s rounds compared', () => {
  it('takes lead time, WIP, flow efficiency, OTIF and profit from the debrief', () => {
    const d = leanDebrief(runToEnd(normalizeLeanGame(carsAndTrucks({ batch: 1 }))));
    expect(leanFigures(d)).toEqual({
      leadTime: d.wip.averageLeadTime,
      wip: d.wip.average,
      flowEfficiency: d.flowefficiency.value,
      otif: d.deliveries.otifRate,
      profit: d.pnl.profit,
    });
  });

  it('measures each round against the last: shorter lead time and less WIP are better', () => {
    const push = figuresOf('push');
    const flow = figuresOf('compact');
    const games: LeanTeamGame[] = [
      { gid: 'a1', roundNumber: 1, teamNumber: 1, finished: true, figures: push },
      { gid: 'b1', roundNumber: 1, teamNumber: 2, finished: true, figures: push },
      { gid: 'a2', roundNumber: 2, teamNumber: 1, finished: true, figures: flow },
      // Team 2's second round is still running.
      { gid: 'b2', roundNumber: 2, teamNumber: 2, finished: false, figures: null },
    ];
    const [r1, r2] = compareLeanRounds(games);
    expect(r1?.teams.map((t) => t.gid)).toEqual(['a1', 'b1']);
    expect(r1?.teams[0]?.change.leadTime).toBeNull();
    const a2 = r2?.teams[0];
    // Smaller batches in the U of neighbours: the unit's lead time and the stock fall.
    expect(flow.leadTime!).toBeLessThan(push.leadTime!);
    expect(a2?.change.leadTime).toEqual({
      delta: flow.leadTime! - push.leadTime!,
      verdict: 'better',
    });
    expect(a2?.change.wip?.verdict).toBe(flow.wip! < push.wip! ? 'better' : 'worse');
    expect(a2?.change.flowEfficiency?.verdict).toBe(
      flow.flowEfficiency! > push.flowEfficiency! ? 'better' : 'worse',
    );
    expect(r2?.teams[1]?.change.profit).toBeNull();
    // The round's average counts the ended games only.
    expect(r2?.average.profit).toBe(flow.profit);
    expect(r2?.averageChange.profit?.delta).toBeCloseTo(flow.profit! - push.profit!, 9);
  });

  it('calls a change of a float’s noise unchanged, and higher OTIF and profit better', () => {
    expect(changeOf('leadTime', 1.2 + 1e-12, 1.2)).toEqual({ delta: 0, verdict: 'same' });
    expect(changeOf('otif', 0.8, 0.5)?.verdict).toBe('better');
    expect(changeOf('profit', -3, 2)?.verdict).toBe('worse');
    expect(changeOf('wip', 3, 5)?.verdict).toBe('better');
    expect(changeOf('otif', null, 0.5)).toBeNull();
  });

  it('gives a chart a line per team across the rounds', () => {
    const f = (x: number) => ({ leadTime: x, wip: x, flowEfficiency: x, otif: x, profit: x });
    const rows = compareLeanRounds([
      { gid: 'a', roundNumber: 1, teamNumber: 1, finished: true, figures: f(3) },
      { gid: 'b', roundNumber: 1, teamNumber: 2, finished: true, figures: f(4) },
      { gid: 'c', roundNumber: 2, teamNumber: 2, finished: true, figures: f(2) },
    ]);
    expect(metricRows(rows, 'leadTime')).toEqual({
      teams: [1, 2],
      rows: [
        { round: 1, team1: 3, team2: 4 },
        { round: 2, team1: null, team2: 2 },
      ],
    });
  });
});
