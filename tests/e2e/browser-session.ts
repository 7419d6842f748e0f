/**
 * One Chromium for a test file: launched before its tests and closed after them with every
 * context it opened, pages made with the file's context options, screenshots named after the file,
 * every open page saved when a test fails, and the desktop-and-phone check most screens get.
 */
import { afterAll, beforeAll, expect, onTestFailed } from 'vitest';
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
  PageScreenshotOptions,
} from 'playwright-core';
import { expectNoSeriousViolations } from './axe';
import { launchBrowser } from './browser';
import { reportFailedPage } from './page-log';

type Size = Readonly<{ width: number; height: number }>;

export const DESKTOP: Size = { width: 1280, height: 800 };
export const PHONE: Size = { width: 390, height: 844 };

export interface BrowserSessionOptions {
  /** Every page's context options; `newPage(options)` overrides them key by key. */
  readonly context?: BrowserContextOptions;
  /** Run on each new context before its page opens, e.g. to seed its local storage. */
  readonly prepareContext?: (context: BrowserContext) => Promise<unknown>;
  /** Uncaught page errors in the test output (on unless false). */
  readonly logPageErrors?: boolean;
  /**
   * Where `shot` writes: `<dir>/<prefix><name>.png`, nothing when `dir` is undefined (e.g. an
   * unset E2E_SCREENSHOTS). By default `/tmp/<session name>-<name>.png`, the full page.
   */
  readonly shots?: {
    readonly dir: string | undefined;
    readonly prefix?: string;
    readonly options?: Omit<PageScreenshotOptions, 'path'>;
  };
}

export interface BrowserSession {
  /** The launched browser, for what `newPage` does not cover (set once `beforeAll` has run). */
  readonly browser: Browser;
  /** The contexts `newPage` opened, in order; closed after the file's tests. */
  readonly contexts: readonly BrowserContext[];
  /**
   * A page in a new context: the session's context options with `options` over them; `prepare`
   * runs on that context after the session's `prepareContext`, before the page opens.
   */
  newPage(
    options?: BrowserContextOptions,
    prepare?: (context: BrowserContext) => Promise<unknown>,
  ): Promise<Page>;
  /** Inside a test: if it fails, each page of each context is saved as `<dir>/<stem>-<k>.png`. */
  screenshotAllOnFailure(stem?: string): void;
  /** The page as `<dir>/<prefix><name>.png`. */
  shot(page: Page, name: string): Promise<void>;
  /**
   * Screenshot and axe at the desktop size, then at 390x844, where nothing may scroll sideways;
   * the session's viewport again afterwards.
   */
  checkDesktopAndPhone(page: Page, name: string): Promise<void>;
}

/** Registers the file's `beforeAll`/`afterAll`: call it at the top level of a test file. */
export function browserSession(name: string, options: BrowserSessionOptions = {}): BrowserSession {
  const contextOptions: BrowserContextOptions = { viewport: DESKTOP, ...options.context };
  const dir = options.shots ? options.shots.dir : '/tmp';
  const prefix = options.shots ? (options.shots.prefix ?? '') : `${name}-`;
  const screenshotOptions = options.shots?.options ?? { fullPage: true };
  const contexts: BrowserContext[] = [];
  let browser: Browser | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  const launched = (): Browser => {
    if (!browser) throw new Error(`${name}: the browser is launched in beforeAll`);
    return browser;
  };

  async function save(page: Page, file: string, where = dir): Promise<void> {
    if (where === undefined) return;
    await page.screenshot({ ...screenshotOptions, path: `${where}/${file}.png` });
  }

  const shot = (page: Page, shotName: string): Promise<void> => save(page, `${prefix}${shotName}`);

  return {
    get browser() {
      return launched();
    },
    contexts,
    async newPage(pageOptions = {}, prepare) {
      const context = await launched().newContext({ ...contextOptions, ...pageOptions });
      contexts.push(context);
      await options.prepareContext?.(context);
      await prepare?.(context);
      const page = await context.newPage();
      if (options.logPageErrors !== false) {
        page.on('pageerror', (err) => console.error('[page error]', err.message));
        // What a blank page leaves behind: a module the server refused or never finished.
        page.on('console', (message) => {
          if (message.type() === 'error') console.error('[page console]', message.text());
        });
        page.on('requestfailed', (request) => {
          // A request given up by the page itself (a navigation, a closed channel) says nothing.
          const reason = request.failure()?.errorText ?? '';
          if (reason !== 'net::ERR_ABORTED')
            console.error('[request failed]', request.url(), reason);
        });
      }
      return page;
    },
    screenshotAllOnFailure(stem = `${prefix}failed`) {
      onTestFailed(async () => {
        let k = 0;
        for (const c of contexts) {
          // A failure's pictures are kept even when the run keeps no others.
          for (const p of c.pages()) {
            const file = `${stem}-${k++}`;
            await reportFailedPage(p, file, `${dir ?? '/tmp'}/${file}.png`);
          }
        }
      });
    },
    shot,
    async checkDesktopAndPhone(page, shotName) {
      await shot(page, shotName);
      await expectNoSeriousViolations(page, shotName);
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(300);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(wide, `${shotName}: the page scrolls sideways on a phone`).toBeLessThanOrEqual(
        PHONE.width,
      );
      await shot(page, `${shotName}-phone`);
      await expectNoSeriousViolations(page, `${shotName} (phone)`);
      await page.setViewportSize(contextOptions.viewport ?? DESKTOP);
    },
  };
}
