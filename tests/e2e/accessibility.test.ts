/**
 * Every page an instructor or a player meets, checked by axe-core (WCAG 2 A/AA and best
 * practices): home, login, signup, the dashboard's tabs, the game editor, a game's intro, play
 * screen, live view, results and debrief, a session's lobby, follow-up and responses, and once a
 * session's round is played: the player's game in the session (intro, finished play screen,
 * results, debrief, the rounds menu), the follow-up with an ended game and the session's results
 * (desktop and phone). No page may have a serious or critical violation. The play screen is then
 * played with the keyboard alone.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousViolations } from './axe';
import { browserSession } from './browser-session';
import { serviceClient, instructorOnDashboard } from './stack-helpers';

const stack = inject('stack');
const SHOTS = process.env.E2E_SCREENSHOTS;
const WEEKS = 2;

const session = browserSession('accessibility', {
  context: { viewport: { width: 1280, height: 900 } },
});

async function check(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/a11y-${name}.png`, fullPage: true });
  await expectNoSeriousViolations(page, name);
}

/** Runs the checks at 390x844, then puts the desktop size back. */
async function onPhone(page: Page, checks: () => Promise<void>): Promise<void> {
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await checks();
  if (desktop) await page.setViewportSize(desktop);
}

describe.skipIf(stack.unavailable !== '')('accessibility', () => {
  it('has no serious violation on any page, and the play screen works by keyboard', async () => {
    session.screenshotAllOnFailure('a11y-failed');
    const service = serviceClient();

    // ---- a visitor: home, login, signup
    const visitor = await session.newPage();
    await visitor.goto(`${stack.webUrl}/`);
    await visitor
      .getByRole('link', { name: /log in/i })
      .first()
      .waitFor({ timeout: 30_000 });
    await check(visitor, 'home');
    await onPhone(visitor, () => check(visitor, 'home-phone'));
    await visitor.goto(`${stack.webUrl}/login`);
    await visitor.getByLabel(/email/i).waitFor();
    await check(visitor, 'login');
    await visitor.goto(`${stack.webUrl}/signup`);
    await visitor.getByLabel(/email/i).waitFor();
    await check(visitor, 'signup');

    // ---- the instructor: the dashboard's tabs
    const email = `a11y${Date.now()}@school.example`;
    const teacher = await session.newPage();
    await instructorOnDashboard(teacher, service, stack.webUrl, email);
    await teacher.getByTestId('dashboard-new-beer-game').waitFor({ timeout: 20_000 });
    await check(teacher, 'dashboard-games');
    // On a phone the header's tags scroll sideways in their own keyboard-reachable region.
    await onPhone(teacher, () => check(teacher, 'dashboard-games-phone'));
    // Each tab once drawn: selected, its panel loaded (what it shows first).
    const shown: Record<string, string> = {
      Sessions: '[data-testid^="session-template-"], [data-testid="sessions-list"], main button',
      Templates: '[data-testid^="template-session-"]',
      Settings: 'main input:visible',
    };
    for (const tab of ['Sessions', 'Templates', 'Settings']) {
      await teacher.getByRole('tab', { name: tab, exact: true }).click();
      await teacher.getByRole('tab', { name: tab, exact: true, selected: true }).waitFor();
      await teacher
        .locator(shown[tab] ?? 'main')
        .first()
        .waitFor({ timeout: 20_000 });
      await teacher.getByRole('progressbar').waitFor({ state: 'detached', timeout: 20_000 });
      await check(teacher, `dashboard-${tab.toLowerCase()}`);
    }

    // ---- the game editor, then the live view of the new game
    await teacher.goto(`${stack.webUrl}/dashboard/games/new`);
    // The editor's code loads on its first visit: on a busy machine that takes a while.
    await teacher.getByTestId('editor-name').waitFor({ timeout: 60_000 });
    await teacher.getByTestId('editor-name').fill('Accessible class');
    await teacher.getByTestId('editor-weeks').fill(String(WEEKS));
    await check(teacher, 'editor');
    await teacher.getByTestId('editor-save').click();
    await teacher.waitForURL(/\/game\/[^/]+\/play$/, { timeout: 30_000 });
    const gid = /\/game\/([^/]+)\/play$/.exec(teacher.url())?.[1] ?? '';
    await teacher.getByTestId('follow-table').waitFor({ timeout: 20_000 });

    // ---- a player: the intro, then the play screen by keyboard alone
    const player = await session.newPage();
    await player.goto(`${stack.webUrl}/game/${gid}`);
    await player.getByTestId('role-retailer').waitFor({ timeout: 30_000 });
    await check(player, 'game-intro');
    await player.getByTestId('role-retailer').click();
    await player.getByTestId('intro-player-name').fill('Player one');
    await player.getByTestId('intro-join').click();
    await player.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });
    const order = player.getByTestId('order-retailer-beer');
    await order.waitFor({ timeout: 20_000 });
    await check(player, 'play');
    // Quitting asks first: the dialog, then Escape keeps the player in the game.
    await player.getByRole('button', { name: 'Quit game' }).click();
    await player.getByRole('dialog').waitFor();
    await check(player, 'play-quit-dialog');
    await player.keyboard.press('Escape');
    await player.getByRole('dialog').waitFor({ state: 'detached' });
    // On a phone the navbar's actions go into a menu: the page and the open menu.
    await onPhone(player, async () => {
      await check(player, 'play-phone');
      await player.getByTestId('navbar-more').click();
      await player.getByRole('menu').waitFor();
      await check(player, 'play-phone-menu');
      await player.keyboard.press('Escape');
    });

    await check(teacher, 'live-view');
    // The other roles go to the computer, so the player's orders end the game.
    for (const role of ['wholesaler', 'distributor', 'factory']) {
      await teacher.getByTestId(`follow-computer-${role}`).click();
      await teacher
        .getByTestId(`follow-row-${role}`)
        .getByText('Computer', { exact: true })
        .waitFor({ timeout: 20_000 });
    }

    // Keyboard alone: Tab reaches the order field, digits and Enter send the order.
    for (let w = 1; w <= WEEKS; w++) {
      await player
        .getByTestId('week-chip')
        .getByText(`Week ${w} of ${WEEKS}`)
        .waitFor({ timeout: 30_000 });
      await player.locator('body').focus();
      let reached = false;
      for (let k = 0; k < 60 && !reached; k++) {
        await player.keyboard.press('Tab');
        reached = await order.evaluate((el) => el === document.activeElement);
      }
      expect(reached, `Tab reaches the order field in week ${w}`).toBe(true);
      await player.keyboard.press('ControlOrMeta+a');
      await player.keyboard.type('5');
      await player.keyboard.press('Enter');
      if (w < WEEKS) await player.getByTestId('play-waiting').or(order).first().waitFor();
    }
    await player.getByTestId('play-to-results').waitFor({ timeout: 30_000 });
    await check(player, 'play-finished');
    // The week tables scroll sideways on a phone: reachable by keyboard, named.
    await onPhone(player, () => check(player, 'play-finished-phone'));

    // ---- results and debrief, for the player and the instructor
    await player.getByTestId('play-to-results').click();
    await player.getByTestId('team-cost').waitFor({ timeout: 30_000 });
    await check(player, 'results');
    await player.getByTestId('to-debrief').click();
    await player.getByTestId('debrief-variability').waitFor({ timeout: 20_000 });
    await check(player, 'debrief');
    await teacher.goto(`${stack.webUrl}/game/${gid}/debrief`);
    await teacher.getByTestId('debrief-variability').waitFor({ timeout: 30_000 });
    await check(teacher, 'debrief-instructor');

    // ---- a session: follow-up, lobby, responses
    await teacher.goto(`${stack.webUrl}/dashboard/sessions`);
    await teacher.getByRole('button', { name: 'New session' }).click();
    await teacher.getByLabel('Session name (optional)').fill('Accessible session');
    await teacher.getByTestId('session-template-s-beer-visibility').click();
    await teacher.waitForURL('**/follow-up', { timeout: 30_000 });
    const sid = /\/session\/([^/]+)\/follow-up/.exec(teacher.url())?.[1] ?? '';
    await teacher.getByTestId('round-2').waitFor({ timeout: 20_000 });
    await check(teacher, 'session-follow-up');
    await teacher.getByRole('button', { name: 'Publish' }).click();
    await teacher.getByTestId('share-code').waitFor({ timeout: 30_000 });
    await check(teacher, 'session-follow-up-published');

    const student = await session.newPage();
    await student.goto(`${stack.webUrl}/session/${sid}/lobby`);
    await student.getByLabel('Your name').waitFor({ timeout: 30_000 });
    await check(student, 'session-lobby');
    await student.getByLabel('Your name').fill('Player two');
    await student.getByRole('button', { name: /^Team 1/ }).click();
    await student.getByRole('button', { name: 'Join' }).click();
    await student.getByText('You joined as Player two · Team 1').waitFor({ timeout: 20_000 });
    await check(student, 'session-lobby-joined');
    // A second team, so that the session's results compare two teams.
    const second = await session.newPage();
    await second.goto(`${stack.webUrl}/session/${sid}/lobby`);
    await second.getByLabel('Your name').fill('Player three');
    await second.getByRole('button', { name: /^Team 2/ }).click();
    await second.getByRole('button', { name: 'Join' }).click();
    await second.getByText('You joined as Player three · Team 2').waitFor({ timeout: 20_000 });

    // Round 1 as short as the game above, so that it ends within the walk: the form offers the
    // templates only, the round's config is the session's private document.
    await service.docs.update(`sessions/${sid}/private/rounds`, {
      'configs.r1.params.weeks': WEEKS,
    });
    await teacher.getByRole('button', { name: 'Start round 1' }).click();
    await teacher.getByTestId('round-1').getByTestId('round-game').first().waitFor();
    await check(teacher, 'session-follow-up-round-1');

    // ---- the player's round: taken to the team's game, played to its end, then its pages
    await student.waitForURL(/\/game\/[^/]+\/intro$/, { timeout: 30_000 });
    const roundGid = /\/game\/([^/]+)\/intro$/.exec(student.url())?.[1] ?? '';
    await student.getByTestId('role-retailer').waitFor({ timeout: 30_000 });
    await check(student, 'session-game-intro');
    await student.getByTestId('role-retailer').click();
    await student.getByTestId('intro-join').click();
    await student.waitForURL(`**/game/${roundGid}/play`, { timeout: 30_000 });
    // Team 2 takes its game too but does not order: its team is still in week 1.
    await second.waitForURL(/\/game\/[^/]+\/intro$/, { timeout: 30_000 });
    await second.getByTestId('role-retailer').click({ timeout: 30_000 });
    await second.getByTestId('intro-join').click();
    await second.waitForURL(/\/game\/[^/]+\/play$/, { timeout: 30_000 });
    // Alone in the lobby's team 1, the student completes the team: the game starts by itself
    // and the computer plays the free roles (BEER-SEAT-5, 6).
    for (let w = 1; w <= WEEKS; w++) {
      await student
        .getByTestId('week-chip')
        .getByText(`Week ${w} of ${WEEKS}`)
        .waitFor({ timeout: 30_000 });
      await student.getByTestId('order-retailer-beer').fill('4');
      await student.getByTestId('order-submit').click();
    }
    await student.getByTestId('play-to-results').waitFor({ timeout: 30_000 });
    await check(student, 'session-play-finished');
    await student.getByTestId('play-to-results').click();
    await student.getByTestId('team-cost').waitFor({ timeout: 30_000 });
    await check(student, 'session-game-results');
    await onPhone(student, () => check(student, 'session-game-results-phone'));
    await student.getByTestId('rounds-menu').click();
    await expect
      .poll(() => student.getByTestId('round-entry-1').getAttribute('data-state'), {
        timeout: 20_000,
      })
      .toBe('finished');
    await check(student, 'session-rounds-menu');
    await student.keyboard.press('Escape');
    await student.getByRole('menu').waitFor({ state: 'detached' });
    await student.getByTestId('to-debrief').click();
    await student.getByTestId('debrief-variability').waitFor({ timeout: 20_000 });
    await check(student, 'session-game-debrief');
    await onPhone(student, () => check(student, 'session-game-debrief-phone'));

    // ---- the instructor: the follow-up with the ended game, the session's results
    await teacher
      .getByTestId('round-1')
      .getByRole('link', { name: 'Debrief' })
      .first()
      .waitFor({ timeout: 20_000 });
    await check(teacher, 'session-follow-up-game-ended');
    await teacher.goto(`${stack.webUrl}/session/${sid}/results`);
    const resultRows = teacher.getByTestId('results-round-1').getByTestId('results-row');
    await expect.poll(() => resultRows.count(), { timeout: 20_000 }).toBe(2);
    await expect
      .poll(async () => (await resultRows.getByTestId('results-week').allTextContents()).sort(), {
        timeout: 20_000,
      })
      .toEqual([`Finished after week ${WEEKS}`, 'Playing week 1']);
    await check(teacher, 'session-results');
    await onPhone(teacher, async () => {
      await resultRows.first().waitFor();
      await check(teacher, 'session-results-phone');
    });
    await teacher.goto(`${stack.webUrl}/session/${sid}/responses`);
    await teacher
      .getByText(/^Answers of /)
      .first()
      .waitFor({ timeout: 20_000 });
    await check(teacher, 'session-responses');

    // The dashboard again, now with games in the list.
    await teacher.goto(`${stack.webUrl}/dashboard/intro`);
    await teacher.getByTestId('game-row').first().waitFor({ timeout: 20_000 });
    await check(teacher, 'dashboard-games-list');
    service.close();
  }, 480_000);
});
