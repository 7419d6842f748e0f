/**
 * Classroom mode from a second machine: a network namespace joined to this host by a veth pair
 * on a private /30 stands in for a player's phone on the school Wi-Fi. The stack runs in LAN
 * mode bound to the host side's address only, on the local store and, when the emulator is
 * installed, on the Cloud Firestore emulator; Chromium runs inside the namespace, where
 * 127.0.0.1 is the namespace's own loopback and the host is reachable only at that address. The
 * player opens the game, joins anonymously (Auth emulator, a callable), reads its facility and
 * orders (the store's WebSocket, the functions), and every request it makes goes to the host's
 * LAN address. The instructor's dashboard shows the address and its QR code; screens of the
 * panel are saved to /tmp/lan-panel-*.png.
 *
 * Needs root for `ip netns`; without it, one line says so and the test is skipped. Traffic goes
 * only to the /30's two addresses and loopback.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildBeerGameDocs, chainConfig } from '@sim/core/beer/game-docs';
import { findFirestoreEmulator } from '../../scripts/firestore-emulator';
import {
  freePorts,
  startLocalStack,
  type RunningStack,
  type StackBackend,
} from '../../scripts/local-stack';
import { writeBeerGame } from '../../scripts/seed-beer-game';
import { CHROMIUM_PATH, launchBrowser } from './browser';
import { serviceClientOf, signUpInstructor } from './stack-helpers';

// Made by the e2e global setup before any browser started (phone-network.ts says why).
const network = inject('phoneNetwork');
const { unavailable, namespace: NS, hostIp: HOST_IP } = network;
if (unavailable) console.log(`LAN test not run: ip netns is not permitted here (${unavailable})`);

const emulator = findFirestoreEmulator();
if ('missing' in emulator) console.log(`LAN test on Firestore not run: ${emulator.missing}`);
const BACKENDS: StackBackend[] = [
  'local',
  ...('missing' in emulator ? [] : ['firestore' as const]),
];

let wrapperDir: string | undefined;
let hostBrowser: Browser | undefined;
let phoneBrowser: Browser | undefined;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (unavailable) return;
  hostBrowser = await launchBrowser();
  // Playwright talks to Chromium over pipes, which cross `ip netns exec`; the browser's network
  // is the namespace's.
  wrapperDir = mkdtempSync(join(tmpdir(), 'simgames-lan-chromium-'));
  const wrapper = join(wrapperDir, 'chromium-in-netns');
  writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec ${NS} ${CHROMIUM_PATH} "$@"\n`);
  chmodSync(wrapper, 0o755);
  phoneBrowser = await chromium.launch({
    executablePath: wrapper,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
});

/**
 * Whatever happened, keeps a picture of every open page, then closes them: a page left open after
 * its stack stopped would keep trying to reconnect to it while the next backend's test runs.
 */
async function closePages(label: string): Promise<void> {
  let k = 0;
  for (const c of contexts.splice(0)) {
    for (const p of c.pages()) {
      await p.screenshot({ path: `/tmp/lan-last-${label}-${k++}.png` }).catch(() => undefined);
    }
    await c.close().catch(() => undefined);
  }
}

afterAll(async () => {
  await closePages('left');
  await phoneBrowser?.close().catch(() => undefined);
  await hostBrowser?.close().catch(() => undefined);
  if (wrapperDir) rmSync(wrapperDir, { recursive: true, force: true });
});

/** The stack in LAN mode, bound to the host side of the pair only, for one describe block. */
function useLanStack(backend: StackBackend): () => RunningStack & { projectId: string } {
  let stack: (RunningStack & { projectId: string }) | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), `simgames-lan-${backend}-`));
    const ports = await freePorts();
    const projectId = `demo-simgames-lan-${ports.hub}`;
    const lines: string[] = [];
    try {
      const running = await startLocalStack({
        root: resolve(import.meta.dirname, '../..'),
        dataDir,
        ports,
        projectId,
        backend,
        web: 'preview',
        lan: { bindHost: HOST_IP, address: HOST_IP },
        log: (line) => {
          lines.push(line);
          if (process.env.E2E_VERBOSE) console.log(line);
        },
      });
      stack = Object.assign(running, { projectId });
    } catch (err) {
      console.error(lines.slice(-40).join('\n'));
      throw err;
    }
  }, 240_000);
  afterAll(async () => {
    await closePages(backend);
    await stack?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!stack) throw new Error('the LAN stack did not start');
    return stack;
  };
}

async function newPage(browser: Browser, viewport = { width: 1400, height: 1000 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('[page error]', err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') console.error('[console]', msg.text());
  });
  return page;
}

