/**
 * A player on a phone (390×844) through the real local stack, in headless Chromium: the intro,
 * the lobby and the play screen never scroll sideways, the navbar keeps one line, the player's
 * own figures and the order box fit the first screen, the order field opens a numeric keypad, the
 * keyboard alone reaches the order and Enter sends it. In a transparent game the map and the chain
 * table show every facility's figures (as the facility document's view gives them); in a blind
 * game only the player's own. A long player name ends in "…" with the whole name in a title. When
 * the countdown runs out the player is told what the computer ordered for them, and Quit asks
 * first. Screens are saved to /tmp/beer-phone-*.png.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PlayerView } from '@sim/core/beer/view';
import { sessionTemplateById } from '@sim/core/templates/session-templates';
import { sessionFromTemplate } from '../../src/features/sessions/session-model';
import { launchBrowser } from './browser';
import { layoutShiftTotal, recordLayoutShifts } from './layout-shift';
import { browserSession, PHONE } from './browser-session';
import { seedBeerGame } from '../../scripts/seed-beer-game';
import { serviceClient, type ServiceClient } from './stack-helpers';

const stack = inject('stack');
const ROLE = 'wholesaler';
const OTHERS = ['retailer', 'distributor', 'factory'];
// 30 characters, the longest name a player may give.
const LONG_NAME = 'Wilhelmina Wolkenstein-Hartung';

const session = browserSession('beer-phone', {
  context: { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
});
let service: ServiceClient;

beforeAll(() => {
  service = serviceClient();
});

afterAll(() => {
  service?.close();
});

/** A four-role game whose other roles the computer plays, so the player's order turns the week. */
function seedGame(name: string, transparent: boolean): Promise<string> {
  return seedBeerGame(service, {
    name,
    creator: 'instructor-phone',
    roles: 4,
    computer: OTHERS,
    transparent,
    weeks: 12,
  });
}

async function viewOf(gid: string): Promise<PlayerView> {
  const doc = (await service.docs.get(`games/${gid}/facilities/${ROLE}`)).data;
  return doc?.view as PlayerView;
}

/** Nothing scrolls sideways, and the navbar holds on one line. */
async function expectPhoneLayout(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  const bar = await page.locator('header').first().boundingBox();
  expect(bar?.height ?? 999).toBeLessThanOrEqual(64);
}

/** Where an element's bottom is on the page when scrolled to the top. */
function bottomOnPage(page: Page, testId: string): Promise<number> {
  return page
    .getByTestId(testId)
    .evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
}

async function joinAs(page: Page, gid: string): Promise<void> {
  await page.goto(`${stack.webUrl}/game/${gid}`);
  await page.getByTestId(`role-${ROLE}`).click();
  await page.getByTestId('intro-player-name').fill(LONG_NAME);
  // The intro on a phone: the choice of a role before the rules, nothing sideways.
  await expectPhoneLayout(page);
  expect(await bottomOnPage(page, 'intro-join')).toBeLessThanOrEqual(PHONE.height);
  await session.shot(page, 'intro');
  await page.getByTestId('intro-join').click();
  await page.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });
  await page.getByTestId(`order-${ROLE}-beer`).waitFor({ timeout: 20_000 });
}

async function weekChip(page: Page, text: string): Promise<void> {
  await page.getByTestId('week-chip').getByText(text).waitFor({ timeout: 30_000 });
}

