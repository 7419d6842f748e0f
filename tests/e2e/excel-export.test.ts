/**
 * The results workbook in real browsers on the local stack: a signed-up instructor's twelve-week
 * beer game (long enough that the backend stores its state gzipped, decision 0037), played by a player on a phone (the computer plays the other roles, so each order
 * turns the week); once it is over the instructor clicks Download Excel on the results page
 * (desktop) and the player on the phone. Each download is caught (playwright's download event),
 * opened with exceljs, and its figures compared with what the results page shows; the button
 * comes back once the file is saved; axe on the results page with the button. The game then becomes
 * round 1 of the instructor's session, whose workbook ranks it with the cost its results page
 * shows. Screens are saved to /tmp/excel-export-*.png.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildBeerGameDocs, defaultBeerTemplate } from '@sim/core/beer/game-docs';
import { sessionTemplateById } from '@sim/core/templates/session-templates';
import { sessionFromTemplate } from '../../src/features/sessions/session-model';
import { numberFormatter } from '../../src/lib/i18n/format-number';
import { writeBeerGame } from '../../scripts/seed-beer-game';
import { expectNoSeriousViolations } from './axe';
import { browserSession, DESKTOP, PHONE } from './browser-session';
import { instructorOnDashboard, serviceClient, type ServiceClient } from './stack-helpers';

const stack = inject('stack');
const ROLE = 'retailer';
const COMPUTER_ROLES = ['wholesaler', 'distributor', 'factory'];
const WEEKS = 12;

const web = browserSession('excel-export', {
  context: { viewport: DESKTOP, deviceScaleFactor: 1, acceptDownloads: true },
});
let service: ServiceClient;

beforeAll(() => {
  service = serviceClient();
});

afterAll(() => {
  service?.close();
});

function newPage(phone: boolean): Promise<Page> {
  return web.newPage(phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : {});
}

/** The instructor's game: the computer on every role but the player's, `WEEKS` weeks. */
async function seedGame(creator: string, name: string): Promise<string> {
  const gid = service.docs.newId();
  const template = structuredClone(defaultBeerTemplate(4));
  template.config.params.weeks = WEEKS;
  const docs = buildBeerGameDocs({
    gid,
    creator,
    creatorName: 'Ada Lovelace',
    name,
    template,
    now: Date.now(),
    draft: false,
  });
  await writeBeerGame(service, docs, COMPUTER_ROLES);
  return gid;
}

/** Clicks Download Excel, waits for the file, and opens it. */
async function download(page: Page): Promise<{ book: ExcelJS.Workbook; name: string }> {
  const button = page.getByTestId('download-excel');
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    button.click(),
  ]);
  const path = await file.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  // Enabled again once the file is saved.
  await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true);
  return { book, name: file.suggestedFilename() };
}

function summaryValue(ws: ExcelJS.Worksheet, key: string): unknown {
  for (let r = 2; r <= ws.rowCount; r++) {
    if (ws.getRow(r).getCell(1).value === key) return ws.getRow(r).getCell(2).value;
  }
  return undefined;
}

