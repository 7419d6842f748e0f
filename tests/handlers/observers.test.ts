/**
 * Who may observe a beer game, and what an observer reads (functions/src/callables/join-as.ts,
 * docs/policy.md), on both backends: anyone who never played sees every facility but never the
 * game's secrets; a player never becomes an observer; an observer takes a role only before the
 * first week turns; a session may keep observing to its admins. And simultaneous joins for one
 * role: one wins, the others are told the role is taken (never an internal error).
 */
import { expect, it } from 'vitest';
import { CallableError } from '../../functions/src/callable';
import * as joinAs from '../../functions/src/callables/join-as';
import * as quitGame from '../../functions/src/callables/quit-game';
import * as turn from '../../functions/src/callables/create-new-turn-task';
import type { WeekTimer } from '../../functions/src/beer/beer-game';
import { describeBackends } from '../backends';
import { CREATOR, beerFixtures } from './beer-fixtures';

const timer: WeekTimer = { schedule: () => Promise.resolve() };
const quit = quitGame.createHandler({ timer });
const createNewTurnTask = turn.createHandler({ timer });

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => 'accepted',
    (err: unknown) => err,
  );
}

describeBackends('observers', (backend) => {
  const { clientOf, service, ctxOf, creatorCtx, createGame, withPlayers } = beerFixtures(backend);
  const observe = (gid: string, uid: string) =>
    joinAs.handle(ctxOf(uid), { gid, roleId: joinAs.OBSERVER });

  it('an observer reads every facility, never the future demand, the quiz answers or the state', async () => {
    const gid = await createGame();
    await withPlayers(gid, ['retailer']);
    await observe(gid, 'watcher');
    const watcher = clientOf({ uid: 'watcher', provider: 'anonymous' });
    const facilities = await watcher.docs.query({ collection: `games/${gid}/facilities` });
    expect(facilities.map((f) => f.id).sort()).toEqual(
      ['distributor', 'factory', 'retailer', 'wholesaler'].sort(),
    );
    for (const secret of ['params', 'state']) {
      await expect(watcher.docs.get(`games/${gid}/private/${secret}`)).rejects.toMatchObject({
        code: 'permission-denied',
      });
    }
  });

  it('a player cannot become an observer, not even after quitting', async () => {
    const gid = await createGame();
    const players = await withPlayers(gid, ['retailer', 'wholesaler']);
    const uid = players.retailer!;
    expect(await refusal(observe(gid, uid))).toMatchObject({
      code: 'failed-precondition',
      messageKey: 'observeAfterPlaying',
    });
    await quit(ctxOf(uid), { gid, roleId: 'retailer' });
    const err = await refusal(observe(gid, uid));
    expect(err).toBeInstanceOf(CallableError);
    expect(err).toMatchObject({ messageKey: 'observeAfterPlaying' });
    const game = (await service().docs.get(`games/${gid}`)).data;
    expect(game?.observers).not.toContain(uid);
  });

  it('an observer takes a role before the first week turns, not after', async () => {
    const gid = await createGame();
    await observe(gid, 'early');
    await joinAs.handle(ctxOf('early'), { gid, roleId: 'retailer' });
    const game = (await service().docs.get(`games/${gid}`)).data;
    expect(game?.players).toContain('early');
    expect(game?.observers).not.toContain('early');

    await observe(gid, 'late');
    await createNewTurnTask(creatorCtx(), { gid, type: 'beergame', force: true, week: 1 });
    expect(
      await refusal(joinAs.handle(ctxOf('late'), { gid, roleId: 'wholesaler' })),
    ).toMatchObject({ code: 'failed-precondition', messageKey: 'playAfterObserving' });
  });

  it('a session that keeps observing to its admins refuses everyone else; its admins observe', async () => {
    const sid = service().docs.newId();
    await service().docs.set(`sessions/${sid}`, {
      creator: CREATOR.uid,
      name: 'Closed class',
      status: 'published',
      observersAdminsOnly: true,
    });
    const gid = await createGame({ session: sid });
    expect(await refusal(observe(gid, 'stranger'))).toMatchObject({
      code: 'permission-denied',
      messageKey: 'observeAdminsOnly',
    });
    const game = (await service().docs.get(`games/${gid}`)).data;
    expect(game?.observers ?? []).toEqual([]);
    await joinAs.handle(creatorCtx(), { gid, roleId: joinAs.OBSERVER });
    expect((await service().docs.get(`games/${gid}`)).data?.observers).toContain(CREATOR.uid);
  });

  it('six players joining one role at once: one holds it, the others are told it is taken', async () => {
    const gid = await createGame();
    const uids = Array.from({ length: 6 }, (_, i) => `${gid.slice(0, 5)}-rush-${i}`);
    const outcomes = await Promise.all(
      uids.map((uid) => refusal(joinAs.handle(ctxOf(uid), { gid, roleId: 'factory' }))),
    );
    const winners = outcomes.filter((o) => o === 'accepted');
    expect(winners).toHaveLength(1);
    const losers = outcomes.filter((o) => o instanceof Error);
    expect(losers).toHaveLength(5);
    for (const err of losers) {
      expect(err).toBeInstanceOf(CallableError);
      expect(err).toMatchObject({ code: 'already-exists', messageKey: 'roleTaken' });
    }
    const game = (await service().docs.get(`games/${gid}`)).data as {
      players: string[];
      facilities: Record<string, { user: string | null }>;
    };
    expect(game.players).toHaveLength(1);
    expect(game.facilities.factory?.user).toBe(game.players[0]);
  });
});
