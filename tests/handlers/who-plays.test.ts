/**
 * Who plays, and when a game that waits for its players starts (docs/rules/beer.md "Who plays",
 * docs/decisions/0007-who-plays.md), on both backends: a session's game holds its week while
 * roles await players, whatever the lone player does; the instructor forces a week or starts
 * the game; a complete team starts it by itself; a role a player takes later was never played by
 * the computer unless the instructor chose so; an admin disconnects a player.
 */
import { beforeAll, expect, it } from 'vitest';
import type { DataPort, DocData } from '@sim/core/port/data-port';
import { stateFromDoc } from '@sim/core/beer/game-docs';
import { CallableError } from '../../functions/src/callable';
import type { WeekTimer } from '../../functions/src/beer/beer-game';
import * as autoPlay from '../../functions/src/callables/auto-play-sec-gen';
import * as joinAs from '../../functions/src/callables/join-as';
import * as quitGame from '../../functions/src/callables/quit-game';
import * as turn from '../../functions/src/callables/create-new-turn-task';
import { handleWeekTimer } from '../../functions/src/tasks/beer-week-timer';
import { describeBackends } from '../backends';
import { CREATOR, beerFixtures } from './beer-fixtures';
import { FIXED_NOW } from './helpers';
import { unpackedState } from '../../functions/src/data/packed-state';

const scheduled: { gid: string; week: number; at: number }[] = [];
const timer: WeekTimer = {
  schedule: (gid, week, at) => {
    scheduled.push({ gid, week, at });
    return Promise.resolve();
  },
};
const createNewTurnTask = turn.createHandler({ timer });
const autoPlaySecGen = autoPlay.createHandler({ timer });
const quit = quitGame.createHandler({ timer });
const join = joinAs.createHandler({ timer });

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => 'accepted',
    (err: unknown) => err,
  );
}

