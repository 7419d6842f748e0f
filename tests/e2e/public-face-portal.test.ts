/**
 * The public face (issue 14 items 1 and 2), in real browsers: an instructor sets up the public
 * page in the settings tab and sees its preview; a visitor finds the page by its slug and by the
 * uid, sees the logo as a thumbnail and the title, the colours on a desktop only, "All games" and the open games (not
 * the draft) and sessions, and joins a game from there through its intro; a page switched off
 * sends visitors home. A school's portal host (`myschool.localhost`, the same server on loopback)
 * shows its look: hero title as document title and hero, its colours above 1023 px, no signup,
 * its own language with no picker; the app's own host (127.0.0.1) keeps signup and the product
 * name. A portal's student, on a touch phone and on a desktop, types the session code on the
 * portal's home, joins the lobby and, once the round starts, takes a role in the team's game and
 * reaches the play page, all on the portal's host: its language and title on every page, its
 * colours at desktop width only, each new page opening at its top, nothing scrolling sideways on
 * the phone. A portal with `showNavbar: false` shows no navbar on any of these pages. axe at
 * desktop and phone sizes; screens saved to /tmp/public-face-*.png.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { buildBeerGameDocs, chainConfig, type BuildBeerGameArgs } from '@sim/core/beer/game-docs';
import { sessionTemplateById } from '@sim/core/templates/session-templates';
import { writeBeerGame } from '../../scripts/seed-beer-game';
import { sessionFromTemplate } from '../../src/features/sessions/session-model';
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

/** A screen a student uses: a touch phone or a desktop with a mouse. */
interface Device {
  readonly name: 'phone' | 'desktop';
  readonly viewport: { readonly width: number; readonly height: number };
  readonly touch: boolean;
}
const ON_PHONE: Device = { name: 'phone', viewport: PHONE, touch: true };
const ON_DESKTOP: Device = { name: 'desktop', viewport: DESKTOP, touch: false };

/** The app's own page background and main colour (src/app/theme.ts), as the browser paints them. */
const APP_BACKGROUND = 'rgb(246, 248, 251)';
const APP_PRIMARY = 'rgb(29, 78, 216)';

/**
 * A school's portal document, and what its pages should show: the hero title, the language, the
 * navbar or none, and its colours as painted above 1023 px (`bckColor` behind the page,
 * `mainColor` on a contained button).
 */
interface PortalCase {
  readonly slug: string;
  readonly data: Record<string, unknown>;
  readonly heroTitle: string;
  readonly language: 'fr' | 'en';
  readonly showNavbar: boolean;
  readonly background: string;
  readonly primary: string;
}

const MY_SCHOOL: PortalCase = {
  slug: PORTAL_HOST,
  data: {
    slug: PORTAL_HOST,
    custoLook: { textColor: '#1a1a1a', bckColor: '#fff8e7', mainColor: '#7b1e3a' },
    portalLook: { heroTitle: 'My School Games' },
    showNavbar: true,
    allLocales: false,
    language: 'fr',
  },
  heroTitle: 'My School Games',
  language: 'fr',
  showNavbar: true,
  background: 'rgb(255, 248, 231)',
  primary: 'rgb(123, 30, 58)',
};

const QUIET_SCHOOL: PortalCase = {
  slug: 'quietschool',
  data: {
    slug: 'quietschool',
    custoLook: { textColor: '#102a43', bckColor: '#eef6f1', mainColor: '#14532d' },
    portalLook: { heroTitle: 'Quiet School' },
    showNavbar: false,
    allLocales: true,
    language: 'en',
  },
  heroTitle: 'Quiet School',
  language: 'en',
  showNavbar: false,
  background: 'rgb(238, 246, 241)',
  primary: 'rgb(20, 83, 45)',
};

/** The lobby's words in a portal's language (locales/<lang>/sessions.json, translation.json). */
const WORDS = {
  fr: { join: 'Rejoindre', team1: /^Équipe 1/, session: 'Session', game: 'Partie' },
  en: { join: 'Join', team1: /^Team 1/, session: 'Session', game: 'Game' },
} as const;

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

async function newPage(viewport: { width: number; height: number }, touch = false): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    locale: 'en-US',
    ...(touch ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : {}),
  });
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
  build: Pick<BuildBeerGameArgs, 'session' | 'roundNumber' | 'teamNumber' | 'awaitPlayers'> = {},
): Promise<string> {
  const gid = service.docs.newId();
  const docs = buildBeerGameDocs({
    gid,
    creator,
    creatorName: 'Grace Hopper',
    name,
    template: { config: chainConfig({ count: 4 }) },
    now: Date.now(),
    ...build,
  });
  await writeBeerGame(service, { ...docs, game: { ...docs.game, ...extra } });
  return gid;
}

