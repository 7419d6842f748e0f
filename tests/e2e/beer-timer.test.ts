/**
 * A beer network game on the real local stack, in headless Chromium: the instructor sets the
 * allocation weights of the distributor (two retailers) in the live view, starts a 10-second week
 * timer, and the week turns when the countdown reaches zero without anyone ordering (the
 * `beerWeekTimer` Cloud Task through the Tasks emulator). The player sees the scheduled and
 * threshold messages the backend sends, live. Screens are saved to /tmp/beer-timer-*.png.
 */
import { describe, expect, inject, it } from 'vitest';
import { buildBeerGameDocs } from '@sim/core/beer/game-docs';
import { twoProductNetworkConfig } from '@sim/core/templates/beer-templates';
import { writeBeerGame } from '../../scripts/seed-beer-game';
import { browserSession } from './browser-session';
import { serviceClient, signUpInstructor } from './stack-helpers';
import { unpackedState } from '../../functions/src/data/packed-state';

const stack = inject('stack');
const TIMER_SECONDS = 10;

const session = browserSession('beer-timer', {
  context: { viewport: { width: 1400, height: 1000 } },
});

describe('beer week timer and allocations', () => {
  it('turns the week when the countdown ends, applies the weights, shows the messages', async () => {
    const started = Date.now();
    const service = serviceClient();
    const email = `timer${Date.now()}@school.example`;
    const password = 'correct-horse-9';
    const teacherUid = await signUpInstructor(email, password);
    await service.docs.set(`users/${teacherUid}`, {
      firstname: 'Grace',
      lastname: 'Hopper',
      name: 'Grace Hopper',
      email,
      profileType: 'teacher',
    });

    // The game, as the editor would write it: the network of two retailers, a 10 s timer,
    // a welcome message, a message for week 2 and a stock threshold message.
    const config = twoProductNetworkConfig();
    config.params.weeks = 6;
    config.params.timer = TIMER_SECONDS;
    config.params.playTimer = true;
    config.params.configMessages = {
      scheduleList: [
        { week: 1, message: 'Welcome to the network', to: 'all' },
        { week: 2, message: 'North, watch the lager', to: ['north'] },
      ],
      backlogMessage: { active: false, threshold: 0, message: '', sentTo: [] },
      stockMessage: { active: true, threshold: 30, message: 'Too much beer in store', sentTo: [] },
    };
    const gid = service.docs.newId();
    const docs = buildBeerGameDocs({
      gid,
      creator: teacherUid,
      creatorName: 'Grace Hopper',
      name: 'Network at 10',
      template: { config },
      now: Date.now(),
    });
    await writeBeerGame(service, docs);

    // ---- the instructor's live view
    const teacher = await session.newPage();
    await teacher.goto(`${stack.webUrl}/login`);
    await teacher.getByLabel(/email/i).fill(email);
    await teacher
      .getByLabel(/password/i)
      .first()
      .fill(password);
    await teacher.getByRole('button', { name: /log in/i }).click();
    await teacher.waitForURL('**/dashboard/**', { timeout: 20_000 });
    await teacher.goto(`${stack.webUrl}/game/${gid}/play`);
    await teacher.getByTestId('allocation-panel').waitFor({ timeout: 20_000 });

    // ---- a player joins North
    const north = await session.newPage();
    await north.goto(`${stack.webUrl}/game/${gid}`);
    await north.getByTestId('role-north').click();
    await north.getByTestId('intro-player-name').fill('Nora');
    await north.getByTestId('intro-join').click();
    await north.waitForURL(`**/game/${gid}/play`, { timeout: 30_000 });
    await north.getByTestId('order-north-ale').waitFor({ timeout: 20_000 });
    await north.getByTestId('play-messages').getByText('Welcome to the network').waitFor();

    // ---- the distributor's ale goes 3:1 to North
    const ale = 'allocation-distributor-ale';
    const wanted = JSON.stringify({ distributor: { ale: { north: 3, south: 1 } } });
    const stored = async () =>
      JSON.stringify((await service.docs.get(`games/${gid}`)).data?.['allocations'] ?? null);
    await teacher.getByTestId(`${ale}-north`).fill('3');
    await teacher.getByTestId(`${ale}-south`).fill('1');
    await teacher.getByTestId(`${ale}-confirm`).click();
    await teacher.getByTestId(`${ale}-mode`).getByText('By weights').waitFor({ timeout: 20_000 });
    await expect.poll(stored, { timeout: 10_000 }).toBe(wanted);
    await session.shot(teacher, 'follow');

    // ---- the timer: started by the instructor, nobody orders, the week turns at zero
    await teacher.getByTestId('follow-timer').click();
    const chip = north.getByTestId('timer-chip');
    await chip.waitFor({ timeout: 20_000 }).catch(async (err: unknown) => {
      await session.shot(teacher, 'timer-failed');
      await session.shot(north, 'timer-failed-north');
      console.error('[snackbar]', await teacher.locator('.MuiSnackbar-root').allTextContents());
      console.error('[game]', JSON.stringify((await service.docs.get(`games/${gid}`)).data));
      throw err;
    });
    // Watch the countdown until the week turns: it runs down to zero first. The page itself
    // records every text the chip shows until then: polling it from here can miss the last
    // seconds when other test files keep the machine busy.
    await north.evaluate(`(() => {
      const seen = [];
      window.__countdownSeen = seen;
      const record = () => {
        if (document.querySelector('[data-testid="week-chip"]')?.textContent?.includes('Week 2 of 6')) return;
        const left = document.querySelector('[data-testid="timer-chip"]')?.textContent;
        if (left && seen[seen.length - 1] !== left) seen.push(left);
      };
      record();
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    })()`);
    await session.shot(north, 'countdown');
    await north
      .getByTestId('week-chip')
      .getByText('Week 2 of 6')
      .waitFor({ timeout: (TIMER_SECONDS + 20) * 1000 });
    const seen = (await north.evaluate('window.__countdownSeen')) as string[];
    expect(
      seen.some((text) => /0:0[01]\b/.test(text)),
      seen.join(' '),
    ).toBe(true);
    await north.getByTestId('play-messages').getByText('North, watch the lager').waitFor();
    await session.shot(north, 'week-2');
    const game = (await service.docs.get(`games/${gid}`)).data;
    expect(game?.['week']).toBe(2);
    // North did not order: the computer ordered for it that week; it is still North's role.
    const state = JSON.parse(
      String(unpackedState((await service.docs.get(`games/${gid}/private/state`)).data)?.['state']),
    ) as { history: unknown[] };
    expect(state.history).toHaveLength(1);
    expect((game?.['facilities'] as Record<string, { user: string | null }>)['north']?.user).toBe(
      (game?.['players'] as string[])[0],
    );
    console.log(`beer timer: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    service.close();
  }, 180_000);
});
