/**
 * Issue 9 item 3 in real browsers: a session whose round is a two-role beer game, a team of two
 * in the lobby, and one student who comes to the team's game alone. The student orders and the
 * week does not turn; the instructor's live view ("Watch the game" from the follow-up) lists the
 * teammate's role as awaiting a player, without a team cost before a week is played; the
 * instructor starts the game and it goes on; forcing a week asks first; the instructor
 * disconnects the student. BEER-SEAT-3, 4 (docs/rules/beer.md). Screens of the live view at
 * desktop and phone size go to E2E_SCREENSHOTS when set.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { defaultBeerTemplate } from '@sim/core/beer/game-docs';
import { browserSession, PHONE } from './browser-session';
import { serviceClient, signUpInstructor, type ServiceClient } from './stack-helpers';

const stack = inject('stack');
const SHOTS = process.env.E2E_SCREENSHOTS;

const session = browserSession('team-waits', {
  context: { viewport: { width: 1400, height: 1000 } },
  shots: { dir: SHOTS, options: { fullPage: true } },
});
let service: ServiceClient;

beforeAll(() => {
  service = serviceClient();
});

afterAll(() => {
  service?.close();
});

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${stack.webUrl}/login`);
  await page.getByLabel(/email/i).fill(email);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(password);
  await page.getByRole('button', { name: /log in/i }).click();
  await page.waitForURL('**/dashboard/**', { timeout: 20_000 });
}

async function gameWeek(gid: string): Promise<unknown> {
  return (await service.docs.get(`games/${gid}`)).data?.['week'];
}

describe.skipIf(stack.unavailable !== '')('a team game waits for its players', () => {
  it('holds the week for an absent teammate until the instructor starts the game', async () => {
    session.screenshotAllOnFailure('team-waits-failed');

    // ---- an instructor, and a published session: one team, one round of a two-role game
    const email = `team-waits-${Date.now()}@school.example`;
    const password = 'correct-horse-9';
    const teacherUid = await signUpInstructor(email, password);
    await service.docs.set(`users/${teacherUid}`, {
      firstname: 'Ada',
      lastname: 'Lovelace',
      name: 'Ada Lovelace',
      email,
      profileType: 'teacher',
      attributionSource: 'class',
    });
    const sid = service.docs.newId();
    await service.docs.set(`sessions/${sid}`, {
      name: 'Monday class',
      creator: teacherUid,
      creatorName: 'Ada Lovelace',
      team: null,
      status: 'published',
      type: 'beergame',
      rounds: [{ id: 'r1', name: 'Two roles', description: '', gameTemplateId: null }],
      games: [],
      lockedRounds: {},
      teamNames: {},
      teamCount: 1,
      players: [],
      localeLabels: { team: '', round: '' },
      teamComposition: 'maintainall',
      instructionsMode: 'none',
      debriefingMode: 'access',
      allowPlayerReset: false,
      allowJoinRandom: true,
      allowLanguagePicker: true,
      allowAudioPlayer: [],
      created_at: Date.now(),
      deleted: false,
    });
    await service.docs.set(`sessions/${sid}/private/rounds`, {
      configs: { r1: defaultBeerTemplate(2).config },
    });
    // Ben is in team 1 of the lobby but has not come to the game yet.
    await service.docs.set(`sessions/${sid}/players/ben-not-here-yet`, {
      name: 'Ben',
      team: 1,
      joined_at: Date.now(),
    });

    // ---- Ann joins the lobby in team 1
    const ann = await session.newPage();
    await ann.goto(`${stack.webUrl}/session/${sid}/lobby`);
    await ann.getByLabel('Your name').fill('Ann');
    await ann.getByRole('button', { name: /^Team 1/ }).click();
    await ann.getByRole('button', { name: 'Join', exact: true }).click();
    await ann.getByText('You joined as Ann · Team 1').waitFor({ timeout: 20_000 });

    // ---- the instructor starts round 1 from the follow-up
    const teacher = await session.newPage();
    await logIn(teacher, email, password);
    await teacher.goto(`${stack.webUrl}/session/${sid}/follow-up`);
    await teacher.getByRole('button', { name: 'Start round 1' }).click({ timeout: 20_000 });
    await expect
      .poll(async () => (await service.docs.get(`sessions/${sid}`)).data?.['games'], {
        timeout: 20_000,
      })
      .toHaveLength(1);
    const games = (await service.docs.get(`sessions/${sid}`)).data?.['games'] as { gid: string }[];
    const gid = games[0]!.gid;
    expect((await service.docs.get(`games/${gid}`)).data).toMatchObject({ started: false });

    // ---- Ann is taken to the team's game (or follows the lobby's link), takes the retailer
    await ann.waitForURL(`**/game/${gid}/**`, { timeout: 20_000 }).catch(async () => {
      await ann.getByRole('link', { name: "Go to my team's game" }).click();
    });
    await ann.getByTestId('role-retailer').click({ timeout: 20_000 });
    await ann.getByTestId('intro-player-name').fill('Ann');
    await ann.getByTestId('intro-join').click();
    await ann.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });

    // ---- Ann orders; the week waits for Ben's role
    await ann.getByTestId('order-retailer-beer').fill('6');
    await ann.getByTestId('order-submit').click();
    await ann.getByTestId('play-waiting').waitFor({ timeout: 20_000 });
    // She is told which role the week waits for, not that it starts in a moment.
    await ann
      .getByTestId('play-waiting')
      .getByText(/once these roles have a player.*Factory/)
      .waitFor({ timeout: 10_000 });
    await expect
      .poll(
        async () =>
          (
            (await service.docs.get(`games/${gid}`)).data?.['facilities'] as Record<
              string,
              { validatedOrder?: boolean }
            >
          )['retailer']?.validatedOrder,
        { timeout: 20_000 },
      )
      .toBe(true);
    await ann.waitForTimeout(3000);
    expect(await gameWeek(gid)).toBe(1);
    await ann
      .getByTestId('week-chip')
      .getByText(/^Week 1\b/)
      .waitFor();
    await session.shot(ann, 'team-waits-student');

    // ---- the instructor watches the game from the follow-up: the factory awaits a player
    await teacher.getByRole('link', { name: 'Watch the game' }).click();
    await teacher.waitForURL(`**/game/${gid}/play`, { timeout: 20_000 });
    const waiting = teacher.getByTestId('follow-waiting');
    await waiting.waitFor({ timeout: 20_000 });
    await waiting.getByText('Awaiting a player: Factory.', { exact: false }).waitFor();
    await teacher.getByTestId('follow-awaited-factory').getByText('Awaiting a player').waitFor();
    const retailerRow = teacher.getByTestId('follow-row-retailer');
    await retailerRow.getByText('Ann').waitFor();
    await retailerRow.getByText('Ordered', { exact: true }).waitFor();
    // Ann's order shows as soon as it is placed; no cost before a week is played.
    await teacher.getByTestId('follow-last-order-retailer').getByText('6').waitFor();
    expect(await teacher.getByTestId('follow-team-cost').textContent()).toBe('–');
    expect(await teacher.getByTestId('follow-cost-retailer').textContent()).toBe('–');
    await session.shot(teacher, 'team-waits-live-view');
    const phone = await session.newPage({ viewport: PHONE });
    await logIn(phone, email, password);
    await phone.goto(`${stack.webUrl}/game/${gid}/play`);
    await phone.getByTestId('follow-row-factory').waitFor({ timeout: 30_000 });
    await session.shot(phone, 'team-waits-live-view-phone');
    expect(await gameWeek(gid)).toBe(1);

    // ---- forcing asks first; cancelled, nothing turns
    await teacher.getByTestId('follow-force').click();
    const forceDialog = teacher.getByTestId('follow-force-dialog');
    await forceDialog.getByText('Force week 1?').waitFor();
    await teacher.getByTestId('follow-force-dialog-cancel').click();
    await forceDialog.waitFor({ state: 'hidden' });
    await teacher.waitForTimeout(1000);
    expect(await gameWeek(gid)).toBe(1);

    // ---- the instructor starts the game: the computer takes the factory, week 1 turns
    await teacher.getByTestId('follow-start').click();
    await ann
      .getByTestId('week-chip')
      .getByText(/^Week 2\b/)
      .waitFor({ timeout: 30_000 });
    expect((await service.docs.get(`games/${gid}`)).data).toMatchObject({
      week: 2,
      started: true,
      startedBy: 'instructor',
    });
    await teacher.getByTestId('follow-waiting').waitFor({ state: 'hidden', timeout: 20_000 });
    await teacher
      .getByTestId('follow-row-factory')
      .getByText('Computer', { exact: true })
      .waitFor({ timeout: 20_000 });
    // Week 1 is played: each role's cost and the team's total appear.
    await expect
      .poll(async () => teacher.getByTestId('follow-team-cost').textContent(), { timeout: 20_000 })
      .not.toBe('–');
    const costs = await Promise.all(
      ['retailer', 'factory'].map(async (fid) =>
        Number(await teacher.getByTestId(`follow-cost-${fid}`).textContent()),
      ),
    );
    expect(Number(await teacher.getByTestId('follow-team-cost').textContent())).toBe(
      costs[0]! + costs[1]!,
    );
    await session.shot(teacher, 'team-waits-started');

    // ---- a forced week, confirmed: the computer orders for Ann, who has not ordered
    await teacher.getByTestId('follow-force').click();
    await forceDialog.getByText('Force week 2?').waitFor();
    await forceDialog.getByText(/roles that have not ordered: Retailer\./).waitFor();
    await teacher.getByTestId('follow-force-dialog-confirm').click();
    await ann
      .getByTestId('week-chip')
      .getByText(/^Week 3\b/)
      .waitFor({ timeout: 30_000 });

    // The phone-sized live view follows (one card per role, nothing wider than the screen).
    await phone.getByTestId('follow-row-factory').getByText('Computer', { exact: true }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await session.shot(phone, 'team-waits-started-phone');

    // ---- the instructor disconnects Ann, after confirming
    await teacher.getByTestId('follow-disconnect-retailer').click();
    const leave = teacher.getByTestId('follow-disconnect-dialog');
    await leave.getByText('Disconnect Ann?').waitFor();
    await teacher.getByTestId('follow-disconnect-dialog-confirm').click();
    await expect
      .poll(async () => (await service.docs.get(`games/${gid}`)).data?.['players'], {
        timeout: 20_000,
      })
      .toEqual([]);
    await teacher
      .getByTestId('follow-row-retailer')
      .getByText('Free · the computer orders')
      .waitFor();
  });
});
