import { describe, expect, it } from 'vitest';
import { createGame } from './engine';
import { debriefMetrics, referenceRuns, variance } from './metrics';
import type { Policy } from './policies';
import { STERMAN_MEAN } from './policies';
import { CLASSIC_ROLES, CLASSIC_SPRIME, classicGame } from './presets';
import { simulate } from './simulate';
import { advanceN, twoStage } from './testing';

const benchmark: Record<string, Policy> = Object.fromEntries(
  CLASSIC_ROLES.map((r, i) => [
    r,
    { kind: 'anchor', theta: 0, alpha: 1, beta: 1, sprime: CLASSIC_SPRIME[i] },
  ]),
);

describe('debrief metrics (BEER-MET-*)', () => {
  const m = debriefMetrics(simulate(classicGame(), benchmark));

  it('BEER-MET-1: team and facility totals are sums of weekly figures (teamPerformance)', () => {
    expect(m.teamPerformance.cost).toBe(204);
    expect(m.teamPerformance.facilities.map((f) => f.cost)).toEqual([46, 50, 54, 54]);
    expect(m.teamPerformance.weeklyCost.slice(0, 5)).toEqual([24, 24, 24, 24, 22]);
    expect(m.teamPerformance.cumCost.at(-1)).toBe(204);
    expect(m.teamPerformance.profit).toBe(-204);
  });

  it('BEER-MET-2..5: average stock and backlog, fill rate, stock-out weeks and peak order (individualPerformance)', () => {
    const retailer = m.individualPerformance[0]!;
    // Retailer backlogs of 4 in weeks 8, 12, 16, 19: 16 units short out of 4·4 + 8·32 = 272 asked.
    expect(retailer.stockOutWeeks).toBe(4);
    expect(retailer.avgBacklog).toBeCloseTo(16 / 36, 10);
    expect(retailer.fillRate).toBeCloseTo(1 - 16 / 272, 10);
    expect(retailer.avgStock).toBeCloseTo((12 * 4 + 8 + 4) / 36, 10);
    expect(retailer.peakOrder).toBe(12);
    expect(retailer.peakOrderWeek).toBe(5);
    const full = debriefMetrics(
      simulate(twoStage({ demand: [4], buy: { startOrders: 4 }, make: { startOrders: 4 } }), {
        kind: 'constant',
        quantity: 4,
      }),
    );
    expect(full.individualPerformance[0]!.fillRate).toBe(1);
  });

  it('BEER-MET-6: bullwhip = Var(orders) / Var(consumer demand) per stage; null when demand is constant (variability)', () => {
    const orders = m.stagesEvolution[1]!.orders;
    expect(m.variability.facilities[1]!.bullwhip).toBeCloseTo(
      variance(orders) / variance(m.demand),
      12,
    );
    const flat = debriefMetrics(simulate(twoStage({ demand: [4] }), { kind: 'passthrough' }));
    expect(flat.variability.facilities[0]!.bullwhip).toBeNull();
  });

  it('BEER-MET-7: observed lead times match orders to receipts first in, first out (leadTimes)', () => {
    const calm = debriefMetrics(
      simulate(classicGame({ demand: [4] }), { kind: 'constant', quantity: 4 }),
    );
    expect(calm.leadTimes.map((l) => [l.facility, l.nominal, l.average, l.min, l.max])).toEqual([
      ['retailer', 4, 4, 4, 4],
      ['wholesaler', 4, 4, 4, 4],
      ['distributor', 4, 4, 4, 4],
      ['factory', 3, 3, 3, 3],
    ]);
    // A plant short of stock makes the shop's 10 units of week 1 only in week 2: they reach the
    // plant's stock in week 4 (one week late), are shipped then and arrive in week 6: 5 weeks.
    let st = advanceN(createGame(twoStage({ plant: { stock: 0 }, weeks: 9 })), 1, {
      shop: { buy: 10 },
    });
    st = advanceN(st, 1, { plant: { make: 10 } });
    const lt = debriefMetrics(advanceN(st, 8)).leadTimes.find((l) => l.capability === 'buy')!;
    expect(lt).toMatchObject({ units: 10, average: 5, min: 5, max: 5 });
  });

  it('gives every debrief section, week series aligned with the weeks played', () => {
    expect(m.weeks).toHaveLength(36);
    expect(m.supplychainEvolution.orders.map((o) => o.id)).toEqual([...CLASSIC_ROLES]);
    expect(m.supplychainEvolution.netStock[0]!.values[7]).toBe(-4);
    expect(m.stagesEvolution.every((s) => s.stock.length === 36)).toBe(true);
    expect(m.responseToDemand.facilities[0]).toMatchObject({ peakOrder: 12, amplification: 1.5 });
  });

  it('reference runs replay the game with the benchmark rule and with typical human play', () => {
    const r = referenceRuns(classicGame());
    expect(r.benchmark.cost).toBe(204);
    expect(r.typical.policy).toEqual(STERMAN_MEAN);
    expect(r.typical.cost).toBeGreaterThan(r.benchmark.cost);
    expect(r.typical.facilities.map((f) => f.orders.length)).toEqual([36, 36, 36, 36]);
  });
});
