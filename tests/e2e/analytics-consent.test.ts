/**
 * Consent, attribution and analytics in real browsers (spec §2, §7, §9). Ada comes through a
 * campaign link with a colleague's referral, is asked before anything is measured, accepts,
 * signs up: her profile keeps the campaign and the referrer, and the local recorder holds the
 * sign-up event, then the game she makes from a template. Bob comes through another campaign
 * link and declines: his campaign is forgotten, also after reopening the banner from the home
 * page footer; nothing is recorded when he signs up, his profile holds no campaign, and he
 * changes his mind in the settings. An instructor and a player who accepted on an earlier visit:
 * the game the instructor makes in the editor, the player's join from its intro page and the
 * session round the instructor starts are each recorded in the tab where they happen. A German
 * visitor is asked in German on a phone. The banner on a desktop and a phone, with axe.
 */
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoSeriousViolations } from './axe';
import { launchBrowser } from './browser';
import {
  closeWelcomeTour,
  instructorOnDashboard,
  serviceClient,
  type ServiceClient,
} from './stack-helpers';

const stack = inject('stack');
const SHOTS = process.env.E2E_SCREENSHOTS;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** Where the local recorder keeps this tab's events (src/lib/analytics/analytics.ts). */
const EVENTS_KEY = 'simgames.analytics.events';
const CAMPAIGN_KEY = 'simgames.campaign';
const CONSENT_KEY = 'simgames.analyticsConsent';
/** Sign-up, set-up and the dashboard on a busy machine take more than the default two minutes. */
const LONG = 240_000;

let browser: Browser;
let service: ServiceClient;
const pages: Page[] = [];

beforeAll(async () => {
  service = serviceClient();
  browser = await launchBrowser([], { askConsent: true });
});

afterAll(async () => {
  await browser?.close();
  service?.close();
});

/** `measured`: a browser whose visitor accepted usage measurement on an earlier visit. */
async function newPage(
  viewport = DESKTOP,
  locale = 'en-US',
  options: { measured?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport, locale });
  if (options.measured === true) {
    await context.addInitScript((key) => {
      if (window.localStorage.getItem(key) === null) {
        window.localStorage.setItem(key, JSON.stringify({ choice: 'granted', decidedAt: 0 }));
      }
    }, CONSENT_KEY);
  }
  const page = await context.newPage();
  pages.push(page);
  return page;
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

