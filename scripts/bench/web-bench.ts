/**
 * Web figures of the production build: the gzip JavaScript `/` and the player's play page need to
 * first render (from the build's manifest, scripts/route-bytes.ts), and Lighthouse's mobile
 * performance score, CLS and JavaScript transferred for both, in headless Chromium with the
 * mobile preset and simulated throttling (a mid-range phone on a slow 4G network).
 *
 * The stack runs on the Cloud Firestore emulator (the production SDKs: Auth, Firestore) with the
 * SPA built for production and served by `vite preview` (gzip). The play page is a player's who
 * joined a four-role game whose other roles the computer plays, signed in (anonymously) in the
 * browser profile Lighthouse then uses. Each page is measured `LIGHTHOUSE_RUNS` times (default 3)
 * and the median run is printed: scores on a shared machine vary from run to run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { createAdminPort } from '../../functions/src/data/admin-adapter';
import { freePorts, startLocalStack, type RunningStack } from '../local-stack';
import { describe as describeRoutes, kib, measureBuild } from '../route-bytes';
import { seedBeerGame } from '../seed-beer-game';
import { FIRST_READ_HINTS_KEY } from '../../src/lib/preload/first-read-hints';

const root = resolve(import.meta.dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROLE = 'wholesaler';
const COMPUTER_ROLES = ['retailer', 'distributor', 'factory'];

interface PageFigures {
  readonly score: number;
  readonly cls: number;
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly scriptBytes: number;
  readonly scriptFiles: number;
}

/** A beer game of four roles, the computer playing all but the measured player's. */
async function seedGame(stack: RunningStack, projectId: string): Promise<string> {
  process.env.FIRESTORE_EMULATOR_HOST = stack.firestoreEmulatorHost;
  const app = initializeApp({ projectId }, `web-bench-${Date.now()}`);
  try {
    return await seedBeerGame(createAdminPort(app), {
      name: 'Lighthouse',
      creator: 'bench-instructor',
      roles: 4,
      computer: COMPUTER_ROLES,
      weeks: 20,
    });
  } finally {
    await deleteApp(app);
  }
}

/** Chromium with a profile of its own and a debugging port Lighthouse connects to. */
async function launchProfile(debuggingPort: number): Promise<{
  context: BrowserContext;
  close(): Promise<void>;
}> {
  const profile = mkdtempSync(join(tmpdir(), 'web-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      `--remote-debugging-port=${debuggingPort}`,
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function lighthouseRun(
  url: string,
  debuggingPort: number,
  keepStorage: boolean,
): Promise<PageFigures> {
  // The default configuration is Lighthouse's mobile preset with simulated throttling.
  const result = await lighthouse(url, {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const requests = (lhr.audits['network-requests']?.details as {
    items?: { resourceType?: string; transferSize?: number }[];
  }) ?? { items: [] };
  const scripts = (requests.items ?? []).filter((r) => r.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    scriptBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    scriptFiles: scripts.length,
  };
}

/** The run of the median score. */
function median(runs: readonly PageFigures[]): PageFigures {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)] as PageFigures;
}

/** A phone on a classroom's Wi-Fi, as Lighthouse's mobile preset simulates one. */
const PHONE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const NO_THROTTLING = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

/** Chromium's own throttling as a phone on classroom Wi-Fi, or none. */
async function throttle(cdp: CDPSession, phone: boolean): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone ? 4 : 1 });
  await cdp.send('Network.emulateNetworkConditions', phone ? PHONE_NETWORK : NO_THROTTLING);
}

/**
 * One load of `url` as a phone on classroom Wi-Fi (Chromium's own throttling: CPU four times
 * slower, 150 ms latency, 1.6 Mbit/s) with an empty HTTP cache, after `prepare` ran unthrottled
 * on a blank page: milliseconds from navigation until the element of `testId` is on screen.
 */
async function timedPhoneLoad(
  page: Page,
  cdp: CDPSession,
  url: string,
  testId: string,
  prepare: () => Promise<void> = async () => undefined,
): Promise<number> {
  await throttle(cdp, false);
  await prepare();
  await cdp.send('Network.clearBrowserCache');
  await throttle(cdp, true);
  const start = Date.now();
  await page.goto(url);
  await page.getByTestId(testId).waitFor({ timeout: 60_000 });
  const elapsed = Date.now() - start;
  await throttle(cdp, false);
  return elapsed;
}

/**
 * Milliseconds from navigation to the play page's order field on a phone-like load: with the
 * reads the page remembers from its last load (a returning player), and without them.
 */
async function phoneLoads(
  page: Page,
  cdp: CDPSession,
  webUrl: string,
  playUrl: string,
  loads: number,
): Promise<{ remembered: number[]; forgotten: number[] }> {
  const times = { remembered: [] as number[], forgotten: [] as number[] };
  for (let i = 0; i < loads * 2; i += 1) {
    const forget = i % 2 === 0;
    const elapsed = await timedPhoneLoad(page, cdp, playUrl, `order-${ROLE}-beer`, async () => {
      await page.goto(`${webUrl}/nothing-here`);
      if (forget) await page.evaluate((key) => localStorage.removeItem(key), FIRST_READ_HINTS_KEY);
    });
    (forget ? times.forgotten : times.remembered).push(elapsed);
    // The page's reads are quiet and remembered, and its SDKs loaded, before the next load.
    await page.waitForTimeout(3000);
  }
  return times;
}

