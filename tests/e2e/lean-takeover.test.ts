/**
 * A lean game's waiting screen and the computer taking a station, on the real local stack in
 * headless Chromium: a player who joins sees the coverage minute before the start (published on
 * the game document: players cannot read the demand); the instructor starts the run, lets the
 * computer take the player's station (confirmed first), the player's page says so with its
 * desk off, and the instructor hands it back; the run ended early, the stored log holds both
 * changes and replays to the stored debrief. While nothing happens on the line, the pages' clocks
 * tick without the whole play and live pages rendering every second. axe on both pages, at desktop size and 390x844.
 * Screens in /tmp/lean-takeover-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { carsAndTrucks } from '@sim/core/lean/cars-and-trucks';
import { leanDebrief } from '@sim/core/lean/debrief';
import { applyAction, endRun, startRun } from '@sim/core/lean/engine';
import {
  buildLeanGameDocs,
  leanGameFromDocs,
  leanStateFromDoc,
  type LeanStatsDoc,
} from '@sim/core/lean/game-docs';
import { browserSession } from './browser-session';
import { instructorOnDashboard, serviceClient } from './stack-helpers';

const stack = inject('stack');

const session = browserSession('lean-takeover');

/** The commits in which a page's part rendered so far (src/lib/perf/commit-count.ts). */
async function commitsOf(page: Page, name: string): Promise<number> {
  return page.evaluate(
    (part) => (window as { __commits?: Record<string, number> }).__commits?.[part] ?? 0,
    name,
  );
}

