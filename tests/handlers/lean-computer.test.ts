/**
 * The live view's "let the computer take a station" (LEAN-AI-5) on both backends: autoPlaySecGen
 * of a lean game, before the start and during the run. A station taken mid-run is worked by the
 * computer from then on, its player is refused until it is given back, each change is in the
 * action log, and the final stats still replay the run from the set at the start.
 */
import { beforeAll, expect, it } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import type { DataPort, DocData } from '@sim/core/port/data-port';
import { leanDebrief } from '@sim/core/lean/debrief';
import { applyAction, endRun, startRun } from '@sim/core/lean/engine';
import { leanGameFromDocs, leanStateFromDoc, plain } from '@sim/core/lean/game-docs';
import type { LeanAction } from '@sim/core/lean/model';
import { CallableError, invokeCallable } from '../../functions/src/callable';
import * as autoPlay from '../../functions/src/callables/auto-play-sec-gen';
import * as turn from '../../functions/src/callables/create-new-turn-task';
import * as leanAction from '../../functions/src/callables/lean-action';
import { noTimer } from '../../functions/src/beer/beer-game';
import { FLUSH_MS, flushLeanRun } from '../../functions/src/lean/lean-game';
import { describeBackends } from '../backends';
import { leanFixtures, recordingTicker } from './lean-fixtures';

async function expectError(promise: Promise<unknown>, code: string, messageKey: string) {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CallableError);
  expect(err).toMatchObject({ code, messageKey });
}

