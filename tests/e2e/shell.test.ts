/**
 * The SPA shell on the real local stack: a visitor's home page (its layout steady on a phone),
 * and the route guard sending a visitor who asks for the dashboard to sign up, with the message,
 * then to profile set-up after sign-up.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

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

  it('lays the home page out once on a phone: the session code card arriving moves nothing', async () => {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
          if (!shift.hadRecentInput) shifts.push(shift.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${stack.webUrl}/`);
    await page.getByTestId('join-code-input').waitFor();
    await page.waitForTimeout(1000);
    const cls = await page.evaluate(() =>
      (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0),
    );
    expect(cls, 'cumulative layout shift of the home page').toBeLessThanOrEqual(0.02);
    await context.close();
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
