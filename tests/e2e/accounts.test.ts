/**
 * Accounts (spec §2, §4, §5): an anonymous player is restored from the uid its browser kept, then
 * upgraded to an account keeping that uid; the email is verified through /auth-action; a password
 * reset request for an unknown address says authEmailNotFound, a known one gets a link that
 * /auth-action completes; the account's password changes after re-authentication; the templates
 * and settings tabs of the dashboard.
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
const PREVIOUS_PLAYER = 'simgames.previousPlayer';
const PREVIOUS_PLAYER_KEY = 'simgames.previousPlayerKey';

let browser: Browser;
let store: LocalStoreClient;
const pages: Page[] = [];

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

async function newPage(init?: Record<string, string>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (init) {
    await context.addInitScript((items: Record<string, string>) => {
      for (const [k, v] of Object.entries(items)) window.localStorage.setItem(k, v);
    }, init);
  }
  const page = await context.newPage();
  pages.push(page);
  return page;
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
}

/** The email action codes the Auth emulator has "sent". */
async function oobCodes(email: string, requestType: string): Promise<OobCode[]> {
  const res = await fetch(
    `http://${stack.authEmulatorHost}/emulator/v1/projects/${stack.projectId}/oobCodes`,
  );
  const body = (await res.json()) as { oobCodes: OobCode[] };
  return body.oobCodes.filter(
    (c) => c.email.toLowerCase() === email.toLowerCase() && c.requestType === requestType,
  );
}

/** Waits for the error snackbar to show this text. */
async function shownError(page: Page, text: string): Promise<void> {
  // By text: an open dialog hides the rest of the page from the accessibility tree.
  await page.locator('.MuiSnackbar-root').filter({ hasText: text }).waitFor({ timeout: 15_000 });
}

