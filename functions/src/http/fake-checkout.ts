/**
 * `fakeCheckout`: the local stack's stand-in for Stripe's hosted checkout page (business.md §3.5).
 * `GET ?session=cs_fake_…` shows the invoice's number and amount with Pay and Cancel, in the
 * browser's language (`Accept-Language`, else English). Pay builds the `checkout.session.completed`
 * event Stripe would send, signs it with Stripe's own `generateTestHeaderString` and the local
 * webhook secret, posts it to the real `stripeWebhook`, then sends the browser to the session's
 * success address; Cancel sends it to the cancel address.
 *
 * It answers 404 to everything unless `FUNCTIONS_EMULATOR=true` or `NODE_ENV=test`, so a deployed
 * copy can never mark an invoice paid.
 */
import { randomBytes } from 'node:crypto';
import { onRequest, type HttpsFunction } from 'firebase-functions/v2/https';
import type { DataPort } from '@sim/core/port/data-port';
import cs from '../../../locales/cs/checkout.json';
import de from '../../../locales/de/checkout.json';
import en from '../../../locales/en/checkout.json';
import es from '../../../locales/es/checkout.json';
import fr from '../../../locales/fr/checkout.json';
import it from '../../../locales/it/checkout.json';
import nl from '../../../locales/nl/checkout.json';
import pl from '../../../locales/pl/checkout.json';
import pt from '../../../locales/pt/checkout.json';
import ro from '../../../locales/ro/checkout.json';
import tr from '../../../locales/tr/checkout.json';
import { FAKE_SESSION_PREFIX, fakeSessionPath } from '../billing/fake-payments';
import { signStripePayload } from '../billing/stripe';
import { lazyTranslator } from '../i18n/translator';
import { fakesAllowed } from '../mail/providers';
import { escapeHtml } from '../teams/invite-email';
import {
  type HttpFunctionOptions,
  type HttpRequest,
  type HttpResponse,
  plainHeaders,
  serveHttp,
} from './http-function';

export const name = 'fakeCheckout';

const TEXTS = { en, fr, es, de, pt, it, nl, pl, tr, cs, ro };
type CheckoutLocale = keyof typeof TEXTS;

/** A lookup by plain key: i18next's key types describe the SPA's bundle, not this file's. */
type Translate = (key: string, values?: Record<string, unknown>) => string;

const texts = lazyTranslator(() =>
  Object.fromEntries(Object.entries(TEXTS).map(([lang, file]) => [lang, { translation: file }])),
);

/** The first language of `Accept-Language` the page has, else English. */
export function checkoutLocale(acceptLanguage: string | undefined): CheckoutLocale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const base = part.split(';')[0]?.trim().toLowerCase().split('-')[0] ?? '';
    if (Object.hasOwn(TEXTS, base)) return base as CheckoutLocale;
  }
  return 'en';
}

/** The page's request: the shared one plus the query string's values. */
export interface FakeCheckoutRequest extends HttpRequest {
  readonly query: Readonly<Record<string, string>>;
}

export interface WebhookDelivery {
  readonly status: number;
}

export interface FakeCheckoutDeps {
  readonly port: () => DataPort;
  readonly now: () => number;
  readonly env: () => Readonly<Record<string, string | undefined>>;
  /** The secret the webhook verifies the fake's events with. */
  readonly webhookSecret: string;
  /** Posts a signed event to `stripeWebhook` (over HTTP in the emulator; directly in tests). */
  readonly deliver: (payload: string, signature: string) => Promise<WebhookDelivery>;
}

