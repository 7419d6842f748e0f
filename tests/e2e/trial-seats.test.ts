/**
 * Trials, seats and referral in real browsers (business.md §3.7, §3.8, §3.10; spec §2, §6, §8).
 * Rita, in the referral program, shares her link. Ada opens it, then a `?startTrial=beergame`
 * link: she signs up, her trial starts once with a toast naming the game, the tags read 0/30.
 * She invites Bob, who signs up through the link read from the mail outbox and sees her game. A
 * first player takes a seat (1/30); with every seat taken, the next player is refused with the
 * translated message and Ada's tags say so. When Ada's team pays, Rita sees the purchase.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { TRIAL_PLAYERS } from '@sim/core/billing/plans';
import { recordReferralConversion } from '../../functions/src/referral/conversion';
import { expectNoSeriousViolations } from './axe';
import { browserSession, PHONE } from './browser-session';
import {
  closeWelcomeTour,
  confirmEmail,
  instructorOnDashboard,
  invitationLink,
  serviceClient,
  type ServiceClient,
} from './stack-helpers';

const stack = inject('stack');
const SHOTS = process.env.E2E_SCREENSHOTS;
const DESKTOP = { width: 1280, height: 900 };

const session = browserSession('trial-seats', {
  logPageErrors: false,
  shots: { dir: SHOTS, options: { fullPage: true } },
});
let service: ServiceClient;

beforeAll(() => {
  service = serviceClient();
});

afterAll(() => {
  service?.close();
});

function newPage(viewport = DESKTOP, locale = 'en-US'): Promise<Page> {
  return session.newPage({ viewport, locale });
}

async function shotOf(part: Locator, name: string) {
  if (SHOTS) await part.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Both sizes of a page, and its accessibility. */
