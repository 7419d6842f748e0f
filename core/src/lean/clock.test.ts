import { describe, expect, it } from 'vitest';
import { coverageMinute, leanMinute } from './clock';
import { normalizeLeanGame, type LeanOrderInput } from './model';

const START = 1_700_000_000_000;

/** Oracle 9's orders (0, A, 4), (2, A, 4), (5, B, 4) with the given initial stock. */
function game(stockA: number, stockB: number, orders?: LeanOrderInput[]) {
  return normalizeLeanGame({
    params: {
      consumerDemandParams: { totalDuration: 20 },
      productsTemplates: {
        A: { name: 'A', ops: [{ shape: 'circle', color: 'green' }], initialStock: stockA },
        B: { name: 'B', ops: [{ shape: 'circle', color: 'red' }], initialStock: stockB },
      },
      consumerDemand: orders ?? [
        { created_min: 0, template_id: 'A', qty: 4 },
        { created_min: 2, template_id: 'A', qty: 4 },
        { created_min: 5, template_id: 'B', qty: 4 },
      ],
    },
    facilities: { w: { type: 'warehouse' }, s: { type: 'station' } },
  });
}

describe('the lean minute (Oracle 9)', () => {
  it('LEAN-RUN-3: running, the elapsed time in whole tenths of a minute', () => {
    expect(leanMinute(START, null, START + 754_321, 20)).toBe(12.5);
    expect(leanMinute(START, null, START + 5_999, 20)).toBe(0);
    expect(leanMinute(START, null, START + 6_000, 20)).toBe(0.1);
  });

  it('LEAN-RUN-3: ended, the end time whatever the clock says', () => {
    expect(leanMinute(START, START + 1_200_000, START + 9_999_999, 20)).toBe(20);
    expect(leanMinute(START, START + 754_321, START + 1_000, 20)).toBe(12.5);
  });

  it('LEAN-RUN-3: clamped to [0, totalDuration]', () => {
    expect(leanMinute(START, null, START + 1_260_000, 20)).toBe(20);
    // A client clock behind the server's start shows 0, not a negative minute.
    expect(leanMinute(START, null, START - 30_000, 20)).toBe(0);
  });

  it('LEAN-RUN-4: the coverage minute is the created_min of the first uncovered order', () => {
    expect(coverageMinute(game(6, 0))).toBe(2);
  });

  it('LEAN-RUN-4: every order covered gives totalDuration; no orders give 0', () => {
    expect(coverageMinute(game(8, 4))).toBe(20);
    expect(coverageMinute(game(8, 4, []))).toBe(0);
  });

  it('LEAN-RUN-4: orders are taken in (created_min, index) order, not document order', () => {
    const orders: LeanOrderInput[] = [
      { created_min: 5, template_id: 'A', qty: 4 },
      { created_min: 1, template_id: 'A', qty: 4 },
      { created_min: 1, template_id: 'B', qty: 1 },
    ];
    // A 4 covers the minute-1 order; the minute-5 order finds no A left.
    expect(coverageMinute(game(4, 1, orders))).toBe(5);
    // B 0: the second minute-1 order (index 2) is the first uncovered.
    expect(coverageMinute(game(8, 0, orders))).toBe(1);
  });
});