describe.skipIf(unavailable !== '').each(BACKENDS)(
  'classroom mode on the LAN, on %s',
  (backend) => {
    const lanStack = useLanStack(backend);
    it('a phone on another host joins and plays through the LAN address only', async () => {
      const running = lanStack();
      const lanUrl = running.lanUrl ?? '';
      expect(lanUrl).toBe(`http://${HOST_IP}:${new URL(running.webUrl).port}`);
      // Nothing the browser reaches listens on loopback: the stack is bound to the LAN address.
      await expect(fetch(`http://127.0.0.1:${new URL(running.webUrl).port}/`)).rejects.toThrow();

      const service = serviceClientOf({
        backend,
        storeUrl: running.storeUrl ?? '',
        serviceSecret: running.serviceSecret ?? '',
        firestoreEmulatorHost: running.firestoreEmulatorHost ?? '',
        projectId: running.projectId,
      });

      // ---- the instructor, on the host: an account, a profile, a game
      const email = `lan${Date.now()}@school.example`;
      const password = 'correct-horse-9';
      const teacherUid = await signUpInstructor(email, password, running.authEmulatorHost);
      await service.docs.set(`users/${teacherUid}`, {
        firstname: 'Mary',
        lastname: 'Somerville',
        name: 'Mary Somerville',
        email,
        profileType: 'teacher',
      });
      const gid = service.docs.newId();
      const docs = buildBeerGameDocs({
        gid,
        creator: teacherUid,
        creatorName: 'Mary Somerville',
        name: 'Wi-Fi class',
        template: { config: chainConfig({ count: 2, weeks: 3 }) },
        now: Date.now(),
      });
      await writeBeerGame(service, docs);
      const role = Object.keys(docs.facilities)[0] ?? '';

      const teacher = await newPage(hostBrowser as Browser);
      await teacher.goto(`${lanUrl}/login`);
      await teacher.getByLabel(/email/i).fill(email);
      await teacher
        .getByLabel(/password/i)
        .first()
        .fill(password);
      await teacher.getByRole('button', { name: /log in/i }).click();
      await teacher.waitForURL('**/dashboard/**', { timeout: 20_000 });

      // ---- the panel: the address and a QR code of exactly that address
      const panel = teacher.getByTestId('lan-panel');
      await panel.getByText('Classroom network').waitFor({ timeout: 40_000 });
      expect(await panel.getByTestId('lan-url').textContent()).toBe(lanUrl);
      const qr = panel.getByTestId('lan-qr');
      await qr.waitFor();
      const svg = await QRCode.toString(lanUrl, {
        type: 'svg',
        margin: 1,
        errorCorrectionLevel: 'M',
      });
      expect(await qr.getAttribute('src')).toBe(
        `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
      );
      expect(await qr.getAttribute('alt')).toBe(`QR code of ${lanUrl}`);
      await teacher.screenshot({ path: `/tmp/lan-panel-desktop-${backend}.png` });
      await teacher.setViewportSize({ width: 390, height: 844 });
      await teacher.waitForTimeout(300);
      await teacher.screenshot({ path: `/tmp/lan-panel-phone-${backend}.png` });
      await panel.getByTestId('lan-enlarge').click();
      await teacher.getByTestId('lan-url-large').waitFor();
      await teacher.waitForTimeout(300);
      await teacher.screenshot({ path: `/tmp/lan-panel-phone-large-${backend}.png` });
      await teacher.getByRole('button', { name: 'Close' }).click();
      await teacher.setViewportSize({ width: 1400, height: 1000 });
      await teacher.goto(`${lanUrl}/game/${gid}/play`);
      await teacher.getByTestId('follow-table').waitFor({ timeout: 20_000 });

      // ---- the phone, in the namespace: 127.0.0.1 there is its own loopback
      const phone = await newPage(phoneBrowser as Browser, { width: 390, height: 844 });
      const hosts = new Set<string>();
      phone.on('request', (req) => hosts.add(new URL(req.url()).hostname));
      await phone.goto(`${lanUrl}/game/${gid}`);
      await phone.getByTestId(`role-${role}`).click();
      await phone.getByTestId('intro-player-name').fill('Phone player');
      await phone.getByTestId('intro-join').click();
      await phone.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });
      const order = phone.getByTestId(`order-${role}-beer`);
      await order.waitFor({ timeout: 20_000 });
      await phone.getByTestId('week-chip').getByText('Week 1 of 3').waitFor({ timeout: 20_000 });
      await phone.screenshot({ path: `/tmp/lan-phone-play-${backend}.png` });

      // The instructor on the host sees the phone's player arrive.
      await teacher
        .getByTestId(`follow-row-${role}`)
        .getByText('Phone player')
        .waitFor({ timeout: 20_000 });

      // The only human validates: the week turns (the callable), and the phone hears it (the store).
      await order.fill('6');
      await phone.getByTestId('order-submit').click();
      await phone.getByTestId('week-chip').getByText('Week 2 of 3').waitFor({ timeout: 30_000 });

      const game = (await service.docs.get(`games/${gid}`)).data;
      const playerUid = (game?.['facilities'] as Record<string, { user?: string }>)[role]?.user;
      expect(playerUid).toMatch(/\S/);
      // The phone stored its restore key's hash although the page is not a secure context.
      await expect
        .poll(
          async () =>
            (await service.docs.get(`users/${playerUid ?? ''}`)).data?.['restoreKeyHash'] ?? null,
          { timeout: 10_000 },
        )
        .toMatch(/^[0-9a-f]{64}$/);
      expect([...hosts]).toEqual([HOST_IP]);
      service.close();
    }, 240_000);
  },
);