describeBackends('lean: the computer takes a station (autoPlaySecGen)', (backend) => {
  const f = leanFixtures(backend);
  let port: DataPort;
  const ticker = recordingTicker();
  const start = turn.createLeanHandler({ ticker });
  const handOver = autoPlay.createHandler({ timer: noTimer });

  beforeAll(() => {
    port = f.service();
  });

  const gameDoc = async (gid: string) => (await port.docs.get(`games/${gid}`)).data as DocData;
  const facility = async (gid: string, fid: string) =>
    ((await gameDoc(gid)).facilities as Record<string, DocData>)[fid] as DocData;
  const coreState = async (gid: string) => {
    const state = leanStateFromDoc((await port.docs.get(`games/${gid}/private/state`)).data);
    if (!state) throw new Error('no stored state');
    return state;
  };
  /** Lets `seconds` pass and flushes the run once, as a tick does (the chunks do not matter). */
  const runFor = async (gid: string, seconds: number) => {
    await flushLeanRun(port, gid, f.clock.advance(seconds * FLUSH_MS));
  };
  const act = (
    gid: string,
    uid: string,
    fid: string,
    action: leanAction.LeanActionData['action'],
  ) => leanAction.handle(f.ctxOf(uid), { gid, fid, action });

  it('mid-run: the computer works a player’s station from the call on, the player watches, and gets it back', async () => {
    const gid = await f.createGame({ variant: { compact: true } });
    const players = await f.withPlayers(gid, ['yellow', 'grey']);
    const started = await start(f.creatorCtx(), { gid, type: 'leangame' });
    const startAt = started.game_start_at as number;
    await runFor(gid, 40);
    expect((await coreState(gid)).facilities.yellow!.paints).toBe(0);

    // Only the game's admins; a player may not hand a station over.
    await expectError(
      handOver(f.ctxOf(players.grey!), { gid, type: 'leangame', roleId: 'yellow', computer: true }),
      'permission-denied',
      'gameNotAdmin',
    );
    const takenAt = f.clock.advance(500);
    const res = await handOver(f.creatorCtx(), {
      gid,
      type: 'leangame',
      roleId: 'yellow',
      computer: true,
    });
    expect(res.computer).toContain('yellow');
    expect(res.computer).not.toContain('grey');
    expect(res).toMatchObject({ advanced: false, week: 0 });
    // The player keeps the station and is told through the game document.
    expect(await facility(gid, 'yellow')).toMatchObject({
      user: players.yellow,
      computer: true,
    });
    const log = await port.docs.query({ collection: `games/${gid}/actions` });
    expect(log.map((d) => d.data?.action)).toEqual([
      { at: takenAt - startAt, fid: 'yellow', kind: 'setComputer', on: true },
    ]);
    expect(log[0]?.data).toMatchObject({ uid: 'lena', kind: 'setComputer', fid: 'yellow' });
    await expectError(
      act(gid, players.yellow!, 'yellow', { kind: 'load' }),
      'failed-precondition',
      'lean.role.computer',
    );
    // The same call again changes nothing and logs nothing.
    await handOver(f.creatorCtx(), { gid, type: 'leangame', roleId: 'yellow', computer: true });
    expect(await port.docs.query({ collection: `games/${gid}/actions` })).toHaveLength(1);

    await runFor(gid, 60);
    const worked = await coreState(gid);
    expect(worked.computer).toContain('yellow');
    expect(worked.facilities.yellow!.paints).toBeGreaterThan(0);

    const backAt = f.clock.advance(300);
    const back = await handOver(f.creatorCtx(), {
      gid,
      type: 'leangame',
      roleId: 'yellow',
      computer: false,
    });
    expect(back.computer).not.toContain('yellow');
    expect(await facility(gid, 'yellow')).toMatchObject({ user: players.yellow, computer: false });
    // The player acts again: whatever the core says now, it is no longer the computer's station.
    const again = await act(gid, players.yellow!, 'yellow', { kind: 'send' }).then(
      () => null,
      (e: unknown) => (e as CallableError).messageKey,
    );
    expect(again).not.toBe('lean.role.computer');
    expect(again).not.toBe('lean.facility.notYours');

    const end = f.clock.advance(5000);
    await start(f.creatorCtx(), { gid, type: 'leangame', end: true });
    const stats = (await port.docs.get(`games/${gid}/stats/final`)).data as DocData;
    // The stats keep the set the run started with; with the log it replays the run.
    expect(stats.computer).not.toContain('yellow');
    expect(stats.computer).not.toContain('grey');
    const changes = (stats.log as LeanAction[]).filter((a) => a.kind === 'setComputer');
    expect(changes).toEqual([
      { at: takenAt - startAt, fid: 'yellow', kind: 'setComputer', on: true },
      { at: backAt - startAt, fid: 'yellow', kind: 'setComputer', on: false },
    ]);
    const pp = (await port.docs.get(`games/${gid}/private/params`)).data;
    const game = leanGameFromDocs(await gameDoc(gid), pp);
    let replay = startRun(game, stats.computer as string[]);
    for (const a of stats.log as LeanAction[]) {
      const applied = applyAction(replay, a);
      expect(applied.issue).toBeUndefined();
      replay = applied.state;
    }
    replay = endRun(replay, end - startAt);
    expect(stats.endedAt).toBe(end - startAt);
    expect(plain(leanDebrief(replay))).toEqual(stats.debrief);
    // After the end nothing changes hands.
    await expectError(
      handOver(f.creatorCtx(), { gid, type: 'leangame', roleId: 'grey', computer: true }),
      'failed-precondition',
      'lean.run.notRunning',
    );
  });

  it('before the start: the flag is what the start reads; every station without a player at once', async () => {
    const gid = await f.createGame({ variant: { compact: true } });
    const players = await f.withPlayers(gid, ['yellow', 'grey']);
    const res = await handOver(f.creatorCtx(), {
      gid,
      type: 'leangame',
      roleId: 'grey',
      computer: true,
    });
    expect(res.computer).toEqual(['grey']);
    expect(await port.docs.query({ collection: `games/${gid}/actions` })).toHaveLength(0);
    const all = await handOver(f.creatorCtx(), { gid, type: 'leangame', computer: true });
    expect([...all.computer].sort()).toEqual(['blue', 'grey', 'quality', 'warehouse']);
    await start(f.creatorCtx(), { gid, type: 'leangame' });
    const state = await coreState(gid);
    expect([...state.computer].sort()).toEqual(['blue', 'grey', 'quality', 'warehouse']);
    expect(await facility(gid, 'grey')).toMatchObject({ user: players.grey, computer: true });
    await expectError(
      act(gid, players.grey!, 'grey', { kind: 'load' }),
      'failed-precondition',
      'lean.role.computer',
    );
  });

  it('refuses unknown stations, prototype names, another game type and bad payloads, changing nothing', async () => {
    const gid = await f.createGame({ variant: { compact: true } });
    await f.withPlayers(gid, ['yellow']);
    await start(f.creatorCtx(), { gid, type: 'leangame' });
    for (const roleId of ['nowhere', '__proto__', 'constructor']) {
      await expectError(
        handOver(f.creatorCtx(), { gid, type: 'leangame', roleId, computer: true }),
        'not-found',
        'roleUnknown',
      );
    }
    await expectError(
      handOver(f.creatorCtx(), {
        gid: 'missing',
        type: 'leangame',
        roleId: 'yellow',
        computer: true,
      }),
      'not-found',
      'messGameUnknown',
    );
    expect(await port.docs.query({ collection: `games/${gid}/actions` })).toHaveLength(0);
    expect(await facility(gid, 'yellow')).toMatchObject({ computer: false });
    for (const data of [
      { gid, type: 'leangame', roleId: 'yellow', computer: 'yes' },
      { gid, type: 'chess', roleId: 'yellow' },
      { gid, type: 'leangame', roleIds: Array.from({ length: 9 }, (_, i) => `s${i}`) },
    ]) {
      const err: unknown = await invokeCallable(
        autoPlay.name,
        autoPlay.schema,
        handOver,
        { auth: { uid: 'lena', token: {} }, data },
        { port: () => port, now: () => f.clock.now },
      ).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(HttpsError);
      expect((err as HttpsError).code).toBe('invalid-argument');
    }
  });
});