describe('accounts', () => {
  it('restores a previous anonymous player, then upgrades it keeping the uid', async () => {
    onTestFailed(async () => {
      for (const [i, p] of pages.entries()) {
        await reportFailedPage(
          p,
          `accounts-failed-${i}`,
          `${SHOTS ?? '/tmp'}/accounts-failed-${i}.png`,
        );
      }
    });
    const sid = `acc${Date.now()}`;
    await store.docs.set(`sessions/${sid}`, {
      name: 'Restore class',
      creator: 'someone',
      creatorName: 'Someone',
      team: null,
      status: 'published',
      type: 'beergame',
      rounds: [{ id: 'r1', name: 'Round 1', description: '' }],
      games: [],
      lockedRounds: {},
      teamNames: {},
      teamCount: 2,
      teamComposition: 'maintainall',
      allowJoinRandom: true,
      deleted: false,
      created_at: Date.now(),
    });

    // An anonymous player opens the lobby: its uid is kept in the browser.
    const first = await newPage();
    await first.goto(`${stack.webUrl}/session/${sid}/lobby`);
    await first.getByLabel('Your name').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => first.evaluate((k) => window.localStorage.getItem(k), PREVIOUS_PLAYER), {
        timeout: 15_000,
      })
      .toMatch(/^[A-Za-z0-9]+$/);
    const uid = (await first.evaluate((k) => window.localStorage.getItem(k), PREVIOUS_PLAYER))!;
    const key = (await first.evaluate((k) => window.localStorage.getItem(k), PREVIOUS_PLAYER_KEY))!;
    expect(key).toMatch(/^[0-9a-f]{64}$/);

    // The uid alone (visible in game documents) restores no one: a fresh anonymous player.
    const thief = await newPage({ [PREVIOUS_PLAYER]: uid, [PREVIOUS_PLAYER_KEY]: '0'.repeat(64) });
    await thief.goto(`${stack.webUrl}/session/${sid}/lobby`);
    // The lobby shows once the visitor is signed in (a visitor who has not joined sees 'Log in').
    await thief.getByLabel('Your name').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => thief.evaluate((k) => window.localStorage.getItem(k), PREVIOUS_PLAYER), {
        timeout: 15_000,
      })
      .toMatch(/^[A-Za-z0-9]+$/);
    expect(await thief.evaluate((k) => window.localStorage.getItem(k), PREVIOUS_PLAYER)).not.toBe(
      uid,
    );

    // Its session is lost (a fresh browser profile that only kept the uid): the same player is
    // restored through previousPlayerLogin and joins under its old uid.
    const again = await newPage({ [PREVIOUS_PLAYER]: uid, [PREVIOUS_PLAYER_KEY]: key });
    await again.goto(`${stack.webUrl}/session/${sid}/lobby`);
    await again.getByLabel('Your name').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => again.evaluate((k) => window.localStorage.getItem(k), PREVIOUS_PLAYER), {
        timeout: 15_000,
      })
      .toBe(uid);
    await again.getByLabel('Your name').fill('Restored Rita');
    await again.getByRole('button', { name: /^Team 1/ }).click();
    await again.getByRole('button', { name: 'Join' }).click();
    await again.getByText('You joined as Restored Rita · Team 1').waitFor({ timeout: 30_000 });
    const entry = await store.docs.get(`sessions/${sid}/players/${uid}`);
    expect(entry.data?.['name']).toBe('Restored Rita');

    // The player signs up: the account is linked to the same uid, and the kept uid is cleared.
    const email = `rita${Date.now()}@school.example.com`;
    await again.goto(`${stack.webUrl}/signup`);
    await again.getByLabel('Email').fill(email);
    await again.getByLabel('Password').fill('first-pass-1');
    await again.getByRole('button', { name: 'Create account' }).click();
    await again.waitForURL('**/setup-account', { timeout: 30_000 });
    await again.getByLabel('First name').fill('Rita');
    await again.getByLabel('Last name').fill('Levi');
    await again.getByLabel('You are').click();
    await again.getByRole('option', { name: 'Teacher or professor' }).click();
    await again.getByRole('button', { name: 'Continue' }).click();
    await again.waitForURL('**/dashboard/intro', { timeout: 30_000 });
    await closeWelcomeTour(again);
    const profile = await store.docs.get(`users/${uid}`);
    expect(profile.data).toMatchObject({ firstname: 'Rita', email, profileType: 'teacher' });
    expect(await again.evaluate((k) => window.localStorage.getItem(k), PREVIOUS_PLAYER)).toBeNull();

    // Signing up again while logged in: the guard sends the instructor back to the dashboard.
    await again.goto(`${stack.webUrl}/signup`);
    await again.waitForURL('**/dashboard/intro', { timeout: 30_000 });

    // The verification email's link confirms the address.
    const [verify] = await oobCodes(email, 'VERIFY_EMAIL');
    expect(verify).toBeDefined();
    await again.goto(`${stack.webUrl}/auth-action?mode=verifyEmail&oobCode=${verify!.oobCode}`);
    await again.locator('[data-phase="verified"]').waitFor({ timeout: 15_000 });
    await again.getByText('Your email address is confirmed.').waitFor();
    await shot(again, 'auth-action-verified');

    // A used code is refused.
    await again.goto(`${stack.webUrl}/auth-action?mode=verifyEmail&oobCode=${verify!.oobCode}`);
    await again.locator('[data-phase="invalid"]').waitFor({ timeout: 15_000 });

    // Settings: templates and settings tabs; change the password after re-authentication.
    await again.goto(`${stack.webUrl}/dashboard/templates`);
    await again.getByTestId('template-session-s-beer-classic').waitFor({ timeout: 15_000 });
    await again.getByTestId('plan-tag-upgrade').waitFor();
    await shot(again, 'dashboard-templates');
    await again.goto(`${stack.webUrl}/dashboard/templates/games`);
    await again.getByTestId('template-game-beer-classic').waitFor({ timeout: 15_000 });
    await again.goto(`${stack.webUrl}/dashboard/settings#profile`);
    await again.getByTestId('account-current-email').fill(email);
    await again.getByTestId('account-old-password').fill('wrong-pass-9');
    await again.getByTestId('account-new-password').fill('second-pass-2');
    await again.getByRole('button', { name: 'Update my account' }).click();
    await shownError(again, 'The email or password is not correct.');
    await again.getByTestId('account-old-password').fill('first-pass-1');
    await again.getByRole('button', { name: 'Update my account' }).click();
    await again.getByTestId('account-saved').waitFor({ timeout: 15_000 });
    await shot(again, 'dashboard-settings');

    // Templates: a game and a session from default templates, each saved back as a template.
    await again.goto(`${stack.webUrl}/dashboard/templates/games`);
    await again
      .getByTestId('template-game-beer-classic')
      .getByRole('button', { name: 'Create a game' })
      .click();
    await again.waitForURL('**/game/*/edit', { timeout: 30_000 });
    const gid = /\/game\/([^/]+)\/edit/.exec(again.url())?.[1] ?? '';
    const game = await store.docs.get(`games/${gid}`);
    expect(game.data).toMatchObject({ creator: uid, type: 'beergame', name: 'Classic beer game' });
    await again.goto(`${stack.webUrl}/dashboard/intro`);
    await again.getByTestId('game-row').first().getByRole('checkbox').check();
    await again.getByRole('button', { name: 'Save as a template' }).click();
    await again.getByLabel('Template title').fill('My classic');
    await again.getByRole('dialog').getByRole('button', { name: 'Save as a template' }).click();
    await again.getByText('Template saved').waitFor({ timeout: 15_000 });

    await again.goto(`${stack.webUrl}/dashboard/templates/sessions`);
    await again
      .getByTestId('template-session-s-beer-visibility')
      .getByRole('button', { name: 'Create a session' })
      .click();
    await again.waitForURL('**/follow-up', { timeout: 30_000 });
    await again.goto(`${stack.webUrl}/dashboard/sessions`);
    await again
      .getByTestId('session-row')
      .first()
      .getByRole('button', { name: 'Save as a template' })
      .click();
    await again.getByLabel('Template name (optional)').fill('My two rounds');
    await again.getByRole('dialog').getByRole('button', { name: 'Save as a template' }).click();
    await again.getByText('Template saved').waitFor({ timeout: 15_000 });
    const saved = await store.docs.query({
      collection: 'sessionTemplates',
      where: [{ field: 'creator', op: '==', value: uid }],
    });
    expect(saved).toHaveLength(1);
    const rounds = saved[0]?.data?.['rounds'] as { config: object }[];
    expect(rounds).toHaveLength(2);
    expect(rounds.every((r) => Object.keys(r.config).length > 0)).toBe(true);
    await again.goto(`${stack.webUrl}/dashboard/templates/sessions`);
    await again.getByTestId(`template-session-${saved[0]!.id}`).getByText('Mine').waitFor();
    await again.goto(`${stack.webUrl}/dashboard/templates/games`);
    await again.getByText('My classic').waitFor({ timeout: 15_000 });
    await shot(again, 'dashboard-templates-games');

    // A join-team link with no invitation for this address is refused (errors show after
    // 500 ms), and the request is taken off the address.
    const asked = Date.now();
    await again.goto(`${stack.webUrl}/dashboard/intro?joinTeam=team42`);
    await shownError(again, 'No valid invitation to this team was found for your email address.');
    expect(Date.now() - asked).toBeGreaterThanOrEqual(500);
    expect(again.url()).not.toContain('joinTeam');

    // Password reset: an unknown address says authEmailNotFound; a known one gets a link.
    const visitor = await newPage();
    await visitor.goto(`${stack.webUrl}/login`);
    await visitor.getByTestId('forgot-password').click();
    const dialog = visitor.getByTestId('password-reset');
    await dialog.getByLabel('Email').fill('nobody-here@school.example.com');
    await dialog.getByRole('button', { name: 'Send the link' }).click();
    await shownError(visitor, 'No account was found with this email address.');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send the link' }).click();
    await visitor.getByTestId('password-reset-sent').waitFor({ timeout: 15_000 });
    await shot(visitor, 'password-reset-sent');
    const [reset] = await oobCodes(email, 'PASSWORD_RESET');
    expect(reset).toBeDefined();
    await visitor.goto(`${stack.webUrl}/auth-action?mode=resetPassword&oobCode=${reset!.oobCode}`);
    await visitor.getByTestId('reset-new-password').fill('third-pass-3');
    await shot(visitor, 'auth-action-reset');
    await visitor.getByRole('button', { name: 'Save the new password' }).click();
    await visitor.locator('[data-phase="reset-done"]').waitFor({ timeout: 15_000 });

    // The new password logs in.
    await visitor.getByRole('link', { name: 'Go to login' }).click();
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel('Password').fill('third-pass-3');
    await visitor.getByRole('button', { name: 'Log in' }).click();
    await visitor.waitForURL('**/dashboard/intro', { timeout: 30_000 });
  });
});
