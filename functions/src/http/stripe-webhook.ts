/**
 * `stripeWebhook` (business.md §3.4): the payment provider's signed notification that a checkout
 * was paid. `POST` with the raw JSON body and its `Stripe-Signature` header; Stripe (or the local
 * fake checkout, which signs the same way) is the only caller, so no CORS.
 *
 * - A missing or wrong signature (tampered body, another secret, too old) → 400, nothing written.
 * - `checkout.session.completed` / `…async_payment_succeeded` with `payment_status: 'paid'` →
 *   `markPaid` → 200 with its outcome (also for an unknown invoice: a retry would not help).
 * - Any other event, or a checkout not paid yet (a bank debit still pending) → 200, ignored.
 * - A failure of our own (the store unreachable) → 500, so the provider retries later.
 */
import type { DataPort } from '@sim/core/port/data-port';
import { markPaid } from '../billing/mark-paid';
import { PAID_EVENT_TYPES, type Payments, WebhookSignatureError } from '../billing/payments';
import { type HttpHandler, type HttpRequest, jsonResponse } from './http-function';

export const name = 'stripeWebhook';

export interface StripeWebhookDeps {
  readonly payments: Payments;
  readonly port: () => DataPort;
  readonly now: () => number;
}

export function createStripeWebhookHandler(deps: StripeWebhookDeps): HttpHandler {
  return async (request: HttpRequest) => {
    const signature = request.headers['stripe-signature'];
    if (!signature) return jsonResponse(400, { error: 'missing-signature' });
    const now = deps.now();
    let event;
    try {
      event = await deps.payments.parseWebhook(request.rawBody, signature, now);
    } catch (err) {
      if (err instanceof WebhookSignatureError) {
        return jsonResponse(400, { error: 'bad-signature' });
      }
      throw err;
    }
    const checkout = event.checkout;
    if (!PAID_EVENT_TYPES.includes(event.type) || !checkout || checkout.paymentStatus !== 'paid') {
      return jsonResponse(200, { received: true, outcome: 'ignored' });
    }
    const outcome = await markPaid(
      deps.port(),
      { eventId: event.id, type: event.type, checkout },
      now,
    );
    return jsonResponse(200, { received: true, outcome });
  };
}
