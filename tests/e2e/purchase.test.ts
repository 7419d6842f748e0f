/**
 * A purchase as a new instructor makes it (business.md §3.11, §4; spec §4, §5): Ada signs up
 * through a trial link, opens the Subscription tab with a plan chosen by the link, enters French
 * billing details (FR123 is an incorrect VAT number, FR40303265045 is validated), sees the plan
 * priced with French VAT, gets the invoice, downloads its PDF, pays it on the local checkout page
 * and comes back to the tab, which confirms the payment once the invoice is paid: the dashboard's
 * tag shows the plan's players, analytics got one purchase, the profile's notification is gone.
 * A second invoice is cancelled with a credit note; Bob, a member who is not an admin, sees the
 * catalogue and the invoices without the admin's buttons. Screenshots at desktop and phone
 * sizes, axe on the tab.
 *
 * Cleo, a new instructor without a trial and without a team, follows a link straight to the tab,
 * signs up on the way, and enters the billing details of a German university with a VAT number
 * whose check digits are right (the local VAT checker validates those): saving makes her team, the
 * plans are previewed at 0 % with the reverse charge, and so is the invoice and its PDF.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { expectNoSeriousViolations } from './axe';
import { browserSession, DESKTOP, PHONE } from './browser-session';
import { instructorOnDashboard, serviceClient, type ServiceClient } from './stack-helpers';

const stack = inject('stack');
const SHOTS = process.env.E2E_SCREENSHOTS;
const VALID_FR = 'FR40303265045';
/** A German number whose check digits are right: the local VAT checker answers valid. */
const VALID_DE = 'DE129273398';

const session = browserSession('purchase', {
  context: { viewport: DESKTOP, locale: 'en-US', acceptDownloads: true },
  // These instructors accepted usage analytics in this browser before.
  prepareContext: (context) =>
    context.addInitScript(() => {
      window.localStorage.setItem(
        'simgames.analyticsConsent',
        JSON.stringify({ choice: 'granted', decidedAt: 0 }),
      );
    }),
  logPageErrors: false,
  // Transitions finished: a button just enabled is shown as it ends, not halfway.
  shots: { dir: SHOTS, options: { fullPage: true, animations: 'disabled' } },
});
let service: ServiceClient;

beforeAll(() => {
  service = serviceClient();
});

afterAll(() => {
  service?.close();
});

function newPage(viewport = DESKTOP): Promise<Page> {
  return session.newPage({ viewport });
}

