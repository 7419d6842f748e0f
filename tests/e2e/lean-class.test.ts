/**
 * A lean class on the real local stack, in headless Chromium (issue 11, item 6): an instructor
 * creates a lean game from the default template "Lean flow" and sets a 3-minute run in the editor
 * (run length, due delay and three regular orders); three players join Yellow, Grey and Blue in
 * three browser contexts (one on a phone, 390x844), the warehouse and Quality & Rework are left to
 * the computer; Yellow opens the improvements panel (Grey sees who holds it) and sets one-piece
 * flow; an observer watches; the instructor starts the run; the players act by
 * clicking (loads, paints with the tool chosen, sends; one load with the keyboard), Yellow paints
 * one dot with a wrong tool; the run ends by itself; the debrief's figures equal what the core
 * computes from the stored action log; a player's page cannot read the seed, the floor or another
 * station's view. axe on the intro, play and live pages. Screens in /tmp/lean-class-*.png.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { leanDebrief } from '@sim/core/lean/debrief';
import { runToEnd } from '@sim/core/lean/engine';
import { leanGameFromDocs, type LeanActionDoc, type LeanStatsDoc } from '@sim/core/lean/game-docs';
import type { LeanAction, LeanOrderInput } from '@sim/core/lean/model';
import { expectNoSeriousViolations } from './axe';
import { browserSession, PHONE } from './browser-session';
import { instructorOnDashboard, serviceClient } from './stack-helpers';

const stack = inject('stack');
const RUN_MINUTES = 3;
const PLAYERS = ['yellow', 'grey', 'blue'] as const;
type Player = (typeof PLAYERS)[number];

const session = browserSession('lean-class', {
  context: { viewport: { width: 1400, height: 1000 } },
});

function newPage(phone = false): Promise<Page> {
  return session.newPage(phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : {});
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide, 'the page scrolls sideways').toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

/** Reads documents through the page's own data port, as its signed-in user. */
async function readsAs(page: Page, paths: Record<string, string>): Promise<Record<string, string>> {
  // The data port the app itself uses, from the build's probes (src/lib/perf/test-probes.ts).
  await page.waitForFunction('window.__probes?.getDataPort');
  return (await page.evaluate(`(async () => {
    const { getDataPort } = window.__probes;
    const paths = ${JSON.stringify(paths)};
    const out = {};
    for (const [name, path] of Object.entries(paths)) {
      try {
        const snap = await getDataPort().docs.get(path);
        out[name] = snap.exists ? JSON.stringify(snap.data) : 'missing';
      } catch (err) {
        out[name] = err && err.code ? err.code : String(err);
      }
    }
    return out;
  })()`)) as Record<string, string>;
}

function dataValue(page: Page, testId: string): Promise<number | null> {
  return page
    .getByTestId(testId)
    .first()
    .getAttribute('data-value')
    .then((v) => (v === null || v === '' ? null : Number(v)));
}

/**
 * A player at work until the run ends: load what waits, paint each dot its station may paint with
 * the dot's tool (chosen in the tool picker first), send the output. `wrongOnce`: once the player
 * has sent a first unit on, one paint uses a tool of another colour, and `afterWrong` runs once the
 * dot shows as painted (the first unit does not wait for those checks, so the stations down the
 * line get work early in the run even on a busy machine). `keyboardLoad`:
 * the first load is made with the keyboard. What was done is read from the stored log afterwards.
 */
