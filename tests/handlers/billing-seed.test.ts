/** The billing seed on both backends: what the local stack and `seed-billing.ts` write. */
import { expect, it } from 'vitest';
import { describeBackends } from '../backends';
import { DEFAULT_PLAN_PRICES, seedBilling } from '../../scripts/billing-seed';

describeBackends('billing seed (business.md §3.2, §5)', (backend) => {
  it('writes rates, catalogue and counter; a second run never moves the counter back', async () => {
    const port = backend().service();
    const first = await seedBilling(port, 1_000, { firstInvoiceNumber: 1001 });
    expect(first).toEqual({
      vatRates: 27,
      plans: 6,
      nextInvoiceNumber: 1001,
      counterCreated: true,
    });
    expect((await port.docs.get('vatRates/FI')).data).toEqual({
      country_code: 'FI',
      standard_rate: 25.5,
      member_state: true,
      effective_from: '2024-09-01',
      source: 'sales-tax@2.23.0',
    });
    expect((await port.docs.get('vatRates/FR')).data).toMatchObject({
      standard_rate: 20,
      effective_from: null,
    });
    expect((await port.docs.get('planCatalog/leangame-unlimited')).data).toMatchObject({
      players: null,
      unlimitedPlayers: true,
      prices: DEFAULT_PLAN_PRICES['leangame-unlimited'],
    });
    await port.docs.set('counters/invoiceNumber', { next: 1042, updated_at: 2_000 });
    const again = await seedBilling(port, 3_000, { firstInvoiceNumber: 1001 });
    expect(again).toMatchObject({ nextInvoiceNumber: 1042, counterCreated: false });
    expect((await port.docs.get('counters/invoiceNumber')).data).toEqual({
      next: 1042,
      updated_at: 2_000,
    });
  });

  it('refuses a first invoice number that is not a whole number ≥ 1', async () => {
    const port = backend().service();
    await port.docs.delete('counters/invoiceNumber');
    await expect(seedBilling(port, 1_000, { firstInvoiceNumber: 0 })).rejects.toThrow(/≥ 1/);
    expect((await port.docs.get('counters/invoiceNumber')).exists).toBe(false);
  });
});