/** The page's background colour as the browser paints it. */
function background(page: Page, testId: string): Promise<string> {
  return page
    .getByTestId(testId)
    .evaluate((el) => getComputedStyle(el).backgroundColor || getComputedStyle(el).background);
}

function portalUrl(path: string, slug: string = PORTAL_HOST): string {
  const url = new URL(stack.webUrl);
  url.hostname = `${slug}.localhost`;
  return `${url.origin}${path}`;
}

async function seedPortal(portal: PortalCase): Promise<void> {
  await service.docs.set(`portals/${portal.slug}`, portal.data);
}

/** A join code as generateSessionCode draws them: 6 characters without 0, O, 1 or I. */
function drawCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let code = '';
  for (let i = 0; i < 6; i++) code += alphabet[Math.floor(Math.random() * alphabet.length)];
  return code;
}

/**
 * An instructor's published one-round session with its join code, and team 1's game of round 1
 * written as startRound writes it (waiting for its players); the round itself is started later.
 */
async function seedClass(name: string): Promise<{ sid: string; code: string; gid: string }> {
  const template = sessionTemplateById('s-beer-classic');
  if (!template) throw new Error('missing session template s-beer-classic');
  const sid = service.docs.newId();
  const creator = `portal-teacher-${sid}`;
  let code = drawCode();
  while ((await service.docs.get(`sessionCodes/${code}`)).exists) code = drawCode();
  await service.docs.set(`sessions/${sid}`, {
    ...sessionFromTemplate(
      template,
      { creator, creatorName: 'Grace Hopper', team: null, now: Date.now() },
      name,
    ),
    status: 'published',
    code,
  });
  await service.docs.set(`sessionCodes/${code}`, {
    sid,
    createdBy: creator,
    created_at: Date.now(),
  });
  const gid = await seedGame(
    creator,
    `${name} · Round 1 · Team 1`,
    {},
    { session: sid, roundNumber: 1, teamNumber: 1, awaitPlayers: true },
  );
  return { sid, code, gid };
}

/** How far down the page is scrolled. */
function scrolledBy(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

/** A tap on a touch screen, a click with a mouse. */
async function press(device: Device, target: Locator): Promise<void> {
  if (device.touch) await target.tap();
  else await target.click();
}

/**
 * A page of a portal's host as spec §2 and §9 want it: still on the portal's host, in its
 * language, the hero title in the document title, the navbar as the portal says, the portal's
 * background at desktop width and the app's below 1024 px, nothing scrolling sideways on a phone,
 * no serious axe violation. The screen goes to /tmp/public-face-{slug}-{where}-{device}.png.
 */
async function expectPortalPage(
  page: Page,
  device: Device,
  portal: PortalCase,
  where: string,
  pageTitle: string | null,
): Promise<void> {
  const label = `${portal.slug} ${where} (${device.name})`;
  expect(new URL(page.url()).hostname, label).toBe(`${portal.slug}.localhost`);
  await expect
    .poll(() => page.title(), { timeout: 15_000 })
    .toBe(pageTitle ? `${pageTitle} · ${portal.heroTitle}` : portal.heroTitle);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(portal.language);
  expect(await page.locator('.MuiAppBar-root').count(), label).toBe(portal.showNavbar ? 1 : 0);
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor), {
      message: label,
    })
    .toBe(device.name === 'desktop' ? portal.background : APP_BACKGROUND);
  if (device.name === 'phone') {
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways, label).toBeLessThanOrEqual(0);
  }
  await shot(page, `${portal.slug}-${where}-${device.name}`);
  await expectNoSeriousViolations(page, label);
}

/**
 * A portal's student, new to the app, on `device`: types the code of an instructor's session on
 * the portal's home, joins the lobby by name and team, follows the round's start to the team's
 * game, takes the retailer's role anonymously and reaches the play page. Every page is checked
 * with expectPortalPage.
 */
