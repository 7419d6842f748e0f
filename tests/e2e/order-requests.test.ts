/**
 * A player's order in the browser, through the real local stack (decision 0026): one request
 * (`POST /api/placeOrder` on the page's own origin, proxied to the Functions emulator as Hosting
 * rewrites it in production), no CORS preflight (Chromium sends those itself; the DevTools
 * protocol sees them) and no write of the page's own to the store; when the other player's order
 * turns the week, the first player's page renders once and its navbar not at all (the build
 * for the tests counts their commits on `window.__commits`). Two players, one at 1280×800 and one on a phone
 * (390×844); axe on both. Screens are saved to /tmp/order-requests-*.png.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { browserSession, PHONE } from './browser-session';
import { seriousViolations } from './axe';
import { seedBeerGame } from '../../scripts/seed-beer-game';
import { serviceClient, type ServiceClient } from './stack-helpers';

const stack = inject('stack');

const session = browserSession('order-requests');
let service: ServiceClient;

beforeAll(() => {
  service = serviceClient();
});

afterAll(() => {
  service?.close();
});

function newPage(phone: boolean): Promise<Page> {
  return session.newPage(
    phone ? { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : {},
  );
}

/** A published two-role game (retailer, factory), both roles for people. */
function seedGame(): Promise<string> {
  return seedBeerGame(service, {
    name: 'One request per order',
    creator: 'instructor-requests',
    roles: 2,
  });
}

async function join(page: Page, gid: string, role: string, name: string): Promise<void> {
  await page.goto(`${stack.webUrl}/game/${gid}`);
  await page.getByTestId(`role-${role}`).click();
  await page.getByTestId('intro-player-name').fill(name);
  await page.getByTestId('intro-join').click();
  await page.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });
  await page.getByTestId(`order-${role}-beer`).waitFor({ timeout: 20_000 });
}

/** The commits so far in which a part of the page rendered (development builds count them). */
function commits(
  page: Page,
  part: 'beer-play' | 'navbar' | 'page-frame' | 'game-page' = 'beer-play',
): Promise<number> {
  return page.evaluate(
    (name) => (window as Window & { __commits?: Record<string, number> }).__commits?.[name] ?? 0,
    part,
  );
}

