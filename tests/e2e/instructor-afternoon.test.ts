/**
 * Issue 5 item 7: an instructor's afternoon in real browsers. Sign up, complete the profile,
 * create a session from a two-round template, publish it; four players join by code in their
 * own contexts and are placed in two teams; round 1 starts with one game per team; round 2
 * stays locked in a player's rounds dropdown; twelve copies of a game get two-digit numbers.
 */
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LocalStoreClient } from '@sim/store/client/local-client';
import { nodeSocketFactory } from '@sim/store/client/node-socket';
import { launchBrowser } from './browser';
import { reportFailedPage } from './page-log';
import { closeWelcomeTour } from './stack-helpers';

const stack = inject('stack');
const SHOTS = process.env.E2E_SCREENSHOTS;

let browser: Browser;
let store: LocalStoreClient;

beforeAll(async () => {
  store = new LocalStoreClient({
    url: stack.storeUrl,
    credentials: { kind: 'service', secret: stack.serviceSecret },
    socketFactory: nodeSocketFactory,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  store?.close();
});

const pages: Page[] = [];

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  pages.push(page);
  return page;
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe("an instructor's afternoon", () => {
  it('runs a two-round session with two teams and copies games', async () => {
    onTestFailed(async () => {
      for (const [i, p] of pages.entries()) {
        await reportFailedPage(
          p,
          `afternoon-failed-${i}`,
          `${SHOTS ?? '/tmp'}/afternoon-failed-${i}.png`,
        );
      }
    });
    const teacher = await newPage();
    const email = `teacher${Date.now()}@school.example.com`;

    // Sign up, then complete the profile.
    await teacher.goto(`${stack.webUrl}/signup`);
    await teacher.getByLabel('Email').fill(email);
    await teacher.getByLabel('Password').fill('secret-pass-1');
    await teacher.getByRole('button', { name: 'Create account' }).click();
    await teacher.waitForURL('**/setup-account', { timeout: 30_000 });
    await teacher.getByLabel('First name').fill('Grace');
    await teacher.getByLabel('Last name').fill('Hopper');
    await teacher.getByLabel('You are').click();
    await teacher.getByRole('option', { name: 'Teacher or professor' }).click();
    await teacher.getByRole('button', { name: 'Continue' }).click();
    await teacher.waitForURL('**/dashboard/intro', { timeout: 30_000 });
    await teacher.getByText('Welcome, Grace Hopper').waitFor();
    await closeWelcomeTour(teacher);

    // A session from a template with two rounds.
    await teacher.getByRole('tab', { name: 'Sessions' }).click();
    await teacher.getByRole('button', { name: 'New session' }).click();
    await teacher.getByLabel('Session name (optional)').fill('Thursday class');
    await teacher.getByTestId('session-template-s-beer-visibility').click();
    await teacher.waitForURL('**/follow-up', { timeout: 30_000 });
    const sid = /\/session\/([^/]+)\/follow-up/.exec(teacher.url())?.[1] ?? '';
    expect(sid).not.toBe('');
    await teacher.getByTestId('round-2').waitFor();
    await teacher.getByRole('button', { name: 'Publish' }).click();
    const codeText = teacher.getByTestId('share-code');
    await codeText.waitFor({ timeout: 30_000 });
    const code = (await codeText.textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    await shot(teacher, 'follow-up-published');

    // The rounds' game configs (consumer demand included) are not in the published session
    // document that players read, but in the admins' private document.
    const published = await store.docs.get(`sessions/${sid}`);
    expect(JSON.stringify(published.data?.['rounds'])).not.toContain('config');
    const secret = await store.docs.get(`sessions/${sid}/private/rounds`);
    expect(Object.keys((secret.data?.['configs'] as object | undefined) ?? {})).toHaveLength(2);

    // Four players join by code, two per team.
    const players: Page[] = [];
    for (const [i, team] of [1, 1, 2, 2].entries()) {
      const page = await newPage();
      await page.goto(`${stack.webUrl}/session/${code}/lobby`);
      await page.waitForURL(`**/session/${sid}/lobby`, { timeout: 30_000 });
      await page.getByLabel('Your name').fill(`Player ${i + 1}`);
      await page.getByRole('button', { name: new RegExp(`^Team ${team}`) }).click();
      await page.getByRole('button', { name: 'Join' }).click();
      await page.getByText(`You joined as Player ${i + 1} · Team ${team}`).waitFor();
      players.push(page);
    }
    await teacher.getByText('4 players').waitFor({ timeout: 10_000 });
    const lobby = await store.docs.query({ collection: `sessions/${sid}/players` });
    expect(lobby.map((d) => d.data?.['team']).sort()).toEqual([1, 1, 2, 2]);
    await shot(players[0]!, 'lobby-player');

    // Round 1: one game per team.
    await teacher.getByRole('button', { name: 'Start round 1' }).click();
    await expect
      .poll(() => teacher.getByTestId('round-1').getByTestId('round-game').count(), {
        timeout: 15_000,
      })
      .toBe(2);
    const games = await store.docs.query({
      collection: 'games',
      where: [{ field: 'session', op: '==', value: sid }],
    });
    expect(games.map((g) => [g.data?.['roundNumber'], g.data?.['teamNumber']]).sort()).toEqual([
      [1, 1],
      [1, 2],
    ]);
    for (const g of games) {
      const facilities = await store.docs.query({ collection: `games/${g.id}/facilities` });
      expect(facilities.length).toBe(4);
    }
    await shot(teacher, 'follow-up-round-1');

    // Round 2 stays locked, and shows as locked in a player's rounds dropdown.
    const player = players[0]!;
    // The round's start takes the lobby's players to their team's game.
    await player.waitForURL(/\/game\/[^/]+\/intro$/, { timeout: 30_000 });
    await player.getByTestId('rounds-menu').click();
    const round2 = player.getByTestId('round-entry-2');
    await round2.waitFor();
    expect(await round2.getAttribute('data-state')).toBe('locked');
    expect(await round2.getAttribute('aria-disabled')).toBe('true');
    expect(await player.getByTestId('round-entry-1').getAttribute('data-state')).toBe('current');
    await shot(player, 'player-rounds-menu');
    await player.keyboard.press('Escape');

    // The responses page has a live section for each team of the round.
    await teacher.goto(`${stack.webUrl}/session/${sid}/responses`);
    await teacher
      .getByText(/^Answers of /)
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await teacher.getByText(/^Answers of /).count()).toBe(2);
    await teacher
      .getByText(/^(No answers yet\.|This game has no debrief questions\.)$/)
      .first()
      .waitFor({ timeout: 15_000 });

    // Twelve copies of a game, numbered 01 to 12.
    await teacher.goto(`${stack.webUrl}/dashboard/intro`);
    const rows = teacher.getByTestId('game-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await rows.first().getByRole('checkbox').check();
    await teacher.getByRole('button', { name: 'Copy', exact: true }).click();
    await teacher.getByLabel('Number of copies').fill('12');
    await teacher.getByLabel('Name of the copies (optional)').fill('Afternoon');
    await teacher.getByRole('dialog').getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(14);
    const names = await teacher.getByTestId('game-name').allTextContents();
    const copies = names.filter((n) => n.startsWith('Afternoon'));
    expect(copies).toEqual(
      Array.from({ length: 12 }, (_, i) => `Afternoon ${String(i + 1).padStart(2, '0')}`),
    );
    await shot(teacher, 'games-list-copies');
  });
});