async function look(page: Page, name: string) {
  await session.shot(page, name);
  await expectNoSeriousViolations(page, name);
  await page.setViewportSize(PHONE);
  await session.shot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

async function snackbar(page: Page, text: string): Promise<void> {
  await page.locator('.MuiSnackbar-root').filter({ hasText: text }).waitFor({ timeout: 30_000 });
}

/** Signs up on the signup page the guard sent us to, and completes the profile. */
async function signUpAndSetUp(page: Page, email: string, first: string, last: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(`${first.toLowerCase()}-pass-123`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/setup-account', { timeout: 30_000 });
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('You are').click();
  await page.getByRole('option', { name: 'Teacher or professor' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function teamOf(uid: string): Promise<string> {
  const [team] = await service.docs.query({
    collection: 'teams',
    where: [{ field: 'memberIds', op: 'array-contains', value: uid }],
    limit: 1,
  });
  return team?.id ?? '';
}

describe('trial, seats and referral', () => {
  it('an instructor starts a trial from a link, invites a colleague, and the plan seats its players up to the limit', async () => {
    session.screenshotAllOnFailure('trial-failed');
    const run = Date.now().toString(36);
    const adaEmail = `ada-${run}@school.example.com`;
    const bobEmail = `bob-${run}@school.example.com`;

    // ---- Rita joins the referral program and shares her link
    const rita = await newPage();
    const ritaUid = await instructorOnDashboard(
      rita,
      service,
      stack.webUrl,
      `rita-${run}@college.example.com`,
    );
    await rita.goto(`${stack.webUrl}/dashboard/referral`);
    await rita.getByTestId('referral-join').click();
    await rita.getByTestId('referral-joined').waitFor({ timeout: 30_000 });
    const ritaLink = await rita.getByTestId('referral-link').inputValue();
    expect(ritaLink).toBe(`${stack.webUrl}/?invitedby=${ritaUid}`);
    await rita.getByTestId('referral-none').waitFor();
    await look(rita, 'referral-joined');

    // ---- Ada comes through Rita's link, then opens a trial link signed out
    const ada = await newPage();
    await ada.goto(ritaLink);
    await ada.waitForFunction(() => window.localStorage.getItem('simgames.invitedBy') !== null);
    await ada.goto(`${stack.webUrl}/dashboard/intro?startTrial=beergame`);
    await ada.waitForURL('**/signup', { timeout: 30_000 });
    await ada.getByText('Sign up or log in to start your trial.').waitFor();
    await signUpAndSetUp(ada, adaEmail, 'Ada', 'Lovelace');

    // ---- back on the dashboard the trial starts once, with the game's name
    await snackbar(ada, 'Your Beer game trial has started: 30 players for 14 days.');
    expect(ada.url()).not.toContain('startTrial');
    const tag = ada.getByTestId('plan-tag-beergame');
    await tag.getByText(`Beer game: 0/${TRIAL_PLAYERS} players`).waitFor({ timeout: 30_000 });
    expect(await ada.getByTestId('plan-tag-upgrade').count()).toBe(0);
    const [adaProfile] = await service.docs.query({
      collection: 'users',
      where: [{ field: 'email', op: '==', value: adaEmail }],
      limit: 1,
    });
    const adaId = adaProfile?.id ?? '';
    // The referrer of her link was stored once with her profile.
    expect(adaProfile?.data).toMatchObject({ invitedBy: ritaUid, profileType: 'teacher' });
    const teamId = await teamOf(adaId);
    expect((await service.docs.get(`teams/${teamId}`)).data).toMatchObject({
      members: { [adaId]: { role: 'admin', games: ['beergame'] } },
      plans: { beergame: { active: true, trial: true, players: TRIAL_PLAYERS } },
    });
    await look(ada, 'trial-started');
    // A reload does not ask for a second trial.
    await ada.reload();
    await tag.waitFor({ timeout: 30_000 });
    await ada.waitForTimeout(1500);
    expect(await ada.locator('.MuiSnackbar-root').filter({ hasText: 'trial' }).count()).toBe(0);

    // ---- Ada makes a game and invites Bob, who signs up through the emailed link
    await ada.goto(`${stack.webUrl}/dashboard/templates/games`);
    await ada
      .getByTestId('template-game-beer-classic')
      .getByRole('button', { name: 'Create a game' })
      .click();
    await ada.waitForURL('**/game/*/edit', { timeout: 30_000 });
    const gid = /\/game\/([^/]+)\/edit/.exec(ada.url())?.[1] ?? '';
    expect((await service.docs.get(`games/${gid}`)).data?.team).toBe(teamId);

    await ada.goto(`${stack.webUrl}/dashboard/settings#team`);
    const panel = ada.getByTestId('team-panel');
    await panel.getByTestId('team-invite-email').fill(bobEmail);
    await panel.getByTestId('team-invite-name').fill('Bob Martin');
    await panel.getByTestId('team-invite-submit').click();
    await ada.getByText(`Invitation sent to ${bobEmail}.`).waitFor({ timeout: 30_000 });
    const link = await invitationLink(service, bobEmail);
    expect(link).toBe(`${stack.webUrl}/dashboard/intro?joinTeam=${teamId}`);

    const bob = await newPage();
    await bob.goto(link);
    await bob.waitForURL('**/signup', { timeout: 30_000 });
    await signUpAndSetUp(bob, bobEmail, 'Bob', 'Martin');
    await bob.getByTestId('join-team-verify').waitFor({ timeout: 30_000 });
    const bobUid = await bob.evaluate(() => {
      const raw = window.localStorage.getItem('simgames.pendingJoinTeam');
      return raw ? (JSON.parse(raw) as { uid: string }).uid : '';
    });
    await confirmEmail(stack, bobUid);
    await bob.getByTestId('join-team-check').click();
    await bob.getByText('You joined the team.').waitFor({ timeout: 30_000 });
    const row = bob.getByTestId('game-row').filter({ hasText: 'Classic beer game' });
    await row.waitFor({ timeout: 30_000 });
    await row.getByText('Ada Lovelace').waitFor();
    // The trial's licences let Bob hold the game type: he sees the trial's tag too.
    await bob.getByTestId('plan-tag-beergame').waitFor({ timeout: 30_000 });

    // ---- Ada makes Bob admin too: the team no longer hangs on her alone
    await ada.getByTestId(`team-role-${bobUid}`).click();
    await snackbar(ada, 'Bob Martin is now an admin of the team.');
    await ada.getByTestId(`team-member-${bobUid}`).getByText('Admin').waitFor();
    const members = (await service.docs.get(`teams/${teamId}`)).data?.members as Record<
      string,
      { role: string }
    >;
    expect(members[bobUid]?.role).toBe('admin');
    await shotOf(ada.getByTestId('team-panel'), 'team-two-admins');

    // ---- a session of Ada's: Bob, one of its admins, lands on its follow-up (spec §2, §6)
    await ada.goto(`${stack.webUrl}/dashboard/sessions`);
    await ada.getByRole('button', { name: 'New session' }).click();
    await ada.getByLabel('Session name (optional)').fill('Team session');
    await ada.getByTestId('session-template-s-beer-visibility').click();
    await ada.waitForURL('**/follow-up', { timeout: 30_000 });
    const sid = /\/session\/([^/]+)\/follow-up/.exec(ada.url())?.[1] ?? '';
    expect((await service.docs.get(`sessions/${sid}`)).data?.team).toBe(teamId);
    await bob.goto(`${stack.webUrl}/dashboard/sessions`);
    await bob
      .getByTestId('session-row')
      .filter({ hasText: 'Team session' })
      .getByRole('link', { name: 'Team session' })
      .click();
    await bob.waitForURL(`**/session/${sid}/follow-up`, { timeout: 30_000 });
    await bob.getByTestId('round-2').waitFor({ timeout: 30_000 });
    await session.shot(bob, 'team-session-follow-up');
    expect(bob.url()).toContain('/follow-up');
    await ada.goto(`${stack.webUrl}/dashboard/intro`);
    // Her first plain visit since the trial: the welcome tour, once.
    await closeWelcomeTour(ada);

    // ---- a first player takes a seat
    const p1 = await newPage();
    await p1.goto(`${stack.webUrl}/game/${gid}`);
    await p1.getByTestId('role-retailer').click();
    await p1.getByTestId('intro-player-name').fill('Zoe');
    await p1.getByTestId('intro-join').click();
    await p1.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });
    await tag.getByText(`Beer game: 1/${TRIAL_PLAYERS} players`).waitFor({ timeout: 30_000 });

    // ---- the class took the other places: the next player is refused, in their language
    const [usage] = await service.docs.query({ collection: `teams/${teamId}/planUsage` });
    expect(usage?.data).toMatchObject({ used: 1, max: TRIAL_PLAYERS });
    await service.docs.update(`teams/${teamId}/planUsage/${usage?.id ?? ''}`, {
      used: TRIAL_PLAYERS,
    });
    const p2 = await newPage();
    await p2.goto(`${stack.webUrl}/game/${gid}`);
    await p2.getByTestId('role-wholesaler').click();
    await p2.getByTestId('intro-player-name').fill('Yann');
    await p2.getByTestId('intro-join').click();
    await p2
      .getByTestId('intro-join-error')
      .getByText(
        "Every player place of this game's plan is taken. Ask your instructor to upgrade the plan.",
      )
      .waitFor({ timeout: 30_000 });
    expect(p2.url()).toContain(`/game/${gid}`);
    expect(p2.url()).not.toContain('/play');
    const game = (await service.docs.get(`games/${gid}`)).data;
    expect((game?.players as string[]).length).toBe(1);
    await look(p2, 'seat-limit-refused');
    // A French player is refused in French.
    const p3 = await newPage(PHONE, 'fr-FR');
    await p3.goto(`${stack.webUrl}/game/${gid}`);
    await p3.getByTestId('role-wholesaler').click();
    await p3.getByTestId('intro-join').click();
    await p3
      .getByTestId('intro-join-error')
      .getByText('Toutes les places de joueurs', { exact: false })
      .waitFor({ timeout: 30_000 });

    // Ada's tags show the full plan and the upgrade tag; the player who has a seat keeps it.
    await tag.getByText(`Beer game: ${TRIAL_PLAYERS}/${TRIAL_PLAYERS} players`).waitFor({
      timeout: 30_000,
    });
    await ada.getByTestId('plan-tag-upgrade').waitFor();
    await shotOf(ada.locator('main'), 'trial-full-tags');
    await p1.reload();
    await p1.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });

    // ---- Ada's team pays: Rita, who brought her, sees the purchase
    expect(
      await recordReferralConversion(
        service,
        { teamId, invoiceId: `inv-${run}`, payerUid: adaId, net: 49_000, currency: 'EUR' },
        Date.now(),
      ),
    ).toBe('recorded');
    await rita.getByTestId('referral-conversion').getByText('€490.00').waitFor({ timeout: 30_000 });
    await look(rita, 'referral-conversion');
  }, 240_000);
});
