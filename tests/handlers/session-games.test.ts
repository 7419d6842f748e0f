/**
 * A session's games on both backends: the week processing marks the session's entry of a game
 * finished when the game ends (`session.games[].finished`, spec §3) and a reset unmarks it; a
 * player may reset its game only when the session allows it (`allowPlayerReset`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataPort } from '@sim/core/port/data-port';
import { CallableError } from '../../functions/src/callable';
import * as resetGame from '../../functions/src/callables/reset-beer-game';
import { describeBackends } from '../backends';
import { beerFixtures, CREATOR } from './beer-fixtures';

async function expectError(promise: Promise<unknown>, code: string, messageKey: string) {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CallableError);
  expect(err).toMatchObject({ code, messageKey });
}

describeBackends('session games', (backend) => {
  const fx = beerFixtures(backend);
  let port: DataPort;

  beforeAll(() => {
    port = fx.service();
  });

  /** A published session of the creator; its round 1 lists a game of team 1 and one of team 2. */
  async function sessionWithGames(settings: Record<string, unknown> = {}) {
    const sid = port.docs.newId();
    await port.docs.set(`sessions/${sid}`, {
      name: 'Thursday class',
      creator: CREATOR.uid,
      team: null,
      status: 'published',
      games: [],
      deleted: false,
      ...settings,
    });
    const gid = await fx.createGame({ session: sid });
    const other = await fx.createGame({ session: sid });
    await port.docs.update(`sessions/${sid}`, {
      games: [
        { gid, roundNumber: 1, teamNumber: 1, finished: false },
        { gid: other, roundNumber: 1, teamNumber: 2, finished: false },
      ],
    });
    return { sid, gid, other };
  }

  async function sessionGames(sid: string) {
    return (await port.docs.get(`sessions/${sid}`)).data?.['games'];
  }

  /** Plays the game's weeks to the end with one player (the other roles are the computer's). */
  async function playToTheEnd(gid: string, uid: string, weeks: number) {
    for (let w = 1; w <= weeks; w++) {
      const r = await fx.placeOrder(gid, uid, 'retailer', 4, w);
      expect(r.advanced).toBe(true);
    }
  }

  it("marks the session's entry finished when the game ends, and not before", async () => {
    const { sid, gid, other } = await sessionWithGames();
    const { retailer } = await fx.withPlayers(gid, ['retailer']);
    await fx
      .clientOf({ uid: CREATOR.uid, provider: 'password', email: CREATOR.email })
      .docs.update(`games/${gid}/private/params`, { weeks: 3 });
    await resetGame.handle(fx.creatorCtx(), { gid });
    await playToTheEnd(gid, retailer!, 2);
    expect(await sessionGames(sid)).toEqual([
      { gid, roundNumber: 1, teamNumber: 1, finished: false },
      { gid: other, roundNumber: 1, teamNumber: 2, finished: false },
    ]);
    const last = await fx.placeOrder(gid, retailer!, 'retailer', 4, 3);
    expect(last).toMatchObject({ advanced: true, finished: true });
    expect((await port.docs.get(`games/${gid}`)).data?.['finished']).toBe(true);
    // Only this game's entry changes; the other team's game still plays.
    expect(await sessionGames(sid)).toEqual([
      { gid, roundNumber: 1, teamNumber: 1, finished: true },
      { gid: other, roundNumber: 1, teamNumber: 2, finished: false },
    ]);

    // A reset starts the game again: its entry is no longer finished.
    await resetGame.handle(fx.creatorCtx(), { gid });
    expect(await sessionGames(sid)).toEqual([
      { gid, roundNumber: 1, teamNumber: 1, finished: false },
      { gid: other, roundNumber: 1, teamNumber: 2, finished: false },
    ]);
  });

  it('a game without a session ends as before', async () => {
    const gid = await fx.createGame();
    const { retailer } = await fx.withPlayers(gid, ['retailer']);
    await fx
      .clientOf({ uid: CREATOR.uid, provider: 'password', email: CREATOR.email })
      .docs.update(`games/${gid}/private/params`, { weeks: 2 });
    await resetGame.handle(fx.creatorCtx(), { gid });
    await playToTheEnd(gid, retailer!, 2);
    expect((await port.docs.get(`games/${gid}`)).data?.['finished']).toBe(true);
  });

  describe('resetBeerGame by a player', () => {
    it('is refused when the session does not allow it', async () => {
      const { gid } = await sessionWithGames({ allowPlayerReset: false });
      const { retailer } = await fx.withPlayers(gid, ['retailer']);
      await fx.placeOrder(gid, retailer!, 'retailer', 9, 1);
      await expectError(
        resetGame.handle(fx.ctxOf(retailer!), { gid }),
        'permission-denied',
        'gameNotAdmin',
      );
      expect((await port.docs.get(`games/${gid}`)).data?.['week']).toBe(2);
    });

    it("is allowed to the game's players when the session allows it, never to others", async () => {
      const { gid, other } = await sessionWithGames({ allowPlayerReset: true });
      const { retailer } = await fx.withPlayers(gid, ['retailer']);
      await fx.placeOrder(gid, retailer!, 'retailer', 9, 1);
      expect((await port.docs.get(`games/${gid}`)).data?.['week']).toBe(2);
      // A stranger, and the player of another game of the session, may not.
      await expectError(
        resetGame.handle(fx.ctxOf('stranger'), { gid }),
        'permission-denied',
        'gameNotAdmin',
      );
      const { retailer: otherPlayer } = await fx.withPlayers(other, ['retailer']);
      await expectError(
        resetGame.handle(fx.ctxOf(otherPlayer!), { gid }),
        'permission-denied',
        'gameNotAdmin',
      );
      expect(await resetGame.handle(fx.ctxOf(retailer!), { gid })).toEqual({ week: 1 });
      const game = (await port.docs.get(`games/${gid}`)).data;
      expect(game).toMatchObject({ week: 1, finished: false });
      expect(await port.docs.query({ collection: `games/${gid}/orders` })).toEqual([]);
    });

    it('is refused once the session is deleted', async () => {
      const { sid, gid } = await sessionWithGames({ allowPlayerReset: true });
      const { retailer } = await fx.withPlayers(gid, ['retailer']);
      await port.docs.update(`sessions/${sid}`, { deleted: true });
      await expectError(
        resetGame.handle(fx.ctxOf(retailer!), { gid }),
        'permission-denied',
        'gameNotAdmin',
      );
    });
  });
});
