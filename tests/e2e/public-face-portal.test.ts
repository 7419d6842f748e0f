/**
 * The public face (issue 14 items 1 and 2), in real browsers: an instructor sets up the public
 * page in the settings tab and sees its preview; a visitor finds the page by its slug and by the
 * uid, sees the logo as a thumbnail and the title, the colours on a desktop only, "All games" and the open games (not
 * the draft) and sessions, and joins a game from there through its intro; a page switched off
 * sends visitors home. A school's portal host (`myschool.localhost`, the same server on loopback)
 * shows its look: hero title as document title and hero, its colours above 1023 px, no signup,
 * its own language with no picker; the app's own host (127.0.0.1) keeps signup and the product
 * name. axe at desktop and phone sizes; screens saved to /tmp/public-face-*.png.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildBeerGameDocs, chainConfig } from '@sim/core/beer/game-docs';
import { expectNoSeriousViolations } from './axe';
import { launchBrowser } from './browser';
import { instructorOnDashboard, serviceClient, type ServiceClient } from './stack-helpers';

const stack = inject('stack');
const PORTAL_HOST = 'myschool';

let browser: Browser;
let service: ServiceClient;
const contexts: BrowserContext[] = [];

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  // *.localhost is loopback in Chromium already; the rule makes it so whatever the resolver says.
  browser = await launchBrowser(['--host-resolver-rules=MAP *.localhost 127.0.0.1']);
  service = serviceClient();
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  service?.close();
});

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('[page error]', err.message));
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: `/tmp/public-face-${name}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}

async function seedGame(
  creator: string,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const gid = service.docs.newId();
  const docs = buildBeerGameDocs({
    gid,
    creator,
    creatorName: 'Grace Hopper',
    name,
    template: { config: chainConfig({ count: 4 }) },
    now: Date.now(),
  });
  await service.docs.set(`games/${gid}`, { ...docs.game, ...extra });
  const batch = service.docs.batch();
  batch.set(`games/${gid}/private/params`, { ...docs.privateParams });
  for (const [fid, d] of Object.entries(docs.facilities)) {
    batch.set(`games/${gid}/facilities/${fid}`, { ...d });
  }
  await batch.commit();
  return gid;
}

/** The page's background colour as the browser paints it. */
function background(page: Page, testId: string): Promise<string> {
  return page
    .getByTestId(testId)
    .evaluate((el) => getComputedStyle(el).backgroundColor || getComputedStyle(el).background);
}

function portalUrl(path: string): string {
  const url = new URL(stack.webUrl);
  url.hostname = `${PORTAL_HOST}.localhost`;
  return `${url.origin}${path}`;
}

describe('instructor public page', () => {
  it('is set up in settings, found by slug, lists open games and a player joins from it', async () => {
    const teacher = await newPage(DESKTOP);
    const uid = await instructorOnDashboard(
      teacher,
      service,
      stack.webUrl,
      `page${Date.now()}@school.example`,
    );
    const gid = await seedGame(uid, 'Friday beer game');
    await seedGame(uid, 'Draft for next week', { draft: true });
    await seedGame(uid, 'Last year', { archived: true });
    const sid = service.docs.newId();
    await service.docs.set(`sessions/${sid}`, {
      name: 'Monday class',
      creator: uid,
      team: null,
      status: 'published',
      type: 'beergame',
      rounds: [
        { id: 'r1', name: 'Round 1' },
        { id: 'r2', name: 'Round 2' },
      ],
      games: [],
      created_at: Date.now(),
      deleted: false,
    });

    // ---- the settings tab: the page's fields and its preview
    await teacher.goto(`${stack.webUrl}/dashboard/settings`);
    const form = teacher.getByTestId('public-page-form');
    await form.waitFor({ timeout: 20_000 });
    await form.getByLabel('My public page is active').check();
    await form.getByLabel('Page title').fill('Prof. Hopper’s classes');
    await form.getByLabel('Page address').fill('Hopper Lab');
    await form.getByLabel('Main colour').fill('#7b1e3a');
    await form.getByLabel('Background colour').fill('#fff8e7');
    await form.getByLabel('Show the logo as a small thumbnail beside the title').check();
    // An SVG logo, drawn into a PNG before it is uploaded (decision 0008).
    await teacher.getByTestId('logo-input').setInputFiles('public/logo.svg');
    await teacher.getByText('Logo uploaded').waitFor({ timeout: 20_000 });
    const preview = teacher.getByTestId('public-page-preview');
    await expect
      .poll(() => preview.getByTestId('workspace-title').textContent())
      .toBe('Prof. Hopper’s classes');
    await expect.poll(() => preview.textContent()).toContain('All games');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await service.docs.get(`publicProfiles/${uid}`)).data, {
        timeout: 15_000,
      })
      .toMatchObject({
        appTitle: 'Prof. Hopper’s classes',
        slug: 'hopper-lab',
        activePage: true,
        mainColor: '#7b1e3a',
        bckColor: '#fff8e7',
        useThumbnail: true,
        logoUrl: expect.stringMatching(/^http/),
      });
    await teacher.getByRole('link', { name: 'Open my page' }).waitFor();
    await preview.scrollIntoViewIfNeeded();
    await shot(teacher, 'settings-preview');
    await expectNoSeriousViolations(teacher, 'settings with preview');

    // ---- a visitor on a desktop, by the page's slug
    const visitor = await newPage(DESKTOP);
    await visitor.goto(`${stack.webUrl}/user/hopper-lab`);
    await visitor.getByTestId('user-page').waitFor({ timeout: 20_000 });
    await expect
      .poll(() => visitor.getByRole('heading', { level: 1 }).textContent())
      .toBe('Prof. Hopper’s classes');
    await expect.poll(() => visitor.getByTestId('page-name').textContent()).toBe('All games');
    const listed = visitor.getByTestId('listed-game');
    await expect
      .poll(() => listed.allTextContents(), { timeout: 15_000 })
      .toEqual([expect.stringContaining('Friday beer game')]);
    await expect
      .poll(() => visitor.getByTestId('listed-session').textContent())
      .toContain('Monday class');
    expect(
      await visitor
        .getByRole('link', { name: 'Enter the lobby – Monday class' })
        .getAttribute('href'),
    ).toBe(`/session/${sid}/lobby`);
    const logo = visitor.getByTestId('workspace-logo');
    expect(await logo.getAttribute('data-thumbnail')).toBe('true');
    await expect
      .poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    // Spec §9: the page's colours above 1023 px.
    expect(await background(visitor, 'user-page')).toBe('rgb(255, 248, 231)');
    await shot(visitor, 'user-page-desktop');
    await expectNoSeriousViolations(visitor, 'user page (desktop)');

    // ---- a player on a phone, by the uid: the app's colours, and a game joined from the page
    const player = await newPage(PHONE);
    await player.goto(`${stack.webUrl}/user/${uid}`);
    await player.getByTestId('listed-game').first().waitFor({ timeout: 20_000 });
    expect(await background(player, 'user-page')).toBe('rgb(246, 248, 251)');
    await shot(player, 'user-page-phone');
    await expectNoSeriousViolations(player, 'user page (phone)');
    await player.getByRole('link', { name: 'Join – Friday beer game' }).click();
    await player.waitForURL(`**/game/${gid}/intro`, { timeout: 20_000 });
    await player.getByTestId('role-retailer').click();
    await player.getByTestId('intro-join').click();
    await player.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });
    // Spec §2: on a game outside a session, the logo leads to the creator's active page.
    await expect
      .poll(() => player.getByRole('link', { name: /^SimGames/ }).getAttribute('href'))
      .toBe(`/user/${uid}`);
    await expect
      .poll(async () => (await service.docs.get(`games/${gid}`)).data?.['players'], {
        timeout: 15_000,
      })
      .toHaveLength(1);

    // ---- switched off: visitors are sent home
    await service.docs.set(`publicProfiles/${uid}`, { activePage: false }, { merge: true });
    const late = await newPage(DESKTOP);
    await late.goto(`${stack.webUrl}/user/hopper-lab`);
    await late.waitForURL(`${stack.webUrl}/`, { timeout: 20_000 });
    await late.locator('a[href="/signup"]').first().waitFor();
  });
});

