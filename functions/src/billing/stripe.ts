/**
 * The production adapter of the `Payments` port: Stripe Checkout through the official SDK
 * (business.md §2.6). A session in `payment` mode with one line of the invoice's gross amount
 * (the invoice already carries its VAT, so Stripe Tax stays off and Stripe and the ledger cannot
 * disagree), the invoice and team in its metadata, and an expiry. Webhooks are verified with
 * `webhooks.constructEvent` over the raw body. The SDK is loaded on first use.
 */
import type StripeClient from 'stripe';
import {
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentEvent,
  type Payments,
  WebhookSignatureError,
  paymentEventOf,
} from './payments';

export interface StripeConfig {
  /** `sk_live_…` / `sk_test_…` (secret STRIPE_SECRET_KEY). */
  readonly secretKey: string;
  /** `whsec_…` (secret STRIPE_WEBHOOK_SECRET). */
  readonly webhookSecret: string;
  /** Another API address (tests against a local server); Stripe's own by default. */
  readonly api?: { readonly host: string; readonly port: number; readonly protocol: 'http' };
}

/** A stalled Stripe must not hold the callable until its own deadline. */
const STRIPE_TIMEOUT_MS = 20_000;

let sdk: Promise<typeof StripeClient> | undefined;

function loadStripe(): Promise<typeof StripeClient> {
  sdk ??= import('stripe').then((module) => module.default);
  return sdk;
}

/**
 * Verifies a Stripe signature header over the raw body at `now` (Stripe's five-minute tolerance
 * around it) and reads the event. Shared by the real adapter and the local fake checkout, which
 * signs its events as Stripe does.
 */
export async function verifyStripeEvent(
  rawBody: Uint8Array,
  signature: string,
  secret: string,
  now: number,
): Promise<PaymentEvent> {
  if (!secret) throw new WebhookSignatureError('No webhook secret is configured');
  const Stripe = await loadStripe();
  const webhooks = Stripe.webhooks as StripeClient['webhooks'];
  let event: unknown;
  try {
    event = webhooks.constructEvent(
      Buffer.from(rawBody),
      signature,
      secret,
      undefined,
      undefined,
      // Milliseconds: the SDK divides by 1000 itself.
      now,
    );
  } catch (err) {
    throw new WebhookSignatureError(err instanceof Error ? err.message : String(err));
  }
  return paymentEventOf(event);
}

/** Signs a payload as Stripe would (`t=…,v1=…`), for the local fake checkout and tests. */
export async function signStripePayload(
  payload: string,
  secret: string,
  now: number,
): Promise<string> {
  const Stripe = await loadStripe();
  const webhooks = Stripe.webhooks as StripeClient['webhooks'];
  return webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(now / 1000),
  });
}

/** The session parameters of a checkout request (exported for the adapter's test). */
export function sessionParams(request: CheckoutRequest): StripeClient.Checkout.SessionCreateParams {
  const metadata = {
    invoiceId: request.invoiceId,
    teamId: request.teamId,
    buyerUid: request.buyerUid,
    invoiceNumber: String(request.invoiceNumber),
  };
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: request.currency.toLowerCase(),
          unit_amount: request.amount,
          product_data: { name: request.description },
        },
      },
    ],
    client_reference_id: request.invoiceId,
    metadata,
    payment_intent_data: { metadata },
    ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    expires_at: Math.floor(request.expiresAt / 1000),
  };
}

export function createStripePayments(config: StripeConfig): Payments {
  let client: Promise<StripeClient> | undefined;
  const stripe = () => {
    client ??= loadStripe().then(
      (Stripe) =>
        new Stripe(config.secretKey, {
          timeout: STRIPE_TIMEOUT_MS,
          maxNetworkRetries: 2,
          ...(config.api ?? {}),
        }),
    );
    return client;
  };
  return {
    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const session = await (
        await stripe()
      ).checkout.sessions.create(sessionParams(request), {
        idempotencyKey: request.idempotencyKey,
      });
      if (!session.url)
        throw new Error(`Stripe returned checkout session ${session.id} without url`);
      return { id: session.id, url: session.url, expiresAt: session.expires_at * 1000 };
    },
    async expire(sessionId: string): Promise<void> {
      await (await stripe()).checkout.sessions.expire(sessionId);
    },
    parseWebhook(rawBody, signature, now) {
      return verifyStripeEvent(rawBody, signature, config.webhookSecret, now);
    },
  };
}
