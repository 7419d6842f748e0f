import { describe, expect, it } from 'vitest';
import type { DataPort } from '@sim/core/port/data-port';
import {
  createLedger,
  createPayments,
  lazyPayments,
  readEconomicConfig,
  readFunctionsBaseUrl,
} from './boundary-config';
import { readBillingProviders } from './providers';

const noPort = (): DataPort => {
  throw new Error('the port is not used here');
};

describe('ledger and payment adapters', () => {
  it('production refuses the fake ledger and the fake checkout', () => {
    expect(() => readBillingProviders({ BILLING_PROVIDERS: 'fake' })).toThrow(/emulator/);
    expect(() =>
      readBillingProviders({ BILLING_PROVIDERS: 'fake', FUNCTIONS_EMULATOR: 'false' }),
    ).toThrow(/emulator/);
    expect(readBillingProviders({})).toBe('live');
    expect(readBillingProviders({ FUNCTIONS_EMULATOR: 'true' })).toBe('fake');
  });

  it('a live instance without its secrets fails the first payment, naming them', async () => {
    expect(() => createPayments('live', { STRIPE_SECRET_KEY: 'sk_test_1' }, noPort)).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => createLedger('live', {}, noPort, Date.now)).toThrow(
      /ECONOMIC_APP_SECRET_TOKEN, ECONOMIC_AGREEMENT_GRANT_TOKEN/,
    );
    const payments = lazyPayments(() => ({}), noPort);
    await expect(payments.expire('cs_1')).rejects.toThrow(/STRIPE_SECRET_KEY/);
    const inProduction = lazyPayments(() => ({ BILLING_PROVIDERS: 'fake' }), noPort);
    await expect(inProduction.expire('cs_1')).rejects.toThrow(/emulator/);
  });

  it("reads the agreement's numbers, refusing nonsense", () => {
    const secrets = { ECONOMIC_APP_SECRET_TOKEN: 'a', ECONOMIC_AGREEMENT_GRANT_TOKEN: 'g' };
    expect(readEconomicConfig(secrets)).toEqual({
      appSecretToken: 'a',
      agreementGrantToken: 'g',
      customerGroupNumber: 1,
      paymentTermsNumber: 1,
      layoutNumber: 19,
    });
    expect(
      readEconomicConfig({ ...secrets, ECONOMIC_LAYOUT: '21', ECONOMIC_PRODUCT: 'P1' }),
    ).toMatchObject({
      layoutNumber: 21,
      productNumber: 'P1',
    });
    expect(() => readEconomicConfig({ ...secrets, ECONOMIC_LAYOUT: '-3' })).toThrow(
      /ECONOMIC_LAYOUT/,
    );
  });

  it("serves the fake checkout from the stack's functions address", () => {
    expect(
      readFunctionsBaseUrl({ FUNCTIONS_BASE_URL: 'http://10.0.0.5:5001/demo-x/us-central1/' }),
    ).toBe('http://10.0.0.5:5001/demo-x/us-central1');
    expect(readFunctionsBaseUrl({ GCLOUD_PROJECT: 'demo-y' })).toBe(
      'http://127.0.0.1:5001/demo-y/us-central1',
    );
  });
});
