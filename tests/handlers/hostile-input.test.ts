/**
 * Hostile payloads against the beer callables, on both backends: ids named after properties of
 * `Object.prototype` must never be taken for facilities, and validated quantities outside the
 * spec's bounds never reach the simulation as they are.
 */
import { beforeAll, expect, it } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import type { DataPort } from '@sim/core/port/data-port';
import { advanceWeek } from '@sim/core/beer/engine';
import { BEER_BOUNDS } from '@sim/core/beer/model';
import {
  buildBeerGameDocs,
  defaultBeerTemplate,
  stateFromDoc,
  weekOrders,
} from '@sim/core/beer/game-docs';
import type { Policy } from '@sim/core/beer/policies';
import { invokeCallable, type CallableHandler } from '../../functions/src/callable';
import type { WeekTimer } from '../../functions/src/beer/beer-game';
import * as joinAs from '../../functions/src/callables/join-as';
import * as quitGame from '../../functions/src/callables/quit-game';
import * as turn from '../../functions/src/callables/create-new-turn-task';
import * as autoPlay from '../../functions/src/callables/auto-play-sec-gen';
import * as resetGame from '../../functions/src/callables/reset-beer-game';
import * as allocations from '../../functions/src/callables/confirm-allocations';
import { describeBackends } from '../backends';
import { FIXED_NOW } from './helpers';
import { unpackedState } from '../../functions/src/data/packed-state';

const noTimer: WeekTimer = { schedule: () => Promise.resolve() };
const CREATOR = { uid: 'hostile-creator', email: 'creator@school.edu' };
const PROTOTYPE_NAMES = ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'];

/** Runs a callable as the wrapper does (schema first), as this user. */
async function call<S extends Parameters<typeof invokeCallable>[1], R>(
  port: DataPort,
  schema: S,
  handle: CallableHandler<never, R>,
  uid: string,
  data: unknown,
): Promise<R> {
  return invokeCallable(
    'probe',
    schema,
    handle as CallableHandler<unknown, R>,
    { auth: { uid, token: { firebase: { sign_in_provider: 'anonymous' } } }, data },
    { port: () => port, now: () => FIXED_NOW },
  );
}

async function refusal(promise: Promise<unknown>): Promise<HttpsError> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpsError);
  return err as HttpsError;
}

