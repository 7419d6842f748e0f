/**
 * The visitors' pages through the real local stack in headless Chromium (spec §2, §7): a visitor
 * opens /demo, gives an address, plays the whole demo beer game alone (the computer on the other
 * roles) and sees its results; the finished demo then shows on /leaderboard with the visitor's
 * name. The demo is counted as a game played (origin 'demo') by the local analytics recorder
 * when the visitor accepted measurement, and not at all when they declined. Another visitor plays
 * the demo to its end on a phone, nothing scrolling sideways. A school asks for a quote on /quote
 * with the price preview of the plan catalogue and gets a confirmation, the request stored for
 * the team; /loading shows its status. None of these pages shows the navbar. axe on each; screens
 * at 1280×800 and 390×844 in /tmp/visitors-*.png.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_WEEKS } from '@sim/core/templates/demo-game';
import { browserSession, DESKTOP, PHONE } from './browser-session';
import { expectNoSeriousViolations } from './axe';
import { serviceClient, type ServiceClient } from './stack-helpers';

const stack = inject('stack');
/** Where the local recorder keeps this tab's events (src/lib/analytics/analytics.ts). */
const EVENTS_KEY = 'simgames.analytics.events';
/** The visitor's answer to the consent banner (src/lib/analytics/consent.ts). */
const CONSENT_KEY = 'simgames.analyticsConsent';
/** What the demo records once the visitor holds a role (src/lib/analytics/events.ts). */
const DEMO_PLAYED = {
  name: 'game_played',
  params: { game_type: 'beergame', in_session: false, origin: 'demo' },
};

const session = browserSession('visitors');
let service: ServiceClient;

beforeAll(() => {
  service = serviceClient();
});

afterAll(() => {
  service?.close();
});

/**
 * A new visitor. Every browser of this file starts as one that declined usage measurement
 * (tests/e2e/browser.ts); `measured` makes it one that accepted on an earlier visit.
 */
function newPage(viewport = DESKTOP, options: { measured?: boolean } = {}): Promise<Page> {
  const phone = viewport.width < 500;
  return session.newPage(
    { viewport, isMobile: phone, hasTouch: phone, deviceScaleFactor: 1 },
    options.measured === true
      ? (context) =>
          context.addInitScript((key) => {
            window.localStorage.setItem(key, JSON.stringify({ choice: 'granted', decidedAt: 0 }));
          }, CONSENT_KEY)
      : undefined,
  );
}

/** Spec §2: demo, quote, leaderboard and loading hide the navbar; nothing scrolls sideways. */
async function expectVisitorPage(page: Page, name: string): Promise<void> {
  expect(await page.locator('.MuiAppBar-root').count()).toBe(0);
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page, name);
}

/** The events the local recorder kept in this tab. */
async function recordedEvents(page: Page): Promise<{ name: string; params: unknown }[]> {
  const raw = await page.evaluate((k) => window.sessionStorage.getItem(k), EVENTS_KEY);
  return raw ? (JSON.parse(raw) as { name: string; params: unknown }[]) : [];
}

/** How far the page scrolls sideways (0 when it fits the screen's width). */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** The element lies within the screen's width: nothing of it is cut at either side. */
async function expectWithinWidth(page: Page, what: Locator, label: string): Promise<void> {
  const box = await what.first().boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, label).not.toBeNull();
  expect(box?.x ?? -1, label).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Infinity), label).toBeLessThanOrEqual(width);
}

/** Waits for the demo's play page and answers the game's id. */
async function demoOpened(page: Page, label: string): Promise<string> {
  await page.waitForURL(/\/game\/[^/]+\/play$/, { timeout: 60_000 }).catch(async (err: unknown) => {
    await session.shot(page, `${label}-start-failed`);
    const alert = await page.getByRole('alert').allInnerTexts();
    throw new Error(`the demo did not open (${alert.join(' | ')}): ${String(err)}`);
  });
  const gid = /\/game\/([^/]+)\/play$/.exec(page.url())?.[1] ?? '';
  expect(gid).not.toBe('');
  return gid;
}

/**
 * Alone: each order turns the week, the computer ordering for the other roles. `each` runs at
 * every week before the order is placed.
 */