/** Both sizes of a page, and its accessibility. */
async function look(page: Page, name: string) {
  await session.shot(page, name);
  await expectNoSeriousViolations(page, name);
  await page.setViewportSize(PHONE);
  await session.shot(page, `${name}-phone`);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name}: no sideways scroll on a phone`).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
}

async function snackbar(page: Page, text: string): Promise<void> {
  await page.locator('.MuiSnackbar-root').filter({ hasText: text }).waitFor({ timeout: 30_000 });
}

/** The analytics events the app's local recorder kept in this tab. */
async function analyticsEvents(
  page: Page,
): Promise<{ name: string; params: Record<string, unknown> }[]> {
  return page.evaluate(
    () =>
      JSON.parse(window.sessionStorage.getItem('simgames.analytics.events') ?? '[]') as {
        name: string;
        params: Record<string, unknown>;
      }[],
  );
}

async function teamOf(uid: string): Promise<string> {
  const [team] = await service.docs.query({
    collection: 'teams',
    where: [{ field: 'memberIds', op: 'array-contains', value: uid }],
    limit: 1,
  });
  return team?.id ?? '';
}

async function invoicesOf(teamId: string) {
  const docs = await service.docs.query({
    collection: 'economicInvoices',
    where: [{ field: 'teamId', op: '==', value: teamId }],
  });
  return docs.map((d) => ({
    id: d.id,
    ...(d.data as { invoiceNumber: number; status: string; kind: string; gross: number }),
    data: d.data ?? {},
  }));
}

/** The text of a downloaded PDF, no-break spaces as plain ones. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

describe('buying a plan', () => {
  it('billing details, invoice, PDF, card payment and the plan active, as a new instructor', async () => {
    session.screenshotAllOnFailure('purchase-failed');
    const run = Date.now().toString(36);
    const adaEmail = `ada-${run}@lille.example.com`;

    // ---- Ada signs up through a trial link (the trial makes her team)
    const ada = await newPage();
    await ada.goto(`${stack.webUrl}/dashboard/intro?startTrial=beergame`);
    await ada.waitForURL('**/signup', { timeout: 30_000 });
    await ada.getByLabel('Email').fill(adaEmail);
    await ada.getByLabel('Password').fill('ada-pass-123');
    await ada.getByRole('button', { name: 'Create account' }).click();
    await ada.waitForURL('**/setup-account', { timeout: 60_000 });
    await ada.getByLabel('First name').fill('Ada');
    await ada.getByLabel('Last name').fill('Lovelace');
    await ada.getByLabel('You are').click();
    await ada.getByRole('option', { name: 'Teacher or professor' }).click();
    await ada.getByRole('button', { name: 'Continue' }).click();
    await snackbar(ada, 'Your Beer game trial has started: 30 players for 14 days.');
    const tag = ada.getByTestId('plan-tag-beergame');
    await tag.getByText('Beer game: 0/30 players').waitFor({ timeout: 30_000 });
    const [profile] = await service.docs.query({
      collection: 'users',
      where: [{ field: 'email', op: '==', value: adaEmail }],
      limit: 1,
    });
    const adaUid = profile?.id ?? '';
    const teamId = await teamOf(adaUid);
    expect(teamId).not.toBe('');

    // ---- the Subscription tab with the Class plan chosen by the link
    await ada.goto(`${stack.webUrl}/dashboard/subscription?purchase=beergame-class#purchase`);
    const panel = ada.getByTestId('subscription-panel');
    await panel
      .getByRole('heading', { name: 'Subscription', level: 1 })
      .waitFor({ timeout: 30_000 });
    const classCard = ada.getByTestId('plan-beergame-class');
    await classCard.getByText('Chosen').waitFor({ timeout: 30_000 });
    await ada.getByTestId('current-plan-beergame').getByText('Beer game: trial until').waitFor();
    // Before billing details: the list price, no tax yet, and no invoice to get.
    expect(await classCard.getByTestId('plan-net').innerText()).toBe('€390.00');
    await ada.getByTestId('plan-list-note').waitFor();
    expect(await ada.getByTestId('get-invoice').isDisabled()).toBe(true);

    // ---- French billing details: FR123 is refused, nothing saved
    const feedback = ada.getByTestId('billing-vat-feedback');
    await ada.getByTestId('billing-country').selectOption('FR');
    await ada.getByLabel('Company or institution').fill('Université de Lille');
    await ada.getByLabel('Address').fill('42 rue Paul Duez');
    await ada.getByLabel('Postal code').fill('59000');
    await ada.getByLabel('City').fill('Lille');
    await ada.getByLabel('Billing email').fill('factures@lille.example.com');
    await ada.getByTestId('billing-vat').fill('FR123');
    await feedback
      .getByText('This is not the format of a VAT number of this country (FR…).')
      .waitFor();
    await ada.getByTestId('billing-save').click();
    await feedback.getByText('Incorrect VAT number').waitFor({ timeout: 30_000 });
    expect((await service.docs.get(`teams/${teamId}`)).data?.billingData).toBeUndefined();
    await session.shot(ada, 'purchase-vat-incorrect');

    // ---- a valid number is validated; the plan is priced with French VAT
    await ada.getByTestId('billing-vat').fill(VALID_FR);
    await feedback
      .getByText('The format is right. Saving checks the number with the EU VAT register.')
      .waitFor();
    await ada.getByTestId('billing-save').click();
    await feedback.getByText('Your VAT number was validated').waitFor({ timeout: 30_000 });
    expect((await service.docs.get(`teams/${teamId}`)).data?.billingData).toMatchObject({
      countryCode: 'FR',
      euvatnr: VALID_FR,
      vatStatus: 'valid',
      companyName: 'Université de Lille',
    });
    // The seller is French: a French company pays French VAT even with a valid number.
    await classCard.getByTestId('plan-gross').getByText('€468.00').waitFor({ timeout: 30_000 });
    expect(await classCard.getByTestId('plan-net').innerText()).toBe('€390.00');
    expect(await classCard.getByTestId('plan-vat').innerText()).toBe('€78.00');
    await classCard.getByText('VAT 20 %').waitFor();

    // ---- get the invoice
    await ada.getByTestId('get-invoice').click();
    await snackbar(ada, 'is ready: pay it by card or download it below.');
    const [issued] = await invoicesOf(teamId);
    expect(issued).toMatchObject({ kind: 'invoice', status: 'open', gross: 46_800 });
    const number = issued?.invoiceNumber ?? 0;
    const row = ada.getByTestId(`invoice-${number}`);
    await row.getByText(`Invoice ${number}`).waitFor({ timeout: 30_000 });
    await row.getByTestId('invoice-status').getByText('To pay').waitFor();
    expect(await row.getByTestId('invoice-gross').innerText()).toBe('€468.00');

    // ---- its PDF, once the ledger has booked it
    await row.getByTestId('invoice-booking').waitFor({ state: 'detached', timeout: 60_000 });
    const [download] = await Promise.all([
      ada.waitForEvent('download', { timeout: 30_000 }),
      row.getByTestId('invoice-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await look(ada, 'purchase-invoice-open');

    // ---- pay on the checkout page; back on the tab, the payment is confirmed
    await row.getByTestId('invoice-pay').click();
    await ada.waitForURL('**/fakeCheckout?session=*', { timeout: 60_000 });
    await ada.getByRole('button', { name: 'Pay' }).click();
    await ada.waitForURL(
      `${stack.webUrl}/dashboard/subscription?purchase=success&invoice=${issued?.id ?? ''}`,
      { timeout: 30_000 },
    );
    await ada
      .getByTestId('purchase-paid')
      .getByText(`Payment received: invoice ${number} is paid and your plan is active.`)
      .waitFor({ timeout: 30_000 });
    await row.getByTestId('invoice-status').getByText('Paid').waitFor();
    expect(await row.getByTestId('invoice-pay').count()).toBe(0);
    expect(await row.getByTestId('invoice-cancel').count()).toBe(0);
    await ada.getByTestId('payment').getByText('€468.00').waitFor();
    await tag.getByText('Beer game: 0/50 players').waitFor({ timeout: 30_000 });
    expect(await ada.getByTestId('plan-tag-upgrade').count()).toBe(0);
    await ada
      .getByTestId('current-plan-beergame')
      .getByText('Beer game: Class plan until')
      .waitFor();

    // ---- analytics got one purchase; the profile's notification is gone
    await expect
      .poll(async () => (await service.docs.get(`users/${adaUid}`)).data?.notifyPlanPurchase, {
        timeout: 30_000,
      })
      .toBeUndefined();
    const purchases = (await analyticsEvents(ada)).filter((e) => e.name === 'purchase');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]?.params).toMatchObject({
      transaction_id: String(number),
      value: 390,
      tax: 78,
      plan_name: 'Class',
      plan_type: 'new',
      plan_games: ['beergame'],
    });
    await look(ada, 'purchase-paid');
    // A reload sends nothing again.
    await ada.reload();
    await ada.getByTestId('purchase-paid').waitFor({ timeout: 30_000 });
    expect((await analyticsEvents(ada)).filter((e) => e.name === 'purchase')).toHaveLength(1);

    // ---- a second invoice, cancelled with a credit note after a confirmation
    await ada.getByTestId('plan-beergame-campus').getByRole('button', { name: 'Choose' }).click();
    await ada.getByTestId('get-invoice').click();
    const second = ada.getByTestId(`invoice-${number + 1}`);
    await second.getByTestId('invoice-status').getByText('To pay').waitFor({ timeout: 30_000 });
    await second.getByTestId('invoice-cancel').click();
    await ada
      .getByRole('dialog')
      .getByText(`Cancel invoice ${number + 1}?`)
      .waitFor();
    await ada.getByTestId('invoice-cancel-confirm').click();
    await second.getByTestId('invoice-status').getByText('Cancelled').waitFor({ timeout: 30_000 });
    const credit = ada.getByTestId(`invoice-${number + 2}`);
    await credit.getByText(`Credit note ${number + 2}`).waitFor({ timeout: 30_000 });
    await credit.getByText(`Cancels invoice ${number + 1}`).waitFor();
    expect(await credit.getByTestId('invoice-pay').count()).toBe(0);

    // ---- Bob, a member who is not an admin, sees the tab read-only
    const bob = await newPage();
    const bobUid = await instructorOnDashboard(
      bob,
      service,
      stack.webUrl,
      `bob-${run}@lille.example.com`,
    );
    const team = (await service.docs.get(`teams/${teamId}`)).data ?? {};
    await service.docs.update(`teams/${teamId}`, {
      [`members.${bobUid}`]: {
        name: 'Bob Martin',
        email: `bob-${run}@lille.example.com`,
        role: 'member',
        games: ['beergame'],
      },
      memberIds: [...((team.memberIds as string[] | undefined) ?? []), bobUid],
    });
    await service.docs.set(`userTeams/${bobUid}`, { teamId, joined_at: Date.now() });
    await bob.goto(`${stack.webUrl}/dashboard/subscription`);
    await bob.getByTestId('subscription-read-only').waitFor({ timeout: 30_000 });
    await bob.getByTestId(`invoice-${number}`).waitFor({ timeout: 30_000 });
    await bob.getByTestId('billing-summary').getByText('Université de Lille').waitFor();
    expect(await bob.getByTestId('billing-save').count()).toBe(0);
    expect(await bob.getByTestId('get-invoice').count()).toBe(0);
    expect(await bob.getByTestId('invoice-pay').count()).toBe(0);
    expect(await bob.getByTestId('invoice-cancel').count()).toBe(0);
    expect(await bob.getByTestId('invoice-download').count()).toBe(3);
    await look(bob, 'purchase-member-read-only');
  }, 360_000);

  it('a new instructor without a trial goes straight to the tab; a German VAT number gives the 0 % reverse charge', async () => {
    session.screenshotAllOnFailure('purchase-reverse-charge-failed');
    const run = Date.now().toString(36);
    const cleoEmail = `cleo-${run}@tum.example.com`;

    // ---- the link to the tab asks a visitor to sign up first, then comes back to it
    const cleo = await newPage();
    await cleo.goto(`${stack.webUrl}/dashboard/subscription?purchase=beergame-class#purchase`);
    await cleo.waitForURL('**/signup', { timeout: 30_000 });
    await cleo.getByText('Sign up or log in to purchase.').waitFor({ timeout: 30_000 });
    await cleo.getByLabel('Email').fill(cleoEmail);
    await cleo.getByLabel('Password').fill('cleo-pass-123');
    await cleo.getByRole('button', { name: 'Create account' }).click();
    await cleo.waitForURL('**/setup-account', { timeout: 60_000 });
    await cleo.getByLabel('First name').fill('Cleo');
    await cleo.getByLabel('Last name').fill('Brandt');
    await cleo.getByLabel('You are').click();
    await cleo.getByRole('option', { name: 'Teacher or professor' }).click();
    await cleo.getByRole('button', { name: 'Continue' }).click();
    await cleo.waitForURL(
      (url) =>
        url.pathname === '/dashboard/subscription' &&
        url.searchParams.get('purchase') === 'beergame-class',
      { timeout: 60_000 },
    );
    const panel = cleo.getByTestId('subscription-panel');
    await panel
      .getByRole('heading', { name: 'Subscription', level: 1 })
      .waitFor({ timeout: 30_000 });
    const [profile] = await service.docs.query({
      collection: 'users',
      where: [{ field: 'email', op: '==', value: cleoEmail }],
      limit: 1,
    });
    const cleoUid = profile?.id ?? '';
    expect(cleoUid).not.toBe('');

    // ---- no trial, no team: no plan, the list price, nothing to invoice yet
    expect(await teamOf(cleoUid)).toBe('');
    await cleo.getByTestId('current-plans').getByText('Your team has no plan yet.').waitFor();
    const classCard = cleo.getByTestId('plan-beergame-class');
    await classCard.getByText('Chosen').waitFor({ timeout: 30_000 });
    expect(await classCard.getByTestId('plan-net').innerText()).toBe('€390.00');
    await cleo.getByTestId('plan-list-note').waitFor();
    expect(await cleo.getByTestId('get-invoice').isDisabled()).toBe(true);
    await cleo.getByTestId('invoices-none').waitFor();
    expect(await cleo.getByTestId('plan-tag-beergame').count()).toBe(0);

    // ---- a German university; a typo in the check digits is caught while typing
    const feedback = cleo.getByTestId('billing-vat-feedback');
    await cleo.getByTestId('billing-country').selectOption('DE');
    await cleo.getByLabel('Company or institution').fill('Technische Universität München');
    await cleo.getByLabel('Address').fill('Arcisstraße 21');
    await cleo.getByLabel('Postal code').fill('80333');
    await cleo.getByLabel('City').fill('München');
    await cleo.getByLabel('Billing email').fill('rechnungen@tum.example.com');
    await cleo.getByTestId('billing-vat').fill('DE 129 273 399');
    await feedback
      .getByText('The check digits of this number do not match: check it for typos.')
      .waitFor();
    await cleo.getByTestId('billing-vat').fill('DE 129 273 398');
    await feedback
      .getByText('The format is right. Saving checks the number with the EU VAT register.')
      .waitFor();
    await cleo.getByTestId('billing-save').click();
    await feedback.getByText('Your VAT number was validated').waitFor({ timeout: 30_000 });

    // ---- saving made her team, with her as its admin and the validated number
    await expect.poll(() => teamOf(cleoUid), { timeout: 30_000 }).not.toBe('');
    const teamId = await teamOf(cleoUid);
    const team = (await service.docs.get(`teams/${teamId}`)).data;
    expect(team).toMatchObject({
      createdBy: cleoUid,
      memberIds: [cleoUid],
      members: { [cleoUid]: { role: 'admin' } },
      billingData: {
        countryCode: 'DE',
        euvatnr: VALID_DE,
        vatStatus: 'valid',
        companyName: 'Technische Universität München',
        city: 'München',
      },
    });
    expect((await service.docs.get(`userTeams/${cleoUid}`)).data).toMatchObject({ teamId });

    // ---- the seller is French: a German company with a valid number pays no VAT
    await classCard.getByText('VAT 0 % (reverse charge)').waitFor({ timeout: 30_000 });
    expect(await classCard.getByTestId('plan-net').innerText()).toBe('€390.00');
    expect(await classCard.getByTestId('plan-vat').innerText()).toBe('€0.00');
    expect(await classCard.getByTestId('plan-gross').innerText()).toBe('€390.00');
    const campus = cleo.getByTestId('plan-leangame-campus');
    await campus.getByText('VAT 0 % (reverse charge)').waitFor();
    expect(await campus.getByTestId('plan-gross').innerText()).toBe('€1,490.00');
    expect(await cleo.getByTestId('plan-list-note').count()).toBe(0);
    await expect.poll(() => cleo.getByTestId('get-invoice').isEnabled()).toBe(true);
    await look(cleo, 'purchase-reverse-charge-preview');

    // ---- the invoice: 0 % with the reverse-charge mention, in the tab and in the ledger's PDF
    await cleo.getByTestId('get-invoice').click();
    await snackbar(cleo, 'is ready: pay it by card or download it below.');
    const [issued] = await invoicesOf(teamId);
    expect(issued?.data).toMatchObject({
      kind: 'invoice',
      status: 'open',
      planId: 'beergame-class',
      currency: 'EUR',
      net: 39_000,
      vatRatePercent: 0,
      vat: 0,
      gross: 39_000,
      treatment: 'eu-reverse-charge',
      mention: 'Reverse charge',
      customer: {
        name: 'Technische Universität München',
        countryCode: 'DE',
        vatNumber: VALID_DE,
        vatStatus: 'valid',
      },
      createdBy: cleoUid,
    });
    const number = issued?.invoiceNumber ?? 0;
    const row = cleo.getByTestId(`invoice-${number}`);
    await row.getByText(`Invoice ${number}`).waitFor({ timeout: 30_000 });
    await row.getByTestId('invoice-status').getByText('To pay').waitFor();
    expect(await row.getByTestId('invoice-gross').innerText()).toBe('€390.00');
    await row.getByText('Excl. VAT €390.00 · VAT €0.00').waitFor();
    await row.getByTestId('invoice-booking').waitFor({ state: 'detached', timeout: 60_000 });
    const [download] = await Promise.all([
      cleo.waitForEvent('download', { timeout: 30_000 }),
      row.getByTestId('invoice-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const text = await pdfText(readFileSync(await download.path()));
    for (const expected of [
      `Rechnung ${number}`,
      'Technische Universität München',
      'München',
      VALID_DE,
      '390,00 €',
      '0,00 €',
      'Reverse charge',
      'Steuerschuldnerschaft des Leistungsempfängers',
    ]) {
      expect(text).toContain(expected);
    }
    await row.getByTestId('invoice-download').and(cleo.locator(':enabled')).waitFor();
    await look(cleo, 'purchase-reverse-charge-invoice');
  }, 360_000);
});
