/**
 * The local adapter of the `Payments` port (business.md §3.5): a checkout is a
 * `fakeCheckoutSessions/{cs_fake_…}` document and its page is the `fakeCheckout` HTTP function of
 * this Functions emulator, which signs a `checkout.session.completed` event the way Stripe does
 * and posts it to the real `stripeWebhook`. Verification is Stripe's own code with a local
 * secret, so the webhook path is the production one. `boundary-config.ts` refuses this adapter
 * outside the emulator and tests.
 */
import { randomBytes } from 'node:crypto';
import type { DataPort } from '@sim/core/port/data-port';
import type { CheckoutRequest, CheckoutSession, Payments } from './payments';
import { verifyStripeEvent } from './stripe';

export const FAKE_SESSIONS = 'fakeCheckoutSessions';
/** Fake session ids look like Stripe's (`cs_…`) and say what they are. */
export const FAKE_SESSION_PREFIX = 'cs_fake_';
/** The local stack's webhook secret: fakes only run where nothing real can be paid. */
export const FAKE_WEBHOOK_SECRET = 'whsec_local_fake_checkout';

export const fakeSessionPath = (id: string) => `${FAKE_SESSIONS}/${id}`;

export interface FakePaymentsOptions {
  readonly port: () => DataPort;
  /** The functions' base address (`…/demo-simgames/us-central1`); the page is `<base>/fakeCheckout`. */
  readonly functionsBaseUrl: () => string;
  readonly webhookSecret?: string;
}

export function fakeCheckoutUrl(functionsBaseUrl: string, sessionId: string): string {
  return `${functionsBaseUrl.replace(/\/+$/, '')}/fakeCheckout?session=${encodeURIComponent(sessionId)}`;
}

export function createFakePayments(options: FakePaymentsOptions): Payments {
  const secret = options.webhookSecret ?? FAKE_WEBHOOK_SECRET;
  return {
    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const id = `${FAKE_SESSION_PREFIX}${randomBytes(12).toString('hex')}`;
      await options.port().docs.set(fakeSessionPath(id), {
        invoiceId: request.invoiceId,
        teamId: request.teamId,
        invoiceNumber: request.invoiceNumber,
        buyerUid: request.buyerUid,
        currency: request.currency,
        amount: request.amount,
        description: request.description,
        customerEmail: request.customerEmail ?? null,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        expiresAt: request.expiresAt,
        idempotencyKey: request.idempotencyKey,
        status: 'open',
      });
      return {
        id,
        url: fakeCheckoutUrl(options.functionsBaseUrl(), id),
        expiresAt: request.expiresAt,
      };
    },
    async expire(sessionId: string): Promise<void> {
      const path = fakeSessionPath(sessionId);
      if ((await options.port().docs.get(path)).exists) {
        await options.port().docs.update(path, { status: 'expired' });
      }
    },
    parseWebhook(rawBody, signature, now) {
      return verifyStripeEvent(rawBody, signature, secret, now);
    },
  };
}
