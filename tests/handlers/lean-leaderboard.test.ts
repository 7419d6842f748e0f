/**
 * The lean games on the public leaderboard, on both backends: a run of a default lean template
 * that ends gets its `leaderboard/{gid}` entry (profit as the rank measure, players named only
 * with the consent they gave where they joined), a reset takes it off, an edited game is not
 * ranked; everyone reads the board, no client writes it. joinAs keeps the player's answer on
 * its profile and refuses an answer that is not a yes or a no.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import type { DataPort, DocData } from '@sim/core/port/data-port';
import type { LeanDebrief } from '@sim/core/lean/debrief';
import type { LeanGameInput } from '@sim/core/lean/model';
import { LEAN_TEMPLATES } from '@sim/core/templates/lean-templates';
import { invokeCallable, type CallableHandler } from '../../functions/src/callable';
import * as joinAs from '../../functions/src/callables/join-as';
import * as turn from '../../functions/src/callables/create-new-turn-task';
import * as resetLean from '../../functions/src/callables/reset-lean-game';
import { describeBackends } from '../backends';
import { LEAN_CREATOR, leanFixtures, recordingTicker } from './lean-fixtures';

function templateConfig(id: string): LeanGameInput {
  const t = LEAN_TEMPLATES.find((x) => x.id === id);
  if (!t || t.type !== 'leangame') throw new Error(`no lean template ${id}`);
  return structuredClone(t.config);
}

describeBackends('lean games on the leaderboard', (backend) => {
  const f = leanFixtures(backend);
  let port: DataPort;
  const start = turn.createLeanHandler({ ticker: recordingTicker() });

  beforeAll(() => {
    port = f.service();
  });

  /** Joins as the SPA's intro page does, with the player's answer about the leaderboard. */
  async function join(gid: string, fid: string, name: string, showName?: boolean) {
    const uid = `${gid.slice(0, 6)}-${fid}`;
    await joinAs.handle(f.ctxOf(uid), {
      gid,
      roleId: fid,
      playerName: name,
      ...(showName === undefined ? {} : { showName }),
    });
    return uid;
  }

  /** Starts the run, lets it go for `minutes` and ends it as the instructor would. */
  async function runAndEnd(gid: string, minutes: number): Promise<void> {
    await start(f.creatorCtx(), { gid, type: 'leangame' });
    f.clock.advance(minutes * 60000);
    await start(f.creatorCtx(), { gid, type: 'leangame', end: true });
  }

  const entryOf = async (gid: string) => (await port.docs.get(`leaderboard/${gid}`)).data;

  it('a run of a default template gets its entry when it ends, named as its players agreed', async () => {
    const gid = await f.createGame({ config: templateConfig('lean-basic') });
    const ada = await join(gid, 'yellow', 'Ada', true);
    const bob = await join(gid, 'grey', 'Bob', false);
    await join(gid, 'blue', 'Cy');
    expect((await port.docs.get(`users/${ada}`)).data).toMatchObject({ leaderboardConsent: true });
    expect((await port.docs.get(`users/${bob}`)).data).toMatchObject({ leaderboardConsent: false });
    expect(await entryOf(gid)).toBeUndefined();

    await runAndEnd(gid, 6);
    const entry = (await entryOf(gid)) as DocData;
    // The figures are the debrief's, which the backend stored with the run.
    const stats = (await port.docs.get(`games/${gid}/stats/final`)).data;
    const debrief = stats?.debrief as unknown as LeanDebrief;
    expect(entry).toMatchObject({
      gid,
      type: 'leangame',
      template: 'lean-basic',
      profit: debrief.pnl.profit,
      rankScore: -debrief.pnl.profit,
      otifRate: debrief.deliveries.otifRate,
      delivered: debrief.deliveries.delivered,
      minutes: 6,
      finished_at: f.clock.now,
    });
    expect(entry.roles).toEqual([
      { id: 'warehouse', name: 'Warehouse', kind: 'computer', player: null },
      { id: 'yellow', name: 'Yellow', kind: 'player', player: 'Ada' },
      { id: 'grey', name: 'Grey', kind: 'player', player: null },
      { id: 'blue', name: 'Blue', kind: 'player', player: null },
      { id: 'quality', name: 'Quality & Rework', kind: 'computer', player: null },
    ]);
    // A player who did not agree is never named, anywhere in the public entry.
    expect(JSON.stringify(entry)).not.toMatch(/Bob|Cy/);

    // The board is public: a visitor reads it in rank order; no client writes it.
    const visitor = f.clientOf({ uid: 'visitor', provider: 'anonymous' });
    const board = await visitor.docs.query({
      collection: 'leaderboard',
      where: [{ field: 'template', op: '==', value: 'lean-basic' }],
      orderBy: [{ field: 'rankScore', direction: 'asc' }],
      limit: 20,
    });
    expect(board.map((s) => s.id)).toContain(gid);
    await expect(
      f.clientOf({ uid: ada, provider: 'anonymous' }).docs.update(`leaderboard/${gid}`, {
        'roles.0.player': 'Mallory',
      }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(
      f
        .clientOf({ uid: LEAN_CREATOR.uid, provider: 'password', email: LEAN_CREATOR.email })
        .docs.delete(`leaderboard/${gid}`),
    ).rejects.toMatchObject({ code: 'permission-denied' });

    // Reset: the ended run's result leaves the board with its stats.
    expect(await resetLean.handle(f.creatorCtx(), { gid })).toEqual({ reset: true });
    expect(await entryOf(gid)).toBeUndefined();
  });

  it('ranks higher profit first on the template’s board', async () => {
    const short = await f.createGame({ config: templateConfig('lean-flow') });
    await join(short, 'yellow', 'Short', true);
    await runAndEnd(short, 2);
    const long = await f.createGame({ config: templateConfig('lean-flow') });
    await join(long, 'yellow', 'Long', true);
    await runAndEnd(long, 12);
    const board = await port.docs.query({
      collection: 'leaderboard',
      where: [{ field: 'template', op: '==', value: 'lean-flow' }],
      orderBy: [{ field: 'rankScore', direction: 'asc' }],
    });
    const profits = board.map((s) => s.data?.profit as number);
    expect(profits).toEqual([...profits].sort((a, b) => b - a));
    expect(board.map((s) => s.id)).toEqual(expect.arrayContaining([short, long]));
    expect(profits.every((p) => Number.isFinite(p))).toBe(true);
  });

  it('does not rank a run of an edited game, nor one the computer played alone', async () => {
    const edited = templateConfig('lean-basic');
    edited.params.economics = { ...edited.params.economics, stationCostPerMin: 0 };
    const gid = await f.createGame({ config: edited });
    await join(gid, 'yellow', 'Ada', true);
    await runAndEnd(gid, 3);
    expect((await port.docs.get(`games/${gid}/stats/final`)).exists).toBe(true);
    expect(await entryOf(gid)).toBeUndefined();

    const alone = await f.createGame({ config: templateConfig('lean-basic') });
    await runAndEnd(alone, 3);
    expect(await entryOf(alone)).toBeUndefined();
  });

  describe('joinAs: the leaderboard answer', () => {
    it('an observer is not asked; a later join can withdraw the consent', async () => {
      const gid = await f.createGame({ config: templateConfig('lean-basic') });
      const obs = `${gid.slice(0, 6)}-obs`;
      await joinAs.handle(f.ctxOf(obs), { gid, roleId: 'observer', showName: true });
      expect((await port.docs.get(`users/${obs}`)).data?.leaderboardConsent).toBeUndefined();
      const uid = await join(gid, 'yellow', 'Ada', true);
      await join(gid, 'yellow', 'Ada', false);
      expect((await port.docs.get(`users/${uid}`)).data?.leaderboardConsent).toBe(false);
      // Joining without an answer keeps the one given before.
      await join(gid, 'yellow', 'Ada');
      expect((await port.docs.get(`users/${uid}`)).data?.leaderboardConsent).toBe(false);
    });

    it('refuses an answer that is not a yes or a no, before anything is written', async () => {
      const gid = await f.createGame({ config: templateConfig('lean-basic') });
      for (const showName of ['yes', 1, null, { on: true }]) {
        const err: unknown = await invokeCallable(
          joinAs.name,
          joinAs.schema,
          (() => Promise.reject(new Error('handler must not run'))) as CallableHandler<
            unknown,
            never
          >,
          { auth: { uid: 'mallory', token: {} }, data: { gid, roleId: 'yellow', showName } },
          { port: () => port, now: () => f.clock.now },
        ).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(HttpsError);
        expect((err as HttpsError).code).toBe('invalid-argument');
      }
      expect((await port.docs.get(`users/mallory`)).exists).toBe(false);
    });
  });
});
