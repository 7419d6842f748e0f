/**
 * An order belongs to one week (docs/rules/beer.md BEER-WEEK-*, decision 0026), on both backends:
 * an order that arrives after the week turned is refused, never applied to the next week; a week
 * turns exactly once per decision, however many orders and calls race; an order sent again never
 * adds a second order document, and one that races the timer is counted in full or not at all.
 */
import { expect, it } from 'vitest';
import * as turn from '../../functions/src/callables/create-new-turn-task';
import type { WeekTimer } from '../../functions/src/beer/beer-game';
import { handleWeekTimer } from '../../functions/src/tasks/beer-week-timer';
import { stateFromDoc } from '@sim/core/beer/game-docs';
import { describeBackends } from '../backends';
import { beerFixtures } from './beer-fixtures';
import { FIXED_NOW } from './helpers';
import { unpackedState } from '../../functions/src/data/packed-state';

const timer: WeekTimer = { schedule: () => Promise.resolve() };
const createNewTurnTask = turn.createHandler({ timer });

describeBackends('an order belongs to one week', (backend) => {
  const { service, ctxOf, creatorCtx, createGame, withPlayers, placeOrder } = beerFixtures(backend);

  const weekOf = async (gid: string): Promise<unknown> =>
    (await service().docs.get(`games/${gid}`)).data?.week;

  const ordersOf = async (gid: string) =>
    (await service().docs.query({ collection: `games/${gid}/orders` })).map((d) => d.id).sort();

  it('an order that arrives after the timer turned the week is refused, and the next week waits', async () => {
    const gid = await createGame({ timer: 60 });
    const players = await withPlayers(gid, ['retailer', 'wholesaler']);
    await createNewTurnTask(ctxOf(players.retailer!), { gid, type: 'beergame' });
    await placeOrder(gid, players.retailer!, 'retailer', 5, 1);
    // The wholesaler's countdown runs out; the task turns week 1 with a computer order.
    const fired = await handleWeekTimer(service(), { gid, week: 1 }, FIXED_NOW + 60_000, timer);
    expect(fired).toMatchObject({ advanced: true, week: 2 });
    // The wholesaler's order for week 1 arrives now: refused, with the reason the screen shows.
    await expect(placeOrder(gid, players.wholesaler!, 'wholesaler', 9, 1)).rejects.toMatchObject({
      code: 'failed-precondition',
      messageKey: 'orderWeekTurned',
    });
    const facility = (await service().docs.get(`games/${gid}/facilities/wholesaler`)).data;
    expect(facility).toMatchObject({ week: 2, validatedOrder: false });
    expect(await ordersOf(gid)).toEqual(['retailer_retailer-beer_1']);
    // Week 2 does not turn without anyone deciding it.
    const call = await placeOrder(gid, players.retailer!, 'retailer', 5, 2);
    expect(call).toMatchObject({ advanced: false, week: 2, waitingFor: ['wholesaler'] });
    expect(await weekOf(gid)).toBe(2);
  });

  it('an order sent again adds nothing, also after it turned its week; another quantity is refused', async () => {
    const gid = await createGame();
    const players = await withPlayers(gid, ['retailer', 'wholesaler']);
    await placeOrder(gid, players.retailer!, 'retailer', 5, 1);
    // The answer was lost on the way: the page sends the same order again.
    expect(await placeOrder(gid, players.retailer!, 'retailer', 5, 1)).toMatchObject({
      advanced: false,
      week: 1,
      waitingFor: ['wholesaler'],
    });
    expect(await ordersOf(gid)).toEqual(['retailer_retailer-beer_1']);
    // Changing the week's decision afterwards is not a re-send: refused, nothing changes.
    await expect(placeOrder(gid, players.retailer!, 'retailer', 6, 1)).rejects.toMatchObject({
      code: 'failed-precondition',
      messageKey: 'orderAlreadyPlaced',
    });
    const order = (await service().docs.get(`games/${gid}/orders/retailer_retailer-beer_1`)).data;
    expect(order).toMatchObject({ orderQty: 5, week: 1, faci_id: 'retailer' });
    // The wholesaler's order turns the week; its retry arrives after: counted once, no error.
    expect(await placeOrder(gid, players.wholesaler!, 'wholesaler', 7, 1)).toMatchObject({
      advanced: true,
      week: 2,
    });
    expect(await placeOrder(gid, players.wholesaler!, 'wholesaler', 7, 1)).toMatchObject({
      advanced: false,
      week: 2,
    });
    expect(await weekOf(gid)).toBe(2);
    expect(await ordersOf(gid)).toEqual([
      'retailer_retailer-beer_1',
      'wholesaler_wholesaler-beer_1',
    ]);
    const facility = (await service().docs.get(`games/${gid}/facilities/wholesaler`)).data;
    expect(facility).toMatchObject({ week: 2, validatedOrder: false });
  });

  it('an order racing the timer is counted in full for its week, or refused and left to the computer', async () => {
    const gid = await createGame({ timer: 60 });
    const players = await withPlayers(gid, ['retailer', 'wholesaler']);
    await createNewTurnTask(ctxOf(players.retailer!), { gid, type: 'beergame' });
    await placeOrder(gid, players.retailer!, 'retailer', 5, 1);
    const [order, fired] = await Promise.allSettled([
      placeOrder(gid, players.wholesaler!, 'wholesaler', 9, 1),
      handleWeekTimer(service(), { gid, week: 1 }, FIXED_NOW + 60_000, timer),
    ]);
    // Exactly one week turned, whichever came first.
    expect(await weekOf(gid)).toBe(2);
    const state = stateFromDoc(
      unpackedState((await service().docs.get(`games/${gid}/private/state`)).data),
    );
    expect(state?.history).toHaveLength(1);
    const wholesaler = (await service().docs.get(`games/${gid}/facilities/wholesaler`)).data;
    if (order.status === 'fulfilled') {
      // The order came first (and turned the week itself), the timer found the week gone.
      expect(order.value).toMatchObject({ advanced: true, week: 2 });
      expect(fired.status === 'fulfilled' && (fired.value?.advanced ?? false)).toBe(false);
      expect(await ordersOf(gid)).toContain('wholesaler_wholesaler-beer_1');
      expect(wholesaler?.computerOrderedWeek).toBeNull();
    } else {
      // The timer came first: the order is refused whole, the computer ordered week 1.
      expect(order.reason).toMatchObject({ messageKey: 'orderWeekTurned' });
      expect(await ordersOf(gid)).toEqual(['retailer_retailer-beer_1']);
      expect(wholesaler?.computerOrderedWeek).toBe(1);
    }
  });

  it('a second force for the same week (a double click) turns one week', async () => {
    const gid = await createGame();
    await withPlayers(gid, ['retailer']);
    const force = () =>
      createNewTurnTask(creatorCtx(), {
        gid,
        type: 'beergame',
        force: true,
        week: 1,
      });
    const results = await Promise.all([force(), force(), force()]);
    expect(results.filter((r) => r.advanced)).toHaveLength(1);
    expect(await weekOf(gid)).toBe(2);
    // Sequential too: the second call names week 1, which is gone.
    expect(await force()).toMatchObject({ advanced: false, week: 2 });
    expect(await weekOf(gid)).toBe(2);
  });

  it('four players validating at once, round after round, turn exactly one week a round', async () => {
    const gid = await createGame();
    const fids = ['retailer', 'wholesaler', 'distributor', 'factory'];
    const players = await withPlayers(gid, fids);
    for (let week = 1; week <= 3; week++) {
      // Each player's one request, all at once, as a class does.
      const results = await Promise.all(
        fids.map((fid) => placeOrder(gid, players[fid]!, fid, 4 + fids.indexOf(fid), week)),
      );
      expect(results.filter((r) => r.advanced)).toHaveLength(1);
      expect(await weekOf(gid)).toBe(week + 1);
    }
    expect(await ordersOf(gid)).toHaveLength(12);
    // Every order was counted for its own week: the state's record holds each quantity.
    const state = stateFromDoc(
      unpackedState((await service().docs.get(`games/${gid}/private/state`)).data),
    );
    expect(state?.history).toHaveLength(3);
    const facilities = await service().docs.query({ collection: `games/${gid}/facilities` });
    for (const f of facilities) expect(f.data?.computerOrderedWeek).toBeNull();
  });
});
