/**
 * Paying an invoice on the local stack (business.md §3.5, §3.11): an admin's
 * createSessionFromEconomicInvoice, called on the Functions emulator, opens the fake checkout
 * this stack serves; the page shows the invoice and its amount in the browser's language (French
 * here), and Pay signs the event as Stripe would and posts it to the real stripeWebhook over HTTP.
 * The browser lands on the app's success address; the invoice is paid and the plan active.
 * Screenshots at desktop and phone sizes, and axe on the page.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BillingWorld, issueInvoice } from '../handlers/billing-fixtures';
import { expectNoSeriousViolations } from './axe';
import { browserSession } from './browser-session';
import { serviceClient, type ServiceClient } from './stack-helpers';

const stack = inject('stack');
const SHOTS = process.env.E2E_SCREENSHOTS;

const session = browserSession('fake-checkout', { logPageErrors: false });
let service: ServiceClient;

beforeAll(() => {
  service = serviceClient();
});

afterAll(() => {
  service?.close();
});

/** An email account in the Auth emulator: its uid and ID token. */
async function signUp(email: string): Promise<{ uid: string; idToken: string }> {
  const res = await fetch(
    `http://${stack.authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-pass-1', returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken };
}

async function callable<T>(name: string, idToken: string, data: unknown): Promise<T> {
  const res = await fetch(`${stack.functionsBaseUrl}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ data }),
  });
  const body = (await res.json()) as { result?: T; error?: unknown };
  if (!res.ok || body.result === undefined) throw new Error(`${name}: ${JSON.stringify(body)}`);
  return body.result;
}

async function checkoutPage(url: string, viewport: { width: number; height: number }) {
  const page = await session.newPage({ viewport, locale: 'fr-FR' });
  await page.goto(url);
  return page;
}

/**
 * A team whose only member, its admin, is `admin`, with an open reverse-charge invoice of 490.00
 * EUR (the handler tests' default invoice).
 */
async function teamWithOpenInvoice(
  t: string,
  admin: string,
  invoiceNumber: number,
): Promise<{ teamId: string; invoiceId: string }> {
  const world: BillingWorld = { t, teamId: `team-${t}`, admin, member: '', outsider: '' };
  await service.docs.set(`teams/${world.teamId}`, {
    name: 'Łódź',
    createdBy: admin,
    created_at: 0,
    members: { [admin]: { name: 'Ada', email: `ada-${t}@example.com`, role: 'admin', games: [] } },
    memberIds: [admin],
    plans: {},
  });
  const invoiceId = await issueInvoice(service, world, invoiceNumber, { created_at: Date.now() });
  return { teamId: world.teamId, invoiceId };
}

describe('fake checkout on the local stack', () => {
  it('pays an invoice through the page and the real webhook', async () => {
    const t = Date.now().toString(36);
    const ada = await signUp(`ada-${t}@example.com`);
    await service.docs.set(`users/${ada.uid}`, { firstname: 'Ada', email: `ada-${t}@example.com` });
    const { teamId, invoiceId } = await teamWithOpenInvoice(t, ada.uid, 4242);

    const session = await callable<{ id: string; url: string }>(
      'createSessionFromEconomicInvoice',
      ada.idToken,
      { invoiceId },
    );
    expect(session.url).toBe(`${stack.functionsBaseUrl}/fakeCheckout?session=${session.id}`);

    const phone = await checkoutPage(session.url, { width: 390, height: 844 });
    await expect.poll(() => phone.getByRole('button', { name: 'Payer' }).isVisible()).toBe(true);
    if (SHOTS) await phone.screenshot({ path: `${SHOTS}/fake-checkout-phone.png`, fullPage: true });
    await phone.context().close();

    const page = await checkoutPage(session.url, { width: 1280, height: 800 });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Paiement de test');
    const text = (await page.locator('main').innerText()).replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('Facture 4242');
    expect(text).toContain('490,00 €');
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/fake-checkout-desktop.png`, fullPage: true });
    await expectNoSeriousViolations(page, 'fake checkout');

    await page.getByRole('button', { name: 'Payer' }).click();
    await page.waitForURL(
      `${stack.webUrl}/dashboard/subscription?purchase=success&invoice=${invoiceId}`,
    );
    const invoice = (await service.docs.get(`economicInvoices/${invoiceId}`)).data;
    expect(invoice).toMatchObject({ status: 'paid' });
    const team = (await service.docs.get(`teams/${teamId}`)).data;
    expect((team?.plans as Record<string, unknown>).beergame).toMatchObject({
      active: true,
      planId: 'beergame-class',
      players: 50,
    });
    const profile = (await service.docs.get(`users/${ada.uid}`)).data;
    expect(profile?.notifyPlanPurchase).toMatchObject({ transaction_id: '4242', plan_type: 'new' });
    await page.context().close();
  });

  it('books the invoice through the economicSync queue and serves its PDF', async () => {
    const t = `${Date.now().toString(36)}b`;
    const ada = await signUp(`ada-${t}@example.com`);
    const { invoiceId } = await teamWithOpenInvoice(t, ada.uid, 4243);
    // Not booked yet: the call queues the booking and says the PDF is pending.
    await expect(callable('getEconomicInvoicePdf', ada.idToken, { invoiceId })).rejects.toThrow(
      /invoicePdfPending/,
    );
    await expect
      .poll(
        async () =>
          (
            (await service.docs.get(`economicInvoices/${invoiceId}`)).data?.sync as {
              state: string;
            }
          ).state,
        { timeout: 30_000 },
      )
      .toBe('done');
    const pdf = await callable<{ base64: string; fileName: string }>(
      'getEconomicInvoicePdf',
      ada.idToken,
      { invoiceId },
    );
    expect(pdf.fileName).toBe('4243.pdf');
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
