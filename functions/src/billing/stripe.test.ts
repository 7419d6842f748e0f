/**
 * The Stripe adapter against a local HTTP server standing in for api.stripe.com (the official SDK
 * pointed at it): a Checkout Session in payment mode of one line, the gross amount in minor units,
 * the invoice and team in its metadata, its expiry and the idempotency key; and webhook
 * verification, which refuses a changed body, another secret and an old signature.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './payments';
import { createStripePayments, signStripePayload, verifyStripeEvent } from './stripe';

let server: Server;
let port = 0;
const seen: { url: string; headers: IncomingHttpHeaders; form: URLSearchParams }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, form: new URLSearchParams(raw) });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'cs_test_1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.com/c/pay/cs_test_1',
          expires_at: 1_768_474_800,
        }),
      );
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as { port: number }).port;
});

afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

describe('createStripePayments', () => {
  it('creates a payment-mode session of one line of the gross amount', async () => {
    const payments = createStripePayments({
      secretKey: 'sk_test_local',
      webhookSecret: 'whsec_1',
      api: { host: '127.0.0.1', port, protocol: 'http' },
    });
    const session = await payments.createCheckout({
      invoiceId: 'inv-1',
      teamId: 'team-1',
      invoiceNumber: 1001,
      buyerUid: 'ada',
      currency: 'EUR',
      amount: 60_270,
      description: 'Beer game — Class plan — 1001',
      customerEmail: 'ada@example.com',
      successUrl: 'https://app.example.com/dashboard/subscription?purchase=success&invoice=inv-1',
      cancelUrl: 'https://app.example.com/dashboard/subscription?purchase=cancelled&invoice=inv-1',
      expiresAt: 1_768_474_800_000,
      idempotencyKey: 'checkout-inv-1-ada-491242',
    });
    expect(session).toEqual({
      id: 'cs_test_1',
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
      expiresAt: 1_768_474_800_000,
    });
    const request = seen.at(-1);
    expect(request?.url).toBe('/v1/checkout/sessions');
    expect(request?.headers['authorization']).toBe('Bearer sk_test_local');
    expect(request?.headers['idempotency-key']).toBe('checkout-inv-1-ada-491242');
    const form = Object.fromEntries(request?.form ?? []);
    expect(form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '60270',
      'line_items[0][price_data][product_data][name]': 'Beer game — Class plan — 1001',
      client_reference_id: 'inv-1',
      'metadata[invoiceId]': 'inv-1',
      'metadata[teamId]': 'team-1',
      'metadata[buyerUid]': 'ada',
      customer_email: 'ada@example.com',
      expires_at: '1768474800',
    });
  });
});

describe('verifyStripeEvent', () => {
  const now = Date.UTC(2026, 0, 15, 9, 30);
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_1',
        payment_status: 'paid',
        amount_total: 49_000,
        currency: 'eur',
        payment_intent: 'pi_1',
        metadata: { invoiceId: 'inv-1', teamId: 'team-1', buyerUid: 'ada' },
      },
    },
  });
  const raw = new TextEncoder().encode(body);

  it('reads a signed event', async () => {
    const signature = await signStripePayload(body, 'whsec_1', now);
    expect(await verifyStripeEvent(raw, signature, 'whsec_1', now + 60_000)).toEqual({
      id: 'evt_1',
      type: 'checkout.session.completed',
      checkout: {
        sessionId: 'cs_1',
        invoiceId: 'inv-1',
        teamId: 'team-1',
        buyerUid: 'ada',
        paymentStatus: 'paid',
        paymentIntent: 'pi_1',
        amountTotal: 49_000,
        currency: 'EUR',
      },
    });
  });

  it('refuses a changed body, another secret and a signature older than five minutes', async () => {
    const signature = await signStripePayload(body, 'whsec_1', now);
    const changed = new TextEncoder().encode(body.replace('49000', '1'));
    await expect(verifyStripeEvent(changed, signature, 'whsec_1', now)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(verifyStripeEvent(raw, signature, 'whsec_2', now)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(verifyStripeEvent(raw, signature, 'whsec_1', now + 301_000)).rejects.toThrow(
      /tolerance/,
    );
    await expect(verifyStripeEvent(raw, signature, '', now)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });
});
