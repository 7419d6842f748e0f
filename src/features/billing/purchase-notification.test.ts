import { describe, expect, it } from 'vitest';
import {
  claimPurchase,
  planPurchaseOf,
  purchaseEvent,
} from '@/features/billing/purchase-notification';
import { vatFeedback } from '@/features/billing/vat-feedback';
import type { BillingDetails } from '@/features/billing/subscription-model';
import { localEvents, localRecorder } from '@/lib/analytics/analytics';
import type { KeyValueStorage } from '@/lib/storage/key-value-storage';

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
  };
}

const NOTIFY = {
  transaction_id: '1001',
  plan_renew: true,
  revenue: 490,
  plan_tax: 98,
  plan_duration: 365,
  plan_maxplayers: 50,
  plan_unlimitedplayers: false,
  plan_licenses: 2,
  plan_games: ['beergame'],
  plan_type: 'new',
  plan_name: 'Class',
};

describe('the purchase notification (spec §4, business.md §3.11)', () => {
  it('becomes one analytics purchase event with value and tax', () => {
    const purchase = planPurchaseOf({ firstname: 'Ada', notifyPlanPurchase: NOTIFY });
    expect(purchase).toEqual(NOTIFY);
    expect(purchaseEvent(purchase!)).toEqual({
      name: 'purchase',
      params: { ...NOTIFY, value: 490, tax: 98 },
    });
  });

  it('needs a transaction id; other fields are bounded', () => {
    expect(planPurchaseOf({})).toBeNull();
    expect(planPurchaseOf({ notifyPlanPurchase: { ...NOTIFY, transaction_id: '' } })).toBeNull();
    expect(
      planPurchaseOf({ notifyPlanPurchase: { ...NOTIFY, transaction_id: '<script>' } }),
    ).toBeNull();
    expect(
      planPurchaseOf({
        notifyPlanPurchase: {
          transaction_id: 1001,
          revenue: 'lots',
          plan_tax: 1e12,
          plan_games: ['beergame', 7],
          plan_maxplayers: null,
        },
      }),
    ).toMatchObject({
      transaction_id: '1001',
      revenue: 0,
      plan_tax: 0,
      plan_games: ['beergame'],
      plan_maxplayers: null,
    });
  });

  it('is sent once per transaction from a tab', () => {
    const storage = memoryStorage();
    expect(claimPurchase(storage, '1001')).toBe(true);
    expect(claimPurchase(storage, '1001')).toBe(false);
    expect(claimPurchase(storage, '1002')).toBe(true);
    // Unreadable storage still lets the event go (the profile's removal keeps it single).
    storage.map.set('simgames.purchasesSent', '{not json');
    expect(claimPurchase(storage, '1001')).toBe(true);
    expect(claimPurchase(null, '1003')).toBe(true);
  });
});

describe('the local analytics recorder', () => {
  it('keeps the events of the tab, the latest hundred', () => {
    const storage = memoryStorage();
    const recorder = localRecorder(storage);
    for (let i = 0; i < 105; i++) recorder.record({ name: 'page', params: { i } });
    const events = localEvents(storage);
    expect(events).toHaveLength(100);
    expect(events[0]).toEqual({ name: 'page', params: { i: 5 } });
    expect(localEvents(null)).toEqual([]);
  });
});

describe('live VAT number feedback (jsvat-next)', () => {
  const saved = (over: Partial<BillingDetails>): BillingDetails => ({
    countryCode: 'FR',
    euvatnr: 'FR40303265045',
    vatStatus: 'valid',
    companyName: 'Lille',
    address: '',
    zip: '',
    city: '',
    email: '',
    ...over,
  });

  it('says what is wrong while the number is typed', () => {
    expect(vatFeedback('FR', '  ', null)).toEqual({ kind: 'empty' });
    expect(vatFeedback('FR', 'FR123', null)).toEqual({ kind: 'format', prefix: 'FR' });
    expect(vatFeedback('BE', 'FR40303265045', null)).toEqual({ kind: 'format', prefix: 'BE' });
    expect(vatFeedback('GR', '123', null)).toEqual({ kind: 'format', prefix: 'EL' });
    expect(vatFeedback('FR', 'FR 403 032 650 45', null)).toEqual({
      kind: 'well-formed',
      full: 'FR40303265045',
    });
    expect(vatFeedback('FR', '40303265046', null)).toEqual({
      kind: 'checksum',
      full: 'FR40303265046',
    });
    expect(vatFeedback('US', '12-3456789', null)).toEqual({ kind: 'not-checked' });
  });

  it('the number the server validated reads as validated until it changes', () => {
    expect(vatFeedback('FR', 'fr40303265045', saved({}))).toEqual({
      kind: 'validated',
      full: 'FR40303265045',
    });
    expect(vatFeedback('FR', 'FR40303265045', saved({ vatStatus: 'unverified' })).kind).toBe(
      'validated',
    );
    expect(vatFeedback('FR', 'FR40303265045', saved({ vatStatus: 'none' })).kind).toBe(
      'well-formed',
    );
    expect(vatFeedback('FR', 'FR40303265045', saved({ countryCode: 'BE' })).kind).toBe(
      'well-formed',
    );
  });
});
