/**
 * The public face's last gaps in a real browser (issue 14, decision 0027). Two players join a
 * lean game of a default template; one ticks "Show my name on the public leaderboard" where it
 * joins, the other does not. The instructor runs and ends the run; a visitor opens
 * `/leaderboard`, takes the lean tab and finds the team ranked by its profit, the first player
 * named and the second shown as an anonymous player of its station. A new instructor who signs
 * up and completes the account is shown the welcome tour once by the dashboard; once closed it
 * is remembered on the profile (not shown after a reload or in another browser), and the help
 * menu replays it; the profile settings hold the instructor's own leaderboard answer.
 * Screenshots at 1280x800 and 390x844 in /tmp/leaderboard-lean-tour-*.png and axe on each.
 */
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildLeanGameDocs } from '@sim/core/lean/game-docs';
import type { LeanGameInput } from '@sim/core/lean/model';
import { LEAN_TEMPLATES } from '@sim/core/templates/lean-templates';
import { expectNoSeriousViolations } from './axe';
import { launchBrowser } from './browser';
import { reportFailedPage } from './page-log';
import { instructorOnDashboard, serviceClient, type ServiceClient } from './stack-helpers';

const stack = inject('stack');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let service: ServiceClient;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  service = serviceClient();
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  service?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('[page error]', err.message));
  return page;
}

/** Screenshots and axe at desktop size, then at 390x844 (nothing may scroll sideways). */
async function look(page: Page, name: string): Promise<void> {
  await page.mouse.move(1, 1);
  await page.screenshot({ path: `/tmp/leaderboard-lean-tour-${name}.png`, fullPage: true });
  await expectNoSeriousViolations(page, name);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide, `${name}: the page scrolls sideways on a phone`).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `/tmp/leaderboard-lean-tour-${name}-phone.png`, fullPage: true });
  await expectNoSeriousViolations(page, `${name} (phone)`);
  await page.setViewportSize(DESKTOP);
}

function failureShots(prefix: string) {
  onTestFailed(async () => {
    let k = 0;
    for (const c of contexts) {
      for (const p of c.pages()) {
        const file = `leaderboard-lean-tour-${prefix}-failed-${k++}`;
        await reportFailedPage(p, file, `/tmp/${file}.png`);
      }
    }
  });
}

function templateConfig(id: string): LeanGameInput {
  const t = LEAN_TEMPLATES.find((x) => x.id === id);
  if (!t || t.type !== 'leangame') throw new Error(`no lean template ${id}`);
  return structuredClone(t.config);
}

/** A player joins a station from the game's intro, with or without the leaderboard consent. */
async function joinStation(
  page: Page,
  gid: string,
  fid: string,
  name: string,
  showName: boolean,
  screens?: string,
): Promise<void> {
  await page.goto(`${stack.webUrl}/game/${gid}`);
  await page.getByTestId('intro-floor').waitFor({ timeout: 90_000 });
  const consent = page.getByRole('checkbox', { name: /Show my name on the public leaderboard/ });
  // The intro may render again while the anonymous sign-in settles: choose until it holds.
  for (let attempt = 0; ; attempt++) {
    await page.getByTestId(`role-${fid}`).click();
    await page.getByTestId('intro-player-name').fill(name);
    // Off unless the player ticks it.
    expect(await consent.isChecked()).toBe(false);
    if (showName) await consent.check();
    const join = page.getByTestId('intro-join');
    if ((await join.isEnabled()) || attempt >= 5) {
      if (screens) await look(page, screens);
      await join.click();
      break;
    }
    await page.waitForTimeout(1000);
  }
  // On a loaded machine the first click can land while the intro renders again after the
  // anonymous sign-in; the join is idempotent, so a click that was not taken is made again.
  const played = `**/game/${gid}/play`;
  const opened = await page
    .waitForURL(played, { timeout: 30_000 })
    .then(() => true)
    .catch(() => false);
  if (!opened) {
    await page
      .getByTestId('intro-join')
      .click({ timeout: 5000 })
      .catch(() => undefined);
    await page.waitForURL(played, { timeout: 60_000 });
  }
}

