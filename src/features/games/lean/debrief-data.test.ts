import { describe, expect, it } from 'vitest';
import { carsAndTrucks } from '@sim/core/lean/cars-and-trucks';
import { leanDebrief, METRIC_RANKS } from '@sim/core/lean/debrief';
import { runToEnd } from '@sim/core/lean/engine';
import { normalizeLeanGame } from '@sim/core/lean/model';
import {
  deliveryRows,
  flowBars,
  littleCheck,
  pnlRows,
  resRows,
  thin,
  wipRows,
  yamazumi,
} from '@/features/games/lean/debrief-data';

// The push round of the design's Appendix, played by the computer alone for 20 minutes.
const game = normalizeLeanGame(carsAndTrucks({ batch: 4 }));
const state = runToEnd(game);
const d = leanDebrief(state);
const nameOf = (id: string) => `name:${id}`;

describe('the charts of a lean debrief', () => {
  it('thins long series and keeps their first and last points', () => {
    const xs = Array.from({ length: 1201 }, (_, i) => i);
    const out = thin(xs);
    expect(out.length).toBeLessThanOrEqual(241);
    expect(out[0]).toBe(0);
    expect(out[out.length - 1]).toBe(1200);
    expect(thin([1, 2, 3])).toEqual([1, 2, 3]);
  });

  it('the P&L ends at the totals (C.1)', () => {
    const rows = pnlRows(d);
    const last = rows[rows.length - 1]!;
    expect(last.t).toBe(d.duration);
    expect(last.revenue).toBeCloseTo(d.pnl.revenue, 9);
    expect(last.costs).toBeCloseTo(d.pnl.costs, 6);
    expect(last.profit).toBeCloseTo(d.pnl.profit, 6);
  });

  it('deliveries: cumulative units ordered and shipped (C.2)', () => {
    const rows = deliveryRows(d);
    const last = rows[rows.length - 1]!;
    expect(last.ordered).toBe(40);
    expect(last.shipped).toBe(d.deliveries.delivered);
  });

  it('balance: one bar per facility stacked by dot, inspection last, with the takt (C.3)', () => {
    const y = yamazumi(d.balance, nameOf);
    expect(y.rows.map((r) => r['id'])).toEqual(['yellow', 'grey', 'blue', 'quality']);
    expect(y.keys[y.keys.length - 1]).toBe('inspect');
    expect(y.keys).toContain('hbar:grey');
    for (const f of d.balance.facilities) {
      const row = y.rows.find((r) => r['id'] === f.id)!;
      const sum = y.keys.reduce((s, k) => s + Number(row[k]), 0);
      expect(sum).toBeCloseTo(f.workContent, 9);
      expect(row['name']).toBe(`name:${f.id}`);
    }
    expect(y.takt).toBe(0.5);
    expect(y.bottleneck).toBe('grey');
  });

  it('wip: the Little check says units still in process make the gap (C.4)', () => {
    expect(wipRows(d.wip).length).toBeLessThanOrEqual(241);
    const check = littleCheck(d.wip);
    expect(check.kind).toBe('inProcess');
    expect(check.inProcessAtEnd).toBe(d.wip.inProcessAtEnd);
    expect(check.inProcessAtEnd).toBeGreaterThan(0);
    expect(check.gap).toBeCloseTo(
      Math.abs(d.wip.average - d.wip.throughputTimesLeadTime) / d.wip.average,
      12,
    );
  });

  it('wip: a line empty at the end agrees, a line that shipped nothing has no lead time', () => {
    const empty = { ...d.wip, inProcessAtEnd: 0, littleGap: 0 };
    expect(littleCheck(empty).kind).toBe('empty');
    expect(littleCheck({ ...d.wip, averageLeadTime: null }).kind).toBe('nothing');
  });

  it('flow efficiency: stacked bars in the metric ranks per unit, product and facility (C.6)', () => {
    const bars = flowBars(
      d.flowefficiency,
      { average: 'avg', template: (t) => `t:${t}`, facility: nameOf },
      game.facilities.map((f) => f.id),
    );
    expect(bars.average).toHaveLength(1);
    for (const k of METRIC_RANKS) expect(bars.average[0]![k]).toBe(d.flowefficiency.average[k]);
    expect(bars.byTemplate.map((b) => b.label)).toEqual(['t:car', 't:truck']);
    // Line order, facilities with time only; the warehouse holds waiting units.
    expect(bars.byFacility.map((b) => b.id)).toEqual([
      'warehouse',
      'yellow',
      'grey',
      'blue',
      'quality',
    ]);
    const avgLead = METRIC_RANKS.reduce((s, k) => s + bars.average[0]![k], 0);
    expect(avgLead).toBeCloseTo(d.flowefficiency.leadTime / d.flowefficiency.units.length, 9);
  });

  it('resource efficiency: the shares of E of each facility add up to one (C.7)', () => {
    const rows = resRows(d.resefficiency, nameOf);
    expect(rows.map((r) => r.id)).toEqual(['yellow', 'grey', 'blue', 'quality']);
    for (const r of rows) {
      expect(r.valueAdd + r.quality + r.changeover + r.load + r.idle).toBeCloseTo(1, 9);
    }
  });
});