describeBackends('hostile input to the beer callables', (backend) => {
  let port: DataPort;
  let creator: DataPort;

  beforeAll(() => {
    port = backend().service();
    creator = backend().as({ uid: CREATOR.uid, provider: 'password', email: CREATOR.email });
  });

  /** The creator writes a 4-role game with client writes, as the SPA does. */
  async function createGame(): Promise<string> {
    const gid = port.docs.newId();
    const docs = buildBeerGameDocs({
      gid,
      creator: CREATOR.uid,
      creatorName: 'Cleo',
      name: 'Hostile',
      template: structuredClone(defaultBeerTemplate(4)),
      now: FIXED_NOW,
      draft: false,
    });
    await creator.docs.set(`games/${gid}`, { ...docs.game });
    const batch = creator.docs.batch();
    batch.set(`games/${gid}/private/params`, { ...docs.privateParams });
    for (const [fid, doc] of Object.entries(docs.facilities)) {
      batch.set(`games/${gid}/facilities/${fid}`, { ...doc });
    }
    await batch.commit();
    return gid;
  }

  async function facilityIds(gid: string): Promise<string[]> {
    const game = (await port.docs.get(`games/${gid}`)).data;
    return Object.keys((game?.facilities ?? {}) as Record<string, unknown>).sort();
  }

  it('joinAs refuses every prototype name as a role, and the game keeps its facilities', async () => {
    const gid = await createGame();
    const before = await facilityIds(gid);
    for (const roleId of PROTOTYPE_NAMES) {
      const err = await refusal(
        call(port, joinAs.schema, joinAs.handle, 'intruder', { gid, roleId }),
      );
      expect(['invalid-argument', 'not-found']).toContain(err.code);
    }
    expect(await facilityIds(gid)).toEqual(before);
    // The game still plays: reset works and a real role can be taken.
    await expect(
      call(port, resetGame.schema, resetGame.handle, CREATOR.uid, { gid }),
    ).resolves.toEqual({ week: 1 });
    await expect(
      call(port, joinAs.schema, joinAs.handle, 'intruder', { gid, roleId: 'retailer' }),
    ).resolves.toMatchObject({ roleId: 'retailer' });
  });

  it('ids outside the id pattern are refused by the schemas', async () => {
    const gid = await createGame();
    for (const roleId of ['a.b', 'a b', '', 'x'.repeat(129), '__x__']) {
      const err = await refusal(
        call(port, joinAs.schema, joinAs.handle, 'intruder', { gid, roleId }),
      );
      expect(err.code).toBe('invalid-argument');
    }
    const bad = await refusal(
      call(port, joinAs.schema, joinAs.handle, 'intruder', { gid: 'g.1', roleId: 'retailer' }),
    );
    expect(bad.code).toBe('invalid-argument');
  });

  it('quitGame and autoPlaySecGen do not take prototype names for roles', async () => {
    const gid = await createGame();
    const before = await facilityIds(gid);
    const quit = quitGame.createHandler({ timer: noTimer });
    const auto = autoPlay.createHandler({ timer: noTimer });
    for (const roleId of PROTOTYPE_NAMES) {
      const q = await refusal(call(port, quitGame.schema, quit, CREATOR.uid, { gid, roleId }));
      expect(['invalid-argument', 'not-found']).toContain(q.code);
      const a = await refusal(
        call(port, autoPlay.schema, auto, CREATOR.uid, { gid, roleIds: [roleId] }),
      );
      expect(['invalid-argument', 'not-found']).toContain(a.code);
    }
    expect(await facilityIds(gid)).toEqual(before);
  });

  it('confirmAllocations refuses prototype names as supplier or client', async () => {
    const gid = await createGame();
    const payloads = PROTOTYPE_NAMES.flatMap((name) => [
      { [name]: { beer: { retailer: 1 } } },
      { wholesaler: { beer: { [name]: 1 } } },
    ]);
    for (const allocs of payloads) {
      const err = await refusal(
        call(port, allocations.schema, allocations.handle, CREATOR.uid, {
          gid,
          allocations: JSON.parse(JSON.stringify(allocs)) as unknown,
        }),
      );
      expect(['invalid-argument']).toContain(err.code);
    }
    const game = (await port.docs.get(`games/${gid}`)).data;
    expect(game?.allocations ?? null).toBeNull();
  });

  it('a validated quantity beyond the bounds is cut to them when the week is processed', async () => {
    const gid = await createGame();
    const player = 'bulk-player';
    await call(port, joinAs.schema, joinAs.handle, player, { gid, roleId: 'retailer' });
    await call(port, autoPlay.schema, autoPlay.createHandler({ timer: noTimer }), CREATOR.uid, {
      gid,
    });
    const stored = (await port.docs.get(`games/${gid}/private/state`)).data;
    const stateBefore = stateFromDoc(unpackedState(stored));
    if (!stateBefore) throw new Error('no state');
    const policy = stored?.policy as unknown as Policy;
    // What a rules bypass (or a document written before the bounds) would leave behind.
    await port.docs.update(`games/${gid}/facilities/retailer`, {
      validatedOrder: true,
      validatedWeek: 1,
      'capabilities.retailer-beer.validatedOrder': true,
      'capabilities.retailer-beer.validatedOrderQty': Number.MAX_SAFE_INTEGER,
    });
    const createNewTurnTask = turn.createHandler({ timer: noTimer });
    const result = await call(port, turn.schema, createNewTurnTask, player, { gid });
    expect(result).toMatchObject({ advanced: true });
    const after = stateFromDoc(
      unpackedState((await port.docs.get(`games/${gid}/private/state`)).data),
    );
    const expected = advanceWeek(
      stateBefore,
      weekOrders(stateBefore, { retailer: { 'retailer-beer': BEER_BOUNDS.quantity.max } }, policy),
    );
    expect(after).toEqual(expected);
  });
});