async function play(
  page: Page,
  options: {
    wrongOnce?: boolean;
    keyboardLoad?: boolean;
    afterWrong?: () => Promise<void>;
    /** How many paints with a wrong tool the stored action log holds. */
    wrongPaintsStored?: () => Promise<number>;
  } = {},
): Promise<void> {
  let wrongLeft = options.wrongOnce === true;
  let keyboardLeft = options.keyboardLoad === true;
  const ended = page.getByTestId('lean-ended');
  const enabled = (selector: string) => page.locator(`${selector}:not([disabled])`).first();
  // The screen changes under the loop (a flush, the end of the run): a click that cannot happen
  // within a few seconds is given up and the loop looks again.
  const soon = { timeout: 10_000 };
  const attempt = async (step: () => Promise<void>): Promise<void> => {
    await step().catch(() => undefined);
  };
  let sentOnce = false;
  const send = async () => {
    const button = enabled('[data-testid="desk-send"]');
    if ((await button.count()) > 0) {
      await attempt(async () => {
        await button.click(soon);
        sentOnce = true;
      });
    }
  };
  const deadline = Date.now() + (RUN_MINUTES * 60 + 30) * 1000;
  while (Date.now() < deadline && (await ended.count()) === 0) {
    if ((await page.getByTestId('desk-busy').count()) > 0) {
      await send();
      await page.waitForTimeout(400);
      continue;
    }
    const load = enabled('[data-testid^="desk-load-"]');
    if ((await load.count()) > 0) {
      if (keyboardLeft) {
        keyboardLeft = false;
        await attempt(async () => {
          await load.focus(soon);
          await page.keyboard.press('Enter');
        });
      } else await attempt(() => load.click(soon));
      await page.waitForTimeout(500);
      continue;
    }
    const dot = enabled('[data-testid^="desk-unit-"][data-op]');
    if ((await dot.count()) > 0) {
      const testId = await dot.getAttribute('data-testid', soon).catch(() => null);
      const op = await dot.getAttribute('data-op', soon).catch(() => null);
      if (testId && op) {
        const [shape, color] = op.split(':');
        const wrong = wrongLeft && sentOnce;
        const tool = wrong ? (color === 'red' ? 'green' : 'red') : color;
        await attempt(async () => {
          await page.getByTestId(`tool-shape-${shape}`).click(soon);
          await page.getByTestId(`tool-color-${tool}`).click(soon);
          await page.getByTestId(testId).click(soon);
        });
        // On a busy machine a click can be given up (see `attempt`): whether the wrong paint
        // happened is read from the stored log, and when it did not the next dot is tried.
        const paintedWrong =
          wrong &&
          (await expect
            .poll(() => options.wrongPaintsStored?.() ?? Promise.resolve(0), { timeout: 20_000 })
            .toBeGreaterThan(0)
            .then(
              () => true,
              () => false,
            ));
        if (paintedWrong) {
          wrongLeft = false;
          // The painter sees the dot painted with the other tool, never a defect (LEAN-VIS-2):
          // the dot is still at the desk, since only this loop sends it.
          if ((await ended.count()) === 0) {
            await page
              .getByRole('img', { name: new RegExp(`painted with a ${tool} ${shape}`) })
              .first()
              .waitFor({ timeout: 20_000 });
            await expect(page.getByRole('img', { name: /defect/ }).count()).resolves.toBe(0);
          }
          await options.afterWrong?.();
        }
      }
      await page.waitForTimeout(500);
      continue;
    }
    await send();
    await page.waitForTimeout(500);
  }
  expect(wrongLeft, 'the player painted one dot with the wrong tool').toBe(false);
}

