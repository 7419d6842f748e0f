/**
 * The SPA shell on the real local stack: a visitor's home page (its layout steady on a phone, its
 * prerendered markup painted before the JavaScript and handed to the app, to English visitors only),
 * and the route guard sending a visitor who asks for the dashboard to sign up, with the message,
 * then to profile set-up after sign-up.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { layoutShiftTotal, recordLayoutShifts } from './layout-shift';

const stack = inject('stack');
/** A mid-range phone, as Lighthouse's mobile preset sizes it. */
const PHONE_CONTEXT = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Whether a path shows prerendered markup (the home page or a game page's frame) before any of its
 * JavaScript files has loaded: Hosting serves the same app.html, frame included, on every path but
 * `/`, and its inline gate decides by the path.
 */
async function prerenderShownBeforeCode(path: string): Promise<boolean> {
  const context = await browser.newContext(PHONE_CONTEXT);
  const page = await context.newPage();
  await page.route(
    (url) => url.pathname !== path,
    (route) => route.abort(),
  );
  await page.goto(`${stack.webUrl}${path}`, { waitUntil: 'domcontentloaded' });
  const shown = await page.evaluate(
    () =>
      document.documentElement.getAttribute('data-prerender') === 'on' &&
      document.getElementById('prerender')?.checkVisibility() === true,
  );
  await context.close();
  return shown;
}

describe('SPA shell', () => {
  it('shows a visitor the home page with sign-up and log-in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stack.webUrl}/`);
    await page
      .getByRole('link', { name: /create a free account/i })
      .first()
      .waitFor();
    expect(
      await page
        .getByRole('link', { name: /log in/i })
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await page.title()).toBe('SimGames');
    await context.close();
  });

  it('asks for the home page’s code while it still reads the HTML', async () => {
    // The entry's request against the end of the HTML: from the head, the code downloads while the
    // page is read and painted. Started after the first paint, it made the join field usable
    // 0.4-0.8 s later on a throttled phone (decision 0035).
    const context = await browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await page.goto(`${stack.webUrl}/`);
    await page.getByTestId('join-code-input').waitFor();
    const times = await page.evaluate(() => ({
      parsed:
        performance.getEntriesByType('navigation')[0] instanceof PerformanceNavigationTiming
          ? (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
              .domInteractive
          : null,
      entry:
        performance
          .getEntriesByType('resource')
          .find((r) => /\/assets\/index-[\w-]+\.js$/.test(r.name))?.startTime ?? null,
    }));
    await context.close();
    expect(times.parsed).not.toBeNull();
    expect(times.entry).not.toBeNull();
    expect(times.entry).toBeLessThan(times.parsed ?? -Infinity);
  });

  it('lays the home page out once on a phone: the session code card arriving moves nothing', async () => {
    const context = await browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await recordLayoutShifts(page);
    await page.goto(`${stack.webUrl}/`);
    await page.getByTestId('join-code-input').waitFor();
    await page.waitForTimeout(1000);
    const cls = await layoutShiftTotal(page);
    expect(cls, 'cumulative layout shift of the home page').toBeLessThanOrEqual(0.02);
    await context.close();
  });

  it('paints the home page before its JavaScript has run, then hands the screen to the app', async () => {
    const context = await browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    // Everything but the page itself waits until the prerendered page has been looked at.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname !== '/',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(`${stack.webUrl}/`, { waitUntil: 'commit' });
    const stand = page.locator('#prerender');
    await stand.getByRole('heading', { level: 1, includeHidden: true }).waitFor();
    await expect(stand.locator('h1').innerText()).resolves.toMatch(/teach supply chains/i);
    expect(await stand.isVisible(), 'the prerendered home page is painted').toBe(true);
    await page.screenshot({ path: '/tmp/shell-prerender-phone.png' });
    release();
    await page.getByTestId('join-code-input').waitFor();
    await expect(stand.count(), 'the app took the screen').resolves.toBe(0);
    await expect(page.locator('h1').count()).resolves.toBe(1);
    await expect(page.locator('h1').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: '/tmp/shell-home-phone.png' });
    await context.close();
  });

  it('lets the app use the prerendered page’s styles instead of writing them again', async () => {
    // Each rule the app writes makes the browser style the page again; the prerendered page's
    // rules are emotion's own, named in its style element, so the app's cache skips them.
    const context = await browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await page.goto(`${stack.webUrl}/`);
    await page.getByTestId('join-code-input').waitFor();
    const rules = await page.evaluate(() => {
      const textsOf = (style: Element | null): string[] =>
        style instanceof HTMLStyleElement
          ? Array.from(style.sheet?.cssRules ?? [], (rule) => rule.cssText)
          : [];
      const prerendered = new Set(textsOf(document.querySelector('style[data-prerender]')));
      const written = Array.from(document.querySelectorAll('style[data-emotion="css"]')).flatMap(
        textsOf,
      );
      // The session code form replaces the prerender's empty frame once its code has arrived;
      // its rules come with the prerendered page (`css-0` names no rule: an element without
      // styles of its own).
      const form = 'section[aria-labelledby="join-code-title"]';
      const formClasses = [
        ...new Set(
          Array.from(document.querySelectorAll(`${form}, ${form} *`)).flatMap((element) =>
            Array.from(element.classList).filter((c) => c.startsWith('css-') && c !== 'css-0'),
          ),
        ),
      ];
      const styling = (texts: Iterable<string>) =>
        formClasses.filter((c) => Array.from(texts).some((rule) => rule.includes(`.${c}`)));
      return {
        prerendered: prerendered.size,
        written: written.length,
        writtenAgain: written.filter((rule) => prerendered.has(rule)).length,
        formClasses: formClasses.length,
        formClassesPrerendered: styling(prerendered).length,
        formClassesWritten: styling(written),
      };
    });
    await context.close();
    expect(rules.formClasses, 'the form’s styled elements').toBeGreaterThan(5);
    expect(rules.formClassesPrerendered, 'the form’s rules in the prerendered page').toBe(
      rules.formClasses,
    );
    expect(rules.formClassesWritten, 'the form’s rules the app wrote').toEqual([]);
    expect(rules.prerendered, 'the prerendered page brings its rules').toBeGreaterThan(100);
    expect(rules.written, 'the app writes the rules of what the prerender lacks').toBeGreaterThan(
      0,
    );
    expect(rules.writtenAgain, 'rules the app wrote again').toBe(0);
  });

  it('paints a game page’s frame before its JavaScript, and the app takes it over in place', async () => {
    const context = await browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const gamePage = '/game/no-such-game/play';
    await page.route(
      (url) => url.pathname !== gamePage,
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(`${stack.webUrl}${gamePage}`, { waitUntil: 'commit' });
    const frame = page.locator('#prerender');
    await frame.getByRole('progressbar', { includeHidden: true }).waitFor({ state: 'attached' });
    expect(await frame.isVisible(), 'the frame is painted').toBe(true);
    // As the app draws a game page before Auth has answered: no account button, no game.
    await expect(frame.innerText()).resolves.not.toMatch(/log in|log out|quit/i);
    const logoInFrame = await frame.locator('svg').first().boundingBox();
    await page.screenshot({ path: '/tmp/shell-game-frame-phone.png' });
    release();
    await page
      .getByText('This game is unknown: it does not exist or it was deleted.')
      .waitFor({ timeout: 30_000 });
    await expect(frame.count(), 'the app took the screen').resolves.toBe(0);
    const logoInApp = await page.locator('header svg').first().boundingBox();
    expect(logoInApp, 'the logo stays where the frame drew it').toEqual(logoInFrame);
    await page.screenshot({ path: '/tmp/shell-game-unknown-phone.png' });
    await context.close();
    // The same served page shows it on a game's page, and elsewhere (another path, the editor)
    // shows no frame.
    expect(await prerenderShownBeforeCode('/game/g1/play')).toBe(true);
    for (const path of ['/game/g1/edit', '/dashboard/games']) {
      expect(await prerenderShownBeforeCode(path), path).toBe(false);
    }
  });

  it('shows the prerendered home page to no one who would see another first', async () => {
    // A French browser sees the home page in French: the English stand-in never shows.
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(`${stack.webUrl}/`);
    await page.getByTestId('join-code-input').waitFor();
    const shownTo = await page.evaluate(() => document.documentElement.dataset['prerender']);
    expect(shownTo, 'the gate let a French browser see the English page').toBeUndefined();
    await expect(page.locator('h1').innerText()).resolves.not.toMatch(/teach supply chains/i);
    await context.close();
    // Nor does any other path show it.
    expect(await prerenderShownBeforeCode('/login')).toBe(false);
  });

  it('sends a visitor from the dashboard to sign-up with a message, then to profile set-up after sign-up', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stack.webUrl}/dashboard/intro`);
    await page.waitForURL('**/signup');
    await page.getByText('Log in or sign up to access this page.').waitFor();

    const email = `shell-${Date.now()}@school.example`;
    await page.getByLabel(/email/i).fill(email);
    await page
      .getByLabel(/password/i)
      .first()
      .fill('correct-horse-9');
    await page.getByRole('button', { name: /create/i }).click();
    // A new account has no profile type yet: the guard asks for it before the dashboard.
    await page.waitForURL('**/setup-account', { timeout: 15_000 });
    await context.close();
  });
});
