/**
 * The navbar's music player and the welcome tour in a real browser (spec §2, §3
 * allowAudioPlayer, §6). Ada, an instructor, opens the player: nothing of the music is loaded
 * before she presses play; then howler plays the chosen track (its clock advances), takes the
 * volume and mutes, and the browser remembers her choice. A session decides who hears it: its
 * creator or its players, live. The welcome tour plays with `?welcomevideo=1`, moves on by
 * itself, keeps the focus, closes with Escape, and the link does not open it again; the help
 * menu still replays it. Screenshots at desktop and phone size when E2E_SCREENSHOTS is set; axe
 * on each state.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousViolations } from './axe';
import { browserSession, DESKTOP, PHONE } from './browser-session';
import { instructorOnDashboard, serviceClient, type ServiceClient } from './stack-helpers';

const stack = inject('stack');
const SHOTS = process.env.E2E_SCREENSHOTS;

const session = browserSession('music-welcome', {
  context: { viewport: DESKTOP, locale: 'en-US' },
  logPageErrors: false,
  shots: { dir: SHOTS, options: { fullPage: false } },
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

/** Screenshots at both sizes and axe, with whatever is open on the page. */
async function look(page: Page, name: string) {
  // A tooltip left by the last click fades out first: axe would read its half-drawn colours.
  await page.mouse.move(1, 1);
  await expect.poll(() => page.locator('.MuiTooltip-popper').count()).toBe(0);
  await session.shot(page, name);
  await expectNoSeriousViolations(page, name);
  await page.setViewportSize(PHONE);
  await session.shot(page, `${name}-phone`);
  await expectNoSeriousViolations(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** What howler says about the Howl of `track` in the page (howler's own globals and API). */
interface HowlFacts {
  readonly loaded: boolean;
  readonly playing: boolean;
  readonly seek: number;
  readonly volume: number;
  readonly muted: boolean;
  readonly context: string;
}

function howlOf(page: Page, track: string): Promise<HowlFacts | null> {
  return page.evaluate((name) => {
    // howler puts itself on window when loaded; the Howl's own methods are its public API.
    interface PageHowl {
      _src: string | string[];
      state(): string;
      playing(): boolean;
      seek(): number;
      volume(): number;
      mute(): boolean;
    }
    const howler = (
      window as unknown as { Howler?: { _howls: PageHowl[]; ctx?: { state: string } } }
    ).Howler;
    const howl = howler?._howls.find((h) => String(h._src).includes(`/${name}`));
    if (!howl || !howler) return null;
    return {
      loaded: howl.state() === 'loaded',
      playing: howl.playing(),
      seek: howl.seek(),
      volume: howl.volume(),
      muted: howl.mute(),
      context: howler.ctx?.state ?? 'none',
    };
  }, track);
}

const musicButton = (page: Page) => page.getByTestId('music-button');

async function openMusic(page: Page) {
  await musicButton(page).click();
  await page.getByRole('dialog', { name: 'Music' }).waitFor();
}

interface Request {
  readonly url: string;
  readonly type: string;
}

/** Anything of the music: howler's code, the tracks' modules, their files. */
function musicRequests(requests: readonly Request[]): string[] {
  return requests.map((r) => r.url).filter((u) => /\.mp3(\?|$)/.test(u) || /howler/.test(u));
}

/** The audio files fetched (howler's Web Audio reads them with a request of its own). */
function audioFiles(requests: readonly Request[]): string[] {
  return requests
    .filter((r) => r.type !== 'script' && /\.mp3$/.test(new URL(r.url).pathname))
    .map((r) => r.url);
}

describe('music player', () => {
  it('plays a track with howler only once asked, sets its volume, mutes it and remembers', async () => {
    session.screenshotAllOnFailure('music-failed');
    const page = await newPage();
    const requests: Request[] = [];
    page.on('request', (r) => requests.push({ url: r.url(), type: r.resourceType() }));
    await instructorOnDashboard(
      page,
      service,
      stack.webUrl,
      `ada.music${Date.now()}@school.example`,
    );

    // An instructor hears the music everywhere outside a session; nothing is loaded yet.
    await musicButton(page).waitFor({ timeout: 30_000 });
    expect(await musicButton(page).getAttribute('data-music-state')).toBe('stopped');
    await openMusic(page);
    expect(musicRequests(requests)).toEqual([]);
    expect(await page.evaluate(() => 'Howler' in window)).toBe(false);
    await look(page, 'music-panel');

    // The folk guitar, chosen with the keyboard as a screen-reader user would.
    await page.getByRole('radio', { name: 'Folk guitar' }).check();
    await page.getByRole('button', { name: 'Play' }).click();
    await expect
      .poll(() => musicButton(page).getAttribute('data-music-state'), { timeout: 20_000 })
      .toBe('playing');
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    const first = await howlOf(page, 'folk');
    expect(first).toMatchObject({ loaded: true, playing: true, volume: 0.5, muted: false });
    expect(first?.context).toBe('running');
    // The audio clock moves: it is really playing, not only said to be.
    await expect
      .poll(async () => (await howlOf(page, 'folk'))?.seek ?? 0, { timeout: 10_000 })
      .toBeGreaterThan((first?.seek ?? 0) + 0.2);
    // Only the chosen track was fetched.
    const files = audioFiles(requests);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/folk/);
    expect(await howlOf(page, 'funk')).toBeNull();

    // Volume with the arrow keys: 0.5 → 0.4.
    const slider = page.getByRole('slider', { name: 'Volume' });
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await slider.getAttribute('aria-valuetext')).toBe('40%');
    await expect.poll(async () => (await howlOf(page, 'folk'))?.volume).toBe(0.4);

    // Mute: the sound keeps its place in the loop but is silent.
    const mute = page.getByRole('button', { name: 'Mute' });
    await mute.click();
    expect(await mute.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => (await howlOf(page, 'folk'))?.muted).toBe(true);
    expect((await howlOf(page, 'folk'))?.playing).toBe(true);
    expect(await musicButton(page).getAttribute('data-music-muted')).toBe('true');
    await page.getByRole('status').filter({ hasText: 'Playing, muted: Folk guitar' }).waitFor();
    await look(page, 'music-playing-muted');

    // Unmute and pause.
    await mute.click();
    await expect.poll(async () => (await howlOf(page, 'folk'))?.muted).toBe(false);
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => musicButton(page).getAttribute('data-music-state')).toBe('paused');
    expect((await howlOf(page, 'folk'))?.playing).toBe(false);

    // Another visit in this browser: the track, the volume and mute as she left them, and
    // still nothing loaded before play.
    await mute.click();
    await page.keyboard.press('Escape');
    requests.length = 0;
    await page.reload();
    await musicButton(page).waitFor({ timeout: 30_000 });
    expect(await musicButton(page).getAttribute('data-music-track')).toBe('folk');
    expect(await musicButton(page).getAttribute('data-music-volume')).toBe('0.4');
    expect(await musicButton(page).getAttribute('data-music-muted')).toBe('true');
    await openMusic(page);
    expect(await page.getByRole('radio', { name: 'Folk guitar' }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(musicRequests(requests)).toEqual([]);
    await page.keyboard.press('Escape');
    // Focus returns to the button that opened the panel.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'music-button',
    );
  });

  it("follows the session's setting: its creator or its players hear it, live", async () => {
    session.screenshotAllOnFailure('music-session-failed');
    const ada = await newPage();
    const adaUid = await instructorOnDashboard(
      ada,
      service,
      stack.webUrl,
      `ada.session${Date.now()}@school.example`,
    );
    const sid = `music${Date.now()}`;
    await service.docs.set(`sessions/${sid}`, {
      name: 'Music class',
      creator: adaUid,
      creatorName: 'Ada Lovelace',
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
      allowAudioPlayer: ['instructor'],
      deleted: false,
      created_at: Date.now(),
    });

    const player = await newPage(PHONE);
    await player.goto(`${stack.webUrl}/session/${sid}/lobby`);
    await player.getByLabel('Your name').waitFor({ timeout: 30_000 });
    expect(await musicButton(player).count()).toBe(0);

    await ada.goto(`${stack.webUrl}/session/${sid}/lobby`);
    await musicButton(ada).waitFor({ timeout: 30_000 });
    await openMusic(ada);
    await ada.getByRole('button', { name: 'Play' }).click();
    await expect
      .poll(() => musicButton(ada).getAttribute('data-music-state'), { timeout: 20_000 })
      .toBe('playing');
    await ada.keyboard.press('Escape');

    // For players only: the players get the player, the creator's music stops.
    await service.docs.update(`sessions/${sid}`, { allowAudioPlayer: ['player'] });
    await musicButton(player).waitFor({ timeout: 15_000 });
    await musicButton(ada).waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(async () => (await howlOf(ada, 'funk'))?.playing).toBe(false);
    await look(player, 'music-session-player');
  });
});

describe('welcome tour', () => {
  it('plays with ?welcomevideo=1, keeps the focus, closes with Escape and is not offered again', async () => {
    session.screenshotAllOnFailure('welcome-failed');
    const page = await newPage();
    await instructorOnDashboard(
      page,
      service,
      stack.webUrl,
      `ada.tour${Date.now()}@school.example`,
    );
    await page.goto(`${stack.webUrl}/dashboard/intro?welcomevideo=1`);
    const tour = page.getByRole('dialog', { name: 'Welcome to SimGames' });
    await tour.waitFor({ timeout: 30_000 });
    const video = page.getByTestId('welcome-video');
    expect(await video.getAttribute('data-step')).toBe('create');
    await page.getByTestId('welcome-caption').filter({ hasText: 'Create a game' }).waitFor();
    await look(page, 'welcome-tour');

    // It plays by itself: the next scene and its caption.
    await expect.poll(() => video.getAttribute('data-step'), { timeout: 15_000 }).toBe('share');
    await page
      .getByTestId('welcome-caption')
      .filter({ hasText: 'Share it with your class' })
      .waitFor();

    // Paused, it stays; forward by hand.
    await page.getByRole('button', { name: 'Pause' }).click();
    expect(await video.getAttribute('data-playing')).toBe('false');
    await page.getByRole('button', { name: 'Next scene' }).click();
    expect(await video.getAttribute('data-step')).toBe('play');
    await page.getByText('Scene 3 of 5').waitFor();
    await session.shot(page, 'welcome-tour-scene-3');

    // The focus stays in the dialog whatever is tabbed through.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null),
      ).toBe(true);
    }

    await page.keyboard.press('Escape');
    await tour.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('welcomevideo')).toBe(false);

    // The same link again: seen, so the dashboard opens without it.
    await page.goto(`${stack.webUrl}/dashboard/intro?welcomevideo=1`);
    await page.getByTestId('dashboard-help-menu').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Asked for from the help menu, it plays again.
    await page.getByTestId('dashboard-help-menu').click();
    await page.getByRole('menuitem', { name: 'Watch the welcome video' }).click();
    await tour.waitFor({ timeout: 15_000 });
    expect(await video.getAttribute('data-step')).toBe('create');
    await page.getByRole('button', { name: 'Close' }).click();
    await tour.waitFor({ state: 'detached' });
  });
});
