/**
 * The order rules alone (BEER-ORD-1..4), so the player's screen previews an order without the
 * engine. The engine applies the same function.
 */
import { roundHalfAway } from './math';

/**
 * BEER-ORD-1..4: the order actually placed for a requested quantity.
 * 1: rounded half away from zero; negative or not a number gives 0.
 * 2: a positive order below `moq` is raised to `moq`.
 * 3: a positive order is rounded up to a multiple of `batchSize`.
 * 4: an order above `maxOrderQty` is cut to it (to the largest multiple of
 *    `batchSize` not above it when that is positive). 0 means no constraint.
 */
export function applyOrderRules(
  requested: number,
  cap: { moq: number; batchSize: number; maxOrderQty: number },
): number {
  let q = Number.isFinite(requested) ? roundHalfAway(requested) : 0;
  if (q <= 0) return 0;
  if (cap.moq > 0 && q < cap.moq) q = cap.moq;
  if (cap.batchSize > 0) q = Math.ceil(q / cap.batchSize) * cap.batchSize;
  if (cap.maxOrderQty > 0 && q > cap.maxOrderQty) {
    q = cap.maxOrderQty;
    if (cap.batchSize > 0 && cap.batchSize <= cap.maxOrderQty) {
      q = Math.floor(q / cap.batchSize) * cap.batchSize;
    }
  }
  return q;
}