describe('a player on a phone', () => {
  it('plays a transparent game with the whole chain in view, by keyboard, on one screen', async () => {
    const gid = await seedGame('Transparent chain', true);
    const page = await session.newPage();
    await joinAs(page, gid);
    await weekChip(page, 'Week 1 of 12');

    // ---- the layout: nothing sideways, one-line navbar, own panel then the order box on the
    // first screen, a numeric keypad
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectPhoneLayout(page);
    const field = page.getByTestId(`order-${ROLE}-beer`);
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    expect(await field.getAttribute('pattern')).toBe('[0-9]*');
    const ownBottom = await bottomOnPage(page, 'play-own');
    const fieldTop = await field.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(ownBottom).toBeLessThan(fieldTop);
    expect(await bottomOnPage(page, 'order-submit')).toBeLessThanOrEqual(PHONE.height);
    // The map follows the flow top to bottom: consumers, retailer, wholesaler, distributor, factory.
    const map = page.getByTestId('beer-map');
    expect(await map.getAttribute('data-layout')).toBe('down');
    const tops: number[] = [];
    for (const id of [
      'map-consumers',
      ...['retailer', ROLE, 'distributor', 'factory'].map((f) => `map-facility-${f}`),
    ]) {
      tops.push((await page.getByTestId(id).boundingBox())?.y ?? -1);
    }
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    await page.getByTestId('map-legend').getByText('Orders go up the chain').waitFor();

    // ---- the keyboard alone: Tab reaches the order field, then the button; Enter sends
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
    let presses = 0;
    while ((await focused()) !== `order-${ROLE}-beer` && presses < 25) {
      await page.keyboard.press('Tab');
      presses++;
    }
    expect(await focused()).toBe(`order-${ROLE}-beer`);
    await page.keyboard.type('7');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('order-submit');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await weekChip(page, 'Week 2 of 12');
    // The new week's field has the focus back: the next order is typed at once.
    await expect.poll(focused, { timeout: 10_000 }).toBe(`order-${ROLE}-beer`);
    await page.keyboard.type('9');
    await page.keyboard.press('Enter');
    await weekChip(page, 'Week 3 of 12');

    // ---- the whole chain, as the facility document's view gives it
    const view = await viewOf(gid);
    expect(view.transparent).toBe(true);
    expect(view.details.map((d) => d.id).sort()).toEqual(
      ['distributor', 'factory', 'retailer', ROLE].sort(),
    );
    const table = page.getByTestId('chain-table');
    await table.waitFor();
    for (const d of view.details) {
      const p = d.products[0]!;
      const c = d.capabilities[0]!;
      await expect
        .poll(() => page.getByTestId(`chain-stock-${d.id}`).textContent(), { timeout: 10_000 })
        .toBe(String(p.stock));
      expect(await page.getByTestId(`chain-backlog-${d.id}`).textContent()).toBe(String(p.backlog));
      expect(await page.getByTestId(`chain-onorder-${d.id}`).textContent()).toBe(String(c.onOrder));
      const last = d.history.at(-1)!.capabilities[0]!.ordered;
      expect(await page.getByTestId(`chain-ordered-${d.id}`).textContent()).toBe(String(last));
      // The pipeline within the visible weeks, week by week.
      expect(c.arriving).toHaveLength(c.visibleWeeks);
      const weeks = page.getByTestId(`chain-arriving-${d.id}`).locator('[data-week]');
      expect(await weeks.allTextContents()).toEqual(c.arriving.map((q, k) => `+${k + 1}: ${q}`));
      // The map's figures for every facility.
      expect(await page.getByTestId(`map-stock-${d.id}`).textContent()).toBe(String(p.stock));
      expect(await page.getByTestId(`map-ordered-${d.id}`).textContent()).toBe(String(last));
    }
    expect(await page.getByTestId(`chain-ordered-${ROLE}`).textContent()).toBe('9');
    // The table scrolls inside its panel; the page still does not.
    await expectPhoneLayout(page);

    // ---- a long name ends in "…", the whole name in a title
    const holder = page.getByTestId(`map-holder-${ROLE}`);
    expect(await holder.getAttribute('title')).toBe(LONG_NAME);
    const cut = await holder.evaluate((el) => ({
      overflow: getComputedStyle(el).textOverflow,
      cut: el.scrollWidth > el.clientWidth,
    }));
    expect(cut).toEqual({ overflow: 'ellipsis', cut: true });
    expect(await page.getByTestId('playing-as').getAttribute('title')).toContain(LONG_NAME);
    await page.evaluate(() => window.scrollTo(0, 0));
    await session.shot(page, 'play-transparent');

    // ---- reopened (a reload, a phone that slept): before any code has run, the frame names the
    // game where the page draws it, and it stays until the page shows the week
    const playPath = `/game/${gid}/play`;
    const nameBox = await page.locator('main h1').boundingBox();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname !== playPath,
      async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      },
    );
    await page.reload({ waitUntil: 'commit' });
    const frameName = page.locator('#prerender h1');
    await expect.poll(() => frameName.textContent(), { timeout: 10_000 }).toBe('Transparent chain');
    expect(await frameName.boundingBox()).toEqual(nameBox);
    await session.shot(page, 'play-frame-named');
    // From the page's first script to the week on screen: was the name ever off the screen?
    await page.evaluate(() => {
      const state = window as unknown as { nameGone?: boolean };
      const check = () => {
        const named = [...document.querySelectorAll('h1')].some(
          (h) => h.textContent === 'Transparent chain' && h.getBoundingClientRect().height > 0,
        );
        if (!named) state.nameGone = true;
      };
      new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
    });
    release();
    await weekChip(page, 'Week 3 of 12');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expect(await page.locator('#prerender').count()).toBe(0);
    expect(await page.locator('main h1').boundingBox()).toEqual(nameBox);
    expect(await page.evaluate(() => (window as { nameGone?: boolean }).nameGone ?? false)).toBe(
      false,
    );
  });

  it('shows nothing of the others in a blind game; tells who ordered when the time ran out; asks before quitting', async () => {
    const gid = await seedGame('Blind chain', false);
    const page = await session.newPage();
    await joinAs(page, gid);
    await weekChip(page, 'Week 1 of 12');
    await expectPhoneLayout(page);
    const view = await viewOf(gid);
    expect(view.details.map((d) => d.id)).toEqual([ROLE]);
    expect(await page.getByTestId('chain-table').count()).toBe(0);
    for (const fid of ['retailer', ROLE, 'distributor', 'factory']) {
      expect(await page.getByTestId(`map-figures-${fid}`).count()).toBe(0);
    }

    // ---- the countdown runs out without an order: the computer orders, and the player is told
    await service.docs.update(`games/${gid}`, { turnDeadline: Date.now() + 4000 });
    await page.getByTestId('timer-chip').waitFor({ timeout: 10_000 });
    await weekChip(page, 'Week 2 of 12');
    const doc = (await service.docs.get(`games/${gid}/facilities/${ROLE}`)).data;
    expect(doc?.computerOrderedWeek).toBe(1);
    const ordered = (doc?.view as PlayerView).details[0]!.history[0]!.capabilities[0]!.ordered;
    const notice = page.getByTestId('computer-ordered');
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toContain(
      `Week 1: the week ended before your order, so the computer ordered ${ordered} for you.`,
    );
    await session.shot(page, 'computer-ordered');
    // Ordering again: the notice goes with the next week.
    await page.getByTestId(`order-${ROLE}-beer`).fill('5');
    await page.getByTestId('order-submit').click();
    await weekChip(page, 'Week 3 of 12');
    expect(await notice.count()).toBe(0);

    // ---- Quit asks first; staying keeps the role
    await page.getByTestId('play-quit').click();
    const dialog = page.getByTestId('quit-dialog');
    await dialog.getByText('You leave the role of Wholesaler.', { exact: false }).waitFor();
    await session.shot(page, 'quit-dialog');
    await page.getByTestId('quit-cancel').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toContain(`/game/${gid}/play`);
    const held = (await service.docs.get(`games/${gid}`)).data as {
      facilities: Record<string, { user: unknown }>;
    };
    expect(held.facilities[ROLE]?.user).toBeTruthy();
    await page.getByTestId('play-quit').click();
    await page.getByTestId('quit-confirm').click();
    await page.waitForURL((url) => !url.pathname.endsWith('/play'), { timeout: 20_000 });
    await expect
      .poll(
        async () =>
          (
            (await service.docs.get(`games/${gid}`)).data as {
              facilities: Record<string, { user: unknown }>;
            }
          ).facilities[ROLE]?.user ?? null,
        { timeout: 10_000 },
      )
      .toBeNull();
  });

  it('joins a session lobby without sideways scrolling', async () => {
    const sid = `phone-${Date.now()}`;
    const template = sessionTemplateById('s-beer-classic');
    if (!template) throw new Error('missing session template');
    await service.docs.set(`sessions/${sid}`, {
      ...sessionFromTemplate(template, {
        creator: 'instructor-phone',
        creatorName: 'Instructor',
        team: null,
        now: Date.now(),
      }),
      name: 'Phone class',
      status: 'published',
    });
    const page = await session.newPage();
    await page.goto(`${stack.webUrl}/session/${sid}/lobby`);
    await page.getByRole('button', { name: 'Join' }).waitFor({ timeout: 30_000 });
    await expectPhoneLayout(page);
    await page.getByLabel('Your name').fill(LONG_NAME.replace(/ /g, ''));
    await page.getByRole('button', { name: /^Team 1/ }).click();
    await page.getByRole('button', { name: 'Join' }).click();
    const chip = page.getByTestId('lobby-players').getByTitle(LONG_NAME.replace(/ /g, ''));
    await chip.waitFor({ timeout: 10_000 });
    await expectPhoneLayout(page);
    await session.shot(page, 'lobby');
  });

  it('joins and orders before answering the usage-analytics question, asked at the end of the page', async () => {
    const asking = await launchBrowser([], { askConsent: true });
    try {
      const context = await asking.newContext({
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      const gid = await seedGame('Question unanswered', false);
      await joinAs(page, gid);
      // The play page loaded anew, as a player's phone opens it: nothing it shows moves once
      // there (the question waits below the fold while the game arrives).
      await recordLayoutShifts(page);
      await page.reload();
      await page.getByTestId(`order-${ROLE}-beer`).waitFor({ timeout: 30_000 });
      const banner = page.getByTestId('consent-banner');
      await banner.waitFor({ timeout: 10_000 });
      await page.waitForTimeout(1000);
      const cls = await layoutShiftTotal(page);
      expect(cls, 'cumulative layout shift of the play page').toBeLessThanOrEqual(0.02);
      await page.getByTestId(`order-${ROLE}-beer`).fill('4');
      // Where a thumb presses the order button, the button is what it touches.
      const onTop = await page.getByTestId('order-submit').evaluate((el) => {
        el.scrollIntoView({ block: 'end' });
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && el.contains(hit);
      });
      expect(onTop).toBe(true);
      // The page is longer than the screen, and the question covers none of its first screen.
      await page.evaluate(() => window.scrollTo(0, 0));
      const first = await banner.evaluate((el) => ({
        top: el.getBoundingClientRect().top,
        height: el.getBoundingClientRect().height,
        page: document.documentElement.scrollHeight,
        screen: window.innerHeight,
      }));
      expect(first.page).toBeGreaterThan(first.screen + first.height);
      expect(first.top).toBeGreaterThanOrEqual(first.screen);
      await page.getByTestId('order-submit').click();
      await weekChip(page, 'Week 2 of 12');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await session.shot(page, 'consent-at-end');
      await page.getByTestId('consent-decline').click();
      await banner.waitFor({ state: 'detached' });
    } finally {
      await asking.close();
    }
  });
});
