/** The order field sends only quantities the access policy accepts (0…999, within maxOrderQty). */
import { describe, expect, it } from 'vitest';
import { checkOrder } from '@/features/games/beer/order-rules';

describe('order field bounds', () => {
  it('refuses a quantity the MOQ or batch size would raise above 999', () => {
    expect(checkOrder('5', { moq: 1000, batchSize: 0, maxOrderQty: 0 }).valid).toBe(false);
    expect(checkOrder('700', { moq: 0, batchSize: 600, maxOrderQty: 0 }).valid).toBe(false);
    expect(checkOrder('500', { moq: 0, batchSize: 500, maxOrderQty: 0 })).toEqual({
      valid: true,
      placed: 500,
      adjusted: false,
    });
  });

  it('refuses huge or malformed numbers', () => {
    for (const text of ['9007199254740991', '1e3', '0x10', '1000', '-0', '']) {
      expect(checkOrder(text, { moq: 0, batchSize: 0, maxOrderQty: 0 }).valid).toBe(false);
    }
    expect(checkOrder('999', { moq: 0, batchSize: 0, maxOrderQty: 0 }).placed).toBe(999);
  });

  it('never places more than the capability allows', () => {
    expect(checkOrder('50', { moq: 0, batchSize: 0, maxOrderQty: 20 }).placed).toBe(20);
    // A maximum below the MOQ: the maximum wins (BEER-ORD-4 comes last).
    expect(checkOrder('1', { moq: 30, batchSize: 0, maxOrderQty: 20 }).placed).toBe(20);
  });
});