describe.skipIf(stack.unavailable !== '')('lean class', () => {
  it('a lean class plays a 3-minute run and its debrief matches the core', async () => {
    session.screenshotAllOnFailure();
    const service = serviceClient();

    // ---- the instructor: a game from the default template, a 3-minute run set in the editor
    const teacher = await newPage();
    const email = `lean-class-${Date.now()}@school.example`;
    await instructorOnDashboard(teacher, service, stack.webUrl, email);
    await teacher.goto(`${stack.webUrl}/dashboard/templates/games`);
    await teacher
      .getByTestId('template-game-lean-flow')
      .getByRole('button', { name: /create a game/i })
      .click();
    await teacher.waitForURL('**/game/*/edit', { timeout: 30_000 });
    const gid = /\/game\/([^/]+)\/edit/.exec(teacher.url())?.[1] ?? '';
    expect(gid).not.toBe('');
    await teacher.getByTestId('lean-grid').waitFor({ timeout: 30_000 });
    await teacher.getByTestId('editor-name').fill('Lean class at 9');
    await teacher.getByTestId('lean-totalDuration').fill(String(RUN_MINUTES));
    await teacher.getByTestId('lean-dueDelay').fill('2');
    const demand = teacher.getByRole('button', { name: 'Demand', exact: false }).first();
    if ((await demand.getAttribute('aria-expanded')) !== 'true') await demand.click();
    const generator = teacher.getByTestId('lean-generator');
    await generator.getByLabel('Every (min)').fill('1');
    await generator.getByLabel('Number of orders').fill('3');
    await teacher.getByTestId('lean-generate').click();
    await teacher.getByTestId('editor-save').click();
    await teacher.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });
    await teacher.getByTestId('lean-follow-roles').waitFor({ timeout: 30_000 });
    const secret = (await service.docs.get(`games/${gid}/private/params`)).data ?? {};
    expect((secret['consumerDemand'] as LeanOrderInput[]).map((o) => o.created_min)).toEqual([
      0, 1, 2,
    ]);
    // The coverage minute before the start: no stock, so the first order at minute 0.
    await teacher.getByTestId('lean-coverage').getByText('minute 0.0').waitFor();
    await session.shot(teacher, 'follow-before');
    await expectNoSeriousViolations(teacher, 'follow before the start');

    // ---- three players join in three contexts, Blue on a phone
    const players = {} as Record<Player, Page>;
    for (const fid of PLAYERS) {
      const page = await newPage(fid === 'blue');
      await page.goto(`${stack.webUrl}/game/${gid}`);
      await page.getByTestId('intro-floor').waitFor({ timeout: 30_000 });
      if (fid === 'yellow') {
        await session.shot(page, 'intro');
        await expectNoSeriousViolations(page, 'intro');
      }
      await page.getByTestId(`role-${fid}`).click();
      await page.getByTestId('intro-role-rules').waitFor();
      await page.getByTestId('intro-player-name').fill(`Player ${fid}`);
      await page.getByTestId('intro-join').click();
      await page.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });
      await page.getByTestId('lean-waiting').waitFor({ timeout: 20_000 });
      players[fid] = page;
    }
    await players.blue.getByTestId('lean-improvements').waitFor();
    await noSidewaysScroll(players.blue);
    await session.shot(players.blue, 'play-before-phone');
    await expectNoSeriousViolations(players.blue, 'play before the start, phone');
    for (const fid of PLAYERS) {
      await teacher
        .getByTestId(`follow-seat-${fid}`)
        .getByText(`Player ${fid}`)
        .waitFor({ timeout: 20_000 });
    }
    await expect(teacher.getByTestId('follow-seat-warehouse').textContent()).resolves.toBe(
      'Computer (no player)',
    );

    // ---- Yellow takes the improvements panel, one-piece flow everywhere; Grey waits its turn
    await players.yellow.getByTestId('improvements-open').click();
    await players.yellow.getByTestId('improvements-close').waitFor({ timeout: 20_000 });
    await players.grey
      .getByTestId('improvements-holder')
      .getByText('Player yellow is changing the improvements.')
      .waitFor({ timeout: 20_000 });
    await expect(players.grey.getByTestId('improvements-open').isDisabled()).resolves.toBe(true);
    await expect(players.grey.getByTestId('lever-setting-batch').textContent()).resolves.toContain(
      'Yellow: 4',
    );
    await expectNoSeriousViolations(players.yellow, 'improvements panel open');
    for (const fid of ['warehouse', ...PLAYERS, 'quality']) {
      const field = players.yellow.getByTestId(`batch-${fid}`);
      await field.fill('1');
      await field.press('Enter');
      await players.grey
        .getByTestId('lever-setting-batch')
        .getByText(new RegExp(`${fid === 'quality' ? 'Quality & Rework' : fid}: 1`, 'i'))
        .waitFor({ timeout: 20_000 });
    }
    await session.shot(players.yellow, 'improvements');
    await players.yellow.getByTestId('improvements-close').click();
    await players.grey
      .getByTestId('improvements-holder')
      .waitFor({ state: 'detached', timeout: 20_000 });
    await expect(players.grey.getByTestId('improvements-open').isEnabled()).resolves.toBe(true);
    const improved = (await service.docs.get(`games/${gid}`)).data ?? {};
    expect(improved['improvementsPanelBy']).toBeNull();
    for (const f of Object.values(
      improved['facilities'] as Record<string, { batchSize: number }>,
    )) {
      expect(f.batchSize).toBe(1);
    }

    // ---- an observer
    const observer = await newPage();
    await observer.goto(`${stack.webUrl}/game/${gid}/intro`);
    await observer.getByTestId('intro-observe').click();
    await observer.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });
    await observer.getByTestId('lean-follow-roles').waitFor({ timeout: 20_000 });
    await expect(observer.getByTestId('lean-start').count()).resolves.toBe(0);

    // ---- the start
    await teacher.getByTestId('lean-start').click();
    for (const fid of PLAYERS) {
      await players[fid].getByTestId('lean-desk').waitFor({ timeout: 30_000 });
    }
    await players.yellow
      .getByTestId('lean-minute')
      .getByText(/^Minute \d\.\d of 3$/)
      .waitFor();
    await players.yellow.getByTestId('lean-time-left').waitFor();
    await teacher.getByTestId('follow-seat-warehouse').getByText('Computer').waitFor();

    // ---- a player reads its own view, never the seed, the floor or another station's view;
    // checked beside the players' clicking, which starts with the run: the run's minutes are
    // real minutes, and units reach the last station only if the first ones start at once
    const checks = (async () => {
      const reads = await readsAs(players.yellow, {
        own: `games/${gid}/facilities/yellow`,
        other: `games/${gid}/facilities/grey`,
        floor: `games/${gid}/views/floor`,
        params: `games/${gid}/private/params`,
        state: `games/${gid}/private/state`,
      });
      expect({ ...reads, own: reads.own?.startsWith('{') ? 'read' : reads.own }).toEqual({
        own: 'read',
        other: 'permission-denied',
        floor: 'permission-denied',
        params: 'permission-denied',
        state: 'permission-denied',
      });
      expect(reads.own).not.toContain('"defect"');
      expect(reads.own).not.toContain('"seed"');
      const watching = await readsAs(observer, {
        floor: `games/${gid}/views/floor`,
        params: `games/${gid}/private/params`,
      });
      expect(watching.floor).toContain('"defect"');
      expect(watching.params).toBe('permission-denied');
    })();
    // Awaited after the run; a failure meanwhile waits for it.
    checks.catch(() => undefined);
    // ---- the players act by clicking until the run ends by itself
    const shots = (async () => {
      await players.yellow.waitForTimeout(45_000);
      await session.shot(players.yellow, 'play-running');
      await session.shot(players.blue, 'play-running-phone');
      await session.shot(teacher, 'follow-running');
      await session.shot(observer, 'observer-running');
      await expectNoSeriousViolations(players.yellow, 'play while running');
      await expectNoSeriousViolations(players.blue, 'play while running, phone');
      await expectNoSeriousViolations(teacher, 'follow while running');
      await noSidewaysScroll(players.blue);
    })();
    await Promise.all([
      play(players.yellow, {
        wrongOnce: true,
        wrongPaintsStored: async () =>
          (await service.docs.query({ collection: `games/${gid}/actions` }))
            .map((d) => (d.data as unknown as LeanActionDoc).action)
            .filter((a) => a.kind === 'paint' && a.tool !== undefined && a.tool.endsWith(':red'))
            .length,
        // Those who see all see the hidden defect on the floor (LEAN-VIS-1).
        afterWrong: () =>
          observer
            .getByRole('img', { name: /hidden defect|defect found/ })
            .first()
            .waitFor({ timeout: 20_000 }),
      }),
      play(players.grey, { keyboardLoad: true }),
      play(players.blue),
    ]);
    await shots;
    await checks;
    for (const fid of PLAYERS) {
      await players[fid].getByTestId('lean-ended').waitFor({ timeout: 60_000 });
    }
    await session.shot(players.yellow, 'play-ended');
    await observer.getByTestId('lean-ended').waitFor({ timeout: 60_000 });
    await session.shot(observer, 'observer-ended');

    // ---- the stored run: the log of the players' clicks, and the end at T
    const game = (await service.docs.get(`games/${gid}`)).data ?? {};
    const priv = (await service.docs.get(`games/${gid}/private/params`)).data ?? {};
    const stats = (await service.docs.get(`games/${gid}/stats/final`))
      .data as unknown as LeanStatsDoc;
    expect(game['finished']).toBe(true);
    expect(stats.endedAt).toBe(RUN_MINUTES * 60_000);
    const logged = (await service.docs.query({ collection: `games/${gid}/actions` }))
      .map((d) => d.data as unknown as LeanActionDoc)
      .filter((d) => d.run === (game['params'] as Record<string, unknown>)['game_start_at'])
      .sort((a, b) => a.seq - b.seq);
    const actions: LeanAction[] = logged.map((d) => d.action);
    expect(actions).toEqual(stats.log);
    const kinds = (fid: string) => new Set(actions.filter((a) => a.fid === fid).map((a) => a.kind));
    console.log(
      '[lean class] actions',
      PLAYERS.map((fid) => [fid, [...kinds(fid)]]),
    );
    expect(kinds('yellow')).toEqual(new Set(['load', 'paint', 'send']));
    expect(kinds('grey')).toEqual(new Set(['load', 'paint', 'send']));
    // Blue, last on the line, gets its first units only once Yellow and Grey have worked them, in
    // real minutes: on a busy machine the run can end before its first paint (a fresh-clone run
    // saw a load alone). Loading and painting are held to the rule above by Yellow and Grey.
    expect([...kinds('blue')]).toEqual(expect.arrayContaining(['load']));
    const wrong = actions.filter(
      (a) => a.kind === 'paint' && a.tool !== undefined && a.tool.endsWith(':red'),
    );
    expect(wrong).toHaveLength(1);
    expect(stats.computer.sort()).toEqual(['quality', 'warehouse']);

    // ---- the core on the stored configuration and action log gives the debrief's figures
    const state = runToEnd(leanGameFromDocs(game, priv), actions, stats.computer);
    const expected = leanDebrief(state);
    expect(stats.debrief).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(expected.quality.defectivePaints).toBeGreaterThanOrEqual(1);

    const results = players.grey;
    await results.goto(`${stack.webUrl}/game/${gid}/results`);
    await results.getByTestId('debrief-pnl').waitFor({ timeout: 30_000 });
    const figures: [string, number | null][] = [
      ['lean-pnl-revenue', expected.pnl.revenue],
      ['lean-pnl-costs', expected.pnl.costs],
      ['lean-pnl-profit', expected.pnl.profit],
      ['lean-delivered', expected.deliveries.delivered],
      ['lean-otif-rate', expected.deliveries.otifRate],
      ['lean-paints', expected.quality.paints],
      ['lean-defective-paints', expected.quality.defectivePaints],
    ];
    const same = async (page: Page, testId: string, value: number | null) => {
      const shown = await dataValue(page, testId);
      if (value === null) expect(shown, testId).toBeNull();
      else expect(shown, testId).toBeCloseTo(value, 9);
    };
    for (const [testId, value] of figures) await same(results, testId, value);
    await session.shot(results, 'results');
    await teacher.goto(`${stack.webUrl}/game/${gid}/debrief`);
    await teacher.getByTestId('debrief-wip').waitFor({ timeout: 30_000 });
    await same(teacher, 'lean-flow-efficiency', expected.flowefficiency.value);
    await same(teacher, 'lean-wip-average', expected.wip.average);
    await session.shot(teacher, 'debrief');
    service.close();
  }, 600_000);
});