describe('portal look by subdomain', () => {
  it('shows the portal’s look on its host and the app’s own on the app’s host', async () => {
    await service.docs.set(`portals/${PORTAL_HOST}`, {
      slug: PORTAL_HOST,
      custoLook: { textColor: '#1a1a1a', bckColor: '#fff8e7', mainColor: '#7b1e3a' },
      portalLook: { heroTitle: 'My School Games' },
      showNavbar: true,
      allLocales: false,
      language: 'fr',
    });

    // ---- the portal's home on a desktop
    const desk = await newPage(DESKTOP);
    await desk.goto(portalUrl('/'));
    const hero = desk.getByTestId('home-hero');
    // The first page on a new origin loads every module afresh: slow on a busy machine.
    await hero.waitFor({ timeout: 90_000 }).catch(async (err: unknown) => {
      await shot(desk, 'portal-home-failed');
      throw err;
    });
    await expect
      .poll(() => desk.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 })
      .toBe('My School Games');
    await expect.poll(() => desk.title()).toBe('My School Games');
    // The portal's language, first in the spec §2 order for an English browser; no picker.
    await expect.poll(() => desk.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await desk.getByRole('button', { name: /: (FR|EN)$/ }).count()).toBe(0);
    // Signup hidden on a portal's home; login stays.
    expect(await desk.locator('a[href="/signup"]').count()).toBe(0);
    expect(await desk.locator('a[href="/login"]').count()).toBeGreaterThan(0);
    expect(await background(desk, 'home-hero')).toBe('rgb(123, 30, 58)');
    expect(await hero.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
    await shot(desk, 'portal-home-desktop');
    await expectNoSeriousViolations(desk, 'portal home (desktop)');

    // ---- the same host on a phone: no portal colours below 1024 px, still no signup
    const phone = await newPage(PHONE);
    await phone.goto(portalUrl('/'));
    await expect
      .poll(() => phone.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 })
      .toBe('My School Games');
    expect(
      await phone.getByTestId('home-hero').evaluate((el) => getComputedStyle(el).backgroundImage),
    ).toContain('linear-gradient');
    expect(await phone.locator('a[href="/signup"]').count()).toBe(0);
    await shot(phone, 'portal-home-phone');
    await expectNoSeriousViolations(phone, 'portal home (phone)');

    // ---- a portal page other than home: the hero title in the document title
    await desk.goto(portalUrl('/login'));
    await expect.poll(() => desk.title()).toMatch(/ · My School Games$/);

    // ---- the app's own host: the product's home, with signup, in the browser's language
    const own = await newPage(DESKTOP);
    await own.goto(`${stack.webUrl}/`);
    await own.locator('a[href="/signup"]').first().waitFor({ timeout: 20_000 });
    expect(await own.title()).not.toContain('My School Games');
    expect(await own.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await own.getByRole('heading', { level: 1 }).textContent()).not.toBe('My School Games');
  });
});
