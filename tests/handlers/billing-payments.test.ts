/**
 * Paying an invoice by card on both backends (business.md §3.4, §3.11, §4): the checkout of an
 * open invoice (its gross, currency and ids; reused while open; refused for paid, cancelled and
 * credit notes), the signed webhook that marks it paid and activates the plan once (payment
 * record, `notifyPlanPurchase`, referral conversion), refusals of unsigned or tampered events
 * with nothing written, and the local fake checkout page from Pay to the success address.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@sim/core/billing/plans';
import type { DataPort } from '@sim/core/port/data-port';
import type { CallableError } from '../../functions/src/callable';
import {
  FAKE_WEBHOOK_SECRET,
  createFakePayments,
  fakeSessionPath,
} from '../../functions/src/billing/fake-payments';
import type { Payments } from '../../functions/src/billing/payments';
import { signStripePayload } from '../../functions/src/billing/stripe';
import {
  REUSE_MARGIN_MS,
  createHandler as createSessionHandler,
} from '../../functions/src/callables/create-session-from-economic-invoice';
import { completedEvent, createFakeCheckoutHandler } from '../../functions/src/http/fake-checkout';
import { serveHttp, type HttpResponse } from '../../functions/src/http/http-function';
import { createStripeWebhookHandler } from '../../functions/src/http/stripe-webhook';
import { describeBackends } from '../backends';
import { type BillingWorld, billingWorld, issueInvoice } from './billing-fixtures';
import { caller, context, FIXED_NOW } from './helpers';

const FUNCTIONS_BASE = 'http://127.0.0.1:5001/demo-test/us-central1';
const APP = 'http://app.test';
const YEAR_MS = 365 * DAY_MS;

describeBackends('card payments', (backend) => {
  let port: DataPort;
  let payments: Payments;

  beforeAll(() => {
    port = backend().service();
    payments = createFakePayments({ port: () => port, functionsBaseUrl: () => FUNCTIONS_BASE });
  });

  const get = async (path: string) => (await port.docs.get(path)).data;
  const adminOf = (w: BillingWorld) => caller(w.admin, `${w.admin}@example.com`);

  function webhook(at = FIXED_NOW, using: Payments = payments) {
    const handler = createStripeWebhookHandler({
      payments: using,
      port: () => port,
      now: () => at,
    });
    return (body: string, signature: string | null): Promise<HttpResponse> =>
      serveHttp(
        'stripeWebhook',
        handler,
        { methods: ['POST'] },
        {
          method: 'POST',
          headers: signature ? { 'stripe-signature': signature } : {},
          rawBody: new TextEncoder().encode(body),
        },
      );
  }

  /** Opens the checkout as the admin, then builds the event Stripe would send for it. */
  async function paidEvent(
    w: BillingWorld,
    invoiceId: string,
    overrides: Record<string, unknown> = {},
  ) {
    const session = await createSessionHandler({ payments, appUrl: () => APP })(
      context(port, adminOf(w)),
      { invoiceId },
    );
    const stored = (await get(fakeSessionPath(session.id))) as Record<string, unknown>;
    const event = completedEvent(session.id, stored, FIXED_NOW);
    return { ...event, ...overrides, session };
  }

  async function send(event: object, secret = FAKE_WEBHOOK_SECRET, at = FIXED_NOW) {
    const body = JSON.stringify(event);
    return webhook(at)(body, await signStripePayload(body, secret, at));
  }

  const json = (res: HttpResponse) => JSON.parse(String(res.body)) as Record<string, unknown>;

  describe('createSessionFromEconomicInvoice', () => {
    it('opens a checkout of the gross amount with the invoice in its metadata, and reuses it', async () => {
      const w = await billingWorld(port);
      const id = await issueInvoice(port, w, 7001, {
        currency: 'EUR',
        vatRatePercent: 23,
        vat: 11_270,
        gross: 60_270,
        treatment: 'eu-standard',
        mention: null,
      });
      const handler = createSessionHandler({ payments, appUrl: () => APP });
      const first = await handler(context(port, caller(w.member, `${w.member}@example.com`)), {
        invoiceId: id,
      });
      expect(first.url).toBe(`${FUNCTIONS_BASE}/fakeCheckout?session=${first.id}`);
      expect(await get(fakeSessionPath(first.id))).toMatchObject({
        invoiceId: id,
        teamId: w.teamId,
        invoiceNumber: 7001,
        buyerUid: w.member,
        amount: 60_270,
        currency: 'EUR',
        successUrl: `${APP}/dashboard/subscription?purchase=success&invoice=${id}`,
        cancelUrl: `${APP}/dashboard/subscription?purchase=cancelled&invoice=${id}`,
      });
      expect((await get(`economicInvoices/${id}`))?.checkout).toMatchObject({
        sessionId: first.id,
        url: first.url,
      });
      const again = await handler(context(port, adminOf(w)), { invoiceId: id });
      expect(again).toEqual(first);
      // Close to its expiry, a new checkout is opened instead.
      const expiresAt = ((await get(`economicInvoices/${id}`))?.checkout as { expiresAt: number })
        .expiresAt;
      const late = { ...context(port, adminOf(w)), now: () => expiresAt - REUSE_MARGIN_MS + 1 };
      const renewed = await handler(late, { invoiceId: id });
      expect(renewed.id).not.toBe(first.id);
    });

    it('refuses paid and cancelled invoices, credit notes, outsiders and unknown invoices', async () => {
      const w = await billingWorld(port);
      const handler = createSessionHandler({ payments, appUrl: () => APP });
      const refusal = async (invoiceId: string, auth = adminOf(w)) =>
        handler(context(port, auth), { invoiceId }).then(
          () => null,
          (err: CallableError) => [err.code, err.messageKey],
        );
      const notPayable = ['failed-precondition', 'invoiceNotPayable'];
      expect(await refusal(await issueInvoice(port, w, 7011, { status: 'paid' }))).toEqual(
        notPayable,
      );
      expect(await refusal(await issueInvoice(port, w, 7012, { status: 'cancelled' }))).toEqual(
        notPayable,
      );
      const credit = await issueInvoice(port, w, 7013, {
        kind: 'credit-note',
        creditForNumber: 7012,
        lines: [{ description: 'Beer game — Class plan', quantity: 1, unitNet: -49_000 }],
        net: -49_000,
        gross: -49_000,
      });
      expect(await refusal(credit)).toEqual(notPayable);
      const open = await issueInvoice(port, w, 7014);
      expect(await refusal(open, caller(w.outsider, `${w.outsider}@example.com`))).toEqual([
        'permission-denied',
        'errorPermissionDenied',
      ]);
      expect(await refusal('missing')).toEqual(['not-found', 'invoiceUnknown']);
      const sessions = await port.docs.query({
        collection: 'fakeCheckoutSessions',
        where: [{ field: 'teamId', op: '==', value: w.teamId }],
      });
      expect(sessions).toHaveLength(0);
    });
  });

  describe('stripeWebhook', () => {
    it('activates the plan as invoiced, even after the catalogue changed', async () => {
      const w = await billingWorld(port);
      // Invoiced when the Class plan seated 60 players with 3 licences for 180 days.
      const id = await issueInvoice(port, w, 7100, {
        plan: {
          planName: 'Class',
          games: ['beergame'],
          players: 60,
          unlimitedPlayers: false,
          licenses: 3,
          durationDays: 180,
          renew: false,
        },
      });
      expect(json(await send(await paidEvent(w, id)))).toEqual({ received: true, outcome: 'paid' });
      const team = await get(`teams/${w.teamId}`);
      expect((team?.plans as Record<string, unknown>).beergame).toMatchObject({
        planId: 'beergame-class',
        players: 60,
        licenses: 3,
        duration: 180,
        until: FIXED_NOW + 180 * 24 * 60 * 60 * 1000,
      });
    });

    it('marks the invoice paid, activates the plan, records the payment and tells the buyer', async () => {
      const w = await billingWorld(port);
      const id = await issueInvoice(port, w, 7101);
      const event = await paidEvent(w, id);
      const res = await send(event);
      expect(res.status).toBe(200);
      expect(json(res)).toEqual({ received: true, outcome: 'paid' });

      const invoice = await get(`economicInvoices/${id}`);
      expect(invoice).toMatchObject({ status: 'paid', paid_at: FIXED_NOW });
      const paymentId = event.data.object.payment_intent;
      expect(invoice?.payment).toMatchObject({ paymentId, sessionId: event.session.id });
      expect(invoice?.flags).toBeUndefined();

      const team = await get(`teams/${w.teamId}`);
      expect((team?.plans as Record<string, unknown>).beergame).toEqual({
        active: true,
        trial: false,
        planId: 'beergame-class',
        planName: 'Class',
        duration: 365,
        until: FIXED_NOW + YEAR_MS,
        players: 50,
        unlimitedPlayers: false,
        licenses: 2,
        periodStart: FIXED_NOW,
      });
      expect((team?.members as Record<string, { games: string[] }>)[w.admin]?.games).toEqual([
        'beergame',
      ]);
      expect(await get(`invoices/${paymentId}`)).toEqual({
        teamId: w.teamId,
        invoiceNumber: 7101,
        invoiceId: id,
        provider: 'stripe',
        sessionId: event.session.id,
        paymentIntent: paymentId,
        amount: 49_000,
        currency: 'EUR',
        paid_at: FIXED_NOW,
        paidBy: w.admin,
      });
      expect((await get(`users/${w.admin}`))?.notifyPlanPurchase).toEqual({
        transaction_id: '7101',
        plan_renew: true,
        revenue: 490,
        plan_tax: 0,
        plan_duration: 365,
        plan_maxplayers: 50,
        plan_unlimitedplayers: false,
        plan_licenses: 2,
        plan_games: ['beergame'],
        plan_type: 'new',
        plan_name: 'Class',
      });
      expect(await get(`stripeEvents/${event.id}`)).toMatchObject({
        type: 'checkout.session.completed',
        invoiceId: id,
        outcome: 'paid',
      });
    });

    it('activates the plan once when the same event comes twice, or a second event for the invoice', async () => {
      const w = await billingWorld(port);
      const id = await issueInvoice(port, w, 7102);
      const event = await paidEvent(w, id);
      expect(json(await send(event)).outcome).toBe('paid');
      const plansAfterFirst = (await get(`teams/${w.teamId}`))?.plans;
      expect(json(await send(event, FAKE_WEBHOOK_SECRET, FIXED_NOW + 60_000)).outcome).toBe(
        'duplicate',
      );
      const later = {
        ...event,
        id: `${event.id}_async`,
        type: 'checkout.session.async_payment_succeeded',
      };
      expect(json(await send(later)).outcome).toBe('already-paid');
      expect((await get(`teams/${w.teamId}`))?.plans).toEqual(plansAfterFirst);
      const records = await port.docs.query({
        collection: 'invoices',
        where: [{ field: 'invoiceId', op: '==', value: id }],
      });
      expect(records).toHaveLength(1);
      expect((await get(`economicInvoices/${id}`))?.flags).toBeUndefined();
    });

    it('extends a running plan from its end and keeps its seat period (a renewal)', async () => {
      const running = {
        active: true,
        trial: false,
        planId: 'beergame-class',
        planName: 'Class',
        duration: 365,
        until: FIXED_NOW + 30 * DAY_MS,
        players: 50,
        unlimitedPlayers: false,
        licenses: 2,
        periodStart: FIXED_NOW - 335 * DAY_MS,
      };
      const w = await billingWorld(port, { plans: { beergame: running } });
      const id = await issueInvoice(port, w, 7103);
      expect(json(await send(await paidEvent(w, id))).outcome).toBe('paid');
      const plan = ((await get(`teams/${w.teamId}`))?.plans as Record<string, unknown>).beergame;
      expect(plan).toMatchObject({
        until: FIXED_NOW + 30 * DAY_MS + YEAR_MS,
        periodStart: FIXED_NOW - 335 * DAY_MS,
      });
      expect((await get(`users/${w.admin}`))?.notifyPlanPurchase).toMatchObject({
        plan_type: 'renewal',
      });
    });

    it('starts a new period when the previous plan had ended, and upgrades a running one', async () => {
      const ended = {
        active: true,
        planId: 'beergame-class',
        until: FIXED_NOW - DAY_MS,
        periodStart: 5,
      };
      const w = await billingWorld(port, { plans: { beergame: ended } });
      const id = await issueInvoice(port, w, 7104, { planId: 'beergame-unlimited' });
      expect(json(await send(await paidEvent(w, id))).outcome).toBe('paid');
      const plan = ((await get(`teams/${w.teamId}`))?.plans as Record<string, unknown>).beergame;
      expect(plan).toMatchObject({
        planId: 'beergame-unlimited',
        until: FIXED_NOW + YEAR_MS,
        periodStart: FIXED_NOW,
        players: null,
        unlimitedPlayers: true,
        licenses: 25,
      });
      expect((await get(`users/${w.admin}`))?.notifyPlanPurchase).toMatchObject({
        plan_type: 'new',
        plan_unlimitedplayers: true,
        plan_maxplayers: null,
      });
      const id2 = await issueInvoice(port, w, 7105, { planId: 'beergame-campus' });
      expect(json(await send(await paidEvent(w, id2))).outcome).toBe('paid');
      expect((await get(`users/${w.admin}`))?.notifyPlanPurchase).toMatchObject({
        plan_type: 'upgrade',
        transaction_id: '7105',
      });
    });

    it("credits the buyer's referrer with the team's first payment", async () => {
      const w = await billingWorld(port);
      const referrer = `rita-${w.t}`;
      await port.docs.set(`users/${referrer}`, { firstname: 'Rita', joinedReferralProgram: true });
      await port.docs.set(`users/${w.admin}`, { firstname: 'Ada', invitedBy: referrer });
      const id = await issueInvoice(port, w, 7106);
      expect(json(await send(await paidEvent(w, id))).outcome).toBe('paid');
      expect(await get(`referrals/${referrer}/conversions/${id}`)).toMatchObject({
        teamId: w.teamId,
        net: 49_000,
        currency: 'EUR',
        status: 'recorded',
      });
    });

    it('answers 400 and writes nothing to a tampered body, another secret, an old or missing signature', async () => {
      const w = await billingWorld(port);
      const id = await issueInvoice(port, w, 7107);
      const event = await paidEvent(w, id);
      const body = JSON.stringify(event);
      const signature = await signStripePayload(body, FAKE_WEBHOOK_SECRET, FIXED_NOW);
      const tampered = body.replace('"amount_total":49000', '"amount_total":1');
      expect(tampered).not.toBe(body);
      const answers = [
        await webhook()(tampered, signature),
        await webhook()(body, await signStripePayload(body, 'whsec_someone_else', FIXED_NOW)),
        await webhook()(
          body,
          await signStripePayload(body, FAKE_WEBHOOK_SECRET, FIXED_NOW - 3_600_000),
        ),
        await webhook()(body, null),
        await webhook()(body, 't=1,v1=deadbeef'),
      ];
      expect(answers.map((res) => res.status)).toEqual([400, 400, 400, 400, 400]);
      expect(await get(`stripeEvents/${event.id}`)).toBeUndefined();
      expect(await get(`economicInvoices/${id}`)).toMatchObject({ status: 'open' });
      expect(await get(`invoices/${event.data.object.payment_intent}`)).toBeUndefined();
      expect((await get(`teams/${w.teamId}`))?.plans).toEqual({});
      expect((await get(`users/${w.admin}`))?.notifyPlanPurchase).toBeUndefined();
    });

    it('answers 200 to an unknown invoice, and ignores other events and unpaid checkouts', async () => {
      const w = await billingWorld(port);
      const id = await issueInvoice(port, w, 7108);
      const event = await paidEvent(w, id);
      const unknown = {
        ...event,
        id: `${event.id}_unknown`,
        data: {
          object: {
            ...event.data.object,
            client_reference_id: 'nope',
            metadata: { ...event.data.object.metadata, invoiceId: 'nope' },
          },
        },
      };
      const res = await send(unknown);
      expect([res.status, json(res).outcome]).toEqual([200, 'unknown-invoice']);
      const pending = {
        ...event,
        id: `${event.id}_pending`,
        data: { object: { ...event.data.object, payment_status: 'unpaid' } },
      };
      expect(json(await send(pending)).outcome).toBe('ignored');
      expect(
        json(await send({ ...event, id: `${event.id}_other`, type: 'charge.refunded' })).outcome,
      ).toBe('ignored');
      expect(await get(`economicInvoices/${id}`)).toMatchObject({ status: 'open' });
    });

    it('flags a payment for a cancelled invoice for a refund and activates nothing', async () => {
      const w = await billingWorld(port);
      const id = await issueInvoice(port, w, 7109);
      const event = await paidEvent(w, id);
      await port.docs.update(`economicInvoices/${id}`, { status: 'cancelled' });
      expect(json(await send(event)).outcome).toBe('paid-after-cancel');
      expect(await get(`economicInvoices/${id}`)).toMatchObject({
        status: 'paid',
        flags: { paidAfterCancel: true },
      });
      expect(await get(`invoices/${event.data.object.payment_intent}`)).toMatchObject({
        invoiceId: id,
      });
      expect((await get(`teams/${w.teamId}`))?.plans).toEqual({});
      expect((await get(`users/${w.admin}`))?.notifyPlanPurchase).toBeUndefined();
    });
  });

  describe('fakeCheckout', () => {
    function page(env: Record<string, string> = { NODE_ENV: 'test' }) {
      const hook = webhook();
      return createFakeCheckoutHandler({
        port: () => port,
        now: () => FIXED_NOW,
        env: () => env,
        webhookSecret: FAKE_WEBHOOK_SECRET,
        deliver: (payload, signature) => hook(payload, signature),
      });
    }

    const request = (
      method: string,
      query: Record<string, string>,
      body = '',
      lang = 'fr-FR,fr;q=0.9',
    ) => ({
      method,
      headers: { 'accept-language': lang, 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: new TextEncoder().encode(body),
      query,
    });

    it('shows the amount in the browser language, and Pay marks the invoice paid through the webhook', async () => {
      const w = await billingWorld(port);
      const id = await issueInvoice(port, w, 7201);
      const { url } = await createSessionHandler({ payments, appUrl: () => APP })(
        context(port, adminOf(w)),
        { invoiceId: id },
      );
      const session = new URL(url).searchParams.get('session') as string;
      const shown = await page()(request('GET', { session }));
      expect(shown.status).toBe(200);
      const html = String(shown.body);
      expect(html).toContain('<html lang="fr">');
      expect(html).toContain('Facture 7201');
      expect(html.replace(/\u202f|\u00a0/g, ' ')).toContain('490,00 €');
      expect(html).toContain('>Payer</button>');
      expect(html).toContain('>Annuler</button>');

      const paid = await page()(request('POST', {}, `session=${session}&action=pay`));
      expect(paid.status).toBe(303);
      expect(paid.headers.Location).toBe(
        `${APP}/dashboard/subscription?purchase=success&invoice=${id}`,
      );
      expect(await get(`economicInvoices/${id}`)).toMatchObject({ status: 'paid' });
      expect(
        ((await get(`teams/${w.teamId}`))?.plans as Record<string, unknown>).beergame,
      ).toMatchObject({
        active: true,
        players: 50,
      });
      // Back on the page later: straight to the success address, nothing paid twice.
      const again = await page()(request('GET', { session }));
      expect(again.status).toBe(303);
    });

    it('cancels back to the app, refuses unknown sessions, and is not there outside the emulator', async () => {
      const w = await billingWorld(port);
      const id = await issueInvoice(port, w, 7202);
      const { url } = await createSessionHandler({ payments, appUrl: () => APP })(
        context(port, adminOf(w)),
        { invoiceId: id },
      );
      const session = new URL(url).searchParams.get('session') as string;
      const cancelled = await page()(request('POST', {}, `session=${session}&action=cancel`, 'en'));
      expect([cancelled.status, cancelled.headers.Location]).toEqual([
        303,
        `${APP}/dashboard/subscription?purchase=cancelled&invoice=${id}`,
      ]);
      expect((await page()(request('GET', { session: 'cs_fake_nope' }, '', 'en'))).status).toBe(
        404,
      );
      const production = await page({})(request('POST', {}, `session=${session}&action=pay`));
      expect(production.status).toBe(404);
      expect(await get(`economicInvoices/${id}`)).toMatchObject({ status: 'open' });
    });
  });
});