async function playDemoWeeks(
  page: Page,
  role: string,
  label: string,
  each: (week: number) => Promise<void> = async () => undefined,
): Promise<void> {
  for (let week = 1; week <= DEMO_WEEKS; week++) {
    await page
      .getByTestId('week-chip')
      .getByText(`Week ${week} of ${DEMO_WEEKS}`)
      .waitFor({ timeout: 60_000 })
      .catch(async (err: unknown) => {
        await session.shot(page, `${label}-week-${week}-failed`);
        throw err;
      });
    await each(week);
    await page.getByTestId(`order-${role}-beer`).fill(week < 6 ? '4' : '8');
    await page.getByTestId('order-submit').click();
  }
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe('visitors', () => {
  it('plays the demo alone to the end, then finds its team on the leaderboard', async () => {
    // This visitor accepted usage measurement: the demo is counted.
    const page = await newPage(DESKTOP, { measured: true });
    await page.goto(`${stack.webUrl}/demo`);
    await page.getByLabel('Your email address').waitFor({ timeout: 30_000 });
    await expectVisitorPage(page, 'demo');
    await session.shot(page, 'demo-desktop');

    // A disposable address is refused in place, in words, and nothing is counted.
    await page.getByLabel('Your email address').fill('someone@mailinator.com');
    await page.getByRole('button', { name: 'Start the demo' }).click();
    await page
      .getByText('Please use a permanent email address, not a disposable one.')
      .waitFor({ timeout: 60_000 });
    expect(await recordedEvents(page)).toEqual([]);

    const name = `Ada ${unique().slice(0, 5)}`;
    await page.getByLabel('Your email address').fill(`visitor-${unique()}@example.org`);
    await page.getByLabel('Your first name (optional)').fill(name);
    await page.getByLabel('Show my first name on the public leaderboard').check();
    await page.getByRole('button', { name: 'Start the demo' }).click();
    const gid = await demoOpened(page, 'demo');
    // Counted once the game is made: a game played, from the demo, without anything personal.
    expect(await recordedEvents(page)).toEqual([DEMO_PLAYED]);

    const game = (await service.docs.get(`games/${gid}`)).data as {
      demo: boolean;
      facilities: Record<string, { computer: boolean; playerName: string | null }>;
    };
    expect(game.demo).toBe(true);
    expect(game.facilities['retailer']).toMatchObject({ computer: false, playerName: name });
    for (const fid of ['wholesaler', 'distributor', 'factory']) {
      expect(game.facilities[fid]?.computer).toBe(true);
    }

    await playDemoWeeks(page, 'retailer', 'demo', async (week) => {
      if (week === 6) await session.shot(page, 'demo-play-desktop');
    });
    await page.getByTestId('play-to-results').click({ timeout: 30_000 });
    const teamCost = page.getByTestId('team-cost');
    await teamCost.waitFor({ timeout: 30_000 });
    await session.shot(page, 'demo-results-desktop');
    // Playing it through counts it once, not once a week.
    expect(await recordedEvents(page)).toEqual([DEMO_PLAYED]);

    const entry = (await service.docs.get(`leaderboard/${gid}`)).data as {
      cost: number;
      template: string;
    };
    expect(entry.template).toBe('beer-demo');
    const costText = new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(entry.cost);

    await page.goto(`${stack.webUrl}/leaderboard`);
    const row = page.getByTestId('leaderboard-row').filter({ hasText: name });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain(costText);
    expect(await row.textContent()).toContain('Wholesaler: computer');
    await expectVisitorPage(page, 'leaderboard');
    await session.shot(page, 'leaderboard-desktop');

    const phone = await newPage(PHONE);
    await phone.goto(`${stack.webUrl}/leaderboard`);
    await phone
      .getByTestId('leaderboard-row')
      .filter({ hasText: name })
      .waitFor({ timeout: 30_000 });
    await session.shot(phone, 'leaderboard-phone');
    // Twenty weeks, each order a callable and the week's transaction on a shared machine.
  }, 300_000);

  it('plays the demo to its end on a phone, nothing sideways or cut', async () => {
    // This visitor declined usage measurement: the demo is played, and nothing is counted.
    const page = await newPage(PHONE);
    await page.goto(`${stack.webUrl}/demo`);
    await page.getByLabel('Your email address').waitFor({ timeout: 30_000 });
    await expectVisitorPage(page, 'demo phone');
    await expectWithinWidth(page, page.locator('form'), 'the demo form');
    await session.shot(page, 'demo-phone');

    await page.getByLabel('Your email address').fill(`phone-${unique()}@example.org`);
    await page.getByRole('radio', { name: 'Wholesaler' }).check();
    await page.getByRole('button', { name: 'Start the demo' }).click();
    const gid = await demoOpened(page, 'demo-phone');
    const game = (await service.docs.get(`games/${gid}`)).data as {
      facilities: Record<string, { computer: boolean }>;
    };
    expect(game.facilities['wholesaler']?.computer).toBe(false);
    for (const fid of ['retailer', 'distributor', 'factory']) {
      expect(game.facilities[fid]?.computer).toBe(true);
    }

    await playDemoWeeks(page, 'wholesaler', 'demo-phone', async (week) => {
      if (week !== 1 && week !== 6) return;
      // The week's figures and the order box fit the screen; the page never scrolls sideways.
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await sidewaysScroll(page), `play, week ${week}`).toBeLessThanOrEqual(0);
      await expectWithinWidth(page, page.getByTestId('play-own'), 'play-own');
      await expectWithinWidth(
        page,
        page.getByTestId('order-wholesaler-beer'),
        'order-wholesaler-beer',
      );
      await expectWithinWidth(page, page.getByTestId('order-submit'), 'order-submit');
      await session.shot(page, `demo-play-week-${week}-phone`);
    });
    await page.getByTestId('play-to-results').click({ timeout: 30_000 });
    await page.getByTestId('team-cost').waitFor({ timeout: 30_000 });
    expect(await sidewaysScroll(page), 'results').toBeLessThanOrEqual(0);
    await expectWithinWidth(page, page.getByTestId('team-cost'), 'team-cost');
    await expectNoSeriousViolations(page, 'demo results phone');
    await session.shot(page, 'demo-results-phone');

    const entry = (await service.docs.get(`leaderboard/${gid}`)).data as { template: string };
    expect(entry.template).toBe('beer-demo');
    expect(await recordedEvents(page)).toEqual([]);
    // Twenty weeks, as on the desktop.
  }, 300_000);

  it('asks for a quote with the price preview and stores the request for the team', async () => {
    const page = await newPage();
    await page.goto(`${stack.webUrl}/quote`);
    await page.getByLabel('School, university or company').waitFor({ timeout: 30_000 });
    await expectVisitorPage(page, 'quote');
    const email = `head-${unique()}@lycee.example.fr`;
    await page.getByLabel('School, university or company').fill('Lycée Victor Hugo');
    await page.getByLabel('Contact email').fill(email);
    await page.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'France', exact: true }).click();
    await page.getByLabel('Number of players').fill('120');
    await page.getByLabel('Lean game').check();
    await page.getByLabel('Message (optional)').fill('Two classes in March.');
    // 120 players: the Campus plan of each game, in euro with the French VAT of 20 %.
    const preview = page.getByTestId('quote-preview');
    await preview.getByText('VAT (20 %)').waitFor({ timeout: 30_000 });
    expect(await preview.getByText(/Campus/).count()).toBe(2);
    await expectVisitorPage(page, 'quote filled');
    await session.shot(page, 'quote-desktop');

    await page.getByRole('button', { name: 'Request the quote' }).click();
    await page.getByText('Thank you, your request is on its way').waitFor({ timeout: 30_000 });
    expect(await page.getByText(`We will answer at ${email}`).count()).toBe(1);
    await session.shot(page, 'quote-sent-desktop');

    const stored = await service.docs.query({
      collection: 'quoteRequests',
      where: [{ field: 'email', op: '==', value: email }],
    });
    expect(stored.map((s) => s.data)).toEqual([
      expect.objectContaining({
        institution: 'Lycée Victor Hugo',
        country: 'FR',
        players: 120,
        gameTypes: ['beergame', 'leangame'],
        message: 'Two classes in March.',
        locale: 'en',
      }),
    ]);

    const phone = await newPage(PHONE);
    await phone.goto(`${stack.webUrl}/quote`);
    await phone.getByLabel('School, university or company').waitFor({ timeout: 30_000 });
    await expectVisitorPage(phone, 'quote phone');
    await session.shot(phone, 'quote-phone');
  });

  it('shows the loading page without the navbar', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await newPage(viewport);
      await page.goto(`${stack.webUrl}/loading`);
      await page
        .getByRole('status')
        .getByText('Getting things ready…')
        .waitFor({ timeout: 30_000 });
      await expectVisitorPage(page, `loading ${name}`);
      await session.shot(page, `loading-${name}`);
    }
  });
});