describeBackends('who plays', (backend) => {
  const fx = beerFixtures(backend);
  let port: DataPort;

  beforeAll(() => {
    port = fx.service();
  });

  async function gameDoc(gid: string): Promise<DocData> {
    return (await port.docs.get(`games/${gid}`)).data ?? {};
  }

  async function stateWeek(gid: string): Promise<number | undefined> {
    return stateFromDoc(
      unpackedState((await port.docs.get(`games/${gid}/private/state`)).data) ?? {},
    )?.week;
  }

  function facility(game: DocData, fid: string): Record<string, unknown> {
    return (game.facilities as Record<string, Record<string, unknown>>)[fid] ?? {};
  }

  /**
   * A published session of the creator with these lobby players (team numbers), and its round 1
   * game of team 1 waiting for its players, as the follow-up's "Start round" writes it.
   */
  async function sessionGame(opts: {
    composition?: 'maintainall' | 'random' | 'nolobby';
    lobby?: number[];
    roles?: number;
    timer?: number;
  }) {
    const sid = port.docs.newId();
    await port.docs.set(`sessions/${sid}`, {
      name: 'Monday class',
      creator: CREATOR.uid,
      team: null,
      status: 'published',
      teamComposition: opts.composition ?? 'maintainall',
      teamCount: 2,
      games: [],
      deleted: false,
    });
    for (const [i, team] of (opts.lobby ?? []).entries()) {
      await port.docs.set(`sessions/${sid}/players/${sid.slice(0, 4)}-p${i}`, {
        name: `Student ${i + 1}`,
        team,
        joined_at: FIXED_NOW,
      });
    }
    const gid = await fx.createGame({
      session: sid,
      teamNumber: 1,
      awaitPlayers: true,
      roles: opts.roles ?? 2,
      ...(opts.timer ? { timer: opts.timer } : {}),
    });
    return { sid, gid };
  }

  async function player(gid: string, fid: string): Promise<string> {
    const uid = `${gid.slice(0, 6)}-${fid}`;
    await join(fx.ctxOf(uid), { gid, roleId: fid, playerName: fid });
    return uid;
  }

  async function order(gid: string, uid: string, fid: string, qty: number, week: number) {
    return fx.placeOrder(gid, uid, fid, qty, week);
  }

  it('BEER-SEAT-3: a lone player of a waiting game orders, and the week does not turn', async () => {
    // Two students in team 1 of the lobby; one comes to the two-role game.
    const { gid } = await sessionGame({ lobby: [1, 1] });
    expect(await gameDoc(gid)).toMatchObject({ started: false, startedBy: null });
    const ann = await player(gid, 'retailer');
    const res = await order(gid, ann, 'retailer', 6, 1);
    expect(res).toMatchObject({
      advanced: false,
      week: 1,
      waitingFor: [],
      awaiting: ['factory'],
    });
    // Called again and again (a retry, another tab): still week 1.
    for (let i = 0; i < 3; i++) {
      expect((await createNewTurnTask(fx.ctxOf(ann), { gid, type: 'beergame' })).advanced).toBe(
        false,
      );
    }
    const g = await gameDoc(gid);
    expect(g).toMatchObject({ week: 1, started: false });
    expect(facility(g, 'retailer').validatedOrder).toBe(true);
    // The computer never took the free role.
    expect(facility(g, 'factory')).toMatchObject({ user: null, computer: false });
    expect(await stateWeek(gid)).toBe(1);
  });

  it('BEER-SEAT-3: the timer does not run and a countdown at zero turns nothing', async () => {
    const { gid } = await sessionGame({ lobby: [1, 1], timer: 60 });
    const ann = await player(gid, 'retailer');
    await fx.placeOrder(gid, ann, 'retailer', 6, 1);
    const before = scheduled.length;
    // An admin starts the timer: it is set, but no deadline runs while a role is awaited.
    await createNewTurnTask(fx.creatorCtx(), { gid, type: 'beergame', timer: 60 });
    const g = await gameDoc(gid);
    expect(g.turnDeadline).toBeNull();
    expect(scheduled.length).toBe(before);
    const late = await createNewTurnTask(fx.ctxOf(ann), { gid, type: 'beergame', timer: true });
    expect(late).toMatchObject({ advanced: false, week: 1, deadline: null });
    // A stray task of the week finds no deadline and does nothing either.
    expect(await handleWeekTimer(port, { gid, week: 1 }, FIXED_NOW + 120_000, timer)).toBeNull();
    expect((await gameDoc(gid)).week).toBe(1);
  });

  it("BEER-SEAT-3: the instructor's force turns one week; the free role stays awaited", async () => {
    const { gid } = await sessionGame({ lobby: [1, 1] });
    const ann = await player(gid, 'retailer');
    await order(gid, ann, 'retailer', 6, 1);
    expect(
      await refusal(createNewTurnTask(fx.ctxOf(ann), { gid, type: 'beergame', force: true })),
    ).toMatchObject({ code: 'permission-denied', messageKey: 'gameNotAdmin' });
    const forced = await createNewTurnTask(fx.creatorCtx(), {
      gid,
      type: 'beergame',
      force: true,
      week: 1,
    });
    expect(forced).toMatchObject({ advanced: true, week: 2, awaiting: ['factory'] });
    const g = await gameDoc(gid);
    expect(g).toMatchObject({ week: 2, started: false });
    expect(facility(g, 'factory')).toMatchObject({ user: null, computer: false });
    // Week 2 waits again.
    expect(await order(gid, ann, 'retailer', 4, 2)).toMatchObject({
      advanced: false,
      week: 2,
      awaiting: ['factory'],
    });
  });

  it('BEER-SEAT-4: the instructor starts the game; the week the player ordered turns at once', async () => {
    const { gid } = await sessionGame({ lobby: [1, 1], timer: 45 });
    const ann = await player(gid, 'retailer');
    await order(gid, ann, 'retailer', 6, 1);
    // Only an admin starts a game.
    expect(
      await refusal(autoPlaySecGen(fx.ctxOf(ann), { gid, type: 'beergame', computer: true })),
    ).toMatchObject({
      code: 'permission-denied',
      messageKey: 'gameNotAdmin',
    });
    expect((await gameDoc(gid)).started).toBe(false);
    const res = await autoPlaySecGen(fx.creatorCtx(), { gid, type: 'beergame', computer: true });
    expect(res).toEqual({ computer: ['factory'], advanced: true, week: 2 });
    const g = await gameDoc(gid);
    expect(g).toMatchObject({ started: true, startedBy: 'instructor', week: 2 });
    expect(facility(g, 'factory').computer).toBe(true);
    // The game runs: its timer too.
    expect(g.turnDeadline).toBe(FIXED_NOW + 45_000);
    expect(scheduled).toContainEqual({ gid, week: 2, at: FIXED_NOW + 45_000 });
    // BEER-SEAT-6: a teammate arriving now takes the role over from the computer for the week
    // in progress.
    const bob = await player(gid, 'factory');
    expect(facility(await gameDoc(gid), 'factory')).toMatchObject({ user: bob, computer: false });
    expect(await order(gid, ann, 'retailer', 5, 2)).toMatchObject({
      advanced: false,
      waitingFor: ['factory'],
      awaiting: [],
    });
  });

  it('BEER-SEAT-4: starting before anyone ordered arms the timer and waits for the humans', async () => {
    const { gid } = await sessionGame({ lobby: [1, 1], timer: 30 });
    await player(gid, 'retailer');
    const res = await autoPlaySecGen(fx.creatorCtx(), { gid, type: 'beergame', computer: true });
    expect(res).toMatchObject({ advanced: false, week: 1 });
    const g = await gameDoc(gid);
    expect(g).toMatchObject({ started: true, turnDeadline: FIXED_NOW + 30_000 });
    expect(scheduled).toContainEqual({ gid, week: 1, at: FIXED_NOW + 30_000 });
  });

  it('BEER-SEAT-4: handing a role to the computer lets the week go on without starting the game', async () => {
    const { gid } = await sessionGame({ lobby: [1, 1, 1], roles: 3 });
    const ann = await player(gid, 'retailer');
    await order(gid, ann, 'retailer', 6, 1);
    const res = await autoPlaySecGen(fx.creatorCtx(), {
      gid,
      type: 'beergame',
      roleIds: ['factory'],
      computer: true,
    });
    // The wholesaler is still awaited: nothing turns.
    expect(res).toEqual({ computer: ['factory'], advanced: false, week: 1 });
    expect((await gameDoc(gid)).started).toBe(false);
    const both = await autoPlaySecGen(fx.creatorCtx(), {
      gid,
      type: 'beergame',
      roleIds: ['wholesaler'],
      computer: true,
    });
    expect(both).toMatchObject({ advanced: true, week: 2 });
  });

  it('BEER-SEAT-5, 6: the lobby team complete in the game starts it; the other roles are free', async () => {
    // Two students in team 1 (one in team 2), a four-role game.
    const { gid } = await sessionGame({ lobby: [1, 2, 1], roles: 4 });
    const ann = await player(gid, 'retailer');
    expect((await gameDoc(gid)).started).toBe(false);
    const bob = await player(gid, 'wholesaler');
    expect(await gameDoc(gid)).toMatchObject({ started: true, startedBy: 'team' });
    await fx.placeOrder(gid, ann, 'retailer', 6, 1);
    const res = await order(gid, bob, 'wholesaler', 7, 1);
    expect(res).toMatchObject({ advanced: true, week: 2, awaiting: [] });
    const g = await gameDoc(gid);
    // Free, not handed to the computer: a third student may still come and take one.
    expect(facility(g, 'factory')).toMatchObject({ user: null, computer: false });
  });

  it('BEER-SEAT-5: random teams count the lobby too', async () => {
    const { gid } = await sessionGame({ composition: 'random', lobby: [1], roles: 2 });
    await player(gid, 'factory');
    expect(await gameDoc(gid)).toMatchObject({ started: true, startedBy: 'team' });
  });

  it('BEER-SEAT-5: without a lobby, only every role held completes the team', async () => {
    const { gid } = await sessionGame({ composition: 'nolobby', lobby: [1], roles: 2 });
    const ann = await player(gid, 'retailer');
    expect((await gameDoc(gid)).started).toBe(false);
    expect((await order(gid, ann, 'retailer', 6, 1)).advanced).toBe(false);
    await player(gid, 'factory');
    expect(await gameDoc(gid)).toMatchObject({ started: true, startedBy: 'team' });
  });

  it('BEER-SEAT-5: the team is the lobby as it is when the week is asked for', async () => {
    // Nobody in the lobby when the round started: every role is expected.
    const { sid, gid } = await sessionGame({ lobby: [] });
    const ann = await player(gid, 'retailer');
    expect((await order(gid, ann, 'retailer', 6, 1)).advanced).toBe(false);
    // Ann's lobby entry arrives (team 1): the team is Ann alone, complete at the next call.
    await port.docs.set(`sessions/${sid}/players/${ann}`, { name: 'Ann', team: 1 });
    const res = await createNewTurnTask(fx.ctxOf(ann), { gid, type: 'beergame' });
    expect(res).toMatchObject({ advanced: true, week: 2 });
    expect(await gameDoc(gid)).toMatchObject({ started: true, startedBy: 'team' });
  });

  it('BEER-SEAT-7: a player who quits a waiting game leaves an awaited role', async () => {
    const { gid } = await sessionGame({ lobby: [1, 1, 1], roles: 3 });
    const ann = await player(gid, 'retailer');
    const bob = await player(gid, 'wholesaler');
    await quit(fx.ctxOf(bob), { gid });
    await fx.placeOrder(gid, ann, 'retailer', 6, 1);
    const res = await createNewTurnTask(fx.ctxOf(ann), { gid, type: 'beergame' });
    expect(res.advanced).toBe(false);
    expect([...res.awaiting].sort()).toEqual(['factory', 'wholesaler']);
  });

  it('BEER-SEAT-2: a game outside a session plays its free roles by the computer at once', async () => {
    const gid = await fx.createGame({ roles: 2 });
    expect((await gameDoc(gid)).started).toBe(true);
    const ann = await player(gid, 'retailer');
    expect(await order(gid, ann, 'retailer', 6, 1)).toMatchObject({
      advanced: true,
      week: 2,
      awaiting: [],
    });
  });

  it('BEER-SEAT-7: an admin disconnects a player; the role is free and the player is out', async () => {
    const gid = await fx.createGame({ roles: 2 });
    const ann = await player(gid, 'retailer');
    const bob = await player(gid, 'factory');
    // A player cannot disconnect another.
    const err = await refusal(quit(fx.ctxOf(ann), { gid, roleId: 'factory' }));
    expect(err).toBeInstanceOf(CallableError);
    expect(err).toMatchObject({ code: 'permission-denied', messageKey: 'gameNotAdmin' });
    // Ann has ordered; Bob is disconnected by the instructor, and the week turns without him.
    await fx.placeOrder(gid, ann, 'retailer', 6, 1);
    expect(await quit(fx.creatorCtx(), { gid, roleId: 'factory' })).toEqual({
      gid,
      left: 'factory',
    });
    const g = await gameDoc(gid);
    expect(facility(g, 'factory')).toMatchObject({ user: null, playerName: null });
    expect(g.players).toEqual([ann]);
    expect(g.week).toBe(2);
    expect((await port.docs.get(`users/${bob}`)).data?.playingGame).toBeNull();
    // Bob is no longer a player: he may not order for the role.
    expect(
      await refusal(createNewTurnTask(fx.ctxOf(bob), { gid, type: 'beergame' })),
    ).toMatchObject({ code: 'permission-denied', messageKey: 'gameNotPlayer' });
  });
});
