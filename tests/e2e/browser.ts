/** Debian's chromium through playwright-core, with the flags this machine needs. */
import { chromium, type Browser } from 'playwright-core';
import { watchPage } from './page-log';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * `extraArgs`: more Chromium flags, e.g. `--host-resolver-rules` for a second host name.
 * `askConsent`: show the usage-analytics banner. Otherwise every context starts as a browser whose
 * visitor already declined, so the banner (tested on its own in analytics-consent) does not sit
 * over the buttons other tests click.
 */
export async function launchBrowser(
  extraArgs: readonly string[] = [],
  options: { askConsent?: boolean } = {},
): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (contextOptions) => {
    const context = await newContext(contextOptions);
    // What each page waited for is there to print if a test fails (page-log.ts).
    context.on('page', watchPage);
    if (options.askConsent === true) return context;
    await context.addInitScript(() => {
      if (window.localStorage.getItem('simgames.analyticsConsent') === null) {
        window.localStorage.setItem(
          'simgames.analyticsConsent',
          JSON.stringify({ choice: 'denied', decidedAt: 0 }),
        );
      }
    });
    return context;
  };
  return browser;
}
