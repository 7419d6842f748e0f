import { describe, expect, it } from 'vitest';
import { conversionsOf } from '@/features/referral/referral-api';

describe('conversions listed to the referrer', () => {
  it('newest first, skipping what is not a conversion', () => {
    expect(
      conversionsOf([
        { id: 'a', data: { net: 100, currency: 'EUR', created_at: 1 } },
        { id: 'b', data: { net: 250, currency: 'USD', created_at: 5 } },
        { id: 'c', data: { net: '9', currency: 'EUR', created_at: 9 } },
        { id: 'd', data: { net: 1, currency: '<b>', created_at: 9 } },
        { id: 'e', data: undefined },
      ]),
    ).toEqual([
      { id: 'b', net: 250, currency: 'USD', createdAt: 5 },
      { id: 'a', net: 100, currency: 'EUR', createdAt: 1 },
    ]);
  });
});
