/**
 * The week turn as players see it: three Chromium browsers, each a player of one beer game whose
 * fourth role the computer plays, on the production build (`vite preview`) of the local stack.
 * Measured from the last player's click on Send to every page showing the next week. The times
 * are taken in the pages (`performance.timeOrigin + performance.now()`, so the three browsers'
 * clocks agree): a capturing click listener for the click, a MutationObserver on the week shown
 * for the arrival, installed before the app loads.
 *
 * Two paces: back to back (each player orders as soon as the week shows) and classroom pace
 * (every player idle for more than 5 s before ordering, so what a connection or a preflight
 * cache keeps for a few seconds has expired).
 */
import type { Browser, Page } from 'playwright-core';
import { LocalStoreClient } from '@sim/store/client/local-client';
import { nodeSocketFactory } from '@sim/store/client/node-socket';
import { launchBrowser } from '../../tests/e2e/browser';
import type { RunningStack } from '../local-stack';
import { seedBeerGame } from '../seed-beer-game';
import { percentile } from './beer-play-bench';

const PLAYERS = ['retailer', 'wholesaler', 'distributor'] as const;
const COMPUTER = 'factory';
/** Idle time before ordering at classroom pace. */
const CLASSROOM_IDLE_MS = 5500;

export interface WeekTurnOptions {
  readonly backToBackWeeks?: number;
  readonly classroomWeeks?: number;
}

export interface WeekTurnResult {
  readonly lines: string[];
  readonly backToBack: readonly number[];
  readonly classroom: readonly number[];
}

interface BenchWindow {
  __weekTurn: { seen: Record<number, number>; clicks: number[] };
}

/**
 * Runs in each page before the app: records the Send clicks and when each week first shows. A
 * string, so the TypeScript runner's helpers (which the page lacks) stay out of it.
 */
const RECORD_WEEK_TURNS = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  const record = { seen: {}, clicks: [] };
  window.__weekTurn = record;
  document.addEventListener('click', (event) => {
    const target = event.target;
    if (target instanceof Element && target.closest('[data-testid="order-submit"]')) {
      record.clicks.push(now());
    }
  }, true);
  const check = () => {
    const chip = document.querySelector('[data-testid="week-chip"]');
    const week = Number((/\\d+/.exec(chip ? chip.textContent || '' : '') || [NaN])[0]);
    if (Number.isInteger(week) && !(week in record.seen)) record.seen[week] = now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

async function seedGame(stack: RunningStack, weeks: number): Promise<string> {
  if (!stack.storeUrl || !stack.serviceSecret)
    throw new Error('the week turn runs on the local store');
  const service = new LocalStoreClient({
    url: stack.storeUrl,
    credentials: { kind: 'service', secret: stack.serviceSecret },
    socketFactory: nodeSocketFactory,
  });
  try {
    return await seedBeerGame(service, {
      name: 'Week turn',
      creator: 'bench-instructor',
      roles: 4,
      computer: [COMPUTER],
      weeks,
    });
  } finally {
    service.close();
  }
}

async function join(browser: Browser, webUrl: string, gid: string, role: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(RECORD_WEEK_TURNS);
  const page = await context.newPage();
  await page.goto(`${webUrl}/game/${gid}`);
  await page.getByTestId(`role-${role}`).click({ timeout: 60_000 });
  await page.getByTestId('intro-player-name').fill(`Player ${role}`);
  await page.getByTestId('intro-join').click();
  await page.waitForURL(`**/game/${gid}/play`, { timeout: 60_000 });
  await page.getByTestId(`order-${role}-beer`).waitFor({ timeout: 60_000 });
  return page;
}

const shows = (page: Page, week: number): Promise<unknown> =>
  page.waitForFunction((w) => w in (window as unknown as BenchWindow).__weekTurn.seen, week, {
    timeout: 60_000,
  });

/** One week: every player orders, the last click to every page showing the next week (ms). */
async function playWeek(
  pages: readonly { role: string; page: Page }[],
  week: number,
  idleMs: number,
): Promise<number> {
  await Promise.all(pages.map(({ page }) => shows(page, week)));
  if (idleMs > 0) await new Promise((resolve) => setTimeout(resolve, idleMs));
  let lastClick = NaN;
  for (const [i, { role, page }] of pages.entries()) {
    await page.getByTestId(`order-${role}-beer`).fill(String(4 + ((week + i) % 5)));
    await page.getByTestId('order-submit').click();
    if (i < pages.length - 1) {
      // The others' orders are in before the last player clicks.
      await page.getByTestId('play-waiting').waitFor({ timeout: 60_000 });
    } else {
      lastClick = await page.evaluate(() => {
        const clicks = (window as unknown as BenchWindow).__weekTurn.clicks;
        return clicks[clicks.length - 1] ?? NaN;
      });
    }
  }
  await Promise.all(pages.map(({ page }) => shows(page, week + 1)));
  const arrivals = await Promise.all(
    pages.map(({ page }) =>
      page.evaluate((w) => (window as unknown as BenchWindow).__weekTurn.seen[w] ?? NaN, week + 1),
    ),
  );
  return Math.max(...arrivals) - lastClick;
}

function figures(name: string, delays: readonly number[]): string {
  const sorted = [...delays].sort((a, b) => a - b);
  return (
    `week turn in browsers, ${name}: p50 ${percentile(sorted, 50).toFixed(0)} ms, ` +
    `p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(0)} ms ` +
    `(${sorted.length} weeks; goal p95 <= 80 ms)`
  );
}

export async function benchWeekTurn(
  stack: RunningStack,
  options: WeekTurnOptions = {},
): Promise<WeekTurnResult> {
  const backToBackWeeks = options.backToBackWeeks ?? 20;
  const classroomWeeks = options.classroomWeeks ?? 8;
  const gid = await seedGame(stack, backToBackWeeks + classroomWeeks + 2);
  // One browser per player, as three phones would be.
  const browsers = await Promise.all(PLAYERS.map(() => launchBrowser()));
  try {
    const pages: { role: string; page: Page }[] = [];
    for (const [i, role] of PLAYERS.entries()) {
      pages.push({ role, page: await join(browsers[i] as Browser, stack.webUrl, gid, role) });
    }
    // A first week unmeasured: the pages' lazy chunks and connections are warm.
    await playWeek(pages, 1, 0);
    const backToBack: number[] = [];
    for (let week = 2; week < 2 + backToBackWeeks; week += 1) {
      backToBack.push(await playWeek(pages, week, 0));
    }
    const classroom: number[] = [];
    for (let week = 2 + backToBackWeeks; week < 2 + backToBackWeeks + classroomWeeks; week += 1) {
      classroom.push(await playWeek(pages, week, CLASSROOM_IDLE_MS));
    }
    return {
      backToBack,
      classroom,
      lines: [
        figures('back to back', backToBack),
        figures(`classroom pace (idle ${CLASSROOM_IDLE_MS / 1000} s)`, classroom),
      ],
    };
  } finally {
    await Promise.all(browsers.map((browser) => browser.close()));
  }
}