describe('an order in the browser', () => {
  it('is one same-origin request without a preflight, and the week turn renders the page once', async () => {
    const gid = await seedGame();
    const ann = await newPage(false);
    const ben = await newPage(true);
    await join(ann, gid, 'retailer', 'Ann');
    await join(ben, gid, 'factory', 'Ben');

    // ---- Ann orders: every request her page sends meanwhile is recorded
    const sent: Request[] = [];
    const record = (r: Request) => sent.push(r);
    ann.on('request', record);
    // The store's WebSocket was opened before: its frames are read through the DevTools protocol.
    const framesSent: string[] = [];
    const cdp = await ann.context().newCDPSession(ann);
    await cdp.send('Network.enable');
    cdp.on('Network.webSocketFrameSent', (e) => framesSent.push(e.response.payloadData));
    // Chromium sends a CORS preflight itself: only the DevTools protocol reports it.
    const seenByBrowser: { method: string; url: string }[] = [];
    cdp.on('Network.requestWillBeSent', (e) => seenByBrowser.push(e.request));
    await ann.getByTestId('order-retailer-beer').fill('6');
    await ann.getByTestId('order-submit').click();
    await ann
      .getByTestId('play-waiting')
      .getByText(/Waiting for: Factory/)
      .waitFor({ timeout: 20_000 });
    // The answer has come back (the form waits for it): nothing else is on its way.
    await ann.waitForTimeout(500);
    // A still page while she waits, which may take minutes: nothing keeps the phone drawing.
    await expect(
      ann.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length),
    ).resolves.toBe(0);
    ann.off('request', record);
    await cdp.detach();
    const calls = sent.filter((r) => /\/api\/|cloudfunctions|:\d+\/demo-/.test(r.url()));
    expect(calls.map((r) => `${r.method()} ${new URL(r.url()).pathname}`)).toEqual([
      'POST /api/placeOrder',
    ]);
    expect(new URL(calls[0]!.url()).origin).toBe(new URL(stack.webUrl).origin);
    expect(seenByBrowser.filter((r) => r.method === 'OPTIONS')).toEqual([]);
    expect(seenByBrowser.filter((r) => r.url.includes('/api/')).map((r) => r.method)).toEqual([
      'POST',
    ]);
    // Nor does the page write the order to the store itself any more.
    expect(framesSent.filter((f) => f.includes('"commit"'))).toEqual([]);
    const order = (await service.docs.get(`games/${gid}/orders/retailer_retailer-beer_1`)).data;
    expect(order).toMatchObject({ orderQty: 6, week: 1 });

    // ---- Ben's order turns the week: Ann's page shows week 2 in one render, and the navbar and
    // the page's frame around the game, which show nothing of the week, not at all
    await ann.waitForTimeout(500);
    const before = await commits(ann);
    expect(before).toBeGreaterThan(0);
    const navbarBefore = await commits(ann, 'navbar');
    expect(navbarBefore).toBeGreaterThan(0);
    const frameBefore = await commits(ann, 'page-frame');
    expect(frameBefore).toBeGreaterThan(0);
    await ben.getByTestId('order-factory-beer').fill('4');
    await ben.getByTestId('order-submit').click();
    await ann
      .getByTestId('week-chip')
      .getByText(/^Week 2\b/)
      .waitFor({ timeout: 30_000 });
    // Both documents of the turn have arrived (the new week's order field is open).
    await ann.getByTestId('order-submit').waitFor();
    await ann.waitForTimeout(1500);
    expect((await commits(ann)) - before).toBe(1);
    expect(await commits(ann, 'navbar')).toBe(navbarBefore);
    expect(await commits(ann, 'page-frame')).toBe(frameBefore);
    await ben
      .getByTestId('week-chip')
      .getByText(/^Week 2\b/)
      .waitFor({ timeout: 30_000 });

    // ---- the phone after ordering again: nothing sideways; axe on both screens
    await ben.getByTestId('order-factory-beer').fill('5');
    await ben.getByTestId('order-submit').click();
    await ben.getByTestId('play-waiting').waitFor({ timeout: 20_000 });
    expect(await ben.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    // The week's figures: side by side on the phone, a table on the wide screen.
    await expect(ben.getByTestId('play-this-week').locator('table').count()).resolves.toBe(0);
    await expect(ben.getByTestId('play-incoming-beer').textContent()).resolves.toBe('6');
    await expect(ann.getByTestId('play-this-week').locator('table').count()).resolves.toBe(1);
    await session.shot(ben, 'phone');
    await session.shot(ann, 'desktop');
    expect(await seriousViolations(ben)).toEqual([]);
    expect(await seriousViolations(ann)).toEqual([]);

    // ---- Ann comes back: her page renders with the game, then with her facility, and the game's
    // messages, none here, render it no more
    await ann.reload();
    await ann.getByTestId('order-retailer-beer').waitFor({ timeout: 30_000 });
    await ann.waitForTimeout(1500);
    expect(await commits(ann)).toBeLessThanOrEqual(2);

    // ---- her profile changes while she plays. Its player name, which the navbar shows only
    // for a role without one, renders nothing; then her first name, which the navbar shows,
    // renders the navbar once, and still not the game page or the page's frame
    const annUid = (
      (await service.docs.get(`games/${gid}`)).data?.['facilities'] as Record<
        string,
        { user?: string }
      >
    )['retailer']?.user;
    expect(annUid).toBeTruthy();
    const navbarThen = await commits(ann, 'navbar');
    const gamePageThen = await commits(ann, 'game-page');
    expect(gamePageThen).toBeGreaterThan(0);
    const frameThen = await commits(ann, 'page-frame');
    await service.docs.update(`users/${annUid ?? ''}`, { playerName: 'Ann P.' });
    await ann.waitForTimeout(1000);
    await service.docs.update(`users/${annUid ?? ''}`, { firstname: 'Annie' });
    await expect
      .poll(() => commits(ann, 'navbar'), { timeout: 20_000 })
      .toBeGreaterThan(navbarThen);
    await ann.getByText(/Annie/).first().waitFor();
    await ann.waitForTimeout(500);
    expect(await commits(ann, 'navbar')).toBe(navbarThen + 1);
    expect(await commits(ann, 'game-page')).toBe(gamePageThen);
    expect(await commits(ann, 'page-frame')).toBe(frameThen);
  });
});