async function studentJoinsByCode(device: Device, portal: PortalCase): Promise<void> {
  const words = WORDS[portal.language];
  await seedPortal(portal);
  const name = `${portal.slug} ${device.name} class`;
  const { sid, code, gid } = await seedClass(name);
  const page = await newPage(device.viewport, device.touch);

  // ---- the portal's home: the hero, no signup, the code box
  await page.goto(portalUrl('/', portal.slug));
  await page
    .getByTestId('join-code-input')
    .waitFor({ timeout: 90_000 })
    .catch(async (err: unknown) => {
      await shot(page, `${portal.slug}-home-${device.name}-failed`);
      throw err;
    });
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 })
    .toBe(portal.heroTitle);
  expect(await page.locator('a[href="/signup"]').count()).toBe(0);
  await expectPortalPage(page, device, portal, 'home', null);
  await page.getByTestId('join-code-input').fill(code.toLowerCase());
  await press(device, page.getByTestId('join-code-submit'));

  // ---- the lobby: a name, a team, then the wait for the round
  await page.waitForURL(`**/session/${sid}/lobby`, { timeout: 30_000 });
  const nameField = page.getByTestId('lobby-name');
  await nameField.waitFor({ timeout: 30_000 });
  await nameField.fill('Lea Student');
  await press(device, page.getByRole('button', { name: words.team1 }));
  await press(device, page.getByRole('button', { name: words.join, exact: true }));
  await expect
    .poll(
      async () =>
        (await service.docs.query({ collection: `sessions/${sid}/players` })).map(
          (p) => p.data?.['name'],
        ),
      { timeout: 15_000 },
    )
    .toEqual(['Lea Student']);
  await page.getByText('Lea Student', { exact: true }).first().waitFor();
  await expectPortalPage(page, device, portal, 'lobby', words.session);
  // While waiting, the student reads the rules' slides and the players down the page.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

  // ---- the instructor starts round 1: the student is taken to the team's game
  await service.docs.update(`sessions/${sid}`, {
    games: [{ gid, roundNumber: 1, teamNumber: 1, finished: false }],
  });
  await page.waitForURL(`**/game/${gid}/intro`, { timeout: 30_000 });
  const playerName = page.getByTestId('intro-player-name');
  await playerName.waitFor({ timeout: 30_000 });
  // A new page opens at its top, whatever the page before was scrolled to.
  expect(await scrolledBy(page), 'intro opened scrolled').toBe(0);
  expect(await playerName.inputValue()).toBe('Lea Student');
  await press(device, page.getByTestId('role-retailer'));
  const join = page.getByTestId('intro-join');
  await expect.poll(() => join.isEnabled()).toBe(true);
  // The portal's main colour on a contained button at desktop width, the app's below 1024 px
  // (polled: the button fades from its disabled grey).
  await expect
    .poll(() => join.evaluate((el) => getComputedStyle(el).backgroundColor))
    .toBe(device.name === 'desktop' ? portal.primary : APP_PRIMARY);
  await expectPortalPage(page, device, portal, 'intro', words.game);
  await press(device, join);

  // ---- the play page, the retailer's role taken by the anonymous student
  await page.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });
  await page.getByTestId('play-own').waitFor({ timeout: 30_000 });
  // The game's name and week at the top of the screen, not under the navbar.
  expect(await scrolledBy(page), 'play opened scrolled').toBe(0);
  await expect
    .poll(async () => (await service.docs.get(`games/${gid}`)).data?.['players'], {
      timeout: 15_000,
    })
    .toHaveLength(1);
  const game = (await service.docs.get(`games/${gid}`)).data;
  const retailer = (game?.['facilities'] as Record<string, { user?: unknown }> | undefined)?.[
    'retailer'
  ];
  expect(retailer?.user).toBe((game?.['players'] as unknown[] | undefined)?.[0]);
  await expectPortalPage(page, device, portal, 'play', words.game);
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
    // The look's colour code loads once a look is known: the colours follow the page's text.
    await expect.poll(() => background(visitor, 'user-page')).toBe('rgb(255, 248, 231)');
    await shot(visitor, 'user-page-desktop');
    await expectNoSeriousViolations(visitor, 'user page (desktop)');

    // ---- a player on a phone, by the uid: the app's colours, and a game joined from the page
    const player = await newPage(PHONE);
    await player.goto(`${stack.webUrl}/user/${uid}`);
    await player.getByTestId('listed-game').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => background(player, 'user-page')).toBe('rgb(246, 248, 251)');
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
    await seedPortal(MY_SCHOOL);

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
    await expect.poll(() => background(desk, 'home-hero')).toBe('rgb(123, 30, 58)');
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

describe('a portal’s student', () => {
  it('joins a session by its code on a phone and reaches the team’s game on the portal', async () => {
    await studentJoinsByCode(ON_PHONE, MY_SCHOOL);
  });

  it('does the same on a desktop, in the portal’s colours', async () => {
    await studentJoinsByCode(ON_DESKTOP, MY_SCHOOL);
  });
});

describe('a portal without the navbar', () => {
  it('shows no navbar on its home, lobby, game intro and play pages', async () => {
    await studentJoinsByCode(ON_DESKTOP, QUIET_SCHOOL);
    // The phone's home and login too.
    const phone = await newPage(PHONE, true);
    await phone.goto(portalUrl('/', QUIET_SCHOOL.slug));
    await phone.getByTestId('join-code-input').waitFor({ timeout: 30_000 });
    await expectPortalPage(phone, ON_PHONE, QUIET_SCHOOL, 'home', null);
    await phone.goto(portalUrl('/login', QUIET_SCHOOL.slug));
    await phone.getByRole('button', { name: /log in/i }).waitFor({ timeout: 30_000 });
    await expectPortalPage(phone, ON_PHONE, QUIET_SCHOOL, 'login', 'Log in');
  });
});
