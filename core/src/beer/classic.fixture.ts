/**
 * Sterman's classic beer game played with the benchmark rule (anchoring and
 * adjustment, θ=0, α=1, β=1, S′ = 28, 28, 28, 20, orders rounded half away
 * from zero and never negative), week by week. The table was computed by a
 * separate board-game model (slot by slot, not this engine) and is checked
 * here by hand for the first weeks after the demand step.
 *
 * Board, per stage: stock 12; two order-mail slots and two shipping slots of
 * 4 each (retailer, wholesaler, distributor); the factory has one production
 * request slot and two production slots of 4. Week t: (1) the front shipping
 * slot enters stock, (2) the order placed in t−2 reaches the supplier (the
 * factory's request of t−1 enters production), consumers ask 4 (8 from week
 * 5), (3) each stage ships what it owes as far as stock goes, (4) costs:
 * 0.5 × stock + 1 × backlog, (5) order = 4 + S′ − (stock − backlog) − supply
 * line, with the supply line = the order still in the mail + what the supplier
 * owes + the two shipments in transit (12 at equilibrium; the factory: its
 * two production slots, 8). Orders are 4 in weeks 1–4.
 *
 * Week 5, retailer: 12 + 4 received = 16, ships 8, stock 8 (cost 4); supply
 * line 4 (mail) + 0 + 4 + 4 = 12; order 4 + 28 − 8 − 12 = 12.
 * Week 5, wholesaler: receives 4, is asked 4 (the retailer's week-3 order),
 * stock 12 (cost 6), supply line 12, order 4 + 28 − 12 − 12 = 8; the same for
 * the distributor; factory: 4 + 20 − 12 − 8 = 4.
 * Week 6, retailer: receives 4, ships 8, stock 4 (cost 2); supply line 12 +
 * 0 + 4 + 4 = 20; order 4 + 28 − 4 − 20 = 8.
 * Week 7, retailer: receives 4, ships 8, stock 0 (cost 0); supply line 8 +
 * 0 + 4 + 12 = 24 (the wholesaler shipped the retailer's week-5 order of 12);
 * order 4 + 28 − 0 − 24 = 8.
 * Week 8, retailer: receives 4, owes 8, backlog 4 (cost 4).
 */

/** [stock, backlog, order, weekCost] at the end of the week. */
export type StageRow = readonly [number, number, number, number];

/** [week, consumer demand, retailer, wholesaler, distributor, factory]. */
export type ClassicRow = readonly [number, number, StageRow, StageRow, StageRow, StageRow];

export const CLASSIC_BENCHMARK_TABLE: readonly ClassicRow[] = [
  [1, 4, [12, 0, 4, 6], [12, 0, 4, 6], [12, 0, 4, 6], [12, 0, 4, 6]],
  [2, 4, [12, 0, 4, 6], [12, 0, 4, 6], [12, 0, 4, 6], [12, 0, 4, 6]],
  [3, 4, [12, 0, 4, 6], [12, 0, 4, 6], [12, 0, 4, 6], [12, 0, 4, 6]],
  [4, 4, [12, 0, 4, 6], [12, 0, 4, 6], [12, 0, 4, 6], [12, 0, 4, 6]],
  [5, 8, [8, 0, 12, 4], [12, 0, 8, 6], [12, 0, 8, 6], [12, 0, 4, 6]],
  [6, 8, [4, 0, 8, 2], [12, 0, 4, 6], [12, 0, 4, 6], [12, 0, 4, 6]],
  [7, 8, [0, 0, 8, 0], [4, 0, 12, 2], [8, 0, 8, 4], [8, 0, 8, 4]],
  [8, 8, [0, 4, 8, 4], [0, 0, 8, 0], [8, 0, 4, 4], [8, 0, 4, 4]],
  [9, 8, [0, 0, 8, 0], [0, 0, 8, 0], [4, 0, 12, 2], [4, 0, 8, 2]],
  [10, 8, [0, 0, 8, 0], [0, 4, 8, 4], [0, 0, 8, 0], [8, 0, 4, 4]],
  [11, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 12, 0]],
  [12, 8, [0, 4, 8, 4], [0, 0, 8, 0], [0, 4, 8, 4], [0, 0, 8, 0]],
  [13, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 4, 8, 4]],
  [14, 8, [0, 0, 8, 0], [0, 4, 8, 4], [0, 0, 8, 0], [0, 0, 8, 0]],
  [15, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 4, 8, 4], [0, 0, 8, 0]],
  [16, 8, [0, 4, 8, 4], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [17, 8, [0, 0, 8, 0], [0, 4, 8, 4], [0, 0, 8, 0], [0, 0, 8, 0]],
  [18, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [19, 8, [0, 4, 8, 4], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [20, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [21, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [22, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [23, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [24, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [25, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [26, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [27, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [28, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [29, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [30, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [31, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [32, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [33, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [34, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [35, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
  [36, 8, [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0], [0, 0, 8, 0]],
];

export const CLASSIC_BENCHMARK_TOTALS = {
  retailer: 46,
  wholesaler: 50,
  distributor: 54,
  factory: 54,
  team: 204,
} as const;