describe.skipIf(stack.unavailable !== '')('the public face: lean board, consent, tour', () => {
  it('ranks a lean run on its own tab, naming only the player who agreed', async () => {
    failureShots('lean');
    const teacher = await newPage();
    const uid = await instructorOnDashboard(
      teacher,
      service,
      stack.webUrl,
      `leaderboard-lean-${Date.now()}@school.example`,
    );
    const gid = service.docs.newId();
    const docs = buildLeanGameDocs({
      gid,
      creator: uid,
      creatorName: 'Ada Lovelace',
      name: 'Thursday line',
      config: templateConfig('lean-basic'),
      now: Date.now(),
    });
    await service.docs.set(`games/${gid}`, { ...docs.game });
    await service.docs.set(`games/${gid}/private/params`, { ...docs.privateParams });

    const named = await newPage();
    await joinStation(named, gid, 'yellow', 'Grace Named', true, 'intro-consent');
    const anonymous = await newPage();
    await joinStation(anonymous, gid, 'grey', 'Bob Private', false);
    // The answers are on the players' own profiles (written as the join ends: the play page
    // opens as soon as the game shows the seat, which comes first).
    const facilities = (await service.docs.get(`games/${gid}`)).data?.facilities as Record<
      string,
      { user: string }
    >;
    const consentOf = async (fid: string) =>
      (await service.docs.get(`users/${facilities[fid]!.user}`)).data?.leaderboardConsent;
    await expect.poll(() => consentOf('yellow'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => consentOf('grey'), { timeout: 15_000 }).toBe(false);

    // ---- the instructor runs the line for a few seconds and ends it
    await teacher.goto(`${stack.webUrl}/game/${gid}/play`);
    await teacher.getByTestId('follow-seat-grey').getByText('Bob Private').waitFor({
      timeout: 30_000,
    });
    await teacher.getByTestId('lean-start').click();
    await named.getByTestId('lean-desk').waitFor({ timeout: 30_000 });
    await teacher.waitForTimeout(3000);
    await teacher.getByTestId('lean-end').click();
    await teacher.getByTestId('lean-end-dialog-confirm').click();
    await named.getByTestId('lean-ended').waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await service.docs.get(`leaderboard/${gid}`)).exists, {
        timeout: 30_000,
      })
      .toBe(true);
    const entry = (await service.docs.get(`leaderboard/${gid}`)).data ?? {};
    expect(entry).toMatchObject({ type: 'leangame', template: 'lean-basic' });

    // ---- a visitor finds the team on the lean tab
    const visitor = await newPage();
    await visitor.goto(`${stack.webUrl}/leaderboard`);
    await visitor.getByRole('tab', { name: 'Lean game' }).click();
    await visitor.waitForURL('**/leaderboard?game=lean&board=lean-basic');
    const row = visitor
      .getByTestId('leaderboard-row')
      .filter({ hasText: 'Yellow: Grace Named' })
      .first();
    await row.waitFor({ timeout: 30_000 });
    await row.getByText('Grey: anonymous player').waitFor();
    await visitor.getByRole('columnheader', { name: 'Profit' }).waitFor();
    await visitor.getByRole('columnheader', { name: 'On time in full' }).waitFor();
    // The profit shown is the entry's, in the page's number format.
    const profit = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(
      entry.profit as number,
    );
    await row.getByRole('cell', { name: profit, exact: true }).waitFor();
    expect(await visitor.getByText('Bob Private').count()).toBe(0);
    await look(visitor, 'board-lean');

    // The address opens the board again; the beer tab keeps its own boards.
    await visitor.goto(`${stack.webUrl}/leaderboard?game=lean&board=lean-basic`);
    await row.waitFor({ timeout: 30_000 });
    await visitor.getByRole('tab', { name: 'Beer game' }).click();
    await visitor.waitForURL('**/leaderboard?game=beer&board=beer-demo');
    await visitor
      .getByRole('columnheader', { name: 'Team cost' })
      .or(visitor.getByText('No game on this board has finished yet.'))
      .first()
      .waitFor({ timeout: 30_000 });
  }, 300_000);

  it('shows a new instructor the welcome tour once, remembered on the profile', async () => {
    failureShots('tour');
    const page = await newPage();
    const email = `tour-${Date.now()}@school.example`;
    await page.goto(`${stack.webUrl}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('grace-pass-123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/setup-account', { timeout: 30_000 });
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('You are').click();
    await page.getByRole('option', { name: 'Teacher or professor' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // ---- the dashboard opens the tour by itself
    const tour = page.getByRole('dialog', { name: 'Welcome to SimGames' });
    await tour.waitFor({ timeout: 30_000 });
    await page.getByTestId('welcome-caption').filter({ hasText: 'Create a game' }).waitFor();
    const [profile] = await service.docs.query({
      collection: 'users',
      where: [{ field: 'email', op: '==', value: email }],
      limit: 1,
    });
    expect(profile?.data?.welcomeTour).toBe('due');
    await look(page, 'tour-first-visit');
    await page.getByRole('button', { name: 'Close' }).click();
    await tour.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await service.docs.get(profile!.path)).data?.welcomeTour, {
        timeout: 15_000,
      })
      .toBe('seen');

    // ---- not again: after a reload, nor in another browser
    await page.reload();
    await page.getByTestId('dashboard-help-menu').waitFor({ timeout: 30_000 });
    await page.getByText('Welcome, Grace Hopper').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    const elsewhere = await newPage();
    await elsewhere.goto(`${stack.webUrl}/login`);
    await elsewhere.getByLabel(/email/i).fill(email);
    await elsewhere
      .getByLabel(/password/i)
      .first()
      .fill('grace-pass-123');
    await elsewhere.getByRole('button', { name: /log in/i }).click();
    await elsewhere.waitForURL('**/dashboard/**', { timeout: 30_000 });
    await elsewhere.getByTestId('dashboard-help-menu').waitFor({ timeout: 30_000 });
    await elsewhere.waitForTimeout(1500);
    expect(await elsewhere.getByRole('dialog').count()).toBe(0);

    // ---- the help menu replays it
    await page.getByTestId('dashboard-help-menu').click();
    await page.getByRole('menuitem', { name: 'Watch the welcome video' }).click();
    await tour.waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await tour.waitFor({ state: 'detached' });
    expect((await service.docs.get(profile!.path)).data?.welcomeTour).toBe('seen');

    // ---- the instructor's own leaderboard answer, in the profile settings
    await page.goto(`${stack.webUrl}/dashboard/settings#profile`);
    const consent = page.getByRole('checkbox', { name: /Show my name on the public leaderboard/ });
    await consent.waitFor({ timeout: 30_000 });
    expect(await consent.isChecked()).toBe(false);
    await consent.check();
    await page.getByTestId('profile-form').getByRole('button', { name: 'Save my profile' }).click();
    await page.getByTestId('profile-saved').waitFor({ timeout: 15_000 });
    expect((await service.docs.get(profile!.path)).data?.leaderboardConsent).toBe(true);
    await page.getByTestId('profile-form').scrollIntoViewIfNeeded();
    await look(page, 'profile-consent');
  }, 240_000);
});
