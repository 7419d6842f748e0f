/**
 * The lean game callables (docs/games/lean-documents.md) on both backends: the local store, and
 * the Firestore emulator with the admin adapter for the functions and the web SDK under
 * firestore.rules for the users. The creator writes the game from its client, players join,
 * the creator starts the run, players act through `leanAction`, ticks move the computer
 * stations, and the run ends early or on time. What a player learns is read through its own
 * client.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import type { DataPort, DocData } from '@sim/core/port/data-port';
import type { carsAndTrucks } from '@sim/core/lean/cars-and-trucks';
import { leanDebrief } from '@sim/core/lean/debrief';
import { applyAction, endRun, startRun } from '@sim/core/lean/engine';
import { leanGameFromDocs, leanStateFromDoc, plain } from '@sim/core/lean/game-docs';
import type { LeanAction } from '@sim/core/lean/model';
import { CallableError, invokeCallable, type CallableHandler } from '../../functions/src/callable';
import * as joinAs from '../../functions/src/callables/join-as';
import * as quitGame from '../../functions/src/callables/quit-game';
import * as turn from '../../functions/src/callables/create-new-turn-task';
import * as leanAction from '../../functions/src/callables/lean-action';
import * as improvements from '../../functions/src/callables/lean-improvements';
import * as schedule from '../../functions/src/callables/lean-schedule-computer-actions';
import * as resetLean from '../../functions/src/callables/reset-lean-game';
import { noTimer } from '../../functions/src/beer/beer-game';
import { FLUSH_MS, TICK_MS, flushLeanRun } from '../../functions/src/lean/lean-game';
import { handleLeanTick } from '../../functions/src/tasks/lean-tick';
import { describeBackends } from '../backends';
import { beerFixtures } from './beer-fixtures';
import { leanFixtures, recordingTicker } from './lean-fixtures';

async function expectError(promise: Promise<unknown>, code: string, messageKey: string) {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CallableError);
  expect(err).toMatchObject({ code, messageKey });
}

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}

async function refusedByPolicy(promise: Promise<unknown>): Promise<void> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toMatchObject({ code: 'permission-denied' });
}

describeBackends('lean game callables', (backend) => {
  const f = leanFixtures(backend);
  let port: DataPort;
  const ticker = recordingTicker();
  const start = turn.createLeanHandler({ ticker });
  const scheduleTicks = schedule.createHandler({ ticker });
  const quit = quitGame.createHandler({ timer: noTimer });

  beforeAll(() => {
    port = f.service();
  });

  const gameDoc = async (gid: string) => (await port.docs.get(`games/${gid}`)).data as DocData;
  const paramsOf = (g: DocData) => g.params as DocData;
  const stateDoc = async (gid: string) => (await port.docs.get(`games/${gid}/private/state`)).data;

  /** Runs a callable as the wrapper does (schema first), as this user. */
  async function expectInvalid(
    schema: Parameters<typeof invokeCallable>[1],
    data: unknown,
  ): Promise<void> {
    const err: unknown = await invokeCallable(
      'x',
      schema,
      (() => Promise.reject(new Error('handler must not run'))) as CallableHandler<unknown, never>,
      { auth: { uid: 'p', token: {} }, data },
      { port: () => port, now: () => f.clock.now },
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpsError);
    expect((err as HttpsError).code).toBe('invalid-argument');
  }

  /** A started game of the compact line with these human facilities. */
  async function running(
    fids: readonly string[],
    variant: Parameters<typeof carsAndTrucks>[0] = { compact: true },
  ): Promise<{ gid: string; players: Record<string, string>; startAt: number }> {
    const gid = await f.createGame({ variant });
    const players = await f.withPlayers(gid, fids);
    const res = await start(f.creatorCtx(), { gid, type: 'leangame' });
    return { gid, players, startAt: res.game_start_at as number };
  }

  const act = (
    gid: string,
    uid: string,
    fid: string,
    action: leanAction.LeanActionData['action'],
  ) => leanAction.handle(f.ctxOf(uid), { gid, fid, action });

  describe('createNewTurnTask: the start and the end of a run', () => {
    it('the creator starts the run once, at server time; the computer plays the empty facilities', async () => {
      const gid = await f.createGame({ variant: { compact: true } });
      const players = await f.withPlayers(gid, ['yellow']);
      await expectError(
        start(f.ctxOf(players.yellow!), { gid, type: 'leangame' }),
        'permission-denied',
        'gameNotAdmin',
      );
      const now = f.clock.advance(1000);
      const before = ticker.ticks.length;
      const res = await start(f.creatorCtx(), { gid, type: 'leangame' });
      expect(res).toEqual({
        started: true,
        finished: false,
        game_start_at: now,
        game_end_at: null,
      });
      const g = await gameDoc(gid);
      expect(paramsOf(g).game_start_at).toBe(now);
      const facilities = g.facilities as Record<string, DocData>;
      expect(facilities.yellow!.computer).toBe(false);
      expect(facilities.warehouse!.computer).toBe(true);
      const state = await stateDoc(gid);
      expect(state).toMatchObject({ run: now, seq: 0, status: 'running', at: 0 });
      expect(state?.ticks).toMatchObject({ until: now + 20 * 60000 });
      for (const fid of ['warehouse', 'yellow', 'grey', 'blue', 'quality']) {
        const doc = (await port.docs.get(`games/${gid}/facilities/${fid}`)).data;
        expect(doc).toMatchObject({ id: fid, run: now, status: 'running' });
      }
      expect((await port.docs.get(`games/${gid}/views/floor`)).exists).toBe(true);
      // The ticks: the first a second later, and the end of the run.
      expect(ticker.ticks.slice(before)).toEqual([
        { gid, run: now, chain: (state?.ticks as DocData).chain, at: now + TICK_MS },
        { gid, run: now, chain: null, at: now + 20 * 60000 },
      ]);
      f.clock.advance(5000);
      const again = await start(f.creatorCtx(), { gid, type: 'leangame' });
      expect(again).toEqual({
        started: false,
        finished: false,
        game_start_at: now,
        game_end_at: null,
      });
    });

    it('ends early at E (LEAN-RUN-2): final documents, stats that replay the log, counters', async () => {
      const { gid, players, startAt } = await running(['warehouse']);
      f.clock.advance(2000);
      await act(gid, players.warehouse!, 'warehouse', { kind: 'launch', order: 0 });
      const end = f.clock.advance(60000);
      const res = await start(f.creatorCtx(), { gid, type: 'leangame', end: true });
      expect(res).toEqual({
        started: true,
        finished: true,
        game_start_at: startAt,
        game_end_at: end,
      });
      const g = await gameDoc(gid);
      expect(g.finished).toBe(true);
      expect(paramsOf(g).game_end_at).toBe(end);
      const stats = (await port.docs.get(`games/${gid}/stats/final`)).data as DocData;
      expect(stats.endedAt).toBe(end - startAt);
      // The core computes the same debrief from the stored game and its log.
      const pp = (await port.docs.get(`games/${gid}/private/params`)).data;
      const game = leanGameFromDocs(g, pp);
      let replay = startRun(game, stats.computer as string[]);
      for (const a of stats.log as LeanAction[]) replay = applyAction(replay, a).state;
      replay = endRun(replay, stats.endedAt as number);
      expect(plain(leanDebrief(replay))).toEqual(stats.debrief);
      // The units still in the line are unit documents too; the counters are on the demand.
      const products = await port.docs.query({ collection: `games/${gid}/products` });
      expect(products.length).toBe(replay.units.length);
      const orders = pp?.consumerDemand as DocData[];
      expect(orders[0]!.prod_started_qty).toBe(replay.orders[0]!.prod_started_qty);
      expect(replay.orders[0]!.prod_started_qty).toBeGreaterThan(0);
      // Ended: later actions and a second end change nothing.
      await expectError(
        act(gid, players.warehouse!, 'warehouse', { kind: 'send' }),
        'failed-precondition',
        'lean.run.notRunning',
      );
      f.clock.advance(1000);
      expect(await start(f.creatorCtx(), { gid, type: 'leangame', end: true })).toEqual(res);
    });

    it('refuses an end before the start, other callers, other game types and bad payloads', async () => {
      const gid = await f.createGame();
      await expectError(
        start(f.creatorCtx(), { gid, type: 'leangame', end: true }),
        'failed-precondition',
        'lean.run.notRunning',
      );
      await expectError(
        start(f.ctxOf('stranger'), { gid, type: 'leangame' }),
        'permission-denied',
        'gameNotAdmin',
      );
      await expectError(
        start({ ...f.creatorCtx(), auth: null }, { gid, type: 'leangame' }),
        'unauthenticated',
        'errorUnauthenticated',
      );
      const beer = await beerFixtures(backend).createGame();
      await expectError(
        start(f.creatorCtx(), { gid: beer, type: 'leangame' }),
        'not-found',
        'messGameUnknown',
      );
      await expectError(
        turn.createHandler({ timer: noTimer })(f.creatorCtx(), { gid, type: 'beergame' }),
        'not-found',
        'messGameUnknown',
      );
      await expectInvalid(turn.schema, { gid, type: 'leangame', timer: 30 });
      await expectInvalid(turn.schema, { gid, type: 'leangame', end: 'yes' });
      await expectInvalid(turn.schema, { gid: 'a/b', type: 'leangame' });
    });

    it('refuses to start a game whose stored configuration does not validate', async () => {
      const gid = await f.createGame();
      await port.docs.update(`games/${gid}`, { 'facilities.grey.position': [0, 0] });
      await expectError(
        start(f.creatorCtx(), { gid, type: 'leangame' }),
        'failed-precondition',
        'gameConfigInvalid',
      );
      expect(paramsOf(await gameDoc(gid)).game_start_at).toBeNull();
    });
  });

  describe('leanAction: the backend applies actions with the core', () => {
    it('a wrong tool paints a hidden defect: the floor shows it, the player never does', async () => {
      const { gid, players, startAt } = await running(['warehouse', 'yellow']);
      const w = players.warehouse!;
      const y = players.yellow!;
      f.clock.advance(FLUSH_MS);
      const launched = await act(gid, w, 'warehouse', { kind: 'launch', order: 0 });
      expect(launched.seq).toBe(1);
      expect(launched.at).toBe(f.clock.now - startAt);
      // The player's own view comes back at once: 4 cars launched at the warehouse.
      const whView = launched.view.details.find((d) => d.id === 'warehouse');
      expect(whView?.out.length).toBe(4);
      f.clock.advance(FLUSH_MS);
      await act(gid, w, 'warehouse', { kind: 'send' });
      f.clock.advance(FLUSH_MS);
      await act(gid, y, 'yellow', { kind: 'load' });
      f.clock.advance(6000); // the load takes 0.1 min
      const painted = await act(gid, y, 'yellow', {
        kind: 'paint',
        unit: 0,
        op: 0,
        tool: 'circle:red',
      });
      expect(painted.seq).toBe(4);
      expect(keysOf(painted.view).has('defect')).toBe(false);
      f.clock.advance(7000); // the paint ends; a tick's flush writes the documents
      expect(await flushLeanRun(port, gid, f.clock.now)).toBe('flushed');
      const floor = (await port.docs.get(`games/${gid}/views/floor`)).data as DocData;
      const floorUnit = (floor.view as { details: { id: string; desk: DocData[] }[] }).details
        .find((d) => d.id === 'yellow')!
        .desk.find((u) => u.rank === 0)!;
      expect((floorUnit.ops as DocData[])[0]).toMatchObject({
        state: 'done',
        tool: 'circle:red',
        defect: true,
        detected: false,
      });
      // Through the player's own client: its view (no defect flag), nothing secret.
      const client = f.clientOf({ uid: y, provider: 'anonymous' });
      const own = (await client.docs.get(`games/${gid}/facilities/yellow`)).data as DocData;
      const ownUnit = (own.view as { details: { id: string; desk: DocData[] }[] }).details
        .find((d) => d.id === 'yellow')!
        .desk.find((u) => u.rank === 0)!;
      expect((ownUnit.ops as DocData[])[0]).toMatchObject({ state: 'done', tool: 'circle:red' });
      expect(keysOf(own).has('defect')).toBe(false);
      expect(keysOf(own).has('seed')).toBe(false);
      await refusedByPolicy(client.docs.get(`games/${gid}/views/floor`));
      await refusedByPolicy(client.docs.get(`games/${gid}/private/state`));
      await refusedByPolicy(client.docs.get(`games/${gid}/private/params`));
      await refusedByPolicy(client.docs.get(`games/${gid}/facilities/grey`));
      // The warehouse's player cannot read yellow's paint in the log either.
      const wClient = f.clientOf({ uid: w, provider: 'anonymous' });
      await refusedByPolicy(wClient.docs.get(`games/${gid}/actions/0000004`));
      const ownLog = await client.docs.query({
        collection: `games/${gid}/actions`,
        where: [{ field: 'fid', op: '==', value: 'yellow' }],
      });
      expect(ownLog.map((d) => d.data?.kind)).toEqual(['load', 'paint']);
    });

    it('refuses what the core refuses, with its key, and writes nothing', async () => {
      const { gid, players } = await running(['warehouse', 'yellow']);
      f.clock.advance(FLUSH_MS);
      const y = players.yellow!;
      await expectError(
        act(gid, y, 'yellow', { kind: 'send' }),
        'failed-precondition',
        'lean.move.nothing',
      );
      await expectError(
        act(gid, y, 'yellow', { kind: 'load' }),
        'failed-precondition',
        'lean.load.refused',
      );
      await expectError(
        act(gid, y, 'yellow', { kind: 'paint', unit: 0, op: 0 }),
        'failed-precondition',
        'lean.unit.notHere',
      );
      await expectError(
        act(gid, y, 'yellow', { kind: 'launch', order: 0 }),
        'failed-precondition',
        'lean.op.notAllowed',
      );
      await expectError(
        act(gid, players.warehouse!, 'warehouse', { kind: 'ship', order: 9 }),
        'failed-precondition',
        'lean.order.notOpen',
      );
      // Another player's facility, a computer's, a stranger, an inherited property name.
      await expectError(
        act(gid, y, 'warehouse', { kind: 'send' }),
        'permission-denied',
        'lean.facility.notYours',
      );
      await expectError(
        act(gid, y, 'grey', { kind: 'send' }),
        'permission-denied',
        'lean.facility.notYours',
      );
      await expectError(
        act(gid, 'stranger', 'yellow', { kind: 'send' }),
        'permission-denied',
        'lean.facility.notYours',
      );
      await expectError(
        act(gid, y, 'constructor', { kind: 'send' }),
        'permission-denied',
        'lean.facility.notYours',
      );
      expect(await port.docs.query({ collection: `games/${gid}/actions` })).toEqual([]);
    });

    it('refuses a wrong tool under poka-yoke, and any action before the start', async () => {
      const gid = await f.createGame({ variant: { compact: true, settings: { pokayoke: true } } });
      const players = await f.withPlayers(gid, ['warehouse', 'yellow']);
      await expectError(
        act(gid, players.warehouse!, 'warehouse', { kind: 'launch', order: 0 }),
        'failed-precondition',
        'lean.run.notRunning',
      );
      await start(f.creatorCtx(), { gid, type: 'leangame' });
      f.clock.advance(FLUSH_MS);
      await act(gid, players.warehouse!, 'warehouse', { kind: 'launch', order: 0 });
      await act(gid, players.warehouse!, 'warehouse', { kind: 'send' });
      await act(gid, players.yellow!, 'yellow', { kind: 'load' });
      f.clock.advance(6000);
      await expectError(
        act(gid, players.yellow!, 'yellow', { kind: 'paint', unit: 0, op: 0, tool: 'circle:red' }),
        'failed-precondition',
        'lean.pokayoke.wrongTool',
      );
      await expectError(
        act(gid, players.yellow!, 'yellow', { kind: 'inspect', unit: 0 }),
        'failed-precondition',
        'lean.op.notAllowed',
      );
      const right = await act(gid, players.yellow!, 'yellow', { kind: 'paint', unit: 0, op: 0 });
      expect(right.view.details.find((d) => d.id === 'yellow')?.task?.kind).toBe('paint');
      await expectError(
        act(gid, players.yellow!, 'yellow', { kind: 'paint', unit: 1, op: 0 }),
        'failed-precondition',
        'lean.desk.busy',
      );
    });

    it('logs simultaneous actions once each, in one order the state replays', async () => {
      const { gid, players, startAt } = await running(['warehouse', 'yellow', 'grey', 'blue']);
      f.clock.advance(FLUSH_MS);
      await act(gid, players.warehouse!, 'warehouse', { kind: 'launch', order: 0 });
      await act(gid, players.warehouse!, 'warehouse', { kind: 'send' });
      f.clock.advance(FLUSH_MS);
      const results = await Promise.allSettled([
        act(gid, players.yellow!, 'yellow', { kind: 'load' }),
        act(gid, players.grey!, 'grey', { kind: 'send' }),
        act(gid, players.blue!, 'blue', { kind: 'load' }),
        act(gid, players.warehouse!, 'warehouse', { kind: 'launch', order: 0 }),
      ]);
      const accepted = results.filter((r) => r.status === 'fulfilled');
      expect(accepted.length).toBe(1); // only yellow's load; the others have nothing to do
      // Order 1 opens at minute 1.8; yellow's load is done by then: both act at the same instant.
      f.clock.advance(2 * 60000);
      const both = await Promise.all([
        act(gid, players.warehouse!, 'warehouse', { kind: 'launch', order: 1 }),
        act(gid, players.yellow!, 'yellow', { kind: 'paint', unit: 0, op: 0 }),
      ]);
      const seqs = [
        (accepted[0] as PromiseFulfilledResult<{ seq: number }>).value.seq,
        ...both.map((r) => r.seq),
      ];
      expect(seqs[0]).toBe(3);
      expect(new Set(seqs).size).toBe(3);
      expect(both.map((r) => r.seq).sort()).toEqual([4, 5]);
      const log = await port.docs.query({
        collection: `games/${gid}/actions`,
        orderBy: [{ field: 'seq' }],
      });
      expect(log.map((d) => d.data?.seq)).toEqual(log.map((_, i) => i + 1));
      // The stored state plus the log after it is the state the core reaches from the start.
      f.clock.advance(FLUSH_MS);
      await start(f.creatorCtx(), { gid, type: 'leangame', end: true });
      const stored = leanStateFromDoc(await stateDoc(gid))!;
      const g = await gameDoc(gid);
      const game = leanGameFromDocs(g, (await port.docs.get(`games/${gid}/private/params`)).data);
      let replay = startRun(game, stored.computer);
      for (const d of log) replay = applyAction(replay, d.data!.action as LeanAction).state;
      replay = endRun(replay, f.clock.now - startAt);
      expect(plain(replay)).toEqual(stored);
    });

    it('refuses hostile payloads before the handler runs', async () => {
      const base = { gid: 'g1', fid: 'yellow' };
      await expectInvalid(leanAction.schema, { ...base, action: { kind: 'send', at: 0 } });
      await expectInvalid(leanAction.schema, { ...base, action: { kind: 'teleport' } });
      await expectInvalid(leanAction.schema, {
        ...base,
        action: { kind: 'paint', unit: -1, op: 0 },
      });
      await expectInvalid(leanAction.schema, {
        ...base,
        action: { kind: 'paint', unit: 0, op: 0, tool: 'circle:pink' },
      });
      await expectInvalid(leanAction.schema, {
        ...base,
        action: { kind: 'paint', unit: 0, op: 1.5 },
      });
      await expectInvalid(leanAction.schema, {
        ...base,
        action: { kind: 'launch', order: 1e9 },
      });
      await expectInvalid(leanAction.schema, {
        ...base,
        action: { kind: 'load', template: '__proto__' },
      });
      await expectInvalid(leanAction.schema, { gid: 'g1', fid: 'a/b', action: { kind: 'send' } });
    });
  });

  describe('ticks: the computer stations work and the run ends with every browser closed', () => {
    it('a tick brings the documents up to now and schedules the next; the last ends the run', async () => {
      const gid = await f.createGame({ variant: { compact: true, totalDuration: 5, orders: 2 } });
      const before = ticker.ticks.length;
      const { game_start_at: startAt } = await start(f.creatorCtx(), { gid, type: 'leangame' });
      const [chainTick, endTick] = ticker.ticks.slice(before);
      const deps = {
        port,
        clock: () => f.clock.now,
        ticker,
        sleep: (ms: number) => {
          f.clock.advance(ms);
          return Promise.resolve();
        },
      };
      // The end task dispatched at once (the local Tasks emulator): nothing happens.
      expect(await handleLeanTick(deps, endTick)).toBe('early');
      f.clock.advance(30000);
      const scheduled = ticker.ticks.length;
      expect(await handleLeanTick(deps, chainTick)).toBe('flushed');
      const floor = (await port.docs.get(`games/${gid}/views/floor`)).data as DocData;
      expect(floor.now).toBe(f.clock.now - (startAt as number));
      const view = floor.view as {
        details: { in: unknown[]; desk: unknown[]; out: unknown[] }[];
        transit: { units: unknown[] }[];
      };
      const units =
        view.details.reduce((n, d) => n + d.in.length + d.desk.length + d.out.length, 0) +
        view.transit.reduce((n, t) => n + t.units.length, 0);
      expect(units).toBeGreaterThan(0); // the computer warehouse launched, stations work
      const next = ticker.ticks.slice(scheduled);
      expect(next).toEqual([{ ...chainTick, at: f.clock.now + TICK_MS / 2 }]);
      // A tick of another chain, or of another run, does nothing.
      expect(await handleLeanTick(deps, { ...chainTick, chain: 'other', at: f.clock.now })).toBe(
        'replaced',
      );
      expect(await handleLeanTick(deps, { ...chainTick, run: 1, at: f.clock.now })).toBe('stale');
      // Past the end: the run ends on its own.
      f.clock.now = (startAt as number) + 5 * 60000 + 1000;
      expect(await handleLeanTick(deps, { ...endTick!, at: f.clock.now })).toBe('ended');
      const g = await gameDoc(gid);
      expect(g.finished).toBe(true);
      expect(paramsOf(g).game_end_at).toBe((startAt as number) + 5 * 60000);
      expect((await port.docs.get(`games/${gid}/stats/final`)).exists).toBe(true);
      await expect(handleLeanTick(deps, { gid, at: 'x' })).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    });

    it('leanScheduleComputerActions re-arms the ticks of a running game, for admins only', async () => {
      const { gid, players, startAt } = await running(['yellow']);
      await expectError(
        scheduleTicks(f.ctxOf(players.yellow!), { gid, type: 'leangame', totalDurationMin: 5 }),
        'permission-denied',
        'gameNotAdmin',
      );
      const now = f.clock.advance(2000);
      const before = ticker.ticks.length;
      const res = await scheduleTicks(f.creatorCtx(), {
        gid,
        type: 'leangame',
        totalDurationMin: 5,
      });
      expect(res).toEqual({ until: startAt + 5 * 60000, end: startAt + 20 * 60000 });
      const chain = ((await stateDoc(gid))?.ticks as DocData).chain as string;
      expect(ticker.ticks.slice(before)).toEqual([
        { gid, run: startAt, chain, at: now + TICK_MS },
        { gid, run: startAt, chain: null, at: startAt + 20 * 60000 },
      ]);
      const idle = await f.createGame();
      await expectError(
        scheduleTicks(f.creatorCtx(), { gid: idle, type: 'leangame', totalDurationMin: 5 }),
        'failed-precondition',
        'lean.run.notRunning',
      );
      await expectInvalid(schedule.schema, { gid, type: 'leangame', totalDurationMin: 0 });
      await expectInvalid(schedule.schema, { gid, type: 'leangame', totalDurationMin: 121 });
      await expectInvalid(schedule.schema, { gid, type: 'beergame', totalDurationMin: 5 });
      await expectInvalid(schedule.schema, { gid, type: 'leangame', totalDurationMin: '5' });
    });
  });

  describe('leanImprovements: the panel before the start (LEAN-IMP-0)', () => {
    it('one holder at a time; listed levers only; a batch above a cap raises it', async () => {
      const gid = await f.createGame({
        variant: { batch: 2, improvements: ['batch', 'movestations'], settings: { kanban: true } },
      });
      const players = await f.withPlayers(gid, ['yellow', 'grey']);
      const y = f.ctxOf(players.yellow!);
      const g = f.ctxOf(players.grey!);
      await expectError(
        improvements.handle(f.ctxOf('stranger'), { gid, op: 'open' }),
        'permission-denied',
        'gameNotPlayer',
      );
      expect(await improvements.handle(y, { gid, op: 'open' })).toEqual({
        improvementsPanelBy: players.yellow,
        raised: [],
      });
      expect((await gameDoc(gid)).improvementsPanelBy).toBe(players.yellow);
      await expectError(
        improvements.handle(g, { gid, op: 'open' }),
        'failed-precondition',
        'lean.improvement.panelTaken',
      );
      await expectError(
        improvements.handle(g, { gid, op: 'set', settings: { batchSize: { grey: 1 } } }),
        'failed-precondition',
        'lean.improvement.notOpen',
      );
      await expectError(
        improvements.handle(y, { gid, op: 'set', settings: { smed: true } }),
        'permission-denied',
        'lean.improvement.locked',
      );
      await expectError(
        improvements.handle(y, {
          gid,
          op: 'set',
          settings: { opAssignment: { 'hbar:grey': 'blue' } },
        }),
        'permission-denied',
        'lean.improvement.locked',
      );
      const set = await improvements.handle(y, {
        gid,
        op: 'set',
        settings: { batchSize: { yellow: 5 } },
      });
      expect(set.raised).toEqual(
        expect.arrayContaining([
          { fid: 'yellow', field: 'wipOutMax', value: 5 },
          { fid: 'grey', field: 'wipInMax', value: 5 },
        ]),
      );
      const after = (await gameDoc(gid)).facilities as Record<string, DocData>;
      expect(after.yellow).toMatchObject({ batchSize: 5, wipOutMax: 5 });
      expect(after.grey).toMatchObject({ wipInMax: 5 });
      await expectError(
        improvements.handle(y, { gid, op: 'set', settings: { positions: { blue: [0, 0] } } }),
        'invalid-argument',
        'lean.improvement.invalid',
      );
      await expectError(
        improvements.handle(y, { gid, op: 'set', settings: { batchSize: { constructor: 2 } } }),
        'invalid-argument',
        'lean.improvement.invalid',
      );
      // The creator writes while a player holds the panel; the holder closes it.
      await improvements.handle(f.creatorCtx(), {
        gid,
        op: 'set',
        settings: { positions: { blue: [7, 4] } },
      });
      expect(((await gameDoc(gid)).facilities as Record<string, DocData>).blue!.position).toEqual([
        7, 4,
      ]);
      await improvements.handle(y, { gid, op: 'close' });
      expect((await gameDoc(gid)).improvementsPanelBy).toBeNull();
      await improvements.handle(g, { gid, op: 'open' });
      // The start closes the panel, and nothing changes afterwards.
      await start(f.creatorCtx(), { gid, type: 'leangame' });
      expect((await gameDoc(gid)).improvementsPanelBy).toBeNull();
      await expectError(
        improvements.handle(g, { gid, op: 'open' }),
        'failed-precondition',
        'lean.improvement.started',
      );
    });

    it('refuses bad payloads', async () => {
      // A change of one op type passes the schema (the others are not required).
      expect(
        improvements.schema.safeParse({
          gid: 'g1',
          op: 'set',
          settings: { opAssignment: { 'hbar:grey': 'blue' }, positions: { blue: [7, 4] } },
        }).success,
      ).toBe(true);
      await expectInvalid(improvements.schema, { gid: 'g1', op: 'set' });
      await expectInvalid(improvements.schema, { gid: 'g1', op: 'set', settings: {} });
      await expectInvalid(improvements.schema, { gid: 'g1', op: 'open', settings: { smed: true } });
      await expectInvalid(improvements.schema, { gid: 'g1', op: 'wipe' });
      await expectInvalid(improvements.schema, {
        gid: 'g1',
        op: 'set',
        settings: { batchSize: { yellow: 21 } },
      });
      await expectInvalid(improvements.schema, {
        gid: 'g1',
        op: 'set',
        settings: { positions: { yellow: [1.5, 0] } },
      });
      await expectInvalid(improvements.schema, {
        gid: 'g1',
        op: 'set',
        settings: { opAssignment: { 'circle:pink': 'yellow' } },
      });
      await expectInvalid(improvements.schema, {
        gid: 'g1',
        op: 'set',
        settings: { kanban: true, price: 0 },
      });
      await expectInvalid(improvements.schema, {
        gid: 'g1',
        op: 'set',
        settings: { batchSize: {} },
      });
      await expectInvalid(improvements.schema, {
        gid: 'g1',
        op: 'set',
        settings: JSON.parse('{"batchSize": {"__proto__": 2}}') as unknown,
      });
    });
  });

  describe('resetLeanGame (LEAN-RUN-6)', () => {
    it('back to not started: the run documents gone, counters zeroed, configuration and players kept', async () => {
      const { gid, players } = await running(['warehouse', 'yellow'], {
        compact: true,
        batch: 1,
        improvements: ['batch'],
      });
      f.clock.advance(FLUSH_MS);
      await act(gid, players.warehouse!, 'warehouse', { kind: 'launch', order: 0 });
      f.clock.advance(30000);
      await start(f.creatorCtx(), { gid, type: 'leangame', end: true });
      expect(
        (await port.docs.query({ collection: `games/${gid}/products` })).length,
      ).toBeGreaterThan(0);
      await expectError(
        resetLean.handle(f.ctxOf(players.yellow!), { gid }),
        'permission-denied',
        'gameNotAdmin',
      );
      expect(await resetLean.handle(f.creatorCtx(), { gid })).toEqual({ reset: true });
      const g = await gameDoc(gid);
      expect(paramsOf(g)).toMatchObject({ game_start_at: null, game_end_at: null, nextRank: 0 });
      expect(g).toMatchObject({ finished: false, improvementsPanelBy: null });
      expect(g.players).toEqual(expect.arrayContaining(Object.values(players)));
      expect((g.facilities as Record<string, DocData>).yellow).toMatchObject({ batchSize: 1 });
      for (const sub of ['products', 'actions', 'facilities', 'views']) {
        expect(await port.docs.query({ collection: `games/${gid}/${sub}` })).toEqual([]);
      }
      expect((await port.docs.get(`games/${gid}/private/state`)).exists).toBe(false);
      expect((await port.docs.get(`games/${gid}/stats/final`)).exists).toBe(false);
      const orders = (await port.docs.get(`games/${gid}/private/params`)).data
        ?.consumerDemand as DocData[];
      expect(orders.every((o) => o.prod_started_qty === 0 && o.fulfilled_qty === 0)).toBe(true);
      // A new run starts from scratch: its first action is the first of the log.
      await start(f.creatorCtx(), { gid, type: 'leangame' });
      f.clock.advance(FLUSH_MS);
      expect(
        (await act(gid, players.warehouse!, 'warehouse', { kind: 'launch', order: 0 })).seq,
      ).toBe(1);
      await expectInvalid(resetLean.schema, { gid: '' });
    });
  });

  describe('joinAs and quitGame for lean roles', () => {
    it('one player per facility; the computer keeps its stations once the run has started', async () => {
      const gid = await f.createGame({ variant: { compact: true } });
      const players = await f.withPlayers(gid, ['yellow', 'grey']);
      await expectError(
        joinAs.handle(f.ctxOf('late'), { gid, roleId: 'yellow' }),
        'already-exists',
        'roleTaken',
      );
      await expectError(
        joinAs.handle(f.ctxOf('late'), { gid, roleId: 'toString' }),
        'not-found',
        'roleUnknown',
      );
      await joinAs.handle(f.ctxOf('watcher'), { gid, roleId: 'observer' });
      expect((await gameDoc(gid)).observers).toContain('watcher');
      await start(f.creatorCtx(), { gid, type: 'leangame' });
      await expectError(
        joinAs.handle(f.ctxOf('late'), { gid, roleId: 'blue' }),
        'failed-precondition',
        'lean.role.computer',
      );
      // A player who leaves frees its station for another human, not for the computer.
      expect(await quit(f.ctxOf(players.grey!), { gid })).toEqual({ gid, left: 'grey' });
      await expectError(
        joinAs.handle(f.ctxOf('watcher'), { gid, roleId: 'grey' }),
        'failed-precondition',
        'playAfterObserving',
      );
      let g = await gameDoc(gid);
      expect((g.facilities as Record<string, DocData>).grey).toMatchObject({
        user: null,
        computer: false,
      });
      expect((await port.docs.get(`users/${players.grey}`)).data?.playingGame).toBeNull();
      await expectError(
        act(gid, players.grey!, 'grey', { kind: 'send' }),
        'permission-denied',
        'lean.facility.notYours',
      );
      await joinAs.handle(f.ctxOf('late'), { gid, roleId: 'grey' });
      g = await gameDoc(gid);
      expect((g.facilities as Record<string, DocData>).grey!.user).toBe('late');
      // The creator removes a player by naming its role.
      expect(await quit(f.creatorCtx(), { gid, roleId: 'yellow' })).toEqual({
        gid,
        left: 'yellow',
      });
    });
  });
});
