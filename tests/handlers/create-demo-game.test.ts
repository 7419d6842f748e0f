/**
 * createDemoGame on both backends: a visitor's demo is a ready beer game it plays alone to the
 * end (the computer on every other role), its address is checked as verifyEmail checks it, one
 * demo per address per day and a few per visitor, a daily ceiling, and nothing granted beyond
 * the demo game. The finished demo's leaderboard entry is checked here too.
 */
import { beforeAll, expect, it, vi } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import type { DataPort } from '@sim/core/port/data-port';
import { DAY_MS } from '@sim/core/billing/plans';
import { DEMO_TEMPLATE_ID, DEMO_WEEKS } from '@sim/core/templates/demo-game';
import { CallableError, invokeCallable } from '../../functions/src/callable';
import {
  DEMOS_PER_CALLER_PER_DAY,
  DEMOS_PER_DAY,
  createHandler,
  demoDay,
  demoUsagePath,
  schema,
} from '../../functions/src/callables/create-demo-game';
import * as resetBeerGame from '../../functions/src/callables/reset-beer-game';
import { describeBackends } from '../backends';
import { beerFixtures } from './beer-fixtures';
import { FIXED_NOW, caller, context } from './helpers';

// The wrapper logs unexpected failures; keep the test output quiet.
vi.mock('firebase-functions/logger', () => ({ error: vi.fn() }));

const REGISTERED = new Set(['teacher@school.edu']);
const createDemoGame = createHandler({ isRegistered: async (e) => REGISTERED.has(e) });

async function refusal(promise: Promise<unknown>): Promise<CallableError> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CallableError);
  return err as CallableError;
}