/**
 * The home page on a phone-like load: its first paint (the prerendered page) and the app's join
 * field on screen (the prerendered copy has no test ids), in ms from navigation. What a visitor
 * feels, where Lighthouse simulates (decision 0035).
 */
async function homePhoneLoads(
  page: Page,
  cdp: CDPSession,
  homeUrl: string,
  loads: number,
): Promise<{ paint: number[]; usable: number[] }> {
  const times = { paint: [] as number[], usable: [] as number[] };
  for (let i = 0; i < loads; i += 1) {
    times.usable.push(
      await timedPhoneLoad(page, cdp, homeUrl, 'join-code-input', async () => {
        await page.goto('about:blank');
      }),
    );
    times.paint.push(
      Math.round(
        await page.evaluate(
          () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        ),
      ),
    );
  }
  return times;
}

function middle(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(2);
}

function line(name: string, runs: readonly PageFigures[]): string {
  const m = median(runs);
  return (
    `Lighthouse mobile ${name}: performance ${m.score} (runs ${runs.map((r) => r.score).join(', ')}), ` +
    `CLS ${m.cls.toFixed(3)}, LCP ${(m.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(m.tbtMs)} ms, ` +
    // Each run's simulated paints and blocking: the score moves with whichever of them varies.
    `(FCP/LCP/TBT by run: ${runs
      .map((r) => `${seconds(r.fcpMs)}/${seconds(r.lcpMs)}/${Math.round(r.tbtMs)}`)
      .join(', ')}), ` +
    `JS transferred ${kib(m.scriptBytes)} in ${m.scriptFiles} files`
  );
}

export async function benchWeb(): Promise<string[]> {
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);
  const dataDir = mkdtempSync(join(tmpdir(), 'web-bench-stack-'));
  const ports = await freePorts();
  const projectId = `demo-simgames-web-${ports.hub}`;
  const log: string[] = [];
  let stack: RunningStack | undefined;
  try {
    stack = await startLocalStack({
      root,
      dataDir,
      ports,
      projectId,
      backend: 'firestore',
      web: 'preview',
      log: (text) => log.push(text),
    });
    const lines = describeRoutes(measureBuild(join(dataDir, 'web-dist'))).map(
      (text) => `route bytes (Firestore build) ${text}`,
    );

    const home: PageFigures[] = [];
    const play: PageFigures[] = [];
    const gid = await seedGame(stack, projectId);
    const { web: visitorPort, store: playerPort } = await freePorts();
    // A visitor who never signed in (Lighthouse clears the origin's storage before each run).
    const visitor = await launchProfile(visitorPort);
    let homePhone = { paint: [] as number[], usable: [] as number[] };
    try {
      for (let run = 0; run < runs; run += 1) {
        home.push(await lighthouseRun(`${stack.webUrl}/`, visitorPort, false));
      }
      const page = await visitor.context.newPage();
      const cdp = await visitor.context.newCDPSession(page);
      homePhone = await homePhoneLoads(page, cdp, `${stack.webUrl}/`, runs);
      await page.close();
    } finally {
      await visitor.close();
    }
    // The player joins once in this profile; Lighthouse then loads the play page anew, each run.
    const player = await launchProfile(playerPort);
    let phone = { remembered: [] as number[], forgotten: [] as number[] };
    try {
      const page = await player.context.newPage();
      await page.goto(`${stack.webUrl}/game/${gid}`);
      await page.getByTestId(`role-${ROLE}`).click();
      await page.getByTestId('intro-player-name').fill('Lighthouse');
      await page.getByTestId('intro-join').click();
      await page.waitForURL(`**/game/${gid}/play`, { timeout: 60_000 });
      await page.getByTestId(`order-${ROLE}-beer`).waitFor({ timeout: 60_000 });
      // The HTTP cache goes before each run, the sign-in stays: a player's first visit of the day.
      const cdp = await player.context.newCDPSession(page);
      await page.goto('about:blank');
      for (let run = 0; run < runs; run += 1) {
        await cdp.send('Network.clearBrowserCache');
        play.push(await lighthouseRun(`${stack.webUrl}/game/${gid}/play`, playerPort, true));
      }
      phone = await phoneLoads(page, cdp, stack.webUrl, `${stack.webUrl}/game/${gid}/play`, runs);
      await page.close();
    } finally {
      await player.close();
    }
    lines.push(
      line('/', home),
      line('/game/:id/play (player)', play),
      `/ on a phone-like load (150 ms latency, 1.6 Mbit/s, CPU x4): first paint ` +
        `${middle(homePhone.paint)} ms (runs ${homePhone.paint.join(', ')}), join field ` +
        `${middle(homePhone.usable)} ms (runs ${homePhone.usable.join(', ')})`,
      `play page on a phone-like load (150 ms latency, 1.6 Mbit/s, CPU x4), navigation to the ` +
        `order field: ${middle(phone.remembered)} ms with the reads the page remembers ` +
        `(runs ${phone.remembered.join(', ')}), ${middle(phone.forgotten)} ms without ` +
        `(runs ${phone.forgotten.join(', ')})`,
      // Lighthouse scales the main thread's observed times: a busy machine lowers the scores.
      `load average during the Lighthouse runs: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')} on ${availableParallelism()} cores`,
    );
    return lines;
  } catch (err) {
    console.error(log.slice(-40).join('\n'));
    throw err;
  } finally {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
