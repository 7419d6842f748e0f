/**
 * Moving between pages in the app: a session's unsaved settings hold a link and the browser's
 * Back until the instructor answers (Stay keeps the page and what was typed; Leave goes where
 * asked), a new page opens at its top, and Back returns to where the previous page was scrolled.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { layoutShiftTotal, recordLayoutShifts } from './layout-shift';
import { instructorOnDashboard, serviceClient, type ServiceClient } from './stack-helpers';

const stack = inject('stack');

let browser: Browser;
let service: ServiceClient;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  service = serviceClient();
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  service?.close();
});

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** The browser's Back, held by the dialog: the address returns to `url` while it asks. */
async function backHeld(page: Page, url: string): Promise<void> {
  await page.evaluate(() => window.history.back());
  await leaveDialog(page).waitFor();
  await expect.poll(() => page.url()).toBe(url);
}

/** Stay: the dialog closes on `url`, with what was typed still there. */
async function stay(page: Page, url: string, field: Locator, typed: string): Promise<void> {
  await page.getByRole('button', { name: 'Stay' }).click();
  await leaveDialog(page).waitFor({ state: 'hidden' });
  expect(page.url()).toBe(url);
  expect(await field.inputValue()).toBe(typed);
}

describe.skipIf(stack.unavailable !== '')('navigation between pages', () => {
  it('holds a link and Back over unsaved changes, and keeps each page’s scroll position', async () => {
    // A phone: the session's settings are longer than the screen.
    context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('[page error]', err.message));
    await instructorOnDashboard(page, service, stack.webUrl, `nav${Date.now()}@school.example`);
    await page.getByRole('tab', { name: 'Sessions' }).click();
    await page.getByRole('button', { name: 'New session' }).click();
    await page.getByTestId('session-template-s-beer-visibility').click();
    await page.waitForURL('**/follow-up', { timeout: 30_000 });
    const followUp = page.url();
    const description = page.getByRole('textbox', { name: 'Description' }).first();
    await description.fill('Tuesday, blind.');

    // A link: held, and Stay keeps the page with what was typed.
    await page.getByRole('tab', { name: 'Lobby' }).click();
    await leaveDialog(page).waitFor();
    expect(page.url()).toBe(followUp);
    await stay(page, followUp, description, 'Tuesday, blind.');

    // Back: held too; the address returns to the page while the dialog asks.
    await backHeld(page, followUp);
    await stay(page, followUp, description, 'Tuesday, blind.');
    // Back again asks again.
    await backHeld(page, followUp);
    // Leave goes where Back was going: the sessions tab.
    await page.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL('**/dashboard/sessions');
    await expect.poll(() => scrollY(page)).toBe(0);

    // Forward to the follow-up page, nothing pending: scroll down, then open the lobby.
    await page.evaluate(() => window.history.forward());
    await page.waitForURL(followUp);
    await description.waitFor();
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect.poll(() => scrollY(page)).toBe(700);
    // Clicked where it is: a pointer click would first scroll the tab into view.
    await page.getByRole('tab', { name: 'Lobby' }).evaluate((tab) => (tab as HTMLElement).click());
    await page.waitForURL('**/lobby');
    expect(await leaveDialog(page).count()).toBe(0);
    // A new page opens at its top…
    await expect.poll(() => scrollY(page)).toBe(0);
    // …and Back returns to where the follow-up page was.
    await page.goBack();
    await page.waitForURL(followUp);
    await expect.poll(() => scrollY(page)).toBe(700);
  }, 120_000);

  it.each([
    ['a desktop', { width: 1280, height: 800 }],
    // On a phone the header's tags once wrapped to a second row when their figures came.
    ['a phone', { width: 390, height: 844 }],
  ])(
    'lays each dashboard tab out once on %s: what arrives after the tabs moves nothing under a click',
    async (_screen, viewport) => {
      const screen = await browser.newContext({ viewport });
      try {
        const page = await screen.newPage();
        await instructorOnDashboard(
          page,
          service,
          stack.webUrl,
          `tabs${Date.now()}@school.example`,
        );
        await recordLayoutShifts(page);
        // Each tab with what shows its panel has come.
        const tabs: readonly [string, Locator][] = [
          ['/dashboard/templates/sessions', page.getByTestId('template-session-s-beer-classic')],
          ['/dashboard/sessions', page.getByRole('button', { name: 'New session' })],
          ['/dashboard/intro', page.getByTestId('game-list')],
          ['/dashboard/templates/games', page.getByTestId('template-game-beer-classic')],
        ];
        for (const [path, panel] of tabs) {
          await page.goto(`${stack.webUrl}${path}`);
          await page.getByTestId('dashboard-create-menu').waitFor();
          await panel.waitFor();
          await page.waitForTimeout(1000);
          expect(
            await layoutShiftTotal(page),
            `cumulative layout shift of ${path}`,
          ).toBeLessThanOrEqual(0.02);
        }
      } finally {
        await screen.close();
      }
    },
  );
});