describe.skipIf(stack.unavailable !== '')(
  'lean: coverage before the start, the computer takes a station',
  () => {
    it('shows the coverage minute to a player, and hands its station to the computer and back', async () => {
      session.screenshotAllOnFailure();
      const service = serviceClient();
      const teacher = await session.newPage();
      const email = `lean-takeover-${Date.now()}@school.example`;
      const uid = await instructorOnDashboard(teacher, service, stack.webUrl, email);
      // The default line with 8 cars in stock: orders of 4 cars at 0 and 1.8 are covered, the
      // first truck order, at 3.6, is not.
      const config = carsAndTrucks();
      config.params.productsTemplates!['car']!.initialStock = 8;
      const gid = service.docs.newId();
      const docs = buildLeanGameDocs({
        gid,
        creator: uid,
        creatorName: 'Teacher',
        name: 'Takeover line',
        config,
        now: Date.now(),
      });
      await service.docs.set(`games/${gid}`, { ...docs.game });
      await service.docs.set(`games/${gid}/private/params`, { ...docs.privateParams });

      // ---- a player joins Yellow: the waiting screen names the coverage minute
      const player = await session.newPage();
      await player.goto(`${stack.webUrl}/game/${gid}`);
      await player.getByTestId('intro-floor').waitFor({ timeout: 90_000 });
      // The intro may render again while the anonymous sign-in settles: choose until it holds.
      for (let attempt = 0; ; attempt++) {
        await player.getByTestId('role-yellow').click();
        await player.getByTestId('intro-player-name').fill('Player yellow');
        const join = player.getByTestId('intro-join');
        if ((await join.isEnabled()) || attempt >= 5) {
          await join.click();
          break;
        }
        await player.waitForTimeout(1000);
      }
      await player.waitForURL(`**/game/${gid}/play`, { timeout: 60_000 });
      await player
        .getByTestId('lean-coverage')
        .getByText('The stock on hand covers the demand until minute 3.6.')
        .waitFor({ timeout: 60_000 });
      await session.checkDesktopAndPhone(player, 'waiting');

      // ---- the instructor starts the run and lets the computer take Yellow
      await teacher.goto(`${stack.webUrl}/game/${gid}/play`);
      await teacher.getByTestId('follow-seat-yellow').getByText('Player yellow').waitFor({
        timeout: 30_000,
      });
      await teacher.getByTestId('lean-start').click();
      await player.getByTestId('lean-desk').waitFor({ timeout: 30_000 });
      // Nothing happens on the line for a while: the pages' clocks tick, and only the parts that
      // show seconds render (the whole play and live pages rendered every second before).
      const before = {
        play: await commitsOf(player, 'lean-play'),
        follow: await commitsOf(teacher, 'lean-follow'),
      };
      const timeLeft = await player.getByTestId('lean-time-left').textContent();
      await player.waitForTimeout(6000);
      await expect(player.getByTestId('lean-time-left').textContent()).resolves.not.toBe(timeLeft);
      expect(await commitsOf(player, 'lean-play')).toBeLessThan(before.play + 3);
      expect(await commitsOf(teacher, 'lean-follow')).toBeLessThan(before.follow + 3);
      await teacher.getByTestId('follow-hand-yellow').click();
      const dialog = teacher.getByTestId('lean-hand-dialog');
      await dialog.getByText('Let the computer play Yellow?').waitFor();
      await session.checkDesktopAndPhone(teacher, 'hand-dialog');
      await teacher.getByTestId('lean-hand-dialog-confirm').click();
      await teacher.getByTestId('follow-seat-yellow').getByText('Computer').waitFor({
        timeout: 60_000,
      });
      await teacher
        .getByTestId('follow-watcher-yellow')
        .getByText('Player yellow watches')
        .waitFor();
      await player.getByTestId('lean-computer-plays').waitFor({ timeout: 60_000 });
      // No action of the desk can be clicked while the computer plays it (the tool stays a choice).
      await expect(player.getByTestId('desk-send').isDisabled()).resolves.toBe(true);
      await expect(
        player
          .locator('[data-testid="lean-desk"] button[data-testid^="desk-"]:not([disabled])')
          .count(),
      ).resolves.toBe(0);
      await session.checkDesktopAndPhone(teacher, 'handed-follow');
      await session.checkDesktopAndPhone(player, 'handed-play');
      // The run's core state has Yellow in the computer's set (the handler tests show it work).
      await expect
        .poll(
          async () =>
            leanStateFromDoc((await service.docs.get(`games/${gid}/private/state`)).data)
              ?.computer ?? [],
          { timeout: 30_000, interval: 1000 },
        )
        .toContain('yellow');

      // ---- handed back: the player acts again
      await teacher.getByTestId('follow-hand-yellow').click();
      await dialog.getByText('Hand Yellow back?').waitFor();
      await teacher.getByTestId('lean-hand-dialog-confirm').click();
      await teacher.getByTestId('follow-seat-yellow').getByText('Player yellow').waitFor({
        timeout: 60_000,
      });
      await player
        .getByTestId('lean-computer-plays')
        .waitFor({ state: 'detached', timeout: 60_000 });

      // ---- ended early: the log holds both changes and replays to the stored debrief
      await teacher.getByTestId('lean-end').click();
      await teacher.getByTestId('lean-end-dialog-confirm').click();
      await player.getByTestId('lean-ended').waitFor({ timeout: 30_000 });
      const stats = (await service.docs.get(`games/${gid}/stats/final`)).data as
        LeanStatsDoc | undefined;
      expect(stats).toBeDefined();
      expect(stats!.computer).not.toContain('yellow');
      expect(
        stats!.log
          .filter((a) => a.kind === 'setComputer')
          .map((a) => [a.fid, a.kind, 'on' in a && a.on]),
      ).toEqual([
        ['yellow', 'setComputer', true],
        ['yellow', 'setComputer', false],
      ]);
      const game = (await service.docs.get(`games/${gid}`)).data ?? {};
      const priv = (await service.docs.get(`games/${gid}/private/params`)).data ?? {};
      let state = startRun(leanGameFromDocs(game, priv), stats!.computer);
      for (const action of stats!.log) state = applyAction(state, action).state;
      state = endRun(state, stats!.endedAt);
      expect(stats!.debrief).toEqual(JSON.parse(JSON.stringify(leanDebrief(state))));
      service.close();
    }, 240_000);
  },
);
