/** Order entry checks of the play screen: the core's order rules (BEER-ORD-1..4) on typed text. Pure. */
import { applyOrderRules } from '@sim/core/beer/order-rules';
import { BEER_BOUNDS } from '@sim/core/beer/model';

export interface OrderCheck {
  /** The typed text is a whole number in 0…999, and what the rules make of it may be ordered. */
  valid: boolean;
  /** The quantity that will be ordered after MOQ, batch and maximum (null when invalid). */
  placed: number | null;
  /** The rules changed the typed quantity. */
  adjusted: boolean;
}

export function checkOrder(
  text: string,
  cap: { moq: number; batchSize: number; maxOrderQty: number },
): OrderCheck {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { valid: false, placed: null, adjusted: false };
  const n = Number(trimmed);
  if (n < BEER_BOUNDS.quantity.min || n > BEER_BOUNDS.quantity.max) {
    return { valid: false, placed: null, adjusted: false };
  }
  const placed = applyOrderRules(n, cap);
  // A capability's MOQ or batch size may raise the quantity past what may be ordered (0…999, and
  // its maximum when set): the access policy would refuse it, so the field does first.
  if (placed > BEER_BOUNDS.quantity.max || (cap.maxOrderQty > 0 && placed > cap.maxOrderQty)) {
    return { valid: false, placed: null, adjusted: false };
  }
  return { valid: true, placed, adjusted: placed !== n };
}