describe('Excel export of a finished beer game', () => {
  it('downloads the workbook on the results page, its figures those shown', async () => {
    const teacher = await newPage(false);
    const creator = await instructorOnDashboard(
      teacher,
      service,
      stack.webUrl,
      `ada-${Date.now()}@school.edu`,
    );
    const gid = await seedGame(creator, 'Excel class');

    // ---- the player plays the weeks on a phone
    const player = await newPage(true);
    await player.goto(`${stack.webUrl}/game/${gid}`);
    await player.getByTestId(`role-${ROLE}`).click();
    await player.getByTestId('intro-player-name').fill('Grace');
    await player.getByTestId('intro-join').click();
    await player.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });
    for (let week = 1; week <= WEEKS; week++) {
      await player
        .getByTestId('week-chip')
        .getByText(`Week ${week} of ${WEEKS}`)
        .waitFor({ timeout: 30_000 });
      await player.getByTestId(`order-${ROLE}-beer`).fill(String(4 + week));
      await player.getByTestId('order-submit').click();
    }
    await expect
      .poll(async () => (await service.docs.get(`games/${gid}`)).data?.finished, {
        timeout: 30_000,
      })
      .toBe(true);
    // The results page and the workbook below read the state the backend stored gzipped.
    expect((await service.docs.get(`games/${gid}/private/state`)).data?.format).toBe('gzip');

    // ---- the instructor's results page, desktop
    await teacher.goto(`${stack.webUrl}/game/${gid}/results`);
    const retailerCost = teacher.getByTestId(`individual-cost-${ROLE}`);
    await retailerCost.waitFor({ timeout: 30_000 });
    const button = teacher.getByTestId('download-excel');
    expect(await button.textContent()).toBe('Download Excel');
    await web.shot(teacher, 'results-desktop');
    await expectNoSeriousViolations(teacher, 'results page with Download Excel');

    const { book, name } = await download(teacher);
    expect(name).toBe('Excel class.xlsx');
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Players',
      'Weekly',
      'Orders',
      'Lead times',
      'Debrief answers',
    ]);
    const players = book.getWorksheet('Players')!;
    const fmt = numberFormatter('en');
    const rows = await teacher.getByTestId('individual-table').locator('tbody tr').count();
    expect(players.rowCount).toBe(rows + 1);
    for (let i = 0; i < rows; i++) {
      const row = teacher.getByTestId('individual-table').locator('tbody tr').nth(i);
      const shown = await row.locator('td').nth(1).textContent();
      const cost = players.getRow(i + 2).getCell(4).value;
      expect(typeof cost).toBe('number');
      expect(fmt(cost as number)).toBe(shown);
    }
    expect(players.getRow(2).getCell(3).value).toBe('Grace');
    expect(players.getRow(3).getCell(3).value).toBe('Computer');
    expect(book.getWorksheet('Weekly')!.rowCount).toBe(WEEKS * 4 + 1);
    const summary = book.getWorksheet('Summary')!;
    expect(summaryValue(summary, 'Weeks played')).toBe(WEEKS);
    expect(summaryValue(summary, 'Finished')).toBe(true);
    // The player's own orders, week by week.
    const orders = book.getWorksheet('Orders')!;
    const placed = [1, 2, 3].map((w) => orders.getRow(2 + (w - 1) * 4).getCell(6).value);
    expect(placed).toEqual([5, 6, 7]);

    // ---- the player downloads too, on the phone, once the game is over
    await player.goto(`${stack.webUrl}/game/${gid}/results`);
    await player.getByTestId(`individual-cost-${ROLE}`).waitFor({ timeout: 30_000 });
    expect(await player.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await web.shot(player, 'results-phone');
    const mine = await download(player);
    const shownOnPhone = await player.getByTestId(`individual-cost-${ROLE}`).textContent();
    expect(fmt(mine.book.getWorksheet('Players')!.getRow(2).getCell(4).value as number)).toBe(
      shownOnPhone,
    );

    // ---- the game as round 1 of the instructor's session: the session's workbook
    const sid = `excel-${Date.now()}`;
    const template = sessionTemplateById('s-beer-classic');
    if (!template) throw new Error('missing session template');
    await service.docs.set(`sessions/${sid}`, {
      ...sessionFromTemplate(template, {
        creator,
        creatorName: 'Ada Lovelace',
        team: null,
        now: Date.now(),
      }),
      name: 'Excel session',
      status: 'published',
      games: [{ gid, roundNumber: 1, teamNumber: 1, finished: true }],
    });
    await service.docs.update(`games/${gid}`, { session: sid, roundNumber: 1, teamNumber: 1 });
    await teacher.goto(`${stack.webUrl}/session/${sid}/results`);
    const compared = teacher.getByTestId('results-compared').first();
    await compared.waitFor({ timeout: 30_000 });
    await web.shot(teacher, 'session-results-desktop');
    await expectNoSeriousViolations(teacher, 'session results with Download Excel');
    const session = await download(teacher);
    expect(session.name).toBe('Excel session.xlsx');
    expect(session.book.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Teams',
      'Round 1 players',
    ]);
    const teams = session.book.getWorksheet('Teams')!;
    const total = teams.getRow(2).getCell(6).value as number;
    const oneDecimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
    expect(oneDecimal.format(total)).toBe(await compared.textContent());
    expect(teams.getRow(2).getCell(9).value).toBe(1);
    await teacher.setViewportSize(PHONE);
    await teacher.reload();
    await teacher.getByTestId('results-compared').first().waitFor({ timeout: 30_000 });
    expect(await teacher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await web.shot(teacher, 'session-results-phone');
  });

  it('tells a player of a running game that the results are not theirs yet', async () => {
    const teacher = await newPage(false);
    const creator = await instructorOnDashboard(
      teacher,
      service,
      stack.webUrl,
      `ada-run-${Date.now()}@school.edu`,
    );
    const gid = await seedGame(creator, 'Running class');
    const player = await newPage(true);
    await player.goto(`${stack.webUrl}/game/${gid}`);
    await player.getByTestId(`role-${ROLE}`).click();
    await player.getByTestId('intro-player-name').fill('Alan');
    await player.getByTestId('intro-join').click();
    await player.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });
    // A running game's results page offers a player no download.
    await player.goto(`${stack.webUrl}/game/${gid}/results`);
    await player.getByTestId('to-debrief').waitFor({ timeout: 30_000 });
    expect(await player.getByTestId('download-excel').count()).toBe(0);
    // The instructor may download it while it runs.
    await teacher.goto(`${stack.webUrl}/game/${gid}/results`);
    await teacher.getByTestId('download-excel').waitFor({ timeout: 30_000 });
    const { book } = await download(teacher);
    expect(book.getWorksheet('Summary')).toBeDefined();
    expect(summaryValue(book.getWorksheet('Summary')!, 'Finished')).toBe(false);
  });
});
