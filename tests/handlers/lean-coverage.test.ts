/**
 * LEAN-RUN-4 for players on both backends: the coverage minute comes from the demand, which only
 * the game's admins read (`private/params`), so it is published on the public game document:
 * with the game as the SPA writes it, and again by the backend when the run is reset or
 * started. A player reads it there and is still refused the demand.
 */
import { expect, it } from 'vitest';
import type { DataPort, DocData } from '@sim/core/port/data-port';
import { coverageMinute } from '@sim/core/lean/clock';
import { leanConfigFromDocs } from '@sim/core/lean/game-docs';
import { normalizeLeanGame } from '@sim/core/lean/model';
import * as turn from '../../functions/src/callables/create-new-turn-task';
import * as resetLean from '../../functions/src/callables/reset-lean-game';
import { describeBackends } from '../backends';
import { LEAN_CREATOR, leanFixtures, recordingTicker } from './lean-fixtures';

describeBackends('lean: the coverage minute players see before the start', (backend) => {
  const f = leanFixtures(backend);
  const ticker = recordingTicker();
  const start = turn.createLeanHandler({ ticker });
  const creatorClient = (): DataPort =>
    f.clientOf({ uid: LEAN_CREATOR.uid, provider: 'password', email: LEAN_CREATOR.email });

  /** The coverage minute the core computes from the stored game and its secret demand. */
  const expected = async (gid: string): Promise<number> => {
    const port = f.service();
    const game = (await port.docs.get(`games/${gid}`)).data;
    const pp = (await port.docs.get(`games/${gid}/private/params`)).data;
    return coverageMinute(normalizeLeanGame(leanConfigFromDocs(game, pp)));
  };

  it('a player reads it on the game document, not the demand; reset and start rewrite it from the demand', async () => {
    const gid = await f.createGame({ variant: { compact: true } });
    const players = await f.withPlayers(gid, ['yellow']);
    const player = f.clientOf({ uid: players.yellow!, provider: 'anonymous' });
    const truth = await expected(gid);
    expect(truth).toBeGreaterThanOrEqual(0);
    const seen = (await player.docs.get(`games/${gid}`)).data as DocData;
    expect((seen.params as DocData).coverageMin).toBe(truth);
    await expect(player.docs.get(`games/${gid}/private/params`)).rejects.toMatchObject({
      code: 'permission-denied',
    });

    // The creator changes the demand from its client (the first order now at minute 3, no
    // stock) and leaves a wrong minute on the game: the reset publishes the right one.
    const pp = (await f.service().docs.get(`games/${gid}/private/params`)).data as DocData;
    const orders = (pp.consumerDemand as DocData[]).map((o) => ({
      ...o,
      created_min: Math.max(3, o.created_min as number),
    }));
    await creatorClient().docs.set(
      `games/${gid}/private/params`,
      { consumerDemand: orders },
      { merge: true },
    );
    await creatorClient().docs.update(`games/${gid}`, { 'params.coverageMin': 99 });
    await resetLean.handle(f.creatorCtx(), { gid });
    const after = await expected(gid);
    expect(after).toBe(3);
    const reset = (await player.docs.get(`games/${gid}`)).data as DocData;
    expect((reset.params as DocData).coverageMin).toBe(after);

    await creatorClient().docs.update(`games/${gid}`, { 'params.coverageMin': 42 });
    await start(f.creatorCtx(), { gid, type: 'leangame' });
    const started = (await player.docs.get(`games/${gid}`)).data as DocData;
    expect((started.params as DocData).coverageMin).toBe(after);
  });
});
