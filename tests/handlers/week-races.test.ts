/**
 * An order belongs to one week (docs/rules/beer.md BEER-WEEK-*, docs/policy.md "Orders"), on both
 * backends: an order that arrives after the week turned is refused, never applied to the next
 * week; a week turns exactly once per decision, however many calls race; a re-sent order batch
 * never adds a second order document.
 */
import { expect, it } from 'vitest';
import * as turn from '../../functions/src/callables/create-new-turn-task';
import type { WeekTimer } from '../../functions/src/beer/beer-game';
import { handleWeekTimer } from '../../functions/src/tasks/beer-week-timer';
import { describeBackends } from '../backends';
import { beerFixtures } from './beer-fixtures';
import { FIXED_NOW } from './helpers';

const timer: WeekTimer = { schedule: () => Promise.resolve() };
const createNewTurnTask = turn.createHandler({ timer });

describeBackends('an order belongs to one week', (backend) => {
  const { service, ctxOf, creatorCtx, createGame, withPlayers, orderBatch } = beerFixtures(backend);

  const weekOf = async (gid: string): Promise<unknown> =>
    (await service().docs.get(`games/${gid}`)).data?.week;

  const ordersOf = async (gid: string) =>
    (await service().docs.query({ collection: `games/${gid}/orders` })).map((d) => d.id).sort();

  it('an order that arrives after the timer turned the week is refused, and the next week waits', async () => {
    const gid = await createGame({ timer: 60 });
    const players = await withPlayers(gid, ['retailer', 'wholesaler']);
    await createNewTurnTask(ctxOf(players.retailer!), { gid, type: 'beergame' });
    await orderBatch(gid, players.retailer!, 'retailer', 5, 1);
    // The wholesaler's countdown runs out; the task turns week 1 with a computer order.
    const fired = await handleWeekTimer(service(), { gid, week: 1 }, FIXED_NOW + 60_000, timer);
    expect(fired).toMatchObject({ advanced: true, week: 2 });
    // The wholesaler's order for week 1 arrives now: refused as a whole.
    await expect(orderBatch(gid, players.wholesaler!, 'wholesaler', 9, 1)).rejects.toMatchObject({
      code: 'permission-denied',
    });
    const facility = (await service().docs.get(`games/${gid}/facilities/wholesaler`)).data;
    expect(facility).toMatchObject({ week: 2, validatedOrder: false });
    expect(await ordersOf(gid)).toEqual(['retailer_retailer-beer_1']);
    // Week 2 does not turn without anyone deciding it.
    await orderBatch(gid, players.retailer!, 'retailer', 5, 2);
    const call = await createNewTurnTask(ctxOf(players.retailer!), {
      gid,
      type: 'beergame',
      week: 2,
    });
    expect(call).toMatchObject({ advanced: false, week: 2, waitingFor: ['wholesaler'] });
    expect(await weekOf(gid)).toBe(2);
  });

  it('a re-sent order batch rewrites the same order and adds none', async () => {
    const gid = await createGame();
    const players = await withPlayers(gid, ['retailer', 'wholesaler']);
    await orderBatch(gid, players.retailer!, 'retailer', 5, 1);
    await orderBatch(gid, players.retailer!, 'retailer', 5, 1);
    expect(await ordersOf(gid)).toEqual(['retailer_retailer-beer_1']);
    // Changing the week's decision afterwards is not a re-send: refused.
    await expect(orderBatch(gid, players.retailer!, 'retailer', 6, 1)).rejects.toMatchObject({
      code: 'permission-denied',
    });
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
      // Each player's batch, then its call, all at once, as a class does.
      await Promise.all(
        fids.map(async (fid) => {
          await orderBatch(gid, players[fid]!, fid, 4, week);
          await createNewTurnTask(ctxOf(players[fid]!), { gid, type: 'beergame', week });
        }),
      );
      expect(await weekOf(gid)).toBe(week + 1);
    }
    expect(await ordersOf(gid)).toHaveLength(12);
  });
});
