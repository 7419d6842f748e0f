/**
 * The beer game callables (docs/games/beer-documents.md) on both backends: the local store, and
 * the Firestore emulator with the admin adapter for the functions and the web SDK under
 * firestore.rules for the users. The creator writes the game with a client batch, players join,
 * order through placeOrder, and the backend processes the weeks. Information hiding is checked through the players' own clients.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import type { DataPort } from '@sim/core/port/data-port';
import { advanceWeek } from '@sim/core/beer/engine';
import {
  buildBeerGameDocs,
  chainConfig,
  defaultBeerTemplate,
  plain,
  stateFromDoc,
  weekOrders,
  type BeerGameConfig,
  type BeerGameDocs,
  type ConfigMessages,
} from '@sim/core/beer/game-docs';
import { playerView } from '@sim/core/beer/view';
import { twoProductNetworkConfig } from '@sim/core/templates/beer-templates';
import { CallableError, invokeCallable } from '../../functions/src/callable';
import { BEER_STATE_GZIP_ABOVE, type WeekTimer } from '../../functions/src/beer/beer-game';
import * as joinAs from '../../functions/src/callables/join-as';
import * as quitGame from '../../functions/src/callables/quit-game';
import * as turn from '../../functions/src/callables/create-new-turn-task';
import * as placeOrder from '../../functions/src/callables/place-order';
import * as autoPlay from '../../functions/src/callables/auto-play-sec-gen';
import * as resetGame from '../../functions/src/callables/reset-beer-game';
import * as resetOrders from '../../functions/src/callables/reset-starting-orders';
import * as allocations from '../../functions/src/callables/confirm-allocations';
import { handleWeekTimer } from '../../functions/src/tasks/beer-week-timer';
import { describeBackends } from '../backends';
import { FIXED_NOW, caller, context, withUnlimitedPlans } from './helpers';
import { unpackedState } from '../../functions/src/data/packed-state';

const scheduled: { gid: string; week: number; at: number }[] = [];
const timer: WeekTimer = {
  schedule: (gid, week, at) => {
    scheduled.push({ gid, week, at });
    return Promise.resolve();
  },
};
const createNewTurnTask = turn.createHandler({ timer });
const order = placeOrder.createHandler({ timer });
const autoPlaySecGen = autoPlay.createHandler({ timer });
const quit = quitGame.createHandler({ timer });

const CREATOR = { uid: 'cleo', email: 'cleo@school.edu' };

async function expectError(promise: Promise<unknown>, code: string, messageKey: string) {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CallableError);
  expect(err).toMatchObject({ code, messageKey });
}

describeBackends('beer game callables', (backend, backendName) => {
  /** The functions' own credential. */
  let port: DataPort;
  const clients = new Map<string, DataPort>();

  /** A client signed in as this user (anonymous unless an email is given), one per user. */
  function clientOf(uid: string, email?: string): DataPort {
    let c = clients.get(uid);
    if (!c) {
      c = backend().as(
        email ? { uid, provider: 'password', email } : { uid, provider: 'anonymous' },
      );
      clients.set(uid, c);
    }
    return c;
  }

  const ctxOf = (uid: string, email?: string) => context(port, caller(uid, email));
  const creatorCtx = () => ctxOf(CREATOR.uid, CREATOR.email);

  beforeAll(async () => {
    port = backend().service();
    // These tests are about the game: its instructor's plan never refuses a player.
    await withUnlimitedPlans(port, CREATOR.uid);
  });

  /** The creator writes the game with one client batch, as the SPA does. */
  async function createGame(
    opts: {
      count?: number;
      draft?: boolean;
      timer?: number;
      messages?: ConfigMessages;
      config?: BeerGameConfig;
    } = {},
  ): Promise<{ gid: string; docs: BeerGameDocs }> {
    const gid = port.docs.newId();
    const template = structuredClone(
      opts.config ? { config: opts.config } : defaultBeerTemplate(opts.count ?? 4),
    );
    if (opts.timer) {
      template.config.params.timer = opts.timer;
      template.config.params.playTimer = true;
    }
    if (opts.messages) template.config.params.configMessages = opts.messages;
    const docs = buildBeerGameDocs({
      gid,
      creator: CREATOR.uid,
      creatorName: 'Cleo',
      name: 'Class A',
      template,
      now: FIXED_NOW,
      draft: opts.draft ?? false,
    });
    const c = clientOf(CREATOR.uid, CREATOR.email);
    // The game first: the policy checks the subdocuments against the stored game.
    await c.docs.set(`games/${gid}`, { ...docs.game });
    const batch = c.docs.batch();
    batch.set(`games/${gid}/private/params`, { ...docs.privateParams });
    for (const [fid, doc] of Object.entries(docs.facilities)) {
      batch.set(`games/${gid}/facilities/${fid}`, { ...doc });
    }
    await batch.commit();
    return { gid, docs };
  }

  /** The player's order of its one capability, through placeOrder as the play page sends it. */
  function validate(gid: string, uid: string, fid: string, qty: number, week: number) {
    return order(ctxOf(uid), { gid, facility: fid, week, quantities: { [`${fid}-beer`]: qty } });
  }

  async function gameDoc(gid: string) {
    return (await port.docs.get(`games/${gid}`)).data as Record<string, unknown> & {
      week: number;
      finished: boolean;
      players: string[];
      observers: string[];
      facilities: Record<string, Record<string, unknown>>;
    };
  }

  async function stateOf(gid: string) {
    const s = stateFromDoc(unpackedState((await port.docs.get(`games/${gid}/private/state`)).data));
    if (!s) throw new Error('no state');
    return s;
  }

  async function expectInvalid(schema: Parameters<typeof invokeCallable>[1], data: unknown) {
    const err: unknown = await invokeCallable(
      'x',
      schema,
      () => Promise.reject(new Error('handler must not run')),
      { auth: { uid: 'p', token: {} }, data },
      { port: () => port, now: () => FIXED_NOW },
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpsError);
    expect((err as HttpsError).code).toBe('invalid-argument');
  }

  /** A game with players p-<fid> in the given roles. */
  async function gameWithPlayers(fids: string[], opts: Parameters<typeof createGame>[0] = {}) {
    const g = await createGame(opts);
    const prefix = g.gid.slice(0, 6);
    const players: Record<string, string> = {};
    for (const fid of fids) {
      const uid = `${prefix}-${fid}`;
      await joinAs.handle(ctxOf(uid), { gid: g.gid, roleId: fid, playerName: `Pl ${fid}` });
      players[fid] = uid;
    }
    return { ...g, players };
  }

  describe('creating a game (client batch)', () => {
    it('the creator writes the game, its secrets and its facility documents; not the state', async () => {
      const { gid, docs } = await createGame();
      expect(await gameDoc(gid)).toEqual(docs.game);
      const c = clientOf(CREATOR.uid, CREATOR.email);
      await expect(
        c.docs.set(`games/${gid}/private/state`, { state: '{}', week: 9 }),
      ).rejects.toMatchObject({ code: 'permission-denied' });
    });

    it('an anonymous user cannot create a game', async () => {
      const c = clientOf('anon-creator');
      await expect(
        c.docs.set(`games/${c.docs.newId()}`, { creator: 'anon-creator', type: 'beergame' }),
      ).rejects.toMatchObject({ code: 'permission-denied' });
    });
  });

  describe('joinAs', () => {
    it('gives an anonymous player a role with its name, and records it in the profile', async () => {
      const { gid } = await createGame();
      const res = await joinAs.handle(ctxOf('anna'), {
        gid,
        roleId: 'retailer',
        playerName: '  Anna  ',
      });
      expect(res).toEqual({ gid, roleId: 'retailer', playerName: 'Anna' });
      const g = await gameDoc(gid);
      expect(g.facilities.retailer).toMatchObject({
        user: 'anna',
        playerName: 'Anna',
        computer: false,
      });
      expect(g.players).toEqual(['anna']);
      expect((await port.docs.get('users/anna')).data).toEqual({
        playingGame: { id: gid, roleId: 'retailer', playerName: 'Anna' },
      });
      // The first join builds the state from the documents.
      expect((await stateOf(gid)).week).toBe(1);
    });

    it('names an account player by its firstname first, and an unnamed player anonymous (null)', async () => {
      const { gid } = await createGame();
      await port.docs.set('users/bert', { firstname: 'Bert', playerName: 'B-man' });
      expect(
        (
          await joinAs.handle(ctxOf('bert', 'bert@x.org'), {
            gid,
            roleId: 'wholesaler',
            playerName: 'Zed',
          })
        ).playerName,
      ).toBe('Bert');
      await port.docs.set('users/cai', { playerName: 'Cai' });
      expect((await joinAs.handle(ctxOf('cai'), { gid, roleId: 'distributor' })).playerName).toBe(
        'Cai',
      );
      expect((await joinAs.handle(ctxOf('dan'), { gid, roleId: 'factory' })).playerName).toBeNull();
    });

    it('refuses a role held by another player, and lets the holder switch roles', async () => {
      const { gid } = await createGame();
      await joinAs.handle(ctxOf('eve'), { gid, roleId: 'retailer' });
      await expectError(
        joinAs.handle(ctxOf('fay'), { gid, roleId: 'retailer' }),
        'already-exists',
        'roleTaken',
      );
      await joinAs.handle(ctxOf('eve'), { gid, roleId: 'factory' });
      const g = await gameDoc(gid);
      expect(g.facilities.retailer!.user).toBeNull();
      expect(g.facilities.factory!.user).toBe('eve');
      await joinAs.handle(ctxOf('fay'), { gid, roleId: 'retailer' });
    });

    it('adds an observer to observers, who then reads every facility', async () => {
      const { gid } = await createGame();
      const res = await joinAs.handle(ctxOf('olga'), { gid, roleId: 'observer' });
      expect(res.roleId).toBe('observer');
      expect((await gameDoc(gid)).observers).toEqual(['olga']);
      const c = clientOf('olga');
      expect((await c.docs.get(`games/${gid}/facilities/factory`)).exists).toBe(true);
    });

    it('refuses without a user, an unknown game or role, and a draft for non-creators', async () => {
      const { gid } = await createGame();
      await expectError(
        joinAs.handle(context(port, null), { gid, roleId: 'retailer' }),
        'unauthenticated',
        'errorJoinNoUser',
      );
      await expectError(
        joinAs.handle(ctxOf('gil'), { gid: 'nope', roleId: 'retailer' }),
        'not-found',
        'messGameUnknown',
      );
      await expectError(
        joinAs.handle(ctxOf('gil'), { gid, roleId: 'baker' }),
        'not-found',
        'roleUnknown',
      );
      const draft = await createGame({ draft: true });
      await expectError(
        joinAs.handle(ctxOf('gil'), { gid: draft.gid, roleId: 'retailer' }),
        'failed-precondition',
        'messGameNotPublished',
      );
    });

    it('refuses a bad payload before the handler runs', async () => {
      await expectInvalid(joinAs.schema, { gid: 'g/1', roleId: 'retailer' });
      await expectInvalid(joinAs.schema, { gid: 'g1' });
      await expectInvalid(joinAs.schema, { gid: 'g1', roleId: 'r', isDemo: 'yes' });
    });
  });

  describe('quitGame', () => {
    it('frees the role and clears the profile; an admin may remove a player; others may not', async () => {
      const { gid, players } = await gameWithPlayers(['retailer', 'wholesaler']);
      const res = await quit(ctxOf(players.retailer!), { gid });
      expect(res).toEqual({ gid, left: 'retailer' });
      let g = await gameDoc(gid);
      expect(g.facilities.retailer!.user).toBeNull();
      expect(g.players).not.toContain(players.retailer);
      expect((await port.docs.get(`users/${players.retailer}`)).data?.playingGame).toBeNull();
      await expectError(
        quit(ctxOf('stranger'), { gid, roleId: 'wholesaler' }),
        'permission-denied',
        'gameNotAdmin',
      );
      expect(await quit(creatorCtx(), { gid, roleId: 'wholesaler' })).toEqual({
        gid,
        left: 'wholesaler',
      });
      g = await gameDoc(gid);
      expect(g.players).toEqual([]);
    });

    it('refuses without a user and with a bad payload', async () => {
      const { gid } = await createGame();
      await expectError(
        quit(context(port, null), { gid }),
        'unauthenticated',
        'errorUnauthenticated',
      );
      await expectInvalid(quitGame.schema, { gid: '' });
    });
  });

  describe('createNewTurnTask: a week', () => {
    it('waits for every human, then advances once with the validated and computer orders', async () => {
      const { gid, players } = await gameWithPlayers(['retailer', 'wholesaler', 'distributor']);
      const before = await stateOf(gid);
      const wait = await validate(gid, players.retailer!, 'retailer', 7, 1);
      expect(wait).toMatchObject({
        advanced: false,
        week: 1,
        waitingFor: ['wholesaler', 'distributor'],
      });
      expect((await gameDoc(gid)).facilities.retailer!.validatedOrder).toBe(true);
      await validate(gid, players.wholesaler!, 'wholesaler', 5, 1);
      const done = await validate(gid, players.distributor!, 'distributor', 0, 1);
      expect(done).toMatchObject({ advanced: true, week: 2, finished: false, waitingFor: [] });

      // The backend re-ran the core: human quantities, the product rule for the empty factory.
      const expected = advanceWeek(
        before,
        weekOrders(
          before,
          {
            retailer: { 'retailer-beer': 7 },
            wholesaler: { 'wholesaler-beer': 5 },
            distributor: { 'distributor-beer': 0 },
          },
          { kind: 'spec' },
        ),
      );
      const after = await stateOf(gid);
      expect(after).toEqual(expected);
      const g = await gameDoc(gid);
      expect(g.week).toBe(2);
      expect(Object.values(g.facilities).map((f) => f.validatedOrder)).toEqual([
        false,
        false,
        false,
        false,
      ]);

      // Each facility document holds exactly its player's view, validation cleared.
      for (const fid of ['retailer', 'wholesaler', 'distributor', 'factory']) {
        const doc = (await port.docs.get(`games/${gid}/facilities/${fid}`)).data;
        expect(doc?.view).toEqual(plain(playerView(after, fid)));
        expect(doc?.week).toBe(2);
        expect(doc?.validatedOrder).toBe(false);
      }
    });

    it("stores a long game's state gzipped, turns its weeks from it, and packs the final stats", async () => {
      const weeks = 12;
      const { gid, players } = await gameWithPlayers(['retailer'], {
        config: chainConfig({ count: 4, weeks }),
      });
      await autoPlaySecGen(creatorCtx(), { gid, type: 'beergame', computer: true });
      let expected = await stateOf(gid);
      for (let week = 1; week <= weeks; week += 1) {
        const qty = week % 5;
        expect(await validate(gid, players.retailer!, 'retailer', qty, week)).toMatchObject({
          advanced: true,
        });
        expected = advanceWeek(
          expected,
          weekOrders(expected, { retailer: { 'retailer-beer': qty } }, { kind: 'spec' }),
        );
      }
      // Every week was turned from the stored state, packed or not: the same run as the core's.
      expect(await stateOf(gid)).toEqual(expected);
      expect(expected.status).toBe('finished');
      const text = JSON.stringify(expected);
      expect(text.length).toBeGreaterThan(BEER_STATE_GZIP_ABOVE);
      for (const path of [`games/${gid}/private/state`, `games/${gid}/stats/final`]) {
        const stored = (await port.docs.get(path)).data;
        expect(stored?.format).toBe('gzip');
        expect(String(stored?.state).length).toBeLessThan(text.length / 4);
        expect(JSON.parse(String(unpackedState(stored)?.state))).toEqual(expected);
      }
    });

    it('hides other facilities from a player and keeps secrets out of the public document', async () => {
      const { gid, players } = await gameWithPlayers(['retailer', 'wholesaler']);
      const p = clientOf(players.retailer!);
      expect((await p.docs.get(`games/${gid}/facilities/retailer`)).data?.view).toBeDefined();
      for (const path of [
        `games/${gid}/facilities/wholesaler`,
        `games/${gid}/facilities/factory`,
        `games/${gid}/private/state`,
        `games/${gid}/private/params`,
      ]) {
        await expect(p.docs.get(path)).rejects.toMatchObject({ code: 'permission-denied' });
      }
      await expect(p.docs.query({ collection: `games/${gid}/facilities` })).rejects.toMatchObject({
        code: 'permission-denied',
      });
      const text = JSON.stringify(await gameDoc(gid));
      for (const word of [
        'stock',
        'backlog',
        'cumCost',
        'pdata',
        'consumerDemand',
        'orderQty',
        'seed',
      ]) {
        expect(text).not.toContain(`"${word}"`);
      }
    });

    // The Firestore emulator settles every conflict between transactions by a lock timeout and a
    // retry after a back-off (seconds each; firebase/firebase-tools#2452, #6758), where Firestore
    // aborts the younger transaction at once: a hundred calls take minutes there (163 s measured,
    // still exactly one advance), so it races two calls per player, with time to settle.
    const simultaneousCalls = backendName === 'local store' ? 100 : 8;

    it(
      `${simultaneousCalls} simultaneous calls advance the week exactly once`,
      { timeout: 120_000 },
      async () => {
        const { gid, players } = await gameWithPlayers([
          'retailer',
          'wholesaler',
          'distributor',
          'factory',
        ]);
        const { factory, ...others } = players;
        for (const [fid, uid] of Object.entries(others)) await validate(gid, uid, fid, 4, 1);
        const uids = Object.values(players);
        // The factory's order, the week's last, races the calls (and its own retries).
        const results = await Promise.all([
          validate(gid, factory!, 'factory', 4, 1),
          validate(gid, factory!, 'factory', 4, 1),
          ...Array.from({ length: simultaneousCalls }, (_, i) =>
            createNewTurnTask(ctxOf(uids[i % uids.length]!), { gid, type: 'beergame' }),
          ),
        ]);
        expect(results.filter((r) => r.advanced)).toHaveLength(1);
        expect((await gameDoc(gid)).week).toBe(2);
        const s = await stateOf(gid);
        expect(s.week).toBe(2);
        expect(s.history).toHaveLength(1);
      },
    );

    it('plays a short game to the end and writes the final stats', async () => {
      const { gid, players } = await gameWithPlayers(['retailer']);
      // Shorten the game to 3 weeks through the editor's path: edit the secrets, then reset.
      await clientOf(CREATOR.uid, CREATOR.email).docs.update(`games/${gid}/private/params`, {
        weeks: 3,
      });
      await resetGame.handle(creatorCtx(), { gid });
      for (let w = 1; w <= 3; w++) {
        const r = await validate(gid, players.retailer!, 'retailer', 4, w);
        expect(r.advanced).toBe(true);
      }
      const g = await gameDoc(gid);
      expect(g.finished).toBe(true);
      const stats = await clientOf(players.retailer!).docs.get(`games/${gid}/stats/final`);
      expect(stats.data?.debrief).toBeDefined();
      await expectError(
        (async () => {
          const r = await createNewTurnTask(ctxOf(players.retailer!), { gid, type: 'beergame' });
          if (!r.advanced && r.finished)
            throw new CallableError('failed-precondition', 'gameFinished');
        })(),
        'failed-precondition',
        'gameFinished',
      );
    });

    it('lets only players and admins call it; only admins force the week', async () => {
      const { gid, players } = await gameWithPlayers(['retailer', 'wholesaler']);
      await expectError(
        createNewTurnTask(ctxOf('stranger'), { gid, type: 'beergame' }),
        'permission-denied',
        'gameNotPlayer',
      );
      await expectError(
        createNewTurnTask(ctxOf(players.retailer!), { gid, type: 'beergame', force: true }),
        'permission-denied',
        'gameNotAdmin',
      );
      // A player's "timer ran out" before the deadline does nothing.
      const early = await createNewTurnTask(ctxOf(players.retailer!), {
        gid,
        type: 'beergame',
        timer: true,
      });
      expect(early.advanced).toBe(false);
      const forced = await createNewTurnTask(creatorCtx(), { gid, type: 'beergame', force: true });
      expect(forced).toMatchObject({ advanced: true, week: 2 });
      await expectError(
        createNewTurnTask(context(port, null), { gid, type: 'beergame' }),
        'unauthenticated',
        'errorUnauthenticated',
      );
      // A lean game's start takes no beer field (lean-game.test.ts covers the lean calls).
      await expectInvalid(turn.schema, { gid, type: 'leangame', force: true });
      await expectInvalid(turn.schema, { gid, type: 'bgadvanced' });
      await expectInvalid(turn.schema, { gid, force: 'yes' });
    });

    it('does not advance a paused game unless forced', async () => {
      const { gid, players } = await gameWithPlayers(['retailer', 'wholesaler']);
      await validate(gid, players.retailer!, 'retailer', 3, 1);
      await clientOf(CREATOR.uid, CREATOR.email).docs.update(`games/${gid}`, { paused: true });
      // A paused game takes no order, and records nothing of it.
      await expectError(
        validate(gid, players.wholesaler!, 'wholesaler', 3, 1),
        'failed-precondition',
        'orderGamePaused',
      );
      expect((await gameDoc(gid)).facilities.wholesaler!.validatedOrder).toBe(false);
      const r = await createNewTurnTask(ctxOf(players.retailer!), { gid, type: 'beergame' });
      expect(r).toMatchObject({ advanced: false, paused: true });
      await clientOf(CREATOR.uid, CREATOR.email).docs.update(`games/${gid}`, { paused: false });
      expect((await validate(gid, players.wholesaler!, 'wholesaler', 3, 1)).advanced).toBe(true);
    });
  });

  describe('the week timer', () => {
    it('arms a deadline, and when the task fires the timed-out roles get computer orders', async () => {
      scheduled.length = 0;
      const { gid, players } = await gameWithPlayers(['retailer', 'wholesaler'], { timer: 60 });
      const first = await createNewTurnTask(ctxOf(players.retailer!), { gid, type: 'beergame' });
      expect(first.deadline).toBe(FIXED_NOW + 60_000);
      expect(scheduled).toEqual([{ gid, week: 1, at: FIXED_NOW + 60_000 }]);
      await validate(gid, players.retailer!, 'retailer', 6, 1);
      // Fired too early, or for another week: nothing happens.
      expect(await handleWeekTimer(port, { gid, week: 1 }, FIXED_NOW + 10_000, timer)).toBeNull();
      expect(await handleWeekTimer(port, { gid, week: 2 }, FIXED_NOW + 61_000, timer)).toBeNull();
      const before = await stateOf(gid);
      const fired = await handleWeekTimer(port, { gid, week: 1 }, FIXED_NOW + 60_000, timer);
      expect(fired).toMatchObject({ advanced: true, week: 2, deadline: FIXED_NOW + 120_000 });
      expect(scheduled.at(-1)).toEqual({ gid, week: 2, at: FIXED_NOW + 120_000 });
      const after = await stateOf(gid);
      expect(after).toEqual(
        advanceWeek(
          before,
          weekOrders(before, { retailer: { 'retailer-beer': 6 } }, { kind: 'spec' }),
        ),
      );
      // The wholesaler stays human: next week waits for it again.
      expect((await gameDoc(gid)).facilities.wholesaler).toMatchObject({
        user: players.wholesaler,
        computer: false,
      });
      // A second delivery of the same task does nothing.
      expect(await handleWeekTimer(port, { gid, week: 1 }, FIXED_NOW + 60_000, timer)).toBeNull();
    });

    it('a task of a week that every player already ordered does nothing, even past its deadline', async () => {
      scheduled.length = 0;
      const { gid, players } = await gameWithPlayers(['retailer', 'wholesaler'], { timer: 60 });
      await createNewTurnTask(ctxOf(players.retailer!), { gid, type: 'beergame' });
      expect(scheduled).toEqual([{ gid, week: 1, at: FIXED_NOW + 60_000 }]);
      await validate(gid, players.retailer!, 'retailer', 5, 1);
      const moved = await validate(gid, players.wholesaler!, 'wholesaler', 7, 1);
      expect(moved).toMatchObject({ advanced: true, week: 2 });
      const before = await stateOf(gid);
      // Week 1's task arrives late: the week moved, nothing happens, week 2's timer stands.
      expect(await handleWeekTimer(port, { gid, week: 1 }, FIXED_NOW + 90_000, timer)).toBeNull();
      expect(await stateOf(gid)).toEqual(before);
      expect(await gameDoc(gid)).toMatchObject({ week: 2, turnDeadline: FIXED_NOW + 60_000 });
      // Week 2's task, after its deadline and with nobody ordering: both human roles time out
      // and get computer orders; they stay human.
      const fired = await handleWeekTimer(port, { gid, week: 2 }, FIXED_NOW + 60_000, timer);
      expect(fired).toMatchObject({ advanced: true, week: 3 });
      expect(await stateOf(gid)).toEqual(
        advanceWeek(before, weekOrders(before, {}, { kind: 'spec' })),
      );
      const g = await gameDoc(gid);
      expect([g.facilities.retailer!.computer, g.facilities.wholesaler!.computer]).toEqual([
        false,
        false,
      ]);
      // A malformed payload changes nothing and fails loudly (Cloud Tasks reports it).
      await expect(
        handleWeekTimer(port, { gid }, FIXED_NOW + 999_000, timer),
      ).rejects.toMatchObject({ code: 'invalid-argument' });
    });

    it('the creator starts and stops the timer with timer: seconds; a player may not', async () => {
      scheduled.length = 0;
      const { gid, players } = await gameWithPlayers(['retailer']);
      await expectError(
        createNewTurnTask(ctxOf(players.retailer!), { gid, type: 'beergame', timer: 45 }),
        'permission-denied',
        'gameNotAdmin',
      );
      const started = await createNewTurnTask(creatorCtx(), { gid, type: 'beergame', timer: 45 });
      expect(started).toMatchObject({ advanced: false, deadline: FIXED_NOW + 45_000 });
      expect(scheduled).toEqual([{ gid, week: 1, at: FIXED_NOW + 45_000 }]);
      expect((await gameDoc(gid)).params).toMatchObject({ timer: 45, playTimer: true });
      const stopped = await createNewTurnTask(creatorCtx(), { gid, type: 'beergame', timer: 0 });
      expect(stopped.deadline).toBeNull();
      expect(await gameDoc(gid)).toMatchObject({
        turnDeadline: null,
        params: { playTimer: false },
      });
      await expectInvalid(turn.schema, { gid, timer: -1 });
      await expectInvalid(turn.schema, { gid, timer: 1.5 });
    });

    it('tells a player when the computer ordered for it: the timer, a forced week, a role given to the computer', async () => {
      const { gid, players } = await gameWithPlayers(['retailer', 'wholesaler', 'distributor'], {
        timer: 60,
      });
      const marks = async (): Promise<Record<string, unknown>> => {
        const out: Record<string, unknown> = {};
        for (const fid of ['retailer', 'wholesaler', 'distributor', 'factory']) {
          // Each player reads its own mark through its own client (the factory has none).
          const reader = fid === 'factory' ? port : clientOf(players[fid]!);
          const doc = (await reader.docs.get(`games/${gid}/facilities/${fid}`)).data;
          out[fid] = doc?.computerOrderedWeek;
        }
        return out;
      };
      // Week 1: the retailer orders, the others let the countdown run out.
      await createNewTurnTask(ctxOf(players.retailer!), { gid, type: 'beergame' });
      await validate(gid, players.retailer!, 'retailer', 6, 1);
      await handleWeekTimer(port, { gid, week: 1 }, FIXED_NOW + 60_000, timer);
      // The empty factory has no player to tell.
      expect(await marks()).toEqual({
        retailer: null,
        wholesaler: 1,
        distributor: 1,
        factory: null,
      });
      // Week 2: everyone but the distributor orders, the instructor forces the week.
      await validate(gid, players.retailer!, 'retailer', 4, 2);
      await validate(gid, players.wholesaler!, 'wholesaler', 4, 2);
      await createNewTurnTask(creatorCtx(), { gid, type: 'beergame', force: true });
      expect(await marks()).toEqual({
        retailer: null,
        wholesaler: null,
        distributor: 2,
        factory: null,
      });
      // Week 3: the wholesaler's role goes to the computer; its player still holds it.
      await autoPlaySecGen(creatorCtx(), {
        gid,
        type: 'beergame',
        roleIds: ['wholesaler'],
        computer: true,
      });
      await validate(gid, players.retailer!, 'retailer', 4, 3);
      expect((await validate(gid, players.distributor!, 'distributor', 4, 3)).advanced).toBe(true);
      expect(await marks()).toEqual({
        retailer: null,
        wholesaler: 3,
        distributor: null,
        factory: null,
      });
      // The backend writes the mark; a player cannot clear it.
      await expect(
        clientOf(players.wholesaler!).docs.update(`games/${gid}/facilities/wholesaler`, {
          computerOrderedWeek: null,
        }),
      ).rejects.toThrow();
    });

    it('a player whose countdown ran out may advance the week after the deadline', async () => {
      const { gid, players } = await gameWithPlayers(['retailer', 'wholesaler'], { timer: 30 });
      await createNewTurnTask(ctxOf(players.retailer!), { gid, type: 'beergame' });
      const late = turn.createHandler({ timer });
      const r = await late(
        { ...ctxOf(players.retailer!), now: () => FIXED_NOW + 31_000 },
        { gid, type: 'beergame', timer: true },
      );
      expect(r).toMatchObject({ advanced: true, week: 2 });
    });
  });

  describe('autoPlaySecGen', () => {
    it('hands empty roles to the computer, then the week goes on without them', async () => {
      const { gid, players } = await gameWithPlayers(['retailer']);
      const res = await autoPlaySecGen(creatorCtx(), { gid, type: 'beergame', computer: true });
      expect(res.computer.sort()).toEqual(['distributor', 'factory', 'wholesaler']);
      expect(res.advanced).toBe(false);
      expect((await validate(gid, players.retailer!, 'retailer', 4, 1)).advanced).toBe(true);
    });

    it('lets the computer take a human role, which then no longer blocks the week', async () => {
      const { gid, players } = await gameWithPlayers(['retailer', 'wholesaler']);
      await validate(gid, players.retailer!, 'retailer', 4, 1);
      const res = await autoPlaySecGen(creatorCtx(), {
        gid,
        type: 'beergame',
        roleId: 'wholesaler',
        computer: true,
      });
      expect(res.advanced).toBe(true);
      expect((await gameDoc(gid)).facilities.wholesaler!.computer).toBe(true);
    });

    it('is refused to players and for unknown roles', async () => {
      const { gid, players } = await gameWithPlayers(['retailer']);
      await expectError(
        autoPlaySecGen(ctxOf(players.retailer!), { gid, type: 'beergame', computer: true }),
        'permission-denied',
        'gameNotAdmin',
      );
      await expectError(
        autoPlaySecGen(creatorCtx(), { gid, type: 'beergame', roleIds: ['baker'], computer: true }),
        'not-found',
        'roleUnknown',
      );
      await expectInvalid(autoPlay.schema, { gid, roleIds: 'retailer' });
    });
  });

  describe('resetBeerGame and resetStartingOrders', () => {
    it('resets the game to week 1 and removes the orders; refused to players', async () => {
      const { gid, players } = await gameWithPlayers(['retailer']);
      await validate(gid, players.retailer!, 'retailer', 9, 1);
      expect((await gameDoc(gid)).week).toBe(2);
      await expectError(
        resetGame.handle(ctxOf(players.retailer!), { gid }),
        'permission-denied',
        'gameNotAdmin',
      );
      expect(await resetGame.handle(creatorCtx(), { gid })).toEqual({ week: 1 });
      const g = await gameDoc(gid);
      expect(g).toMatchObject({ week: 1, finished: false });
      expect(g.facilities.retailer!.user).toBe(players.retailer);
      expect((await stateOf(gid)).history).toEqual([]);
      expect(await port.docs.query({ collection: `games/${gid}/orders` })).toEqual([]);
      const doc = (await port.docs.get(`games/${gid}/facilities/retailer`)).data;
      expect(doc?.week).toBe(1);
      await expectInvalid(resetGame.schema, {});
    });

    it('clears the validated orders of the current week', async () => {
      const { gid, players } = await gameWithPlayers(['retailer', 'wholesaler']);
      await validate(gid, players.retailer!, 'retailer', 9, 1);
      await expectError(
        resetOrders.handle(ctxOf(players.retailer!), { gid }),
        'permission-denied',
        'gameNotAdmin',
      );
      expect(await resetOrders.handle(creatorCtx(), { gid })).toEqual({
        week: 1,
        cleared: ['retailer'],
      });
      const doc = (await port.docs.get(`games/${gid}/facilities/retailer`)).data;
      expect(doc).toMatchObject({
        validatedOrder: false,
        capabilities: { 'retailer-beer': { validatedOrder: false, validatedOrderQty: 0 } },
      });
      expect((await gameDoc(gid)).facilities.retailer!.validatedOrder).toBe(false);
      expect(await port.docs.query({ collection: `games/${gid}/orders` })).toEqual([]);
      // The week's decision is open again: another quantity is taken.
      expect(await validate(gid, players.retailer!, 'retailer', 5, 1)).toMatchObject({
        advanced: false,
        waitingFor: ['wholesaler'],
      });
      await expectInvalid(resetOrders.schema, { gid: 5 });
    });
  });

  describe('confirmAllocations', () => {
    it('stores the weights on the game and in the state; refuses unknown facilities and players', async () => {
      const { gid, players } = await gameWithPlayers(['retailer']);
      const weights = { wholesaler: { beer: { retailer: 2 } } };
      expect(await allocations.handle(creatorCtx(), { gid, allocations: weights })).toEqual({
        ok: true,
      });
      expect((await gameDoc(gid)).allocations).toEqual(weights);
      expect((await stateOf(gid)).game.allocations).toEqual(weights);
      await expectError(
        allocations.handle(creatorCtx(), {
          gid,
          allocations: { baker: { beer: { retailer: 1 } } },
        }),
        'invalid-argument',
        'allocationsInvalid',
      );
      await expectError(
        allocations.handle(ctxOf(players.retailer!), { gid, allocations: null }),
        'permission-denied',
        'gameNotAdmin',
      );
      await allocations.handle(creatorCtx(), { gid, allocations: null });
      expect((await stateOf(gid)).game.allocations).toBeUndefined();
      await expectInvalid(allocations.schema, {
        gid,
        allocations: { wholesaler: { beer: { retailer: -1 } } },
      });
    });
  });

  describe('allocations applied by the week processing', () => {
    /** A retailer's order of week 1 for both products, in one placeOrder. */
    function orderBoth(gid: string, uid: string, fid: string, ale: number, lager: number) {
      return order(ctxOf(uid), {
        gid,
        facility: fid,
        week: 1,
        quantities: { [`${fid}-ale`]: ale, [`${fid}-lager`]: lager },
      });
    }

    /** What the distributor owes each retailer in ale after week 1, when both order 20. */
    async function aleOwedAfterWeekOne(weights: Record<string, number> | null) {
      const { gid, players } = await gameWithPlayers(['north', 'south'], {
        config: twoProductNetworkConfig(),
      });
      if (weights) {
        await allocations.handle(creatorCtx(), {
          gid,
          allocations: { distributor: { ale: weights } },
        });
      }
      await orderBoth(gid, players.north!, 'north', 20, 4);
      const r = await orderBoth(gid, players.south!, 'south', 20, 4);
      expect(r).toMatchObject({ advanced: true, week: 2 });
      const doc = (await port.docs.get(`games/${gid}/facilities/distributor`)).data as {
        view: ReturnType<typeof playerView>;
      };
      const ale = doc.view.details[0]!.products.find((p) => p.pid === 'ale')!;
      // The distributor had 16 ale for 40 owed: nothing left, the rest owed.
      expect(ale.stock).toBe(0);
      return Object.fromEntries(ale.owed.map((o) => [o.to, o.quantity]));
    }

    it('shares a shortage in proportion by default, and by the confirmed weights on the next week', async () => {
      // Proportional: 8 ale each, 12 still owed to each.
      expect(await aleOwedAfterWeekOne(null)).toEqual({ north: 12, south: 12 });
      // Weights 3:1: north gets 12, south 4.
      expect(await aleOwedAfterWeekOne({ north: 3, south: 1 })).toEqual({ north: 8, south: 16 });
      // Weights 0:1: everything to south.
      expect(await aleOwedAfterWeekOne({ north: 0, south: 1 })).toEqual({ north: 20, south: 4 });
    });
  });

  describe('messages sent by the week processing', () => {
    const threshold = (active: boolean, value: number, message: string) => ({
      active,
      threshold: value,
      message,
      sentTo: [] as string[],
    });

    /** Both players order 0 and the week advances (the empty roles play the product rule). */
    async function week(gid: string, players: Record<string, string>, w: number) {
      let r: turn.CreateNewTurnTaskResult | undefined;
      for (const [fid, uid] of Object.entries(players)) r = await validate(gid, uid, fid, 0, w);
      expect(r).toMatchObject({ advanced: true, week: w + 1 });
    }

    async function messages(gid: string) {
      const docs = await port.docs.query({ collection: `games/${gid}/messages` });
      return Object.fromEntries(docs.map((d) => [d.id, d.data]));
    }

    it('writes scheduled messages at their week, broadcasts to all, the others also to the inboxes', async () => {
      const { gid, players } = await gameWithPlayers(['retailer', 'wholesaler'], {
        messages: {
          scheduleList: [
            { week: 1, message: 'Welcome', to: 'all' },
            { week: 2, message: 'Retailers: demand rises', to: ['retailer'] },
            { week: 3, message: 'Half way', to: 'all' },
          ],
          backlogMessage: threshold(false, 0, ''),
          stockMessage: threshold(false, 0, ''),
        },
      });
      // The first join built the game: week 1's message is there, the later ones are not.
      expect(await messages(gid)).toEqual({
        'schedule-1-0': {
          game_id: gid,
          to: 'all',
          message: 'Welcome',
          show_at: 1,
          source: 'schedule',
        },
      });
      await week(gid, players, 1);
      const atTwo = await messages(gid);
      expect(Object.keys(atTwo).sort()).toEqual(['schedule-1-0', 'schedule-2-1']);
      expect(atTwo['schedule-2-1']).toEqual({
        game_id: gid,
        to: ['retailer'],
        message: 'Retailers: demand rises',
        show_at: 2,
        source: 'schedule',
      });

      // What each player's client reads: broadcasts by `to == 'all'`, plus its own inbox.
      const retailer = clientOf(players.retailer!);
      const wholesaler = clientOf(players.wholesaler!);
      const broadcast = {
        collection: `games/${gid}/messages`,
        where: [{ field: 'to', op: '==' as const, value: 'all' }],
      };
      expect((await retailer.docs.query(broadcast)).map((d) => d.id)).toEqual(['schedule-1-0']);
      expect(
        (await retailer.docs.query({ collection: `games/${gid}/facilities/retailer/inbox` })).map(
          (d) => d.data?.message,
        ),
      ).toEqual(['Retailers: demand rises']);
      expect(
        await wholesaler.docs.query({ collection: `games/${gid}/facilities/wholesaler/inbox` }),
      ).toEqual([]);
      // Another facility's inbox and its messages stay unreadable.
      for (const read of [
        () => wholesaler.docs.query({ collection: `games/${gid}/facilities/retailer/inbox` }),
        () => wholesaler.docs.get(`games/${gid}/facilities/retailer/inbox/schedule-2-1`),
        () => wholesaler.docs.get(`games/${gid}/messages/schedule-2-1`),
        () => wholesaler.docs.query({ collection: `games/${gid}/messages` }),
      ]) {
        await expect(read()).rejects.toMatchObject({ code: 'permission-denied' });
      }
      await week(gid, players, 2);
      expect(Object.keys(await messages(gid)).sort()).toEqual([
        'schedule-1-0',
        'schedule-2-1',
        'schedule-3-2',
      ]);
    });

    it('sends a threshold message once to each facility past it and records it in sentTo', async () => {
      const { gid, players } = await gameWithPlayers(['retailer', 'wholesaler'], {
        messages: {
          scheduleList: [{ week: 1, message: 'Welcome', to: 'all' }],
          backlogMessage: threshold(true, 0, 'You owe beer'),
          stockMessage: threshold(true, 14, 'Too much stock'),
        },
      });
      const sentTo = async () => {
        const cm = (await gameDoc(gid)).params as {
          configMessages: {
            backlogMessage: { sentTo: string[] };
            stockMessage: { sentTo: string[] };
          };
        };
        return {
          backlog: cm.configMessages.backlogMessage.sentTo,
          stock: cm.configMessages.stockMessage.sentTo,
        };
      };
      // Week 1: every stock is 12, no backlog.
      expect(Object.keys(await messages(gid))).toEqual(['schedule-1-0']);
      expect(await sentTo()).toEqual({ backlog: [], stock: [] });
      // Week 2: the wholesaler and the distributor hold 16 > 14.
      await week(gid, players, 1);
      let all = await messages(gid);
      expect(all['stock-wholesaler']).toEqual({
        game_id: gid,
        to: ['wholesaler'],
        message: 'Too much stock',
        show_at: 2,
        source: 'stock',
      });
      expect(all['stock-distributor']).toMatchObject({ to: ['distributor'], show_at: 2 });
      expect(await sentTo()).toEqual({ backlog: [], stock: ['wholesaler', 'distributor'] });
      expect(
        (
          await clientOf(players.wholesaler!).docs.get(
            `games/${gid}/facilities/wholesaler/inbox/stock-wholesaler`,
          )
        ).data,
      ).toMatchObject({ message: 'Too much stock', show_at: 2 });
      // Week 3: the factory too (16); the others, still above, are not sent it again.
      await week(gid, players, 2);
      all = await messages(gid);
      expect(all['stock-wholesaler']).toMatchObject({ show_at: 2 });
      expect(all['stock-factory']).toMatchObject({ to: ['factory'], show_at: 3 });
      expect(await sentTo()).toEqual({
        backlog: [],
        stock: ['wholesaler', 'distributor', 'factory'],
      });
      // The retailer, ordering nothing, runs out in week 5 and owes 8 in week 6.
      for (let w = 3; w <= 5; w++) await week(gid, players, w);
      all = await messages(gid);
      expect(all['backlog-retailer']).toEqual({
        game_id: gid,
        to: ['retailer'],
        message: 'You owe beer',
        show_at: 6,
        source: 'backlog',
      });
      await week(gid, players, 6);
      expect((await messages(gid))['backlog-retailer']).toMatchObject({ show_at: 6 });
      expect((await sentTo()).backlog).toEqual(['retailer']);
      expect(
        (
          await clientOf(players.retailer!).docs.query({
            collection: `games/${gid}/facilities/retailer/inbox`,
          })
        ).map((d) => d.id),
      ).toEqual(['backlog-retailer']);

      // A reset starts a new run: sent lists cleared, the sent messages and inboxes removed,
      // week 1's scheduled message sent again.
      await resetGame.handle(creatorCtx(), { gid });
      expect(await sentTo()).toEqual({ backlog: [], stock: [] });
      expect(Object.keys(await messages(gid))).toEqual(['schedule-1-0']);
      expect(
        await port.docs.query({ collection: `games/${gid}/facilities/retailer/inbox` }),
      ).toEqual([]);
    });

    it('keeps the messages the creator wrote through a reset', async () => {
      const { gid } = await gameWithPlayers(['retailer']);
      await clientOf(CREATOR.uid, CREATOR.email).docs.set(`games/${gid}/messages/hello`, {
        game_id: gid,
        to: 'all',
        message: 'Hello class',
        show_at: 1,
      });
      await resetGame.handle(creatorCtx(), { gid });
      expect(Object.keys(await messages(gid))).toEqual(['hello']);
    });
  });
});