describeBackends('createDemoGame', (backend) => {
  const fx = beerFixtures(backend);
  let port: DataPort;
  let visitors = 0;
  /** A fresh anonymous visitor each time, so the per-visitor bound does not mix tests. */
  const visitor = () => `visitor${++visitors}`;
  const ctxAt = (uid: string | null, now = FIXED_NOW) => ({
    ...context(port, uid === null ? null : caller(uid)),
    now: () => now,
  });

  beforeAll(() => {
    port = backend().service();
  });

  async function gamesBy(uid: string): Promise<number> {
    return (
      await port.docs.query({
        collection: 'games',
        where: [{ field: 'creator', op: '==', value: uid }],
      })
    ).length;
  }

  it('creates a ready demo: the visitor holds the retailer, the computer every other role', async () => {
    const uid = visitor();
    const result = await createDemoGame(ctxAt(uid), {
      email: ' Ada@Example.org ',
      name: 'Partie de démo',
      playerName: 'Ada',
      showName: true,
    });
    expect(result).toMatchObject({
      type: 'beergame',
      name: 'Partie de démo',
      fromTemplate: DEMO_TEMPLATE_ID,
      roleId: 'retailer',
    });
    expect(result.facilities.map((f) => f.id)).toEqual([
      'retailer',
      'wholesaler',
      'distributor',
      'factory',
    ]);
    const game = (await port.docs.get(`games/${result.id}`)).data;
    expect(game).toMatchObject({
      creator: uid,
      demo: true,
      fromTemplate: DEMO_TEMPLATE_ID,
      draft: false,
      finished: false,
      started: true,
      week: 1,
      players: [uid],
      params: { timer: 0 },
      facilities: {
        retailer: { user: uid, playerName: 'Ada', computer: false },
        wholesaler: { user: null, computer: true },
        distributor: { user: null, computer: true },
        factory: { user: null, computer: true },
      },
    });
    expect((await port.docs.get(`games/${result.id}/private/params`)).data?.weeks).toBe(DEMO_WEEKS);
    expect((await port.docs.get(`users/${uid}`)).data).toMatchObject({
      playingGame: { id: result.id, roleId: 'retailer', playerName: 'Ada' },
      leaderboardConsent: true,
    });
    // The address is kept for the team, hashed in the id, on a document no client reads.
    const grants = await port.docs.query({
      collection: 'demoGrants',
      where: [{ field: 'gid', op: '==', value: result.id }],
    });
    expect(grants.map((g) => g.data)).toEqual([
      { email: 'ada@example.org', uid, gid: result.id, created_at: FIXED_NOW },
    ]);
    await expect(
      fx.clientOf({ uid, provider: 'anonymous' }).docs.get(grants[0]!.path),
    ).rejects.toThrow();
  });

  it('is played alone to the end: each order turns the week; the finished demo is ranked', async () => {
    const uid = visitor();
    const { id: gid } = await createDemoGame(ctxAt(uid), {
      email: 'grace@example.org',
      playerName: 'Grace',
      showName: true,
    });
    for (let week = 1; week <= DEMO_WEEKS; week++) {
      const turned = await fx.placeOrder(gid, uid, 'retailer', 6, week);
      expect(turned).toMatchObject({ advanced: true, finished: week === DEMO_WEEKS });
    }
    const game = (await port.docs.get(`games/${gid}`)).data;
    expect(game).toMatchObject({ finished: true, week: DEMO_WEEKS });
    // The player reads its debrief once the game is finished.
    const stats = await fx
      .clientOf({ uid, provider: 'anonymous' })
      .docs.get(`games/${gid}/stats/final`);
    expect(stats.exists).toBe(true);
    const entry = (await port.docs.get(`leaderboard/${gid}`)).data;
    expect(entry).toMatchObject({
      gid,
      type: 'beergame',
      template: DEMO_TEMPLATE_ID,
      demo: true,
      weeks: DEMO_WEEKS,
      finished_at: FIXED_NOW,
      roles: [
        { id: 'retailer', kind: 'player', player: 'Grace' },
        { id: 'wholesaler', kind: 'computer', player: null },
        { id: 'distributor', kind: 'computer', player: null },
        { id: 'factory', kind: 'computer', player: null },
      ],
    });
    expect(entry?.cost).toBe(
      (stats.data?.debrief as { teamPerformance: { cost: number } }).teamPerformance.cost,
    );
    expect(entry?.rankScore).toBe(entry?.cost);
    expect(entry?.benchmarkCost).toBeGreaterThan(0);
    expect(entry?.ratio).toBeCloseTo((entry?.cost as number) / (entry?.benchmarkCost as number), 9);
  });

  it('names nobody on the leaderboard when the visitor did not agree; a reset withdraws the entry', async () => {
    const uid = visitor();
    const { id: gid } = await createDemoGame(ctxAt(uid), {
      email: 'quiet@example.org',
      playerName: 'Quiet',
      showName: false,
    });
    for (let week = 1; week <= DEMO_WEEKS; week++) {
      await fx.placeOrder(gid, uid, 'retailer', 4, week);
    }
    const entry = (await port.docs.get(`leaderboard/${gid}`)).data;
    expect(entry?.roles).toContainEqual({
      id: 'retailer',
      name: 'Retailer',
      kind: 'player',
      player: null,
    });
    // The demo's creator (the visitor) starts it again: the finished run leaves the board.
    await resetBeerGame.handle(ctxAt(uid), { gid });
    expect((await port.docs.get(`leaderboard/${gid}`)).exists).toBe(false);
  });

  it('takes the role the visitor chose, and refuses a role the demo does not have', async () => {
    const uid = visitor();
    const { id, roleId } = await createDemoGame(ctxAt(uid), {
      email: 'factory@example.org',
      roleId: 'factory',
    });
    expect(roleId).toBe('factory');
    const game = (await port.docs.get(`games/${id}`)).data as {
      facilities: Record<string, { user: string | null; computer: boolean }>;
    };
    expect(game.facilities['factory']).toMatchObject({ user: uid, computer: false });
    expect(game.facilities['retailer']).toMatchObject({ user: null, computer: true });

    const other = visitor();
    for (const bad of ['constructor', '__proto__', 'toString', 'warehouse']) {
      const err = await refusal(
        createDemoGame(ctxAt(other), {
          email: `${bad.replace(/_/g, '')}@example.org`,
          roleId: bad,
        }),
      );
      expect(err).toMatchObject({ code: 'not-found', messageKey: 'roleUnknown' });
    }
    expect(await gamesBy(other)).toBe(0);
  });

  it('checks the address as verifyEmail does, and writes nothing on a refusal', async () => {
    const uid = visitor();
    const cases: [string, string, string][] = [
      ['not an address', 'invalid-argument', 'authInvalidEmail'],
      ['a@b', 'invalid-argument', 'authInvalidEmail'],
      ['someone@mailinator.com', 'invalid-argument', 'authDisposableEmail'],
      ['x@eu.yopmail.com', 'invalid-argument', 'authDisposableEmail'],
      ['Teacher@School.edu', 'already-exists', 'authEmailAlreadyInUse'],
    ];
    for (const [email, code, messageKey] of cases) {
      expect(await refusal(createDemoGame(ctxAt(uid), { email }))).toMatchObject({
        code,
        messageKey,
      });
    }
    expect(await gamesBy(uid)).toBe(0);
    expect((await port.docs.get(`users/${uid}`)).exists).toBe(false);
  });

  it('refuses hostile payloads through the wrapper before anything runs', async () => {
    const uid = visitor();
    const env = { port: () => port, now: () => FIXED_NOW };
    const payloads: unknown[] = [
      {},
      { email: 42 },
      { email: 'x@example.org', extra: true },
      { email: 'x@example.org', roleId: 'a/b' },
      { email: 'x@example.org', showName: 'yes' },
      { email: `${'a'.repeat(320)}@example.org` },
      { email: 'x@example.org', name: 'n'.repeat(201) },
    ];
    for (const data of payloads) {
      const err: unknown = await invokeCallable(
        'createDemoGame',
        schema,
        createDemoGame,
        { data, auth: { uid, token: caller(uid).token } },
        env,
      ).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(HttpsError);
      expect((err as HttpsError).code).toBe('invalid-argument');
    }
    expect(await gamesBy(uid)).toBe(0);
  });

  it('needs a visitor signed in anonymously: signed out, or with an account, is refused', async () => {
    expect(await refusal(createDemoGame(ctxAt(null), { email: 'out@example.org' }))).toMatchObject({
      code: 'unauthenticated',
      messageKey: 'errorUnauthenticated',
    });
    const teacher = { ...context(port, caller('teach1', 'teach1@school.edu')) };
    expect(await refusal(createDemoGame(teacher, { email: 'other@example.org' }))).toMatchObject({
      code: 'failed-precondition',
      messageKey: 'errorAlreadyLoggedIn',
    });
    expect(await gamesBy('teach1')).toBe(0);
  });

  it('gives one demo per address per day, whoever asks; the next day it may start another', async () => {
    const first = visitor();
    await createDemoGame(ctxAt(first), { email: 'once@example.org' });
    const second = visitor();
    const err = await refusal(createDemoGame(ctxAt(second), { email: '  ONCE@example.org' }));
    expect(err).toMatchObject({ code: 'resource-exhausted', messageKey: 'demoEmailPerDay' });
    expect(await gamesBy(second)).toBe(0);
    const tomorrow = FIXED_NOW + DAY_MS;
    await expect(
      createDemoGame(ctxAt(second, tomorrow), { email: 'once@example.org' }),
    ).resolves.toMatchObject({ roleId: 'retailer' });
  });

  it(`gives a visitor ${DEMOS_PER_CALLER_PER_DAY} demos a day, whatever addresses it gives`, async () => {
    const uid = visitor();
    for (let i = 0; i < DEMOS_PER_CALLER_PER_DAY; i++) {
      await createDemoGame(ctxAt(uid), { email: `many${i}@example.org` });
    }
    const err = await refusal(createDemoGame(ctxAt(uid), { email: 'many-more@example.org' }));
    expect(err).toMatchObject({ code: 'resource-exhausted', messageKey: 'demoCallerPerDay' });
    expect(await gamesBy(uid)).toBe(DEMOS_PER_CALLER_PER_DAY);
  });

  it(`stops at ${DEMOS_PER_DAY} demos a day in all`, async () => {
    const later = FIXED_NOW + 10 * DAY_MS;
    await port.docs.set(demoUsagePath(demoDay(later)), {
      day: demoDay(later),
      count: DEMOS_PER_DAY,
    });
    const uid = visitor();
    const err = await refusal(createDemoGame(ctxAt(uid, later), { email: 'late@example.org' }));
    expect(err).toMatchObject({ code: 'resource-exhausted', messageKey: 'demoDailyLimit' });
    expect(await gamesBy(uid)).toBe(0);
  });

  it('grants nothing beyond the demo game: no profile type, team, plan, seat or instructor writes', async () => {
    const uid = visitor();
    const { id } = await createDemoGame(ctxAt(uid), { email: 'nothing-more@example.org' });
    const profile = (await port.docs.get(`users/${uid}`)).data ?? {};
    expect(Object.keys(profile).sort()).toEqual(['playingGame']);
    expect((await port.docs.get(`userTeams/${uid}`)).exists).toBe(false);
    expect(
      await port.docs.query({
        collection: 'teams',
        where: [{ field: 'memberIds', op: 'array-contains', value: uid }],
      }),
    ).toEqual([]);
    expect(await port.docs.query({ collection: `users/${uid}/planUsage` })).toEqual([]);
    // Under the access policy the visitor is still an anonymous player: it creates no game,
    // template or public page, and reads no other game's secrets.
    const client = fx.clientOf({ uid, provider: 'anonymous' });
    const otherGame = await fx.createGame();
    await expect(
      client.docs.set('games/not-a-demo', { type: 'beergame', creator: uid, name: 'Mine' }),
    ).rejects.toThrow();
    await expect(
      client.docs.set('templates/t-demo', { title: 'T', type: 'beergame', creator: uid }),
    ).rejects.toThrow();
    await expect(client.docs.set(`publicProfiles/${uid}`, { appTitle: 'Mine' })).rejects.toThrow();
    await expect(client.docs.get(`games/${otherGame}/private/params`)).rejects.toThrow();
    // Its own demo it plays, as any player does.
    expect((await client.docs.get(`games/${id}/facilities/retailer`)).exists).toBe(true);
  });
});