/** Both sizes of a page, and its accessibility. */
async function look(page: Page, name: string) {
  await shot(page, name);
  await expectNoSeriousViolations(page, name);
  await page.setViewportSize(PHONE);
  await shot(page, `${name}-phone`);
  await expectNoSeriousViolations(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** Opens a page; under load, the scripts are waited for by what the test looks for next. */
async function open(page: Page, path: string) {
  await page.goto(`${stack.webUrl}${path}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
}

async function recordedEvents(page: Page): Promise<{ name: string; params: unknown }[]> {
  const raw = await page.evaluate((k) => window.sessionStorage.getItem(k), EVENTS_KEY);
  return raw ? (JSON.parse(raw) as { name: string; params: unknown }[]) : [];
}

async function kept(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

async function signUpAndSetUp(page: Page, email: string, first: string) {
  await open(page, `/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(`${first.toLowerCase()}-pass-123`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/setup-account', { timeout: 30_000 });
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('You are').click();
  await page.getByRole('option', { name: 'Teacher or professor' }).click();
  await page.getByRole('radio', { name: 'Advertising' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/dashboard/**', { timeout: 30_000 });
  await closeWelcomeTour(page);
}

async function profileOf(email: string) {
  for (let i = 0; i < 50; i++) {
    const [profile] = await service.docs.query({
      collection: 'users',
      where: [{ field: 'email', op: '==', value: email }],
      limit: 1,
    });
    if (profile?.data?.['profileType']) return profile;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no profile for ${email}`);
}

describe('consent, attribution and analytics', () => {
  it(
    'a visitor from a campaign accepts, signs up, and the profile keeps where they came from',
    async () => {
      onTestFailed(async () => {
        await Promise.all(
          pages.map((p, i) => shot(p, `consent-failed-${i}`).catch(() => undefined)),
        );
      });
      const run = Date.now().toString(36);
      const email = `ada-${run}@school.example.com`;

      const ada = await newPage();
      await open(ada, `/?utm_source=x&utm_campaign=spring%20fair&gclid=y&invitedby=rita${run}`);
      const banner = ada.getByRole('region', { name: 'Your privacy choice' });
      await banner.waitFor({ timeout: 60_000 });
      await ada.getByTestId('privacy-choices').waitFor({ timeout: 60_000 });
      // Kept from the first page, before any answer; nothing recorded yet.
      await ada.waitForFunction((k) => window.localStorage.getItem(k) !== null, CAMPAIGN_KEY);
      expect(await kept(ada, 'simgames.invitedBy')).toContain(`rita${run}`);
      expect(await recordedEvents(ada)).toEqual([]);
      await look(ada, 'consent-banner');

      await banner.getByRole('button', { name: 'Accept' }).click();
      await banner.waitFor({ state: 'detached' });
      expect(JSON.parse((await kept(ada, CONSENT_KEY)) ?? '{}')).toMatchObject({
        choice: 'granted',
      });

      await signUpAndSetUp(ada, email, 'Ada');
      // The answer is remembered: no banner on the next pages.
      expect(await ada.getByTestId('consent-banner').count()).toBe(0);
      await expect
        .poll(() => recordedEvents(ada))
        .toEqual([{ name: 'sign_up', params: { method: 'password' } }]);
      const profile = await profileOf(email);
      expect(profile.data).toMatchObject({
        invitedBy: `rita${run}`,
        attributionSource: 'ads',
        attribution: { utm_source: 'x', utm_campaign: 'spring fair', gclid: 'y' },
      });
      const attribution = profile.data?.['attribution'] as Record<string, unknown>;
      expect(Object.keys(attribution).sort()).toEqual(
        ['capturedAt', 'gclid', 'utm_campaign', 'utm_source'].sort(),
      );
      expect(attribution['capturedAt']).toBeGreaterThan(Date.now() - 10 * 60_000);

      // A game made from a template is counted, with where it came from.
      await open(ada, '/dashboard/templates/games');
      await ada
        .getByTestId('template-game-beer-classic')
        .getByRole('button', { name: 'Create a game' })
        .click({ timeout: 60_000 });
      await ada.waitForURL('**/game/*/edit', { timeout: 30_000 });
      await expect
        .poll(() => recordedEvents(ada))
        .toEqual([
          { name: 'sign_up', params: { method: 'password' } },
          { name: 'game_created', params: { game_type: 'beergame', origin: 'template', count: 1 } },
        ]);

      // The settings show the answer and take it back.
      await open(ada, `/dashboard/settings`);
      const privacy = ada.locator('#privacy');
      await privacy.waitFor({ timeout: 30_000 });
      await privacy.scrollIntoViewIfNeeded();
      const toggle = privacy.getByRole('switch', { name: 'Allow usage measurement' });
      expect(await toggle.isChecked()).toBe(true);
      await privacy.getByText('You currently allow usage measurement.').waitFor();
      await shot(ada, 'consent-settings');
      await expectNoSeriousViolations(ada, 'consent-settings');
      await toggle.click();
      await privacy.getByText('You currently decline usage measurement.').waitFor();
      expect(JSON.parse((await kept(ada, CONSENT_KEY)) ?? '{}')).toMatchObject({
        choice: 'denied',
      });
    },
    LONG,
  );

  it(
    'a visitor who declines: the campaign is forgotten, nothing is recorded, the answer can change',
    async () => {
      onTestFailed(async () => {
        await Promise.all(
          pages.map((p, i) => shot(p, `consent-failed-${i}`).catch(() => undefined)),
        );
      });
      const run = Date.now().toString(36);
      const email = `bob-${run}@school.example.com`;

      const bob = await newPage(PHONE);
      await open(bob, `/?utm_source=newsletter&zsid=z${run}`);
      const banner = bob.getByRole('region', { name: 'Your privacy choice' });
      await banner.waitFor({ timeout: 60_000 });
      await bob.waitForFunction((k) => window.localStorage.getItem(k) !== null, CAMPAIGN_KEY);
      await banner.getByRole('button', { name: 'Decline' }).click();
      await banner.waitFor({ state: 'detached' });
      expect(await kept(bob, CAMPAIGN_KEY)).toBeNull();

      // Another campaign link after declining is not kept either.
      await open(bob, `/?utm_source=again`);
      const choices = bob.getByTestId('privacy-choices');
      await choices.waitFor({ timeout: 30_000 });
      expect(await kept(bob, CAMPAIGN_KEY)).toBeNull();

      // "Privacy choices" in the home page footer opens the banner again with the answer given.
      await choices.click();
      await banner.waitFor();
      await banner.getByText('You currently decline usage measurement.').waitFor();
      expect(await bob.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'consent-banner',
      );
      await shot(bob, 'consent-review-phone');
      await expectNoSeriousViolations(bob, 'consent-review-phone');
      await banner.getByRole('button', { name: 'Decline' }).click();
      await banner.waitFor({ state: 'detached' });
      // The keyboard is back where it was.
      expect(await bob.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'privacy-choices',
      );

      await signUpAndSetUp(bob, email, 'Bob');
      const profile = await profileOf(email);
      expect(profile.data?.['attribution']).toBeUndefined();
      expect(profile.data?.['attributionSource']).toBe('ads');
      expect(await recordedEvents(bob)).toEqual([]);

      // He changes his mind in the settings; nothing of the time before was kept back and sent.
      await open(bob, `/dashboard/settings`);
      const privacy = bob.locator('#privacy');
      await privacy.waitFor({ timeout: 30_000 });
      const toggle = privacy.getByRole('switch', { name: 'Allow usage measurement' });
      expect(await toggle.isChecked()).toBe(false);
      await toggle.click();
      await privacy.getByText('You currently allow usage measurement.').waitFor();
      expect(JSON.parse((await kept(bob, CONSENT_KEY)) ?? '{}')).toMatchObject({
        choice: 'granted',
      });
      expect(await recordedEvents(bob)).toEqual([]);
    },
    LONG,
  );

  it(
    "a player's join and a session's round are counted in the tab where they happen",
    async () => {
      onTestFailed(async () => {
        await Promise.all(
          pages.map((p, i) => shot(p, `consent-failed-${i}`).catch(() => undefined)),
        );
      });
      const run = Date.now().toString(36);
      const created = {
        name: 'game_created',
        params: { game_type: 'beergame', origin: 'editor', count: 1 },
      };

      const teacher = await newPage(DESKTOP, 'en-US', { measured: true });
      await instructorOnDashboard(teacher, service, stack.webUrl, `cleo-${run}@school.example.com`);
      // Logging in is no event.
      expect(await recordedEvents(teacher)).toEqual([]);
      await open(teacher, '/dashboard/games/new');
      await teacher.getByTestId('editor-name').waitFor({ timeout: 60_000 });
      await teacher.getByTestId('editor-name').fill('Counted class');
      await teacher.getByTestId('editor-save').click();
      await teacher.waitForURL(/\/game\/[^/]+\/play$/, { timeout: 30_000 });
      const gid = /\/game\/([^/]+)\/play$/.exec(teacher.url())?.[1] ?? '';
      expect(gid).not.toBe('');
      await expect.poll(() => recordedEvents(teacher)).toEqual([created]);

      // A player takes a role from the game's intro page: counted in the player's own tab, as a
      // game outside a session, with nothing about who they are.
      const player = await newPage(PHONE, 'en-US', { measured: true });
      await open(player, `/game/${gid}`);
      await player.getByTestId('role-retailer').click({ timeout: 60_000 });
      await player.getByTestId('intro-player-name').fill('Player one');
      await player.getByTestId('intro-join').click();
      await player.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });
      await expect
        .poll(() => recordedEvents(player))
        .toEqual([{ name: 'game_played', params: { game_type: 'beergame', in_session: false } }]);
      // The instructor's tab did not record the player's join.
      expect(await recordedEvents(teacher)).toEqual([created]);

      // A one-round session published and its round started: one game for each of its two teams.
      await open(teacher, '/dashboard/sessions');
      await teacher.getByRole('button', { name: 'New session' }).click({ timeout: 60_000 });
      await teacher.getByTestId('session-template-s-beer-classic').click();
      await teacher.waitForURL('**/follow-up', { timeout: 30_000 });
      await teacher.getByRole('button', { name: 'Publish' }).click({ timeout: 30_000 });
      await teacher.getByTestId('share-code').waitFor({ timeout: 30_000 });
      expect(await recordedEvents(teacher)).toEqual([created]);
      await teacher.getByRole('button', { name: 'Start round 1' }).click();
      await teacher
        .getByTestId('round-1')
        .getByTestId('round-game')
        .first()
        .waitFor({ timeout: 30_000 });
      await expect
        .poll(() => recordedEvents(teacher))
        .toEqual([
          created,
          { name: 'session_run', params: { game_type: 'beergame', round: 1, teams: 2 } },
        ]);
    },
    LONG,
  );

  it("asks in the visitor's language, and the longest texts fit a phone", async () => {
    const page = await newPage(PHONE, 'de-DE');
    await open(page, '/');
    const banner = page.getByRole('region', { name: 'Ihre Datenschutz-Entscheidung' });
    await banner.waitFor({ timeout: 60_000 });
    await banner.getByRole('button', { name: 'Ablehnen' }).waitFor();
    await banner.getByRole('button', { name: 'Zustimmen' }).waitFor();
    // Nothing runs off the side of the screen.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await shot(page, 'consent-banner-de-phone');
    await expectNoSeriousViolations(page, 'consent-banner-de-phone');
  });
});
