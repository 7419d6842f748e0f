/**
 * The lean editor and the lean results on the real local stack in headless Chromium: an
 * instructor creates a lean game from a default template, moves a station by dragging and
 * another with the arrow keys, changes a batch size and an order, sees a validation message for
 * a bad value (and the save refused), saves, reopens the editor and finds the changes; the game is
 * then run by the computer alone (started and ended early through the callables), and the results
 * and debrief pages show the charts with the figures `leanDebrief` gives for the replayed run.
 * axe on the editor, the results and the debrief, at desktop size and 390x844. Screens are saved
 * to E2E_SCREENSHOTS when it is set.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { leanDebrief, type LeanDebrief } from '@sim/core/lean/debrief';
import { CARS_AND_TRUCKS_ROUNDS, carsAndTrucks } from '@sim/core/lean/cars-and-trucks';
import { applyAction, endRun, runToEnd, startRun } from '@sim/core/lean/engine';
import {
  buildLeanGameDocs,
  leanGameFromDocs,
  leanStatsDoc,
  type LeanStatsDoc,
} from '@sim/core/lean/game-docs';
import { normalizeLeanGame, type LeanOrderInput } from '@sim/core/lean/model';
import { SESSION_TEMPLATES } from '@sim/core/templates/session-templates';
import { expectNoSeriousViolations } from './axe';
import { browserSession } from './browser-session';
import { instructorOnDashboard, serviceClient } from './stack-helpers';

const stack = inject('stack');
const SHOTS = process.env.E2E_SCREENSHOTS;

const session = browserSession('lean-editor', {
  context: { viewport: { width: 1280, height: 900 } },
});

async function check(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/lean-${name}.png`, fullPage: true });
  await expectNoSeriousViolations(page, name);
}

/** Runs the checks at 390x844 (nothing may scroll sideways), then the desktop size again. */
async function onPhone(page: Page, checks: () => Promise<void>): Promise<void> {
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  // The layout settles after the resize (media queries, charts measuring their box): wait up to
  // five seconds for the page to fit, then say what still sticks out.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 5_000 })
    .toBeLessThanOrEqual(390)
    .catch(() => undefined);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  // What sticks out, named in the message when the page is too wide.
  const outside = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => e.getBoundingClientRect().right > 391 && e.offsetParent !== null)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`.slice(0, 80)),
  );
  expect(wide, `the page scrolls sideways on a phone: ${outside.join(' | ')}`).toBeLessThanOrEqual(
    390,
  );
  await checks();
  if (desktop) await page.setViewportSize(desktop);
}

/** Opens an editor section (an accordion) by its title, if it is closed. */
async function openSection(page: Page, title: string): Promise<void> {
  const button = page.getByRole('button', { name: title, exact: false }).first();
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  // Until its content has slid open: the sections below move meanwhile, and a click aimed at the
  // next one landed on this one's fields (a fresh-clone run under load). The innermost section
  // holding the button is the last one in the page's order.
  await page
    .locator('.MuiAccordion-root', { has: button })
    .last()
    .locator('.MuiCollapse-entered')
    .first()
    .waitFor();
}

/** Calls a typed callable wrapper of the SPA as the page's signed-in user. */
async function callAs(page: Page, call: string): Promise<unknown> {
  // The callables the app itself uses, from the build's probes (src/lib/perf/test-probes.ts).
  await page.waitForFunction('window.__probes?.callables');
  return page.evaluate(`(async () => {
    const c = window.__probes.callables;
    return ${call};
  })()`);
}

function dataValue(page: Page, testId: string): Promise<number | null> {
  return page
    .getByTestId(testId)
    .first()
    .getAttribute('data-value')
    .then((v) => (v === null || v === '' ? null : Number(v)));
}

describe.skipIf(stack.unavailable !== '')('lean editor and results', () => {
  it('edits a lean game from a template and shows the debrief of its run', async () => {
    session.screenshotAllOnFailure();
    const service = serviceClient();
    const teacher = await session.newPage();
    const email = `lean-editor-${Date.now()}@school.example`;
    const uid = await instructorOnDashboard(teacher, service, stack.webUrl, email);

    // ---- a blank lean game from the dashboard's create menu: valid as it is, once named
    await teacher.getByTestId('dashboard-create-menu').click();
    await teacher.getByRole('menuitem', { name: 'New lean game' }).click();
    await teacher.waitForURL('**/dashboard/games/new/leangame', { timeout: 30_000 });
    // The first editor of the run: its code loads on this visit, slowly on a busy machine.
    await teacher.getByTestId('lean-grid').waitFor({ timeout: 90_000 });
    await teacher.getByTestId('editor-save').click();
    await teacher.getByTestId('editor-issues').waitFor();
    await teacher.getByTestId('editor-name').fill('Blank line');
    await teacher.getByTestId('editor-save').click();
    await teacher.waitForURL('**/game/*/play', { timeout: 30_000 });
    const blankId = /\/game\/([^/]+)\/play/.exec(teacher.url())?.[1] ?? '';
    const blank = (await service.docs.get(`games/${blankId}`)).data ?? {};
    expect(blank).toMatchObject({ type: 'leangame', name: 'Blank line', finished: false });
    expect(Object.keys(blank['facilities'] as object).sort()).toEqual(['s1', 'warehouse']);
    const blankSecret = (await service.docs.get(`games/${blankId}/private/params`)).data ?? {};
    expect(blankSecret['consumerDemand']).toHaveLength(1);

    // ---- from the default template "Lean production line" to its editor
    await teacher.goto(`${stack.webUrl}/dashboard/templates/games`);
    const card = teacher.getByTestId('template-game-lean-basic');
    await card.getByRole('button', { name: /create a game/i }).click();
    await teacher.waitForURL('**/game/*/edit', { timeout: 30_000 });
    const gid = /\/game\/([^/]+)\/edit/.exec(teacher.url())?.[1] ?? '';
    expect(gid).not.toBe('');
    await teacher.getByTestId('lean-grid').waitFor({ timeout: 30_000 });
    await expect(teacher.getByTestId('editor-name').inputValue()).resolves.toBe(
      'Lean production line',
    );
    await check(teacher, 'editor');
    await onPhone(teacher, async () => {
      await check(teacher, 'editor-phone');
      if (SHOTS) {
        await teacher.getByTestId('lean-grid').screenshot({ path: `${SHOTS}/lean-grid-phone.png` });
      }
    });

    // ---- every section open: products as dots, who paints which dot, orders, levers, economics
    for (const title of [
      'Products',
      'Who paints which dot',
      'Demand',
      'Improvements',
      'Economics',
      'Debrief',
    ]) {
      await openSection(teacher, title);
    }
    await teacher.getByTestId('lean-dots-car').waitFor();
    await teacher.getByTestId('lean-generator').waitFor();
    if (SHOTS) {
      for (const id of ['lean-product-car', 'lean-generator', 'lean-lever-heijunka']) {
        await teacher.getByTestId(id).screenshot({ path: `${SHOTS}/lean-part-${id}.png` });
      }
    }
    await check(teacher, 'editor-open');
    await onPhone(teacher, () => check(teacher, 'editor-open-phone'));

    // ---- in German, the long labels of the number fields are whole (wrapped, never cut)
    // The instructor's profile in German, read when the page loads.
    await service.docs.update(`users/${uid}`, { language: 'de' });
    await teacher.reload();
    await teacher
      .getByRole('heading', { name: 'Lean-Spiel bearbeiten' })
      .waitFor({ timeout: 60_000 });
    // The page may load the German texts anew: every section open again.
    for (const title of [
      'Produkte',
      'Wer welchen Punkt lackiert',
      'Nachfrage',
      'Verbesserungen',
      'Wirtschaftlichkeit',
    ]) {
      await openSection(teacher, title);
    }
    await teacher.getByText('Kosten einer Station pro Minute').waitFor({ timeout: 20_000 });
    const cutLabels = () =>
      teacher.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('main label')]
          .filter((l) => l.offsetParent !== null)
          .filter((l) => l.scrollWidth > l.clientWidth + 1 || l.scrollHeight > l.clientHeight + 1)
          .map((l) => l.textContent ?? ''),
      );
    await expect(teacher.getByText('Lagerkosten pro Einheit und Minute').isVisible()).resolves.toBe(
      true,
    );
    await expect(cutLabels()).resolves.toEqual([]);
    if (SHOTS) await teacher.screenshot({ path: `${SHOTS}/lean-editor-de.png`, fullPage: true });
    await onPhone(teacher, async () => {
      await expect(cutLabels()).resolves.toEqual([]);
      if (SHOTS) {
        await teacher.screenshot({ path: `${SHOTS}/lean-editor-de-phone.png`, fullPage: true });
      }
    });
    await service.docs.update(`users/${uid}`, { language: 'en' });
    await teacher.reload();
    await teacher.getByRole('heading', { name: 'Edit lean game' }).waitFor({ timeout: 60_000 });
    for (const title of ['Demand', 'Economics']) await openSection(teacher, title);
    await teacher.getByText('Station cost per minute').waitFor({ timeout: 20_000 });

    // ---- move Yellow by dragging it to a free cell, Grey one cell down with the keyboard
    await teacher.getByTestId('lean-chip-yellow').dragTo(teacher.getByTestId('lean-cell-1-1'));
    await expect(teacher.getByTestId('lean-yellow-place').textContent()).resolves.toContain(
      'Column 2, row 2',
    );
    await teacher.getByTestId('lean-chip-grey').focus();
    await teacher.keyboard.press('ArrowDown');
    await expect(teacher.getByTestId('lean-grid-announce').textContent()).resolves.toContain(
      'Grey moved to column 7, row 2',
    );
    // The focus stays on the station that moved, so it can move on.
    await expect(
      teacher.evaluate(() => document.activeElement?.getAttribute('data-fid')),
    ).resolves.toBe('grey');

    // ---- a batch size out of bounds: the message at the field, and no save
    await teacher.getByTestId('lean-blue-batchSize').fill('25');
    const blueCard = teacher.getByTestId('lean-facility-blue');
    await blueCard.getByText('Between 1 and 20, whole units.').waitFor();
    await teacher.getByTestId('editor-save').click();
    await teacher.getByTestId('editor-issues').waitFor();
    await check(teacher, 'editor-issue');
    expect(teacher.url()).toContain('/edit');
    await teacher.getByTestId('lean-blue-batchSize').fill('2');
    await expect(blueCard.getByText('Between 1 and 20, whole units.').count()).resolves.toBe(0);

    // ---- an order: quantity 7 for the third order
    await teacher.getByTestId('lean-order-2-qty').fill('7');
    await expect(teacher.getByTestId('lean-demand-summary').textContent()).resolves.toContain(
      'units: 43',
    );

    await teacher.getByTestId('editor-save').click();
    await teacher.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });
    const game = (await service.docs.get(`games/${gid}`)).data ?? {};
    const facilities = game['facilities'] as Record<string, Record<string, unknown>>;
    expect(facilities['yellow']?.['position']).toEqual([1, 1]);
    expect(facilities['grey']?.['position']).toEqual([6, 1]);
    expect(facilities['blue']?.['batchSize']).toBe(2);
    expect(JSON.stringify(game)).not.toContain('consumerDemand"');
    const secret = (await service.docs.get(`games/${gid}/private/params`)).data ?? {};
    const orders = secret['consumerDemand'] as LeanOrderInput[];
    expect(orders[2]?.qty).toBe(7);

    // ---- reopened, the editor shows the changes
    await teacher.goto(`${stack.webUrl}/game/${gid}/edit`);
    await teacher.getByTestId('lean-grid').waitFor({ timeout: 30_000 });
    await expect(teacher.getByTestId('lean-yellow-place').textContent()).resolves.toContain(
      'Column 2, row 2',
    );
    await expect(teacher.getByTestId('lean-grey-place').textContent()).resolves.toContain(
      'Column 7, row 2',
    );
    await expect(teacher.getByTestId('lean-blue-batchSize').inputValue()).resolves.toBe('2');
    await openSection(teacher, 'Demand');
    await expect(teacher.getByTestId('lean-order-2-qty').inputValue()).resolves.toBe('7');

    // ---- the computer runs the line; the instructor ends the run early
    await callAs(teacher, `c.startLeanRun('${gid}')`);
    await teacher.waitForTimeout(20_000);
    await callAs(teacher, `c.endLeanRun('${gid}')`);
    const stats = (await service.docs.get(`games/${gid}/stats/final`)).data as
      LeanStatsDoc | undefined;
    expect(stats?.endedAt).toBeGreaterThan(0);
    // The debrief of the run replayed from the stored configuration and action log.
    const ended = (await service.docs.get(`games/${gid}`)).data ?? {};
    const priv = (await service.docs.get(`games/${gid}/private/params`)).data ?? {};
    let state = startRun(leanGameFromDocs(ended, priv), stats?.computer);
    for (const action of stats?.log ?? []) state = applyAction(state, action).state;
    state = endRun(state, stats?.endedAt);
    const expected: LeanDebrief = leanDebrief(state);
    expect(stats?.debrief).toEqual(JSON.parse(JSON.stringify(expected)));

    // ---- results: P&L, deliveries, quality
    await teacher.goto(`${stack.webUrl}/game/${gid}/results`);
    await teacher.getByTestId('debrief-pnl').waitFor({ timeout: 30_000 });
    await teacher.getByTestId('debrief-deliveries').waitFor();
    await teacher.getByTestId('debrief-quality').waitFor();
    for (const id of ['lean-pnl-chart', 'lean-deliveries-chart', 'lean-quality-chart']) {
      await teacher.getByTestId(id).locator('svg.recharts-surface').first().waitFor();
    }
    const close = (a: number | null, b: number | null) => {
      if (b === null) expect(a).toBeNull();
      else expect(a).toBeCloseTo(b, 9);
    };
    close(await dataValue(teacher, 'lean-pnl-revenue'), expected.pnl.revenue);
    close(await dataValue(teacher, 'lean-pnl-costs'), expected.pnl.costs);
    close(await dataValue(teacher, 'lean-pnl-profit'), expected.pnl.profit);
    close(await dataValue(teacher, 'lean-pnl-material'), expected.pnl.material);
    close(await dataValue(teacher, 'lean-pnl-labour'), expected.pnl.labour);
    close(await dataValue(teacher, 'lean-pnl-holding'), expected.pnl.holding);
    close(await dataValue(teacher, 'lean-otif-rate'), expected.deliveries.otifRate);
    close(await dataValue(teacher, 'lean-fill-rate'), expected.deliveries.onTimeFillRate);
    close(await dataValue(teacher, 'lean-delivered'), expected.deliveries.delivered);
    close(await dataValue(teacher, 'lean-backlog'), expected.deliveries.backlog);
    close(await dataValue(teacher, 'lean-paints'), expected.quality.paints);
    close(await dataValue(teacher, 'lean-defective-paints'), expected.quality.defectivePaints);
    await expect(
      teacher.getByTestId('lean-orders-table').locator('tbody tr').count(),
    ).resolves.toBe(expected.deliveries.orders.length);
    await check(teacher, 'results');
    await onPhone(teacher, () => check(teacher, 'results-phone'));

    // ---- debrief: balance, WIP with the Little check, flow and resource efficiency
    await teacher.getByTestId('to-debrief').click();
    await teacher.getByTestId('debrief-balance').waitFor({ timeout: 30_000 });
    for (const id of ['lean-yamazumi', 'lean-wip-chart', 'lean-res-chart']) {
      await teacher.getByTestId(id).locator('svg.recharts-surface').first().waitFor();
    }
    close(await dataValue(teacher, 'lean-takt'), expected.balance.takt);
    close(await dataValue(teacher, 'lean-total-work'), expected.balance.totalWorkContent);
    close(await dataValue(teacher, 'lean-balance-efficiency'), expected.balance.balanceEfficiency);
    close(await dataValue(teacher, 'lean-wip-average'), expected.wip.average);
    close(await dataValue(teacher, 'lean-wip-max'), expected.wip.max);
    close(await dataValue(teacher, 'lean-throughput'), expected.wip.throughput);
    close(await dataValue(teacher, 'lean-lead-time'), expected.wip.averageLeadTime);
    close(await dataValue(teacher, 'lean-flow-efficiency'), expected.flowefficiency.value);
    close(await dataValue(teacher, 'lean-res-team'), expected.resefficiency.team);
    for (const f of expected.resefficiency.facilities) {
      close(await dataValue(teacher, `lean-res-${f.id}`), f.efficiency);
    }
    const gap = await teacher.getByTestId('lean-little').getAttribute('data-gap');
    expect(Number(gap)).toBeCloseTo(expected.wip.littleGap, 9);
    // Little's check says why L and TH × W differ (C.4): units still in process at the end, or
    // nothing shipped yet.
    const little = await teacher.getByTestId('lean-little').textContent();
    if (expected.wip.averageLeadTime === null) {
      expect(little).toContain('no unit was shipped');
    } else if (expected.wip.inProcessAtEnd > 0) {
      expect(little).toContain(`Units still in process at the end: ${expected.wip.inProcessAtEnd}`);
    } else {
      expect(little).toContain('The line is empty at the end');
    }
    await check(teacher, 'debrief');
    await onPhone(teacher, () => check(teacher, 'debrief-phone'));
    service.close();
  }, 240_000);

  it('compares a lean session’s rounds and teams, each round against the last', async () => {
    session.screenshotAllOnFailure('lean-session-failed');
    const service = serviceClient();
    const teacher = await session.newPage();
    const email = `lean-session-${Date.now()}@school.example`;
    const uid = await instructorOnDashboard(teacher, service, stack.webUrl, email);
    const template = SESSION_TEMPLATES.find((x) => x.id === 's-lean-improve')!;
    const sid = service.docs.newId();
    // Two rounds of two teams, played to their end by the computer: the push line of the
    // Appendix, then its compact line with batches of one.
    const played = [
      { round: 1, team: 1, variant: 'push' },
      { round: 1, team: 2, variant: 'batch1' },
      { round: 2, team: 1, variant: 'compact' },
      { round: 2, team: 2, variant: 'compact' },
    ];
    const debriefs: LeanDebrief[] = [];
    const games = [];
    for (const p of played) {
      const gid = service.docs.newId();
      const variant = CARS_AND_TRUCKS_ROUNDS.find((r) => r.id === p.variant)!.variant;
      const config = carsAndTrucks(variant);
      const docs = buildLeanGameDocs({
        gid,
        creator: uid,
        creatorName: 'Ada Lovelace',
        name: `Round ${p.round} · Team ${p.team}`,
        session: sid,
        roundNumber: p.round,
        teamNumber: p.team,
        config,
        now: Date.now(),
      });
      const state = runToEnd(normalizeLeanGame(config));
      const stats = leanStatsDoc(state, gid, 1000, Date.now());
      debriefs.push(stats.debrief);
      games.push({ gid, roundNumber: p.round, teamNumber: p.team, finished: true });
      await service.docs.set(`games/${gid}`, { ...docs.game, finished: true });
      await service.docs.set(`games/${gid}/private/params`, { ...docs.privateParams });
      await service.docs.set(`games/${gid}/stats/final`, { ...stats });
    }
    await service.docs.set(`sessions/${sid}`, {
      name: 'Lean class',
      creator: uid,
      creatorName: 'Ada Lovelace',
      team: null,
      status: 'published',
      type: 'leangame',
      templateId: template.id,
      templateVersion: template.version,
      rounds: template.rounds.map((r) => ({ id: r.id, name: r.name, description: r.description })),
      games,
      lockedRounds: {},
      teamNames: {},
      players: [],
      localeLabels: { team: '', round: '' },
      teamCount: 2,
      created_at: Date.now(),
      deleted: false,
    });

    await teacher.goto(`${stack.webUrl}/session/${sid}/results`);
    await teacher.getByTestId('lean-session-table').waitFor({ timeout: 30_000 });
    for (const m of ['leadTime', 'wip', 'flowEfficiency', 'otif', 'profit']) {
      await teacher
        .getByTestId(`lean-session-chart-${m}`)
        .locator('svg.recharts-surface')
        .first()
        .waitFor();
    }
    const cell = (row: string, metric: string) =>
      teacher.getByTestId(row).locator(`td[data-metric="${metric}"]`);
    // Each figure is the game's debrief.
    for (const [k, p] of played.entries()) {
      const d = debriefs[k]!;
      const row = `lean-session-row-${p.round}-${p.team}`;
      const expected: Record<string, number | null> = {
        leadTime: d.wip.averageLeadTime,
        wip: d.wip.average,
        flowEfficiency: d.flowefficiency.value,
        otif: d.deliveries.otifRate,
        profit: d.pnl.profit,
      };
      for (const [metric, value] of Object.entries(expected)) {
        const shown = await cell(row, metric).getAttribute('data-value');
        if (value === null) expect(shown).toBe('');
        else expect(Number(shown)).toBeCloseTo(value, 9);
      }
    }
    // Round 2 against round 1, team by team: the compact line with batches of one cuts team 1's
    // lead time; the verdict follows the sign (shorter is better).
    const lead1 = debriefs[0]!.wip.averageLeadTime!;
    const lead2 = debriefs[2]!.wip.averageLeadTime!;
    const verdict = await cell('lean-session-row-2-1', 'leadTime')
      .locator('[data-verdict]')
      .getAttribute('data-verdict');
    expect(verdict).toBe(lead2 < lead1 ? 'better' : lead2 > lead1 ? 'worse' : 'same');
    await teacher.getByTestId('lean-session-average-2').waitFor();
    await check(teacher, 'session-results');
    await onPhone(teacher, () => check(teacher, 'session-results-phone'));

    // ---- a game that shipped units: the flow efficiency bars in the metric ranks
    await teacher.getByTestId('lean-session-row-2-1').getByRole('link').click();
    await teacher.waitForURL(`**/game/${games[2]!.gid}/results`, { timeout: 30_000 });
    await teacher.getByTestId('to-debrief').click();
    for (const id of ['lean-flow-average', 'lean-flow-products', 'lean-flow-stations']) {
      await teacher.getByTestId(id).locator('svg.recharts-surface').first().waitFor();
    }
    const fe = debriefs[2]!.flowefficiency;
    expect(Number(await dataValue(teacher, 'lean-flow-efficiency'))).toBeCloseTo(fe.value!, 9);
    expect(await dataValue(teacher, 'lean-flow-units')).toBe(fe.units.length);
    await check(teacher, 'debrief-shipped');
    await onPhone(teacher, () => check(teacher, 'debrief-shipped-phone'));
    service.close();
  }, 120_000);
});
