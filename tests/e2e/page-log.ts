/**
 * What a page was waiting for when a test failed: its requests still in flight, the last frames
 * on its sockets and its last console lines, each with its age. A page that ignored a click and a
 * page waiting on a request that never came back look alike in a picture; this tells them apart.
 */
import { appendFileSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';

const KEPT = 8;
const SHOWN_CHARS = 160;

interface PageLog {
  readonly inFlight: Map<Request, number>;
  readonly frames: string[];
  readonly console: string[];
}

const logs = new WeakMap<Page, PageLog>();

function keep(list: string[], line: string): void {
  list.push(line);
  if (list.length > KEPT) list.shift();
}

function stamp(text: string): string {
  return `${Date.now()} ${text.slice(0, SHOWN_CHARS)}`;
}

/** Starts recording a page; `launchBrowser` does it for every page it opens. */
export function watchPage(page: Page): void {
  if (logs.has(page)) return;
  const log: PageLog = { inFlight: new Map(), frames: [], console: [] };
  logs.set(page, log);
  page.on('request', (request) => log.inFlight.set(request, Date.now()));
  page.on('requestfinished', (request) => log.inFlight.delete(request));
  page.on('requestfailed', (request) => log.inFlight.delete(request));
  page.on('console', (message) => keep(log.console, stamp(`${message.type()}: ${message.text()}`)));
  page.on('websocket', (socket) => {
    const where = new URL(socket.url()).pathname;
    socket.on('framesent', (frame) =>
      keep(log.frames, stamp(`${where} sent ${String(frame.payload)}`)),
    );
    socket.on('framereceived', (frame) =>
      keep(log.frames, stamp(`${where} got ${String(frame.payload)}`)),
    );
    socket.on('close', () => keep(log.frames, stamp(`${where} closed`)));
  });
}

/** A stamped line as `<age> ms ago: <text>`. */
function ago(line: string, now: number): string {
  const space = line.indexOf(' ');
  return `${now - Number(line.slice(0, space))} ms ago: ${line.slice(space + 1)}`;
}

/** The few lines of the report that say most: requests waiting over a second, the last frames. */
function briefly(page: Page): string[] {
  const log = logs.get(page);
  if (!log) return [];
  const now = Date.now();
  const waiting = [...log.inFlight]
    .filter(([, at]) => now - at > 1000)
    .map(
      ([request, at]) =>
        `  waiting ${now - at} ms: ${request.method()} ${request.url().slice(0, 120)}`,
    );
  const frames = log.frames.slice(-3).map((line) => `  socket ${ago(line, now).slice(0, 120)}`);
  return [...waiting.slice(0, 4), ...frames];
}

/** The page's recorded state as log lines, ages in ms before now. */
export function pageReport(page: Page): string[] {
  const log = logs.get(page);
  if (!log) return ['not recorded'];
  const now = Date.now();
  const age = (line: string): string => ago(line, now);
  const lines = [...log.inFlight].map(
    ([request, at]) => `in flight for ${now - at} ms: ${request.method()} ${request.url()}`,
  );
  if (lines.length === 0) lines.push('no request in flight');
  for (const frame of log.frames) lines.push(`socket ${age(frame)}`);
  for (const message of log.console) lines.push(`console ${age(message)}`);
  return lines;
}

/**
 * Whether a page's script still runs: a page stuck in a task that never ends looks like one that
 * ignored a click. Asked before any picture, which waits for a frame a stuck page never draws.
 */
export function scriptAnswers(page: Page): Promise<string> {
  return Promise.race([
    page
      .evaluate(() => document.readyState)
      .then(
        () => 'its script answers',
        () => 'its script failed to answer',
      ),
    new Promise<string>((resolve) =>
      setTimeout(() => resolve('its script did not answer within 5 s'), 5000),
    ),
  ]);
}

/**
 * A failed test's page in the log, then its picture at `path` (kept even when the run keeps no
 * others): its address, whether its script answers and what it was waiting for.
 */
export async function reportFailedPage(page: Page, label: string, path: string): Promise<void> {
  const lines = [`${page.url()}: ${await scriptAnswers(page)}`, ...pageReport(page)];
  console.error(lines.map((line) => `[${label}] ${line}`).join('\n'));
  // The gate prints this short form after its summary (scripts/test.ts): what a CI log keeps.
  const gateLog = process.env['E2E_FAILED_PAGES'];
  if (gateLog)
    appendFileSync(gateLog, `${[`[${label}] ${lines[0]}`, ...briefly(page)].join('\n')}\n`);
  await page.screenshot({ path, fullPage: true }).catch(() => undefined);
}
