/**
 * A team is formed in real browsers (spec §2, §4, §6; business.md §3.9): an instructor with a
 * game invites a colleague from the team panel; the colleague, who is playing that game as an
 * anonymous player, opens the link read from the local mail outbox, is asked to quit the game
 * first, signs up, confirms the address, joins and sees the team's game marked with the
 * instructor's name. Someone else opening the same link is refused: the team id grants nothing.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoSeriousViolations } from './axe';
import { browserSession, PHONE } from './browser-session';
import {
  confirmEmail,
  instructorOnDashboard,
  invitationLink,
  serviceClient,
  type ServiceClient,
} from './stack-helpers';

const stack = inject('stack');
const SHOTS = process.env.E2E_SCREENSHOTS;
const DESKTOP = { width: 1280, height: 900 };

const session = browserSession('team-invite', {
  context: { viewport: DESKTOP },
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

function newPage(viewport = DESKTOP): Promise<Page> {
  return session.newPage({ viewport });
}

/** One part of the page, e.g. the team panel on a phone. */
async function shotOf(part: Locator, name: string) {
  if (SHOTS) await part.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The email action codes the Auth emulator has "sent". */
async function verifyCode(email: string): Promise<string> {
  const res = await fetch(
    `http://${stack.authEmulatorHost}/emulator/v1/projects/${stack.projectId}/oobCodes`,
  );
  const body = (await res.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  const code = body.oobCodes
    .filter((c) => c.email.toLowerCase() === email && c.requestType === 'VERIFY_EMAIL')
    .at(-1)?.oobCode;
  if (!code) throw new Error(`no verification email for ${email}`);
  return code;
}

async function snackbar(page: Page, text: string): Promise<void> {
  await page.locator('.MuiSnackbar-root').filter({ hasText: text }).waitFor({ timeout: 20_000 });
}

describe('team invitation', () => {
  it('an instructor invites a colleague, who signs up through the emailed link and sees the team games', async () => {
    session.screenshotAllOnFailure('team-failed');
    const run = Date.now().toString(36);
    const adaEmail = `ada-${run}@school.example.com`;
    const bobEmail = `bob-${run}@school.example.com`;

    // ---- Ada has a game before she has a team
    const ada = await newPage();
    const adaUid = await instructorOnDashboard(ada, service, stack.webUrl, adaEmail);
    await ada.goto(`${stack.webUrl}/dashboard/templates/games`);
    await ada
      .getByTestId('template-game-beer-classic')
      .getByRole('button', { name: 'Create a game' })
      .click();
    await ada.waitForURL('**/game/*/edit', { timeout: 30_000 });
    const gid = /\/game\/([^/]+)\/edit/.exec(ada.url())?.[1] ?? '';
    expect((await service.docs.get(`games/${gid}`)).data).toMatchObject({
      creator: adaUid,
      team: null,
    });

    // ---- Bob plays it as an anonymous player
    const bob = await newPage();
    await bob.goto(`${stack.webUrl}/game/${gid}`);
    await bob.getByTestId('role-retailer').click();
    await bob.getByTestId('intro-player-name').fill('Bob');
    await bob.getByTestId('intro-join').click();
    await bob.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });

    // ---- Ada invites Bob from the team panel: her team is created with her as admin
    await ada.goto(`${stack.webUrl}/dashboard/settings`);
    const panel = ada.getByTestId('team-panel');
    await panel.getByTestId('team-none').waitFor({ timeout: 30_000 });
    await panel.getByTestId('team-invite-email').fill(bobEmail);
    await panel.getByTestId('team-invite-name').fill('Bob Martin');
    await panel.getByTestId('team-invite-submit').click();
    await ada.getByText(`Invitation sent to ${bobEmail}.`).waitFor({ timeout: 30_000 });
    await panel.getByTestId('team-invite-row').filter({ hasText: bobEmail }).waitFor();
    await panel.getByTestId(`team-member-${adaUid}`).getByText('Admin').waitFor();
    await session.shot(ada, 'team-panel-admin-invited');
    await expectNoSeriousViolations(ada, 'team panel of an admin with a pending invitation');
    await ada.setViewportSize(PHONE);
    await shotOf(panel, 'team-panel-admin-invited-phone');
    await ada.setViewportSize(DESKTOP);
    // Her game joined the team with her.
    const [team] = await service.docs.query({
      collection: 'teams',
      where: [{ field: 'memberIds', op: 'array-contains', value: adaUid }],
      limit: 1,
    });
    const teamId = team?.id ?? '';
    expect((await service.docs.get(`games/${gid}`)).data?.team).toBe(teamId);

    const link = await invitationLink(service, bobEmail);
    expect(link).toBe(`${stack.webUrl}/dashboard/intro?joinTeam=${teamId}`);

    // ---- Bob opens the link: quit the game first (spec §4), then sign up
    await bob.goto(link);
    const quit = bob.getByTestId('quit-first-dialog');
    await quit.waitFor({ timeout: 30_000 });
    await session.shot(bob, 'team-quit-first');
    await expectNoSeriousViolations(bob, 'quit the game before joining a team');
    await quit.getByRole('button', { name: 'Quit the game' }).click();
    await bob.waitForURL('**/signup', { timeout: 30_000 });
    await bob.getByText('Sign up or log in to join the team.').waitFor();
    await bob.getByLabel('Email').fill(bobEmail);
    await bob.getByLabel('Password').fill('bob-pass-123');
    await bob.getByRole('button', { name: 'Create account' }).click();
    await bob.waitForURL('**/setup-account', { timeout: 30_000 });
    await bob.getByLabel('First name').fill('Bob');
    await bob.getByLabel('Last name').fill('Martin');
    await bob.getByLabel('You are').click();
    await bob.getByRole('option', { name: 'Teacher or professor' }).click();
    await bob.getByRole('button', { name: 'Continue' }).click();

    // ---- back on the dashboard, the join waits for the confirmed address
    await bob.getByTestId('join-team-verify').waitFor({ timeout: 30_000 });
    expect(bob.url()).not.toContain('joinTeam=');
    await session.shot(bob, 'team-join-verify');
    await expectNoSeriousViolations(bob, 'join waiting for a confirmed address');
    await bob.setViewportSize(PHONE);
    await session.shot(bob, 'team-join-verify-phone');
    await bob.setViewportSize(DESKTOP);
    const bobUid = await bob.evaluate(() => {
      const raw = window.localStorage.getItem('simgames.pendingJoinTeam');
      return raw ? (JSON.parse(raw) as { uid: string }).uid : '';
    });
    expect((await service.docs.get(`teams/${teamId}`)).data?.memberIds).toEqual([adaUid]);

    await bob.goto(
      `${stack.webUrl}/auth-action?mode=verifyEmail&oobCode=${await verifyCode(bobEmail)}`,
    );
    await bob.getByRole('link', { name: 'Go to the dashboard' }).click();

    // ---- the kept request runs again: Bob joins and sees Ada's game
    await bob.getByText('You joined the team.').waitFor({ timeout: 30_000 });
    const row = bob.getByTestId('game-row').filter({ hasText: 'Classic beer game' });
    await row.waitFor({ timeout: 30_000 });
    await row.getByText('Ada Lovelace').waitFor();
    await session.shot(bob, 'team-member-games');
    const joined = (await service.docs.get(`teams/${teamId}`)).data;
    expect(joined?.memberIds).toEqual([adaUid, bobUid]);
    expect((joined?.members as Record<string, unknown>)[bobUid]).toMatchObject({
      role: 'member',
      games: ['beergame'],
      email: bobEmail,
    });

    // Bob's team panel, and Ada's, show both members.
    await bob.goto(`${stack.webUrl}/dashboard/settings#team`);
    await bob.getByTestId(`team-member-${adaUid}`).waitFor({ timeout: 30_000 });
    await bob.getByTestId(`team-member-${bobUid}`).getByText('Member').waitFor();
    await expectNoSeriousViolations(bob, 'team panel of a member');
    await bob.setViewportSize(PHONE);
    await shotOf(bob.getByTestId('team-panel'), 'team-panel-member-phone');
    await bob.setViewportSize(DESKTOP);
    await ada.getByTestId(`team-member-${bobUid}`).waitFor({ timeout: 30_000 });
    await ada.getByTestId('team-invites').getByText('No pending invitation.').waitFor();
    await shotOf(ada.getByTestId('team-panel'), 'team-panel-admin-joined');

    // ---- someone else with the link: refused, sees nothing of the team
    const eveEmail = `eve-${run}@other.example.com`;
    const eve = await newPage();
    const eveUid = await instructorOnDashboard(eve, service, stack.webUrl, eveEmail);
    await confirmEmail(stack, eveUid);
    await eve.goto(link);
    await snackbar(
      eve,
      'No valid invitation to this team was found for your email address. Ask the team',
    );
    await eve.getByTestId('dashboard-new-beer-game').waitFor();
    expect(await eve.getByTestId('game-row').count()).toBe(0);
    expect((await service.docs.get(`teams/${teamId}`)).data?.memberIds).toEqual([adaUid, bobUid]);
  });
});
