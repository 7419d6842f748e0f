/**
 * The payment boundary (business.md §2.6, §3.5): an invoice is paid by card through a hosted
 * checkout page, and the provider tells us about the payment with a signed webhook. Handlers
 * reach the provider only through `Payments`, so the local stack and the tests run the fake
 * checkout (`fake-payments.ts`) beside the real Stripe adapter (`stripe.ts`);
 * `boundary-config.ts` picks one and refuses the fake in production.
 */
import type { Currency } from '@sim/core/billing/money';

export interface CheckoutRequest {
  readonly invoiceId: string;
  readonly teamId: string;
  readonly invoiceNumber: number;
  /** Who opened the checkout: the payment's buyer (`notifyPlanPurchase` goes to them). */
  readonly buyerUid: string;
  readonly currency: Currency;
  /** The invoice's gross amount, minor units: one line, so the provider and the ledger agree. */
  readonly amount: number;
  /** The line's name on the checkout page. */
  readonly description: string;
  readonly customerEmail?: string;
  readonly successUrl: string;
  readonly cancelUrl: string;
  /** When the checkout stops accepting a payment (epoch ms). */
  readonly expiresAt: number;
  /** The same key within a provider's window returns the same session (double clicks, retries). */
  readonly idempotencyKey: string;
}

export interface CheckoutSession {
  readonly id: string;
  /** Where the buyer's browser goes to pay. */
  readonly url: string;
  /** Epoch ms. */
  readonly expiresAt: number;
}

/** A completed checkout as the webhook reports it (a Stripe Checkout Session, normalised). */
export interface CheckoutPayment {
  readonly sessionId: string;
  /** From the session's metadata (set by `createCheckout`); null when absent. */
  readonly invoiceId: string | null;
  readonly teamId: string | null;
  readonly buyerUid: string | null;
  /** 'paid' once the money is there; card payments are paid at completion. */
  readonly paymentStatus: string;
  readonly paymentIntent: string | null;
  /** Minor units, as charged. */
  readonly amountTotal: number | null;
  /** Upper case (EUR), as charged. */
  readonly currency: string | null;
}

/** A verified webhook event. */
export interface PaymentEvent {
  readonly id: string;
  readonly type: string;
  /** The checkout of a `checkout.session.*` event; null for any other event. */
  readonly checkout: CheckoutPayment | null;
}

/** The events after which an invoice counts as paid (when `paymentStatus` is 'paid'). */
export const PAID_EVENT_TYPES: readonly string[] = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
];

/** The webhook's signature did not verify: answered with 400, nothing written. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface Payments {
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Stops a checkout from taking a payment (a cancelled invoice). */
  expire(sessionId: string): Promise<void>;
  /**
   * Verifies the signature of a webhook's raw body at `now` (epoch ms) and reads the event.
   * Rejects with `WebhookSignatureError` when the signature, its secret or its age is wrong.
   */
  parseWebhook(rawBody: Uint8Array, signature: string, now: number): Promise<PaymentEvent>;
}

type Rec = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * A provider's event object (Stripe's JSON shape) → `PaymentEvent`. Only called on an event
 * whose signature was verified; still read defensively, field by field.
 */
export function paymentEventOf(event: unknown): PaymentEvent {
  if (!isRecord(event) || typeof event.id !== 'string' || typeof event.type !== 'string') {
    throw new WebhookSignatureError('The event has no id or type');
  }
  const data = isRecord(event.data) ? event.data : {};
  const object = isRecord(data.object) ? data.object : null;
  if (!event.type.startsWith('checkout.session.') || !object || typeof object.id !== 'string') {
    return { id: event.id, type: event.type, checkout: null };
  }
  const metadata = isRecord(object.metadata) ? object.metadata : {};
  const intent = object.payment_intent;
  const currency = stringOrNull(object.currency);
  return {
    id: event.id,
    type: event.type,
    checkout: {
      sessionId: object.id,
      invoiceId: stringOrNull(metadata.invoiceId) ?? stringOrNull(object.client_reference_id),
      teamId: stringOrNull(metadata.teamId),
      buyerUid: stringOrNull(metadata.buyerUid),
      paymentStatus: typeof object.payment_status === 'string' ? object.payment_status : '',
      paymentIntent:
        stringOrNull(intent) ?? (isRecord(intent) ? stringOrNull(intent.id) : null) ?? null,
      amountTotal:
        typeof object.amount_total === 'number' && Number.isInteger(object.amount_total)
          ? object.amount_total
          : null,
      currency: currency ? currency.toUpperCase() : null,
    },
  };
}