function page(status: number, locale: CheckoutLocale, body: string): HttpResponse {
  const title = escapeHtml((texts().getFixedT(locale) as unknown as Translate)('pageTitle'));
  const html = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
.amount{font-size:2rem;font-weight:600;margin:.25rem 0 1.5rem}
.notice{background:#fff4e5;border-left:4px solid #b26a00;padding:.5rem .75rem}
form{display:flex;gap:.75rem}
button{font-size:1rem;padding:.6rem 1.4rem;border-radius:6px;border:1px solid #1565c0;cursor:pointer}
.pay{background:#1565c0;color:#fff}.cancel{background:#fff;color:#1565c0}
</style>
</head>
<body><main>
<h1>${title}</h1>
${body}
</main></body>
</html>
`;
  return { status, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: html };
}

function redirect(location: string): HttpResponse {
  return { status: 303, headers: { Location: location }, body: '' };
}

function formOf(request: HttpRequest): URLSearchParams {
  return new URLSearchParams(new TextDecoder().decode(request.rawBody));
}

/** The `checkout.session.completed` event Stripe would send for this session. */
export function completedEvent(sessionId: string, session: Record<string, unknown>, now: number) {
  const created = Math.floor(now / 1000);
  return {
    id: `evt_fake_${randomBytes(12).toString('hex')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created,
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        client_reference_id: session.invoiceId,
        metadata: {
          invoiceId: session.invoiceId,
          teamId: session.teamId,
          buyerUid: session.buyerUid,
          invoiceNumber: String(session.invoiceNumber),
        },
        amount_total: session.amount,
        currency: String(session.currency).toLowerCase(),
        customer_email: session.customerEmail ?? null,
        payment_intent: `pi_fake_${randomBytes(12).toString('hex')}`,
        created,
      },
    },
  };
}

export function createFakeCheckoutHandler(
  deps: FakeCheckoutDeps,
): (request: FakeCheckoutRequest) => Promise<HttpResponse> {
  return async (request) => {
    if (!fakesAllowed(deps.env())) {
      return { status: 404, headers: { 'Content-Type': 'text/plain' }, body: 'Not found' };
    }
    const locale = checkoutLocale(request.headers['accept-language']);
    const t = texts().getFixedT(locale) as unknown as Translate;
    const post = request.method.toUpperCase() === 'POST';
    const form = post ? formOf(request) : new URLSearchParams();
    const sessionId = form.get('session') ?? request.query['session'] ?? '';
    const valid =
      sessionId.startsWith(FAKE_SESSION_PREFIX) && /^[A-Za-z0-9_]{1,100}$/.test(sessionId);
    const session = valid
      ? (await deps.port().docs.get(fakeSessionPath(sessionId))).data
      : undefined;
    if (!session) return page(404, locale, `<p>${escapeHtml(t('unknown'))}</p>`);
    const now = deps.now();
    if (session.status === 'complete' && typeof session.successUrl === 'string') {
      return redirect(session.successUrl);
    }
    const expired =
      session.status === 'expired' ||
      (typeof session.expiresAt === 'number' && session.expiresAt <= now);
    if (expired) return page(410, locale, `<p>${escapeHtml(t('expired'))}</p>`);
    const action = form.get('action');
    if (post && action === 'cancel' && typeof session.cancelUrl === 'string') {
      return redirect(session.cancelUrl);
    }
    if (post && action === 'pay' && typeof session.successUrl === 'string') {
      const payload = JSON.stringify(completedEvent(sessionId, session, now));
      const signature = await signStripePayload(payload, deps.webhookSecret, now);
      const delivered = await deps.deliver(payload, signature);
      if (delivered.status < 200 || delivered.status >= 300) {
        return page(502, locale, `<p role="alert">${escapeHtml(t('failed'))}</p>`);
      }
      await deps.port().docs.update(fakeSessionPath(sessionId), { status: 'complete' });
      return redirect(session.successUrl);
    }
    const currency = typeof session.currency === 'string' ? session.currency : 'EUR';
    const amount =
      typeof session.amount === 'number'
        ? new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
            session.amount / 100,
          )
        : '';
    const number = typeof session.invoiceNumber === 'number' ? session.invoiceNumber : '';
    const id = escapeHtml(sessionId);
    return page(
      200,
      locale,
      `<p class="notice">${escapeHtml(t('notice'))}</p>
<p>${escapeHtml(t('invoice', { number }))}</p>
<p>${escapeHtml(t('amount'))}</p>
<p class="amount">${escapeHtml(amount)}</p>
<form method="post">
<input type="hidden" name="session" value="${id}">
<button class="pay" type="submit" name="action" value="pay">${escapeHtml(t('pay'))}</button>
<button class="cancel" type="submit" name="action" value="cancel">${escapeHtml(t('cancel'))}</button>
</form>`,
    );
  };
}

const OPTIONS: HttpFunctionOptions = { methods: ['GET', 'POST'] };

/**
 * The page's binding: the shared `serveHttp` (method check, logged 500), with the query string
 * handed to the handler, which the shared request does not carry.
 */
export function defineFakeCheckout(
  handler: (request: FakeCheckoutRequest) => Promise<HttpResponse>,
): HttpsFunction {
  return onRequest({ cors: false }, async (req, res) => {
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.query)) {
      if (typeof value === 'string') query[key] = value;
    }
    const response = await serveHttp(name, (request) => handler({ ...request, query }), OPTIONS, {
      method: req.method,
      headers: plainHeaders(req.headers),
      rawBody: req.rawBody ?? new Uint8Array(),
    });
    res.status(response.status);
    for (const [key, value] of Object.entries(response.headers)) res.setHeader(key, value);
    res.end(typeof response.body === 'string' ? response.body : Buffer.from(response.body));
  });
}
