/**
 * placeOrder on both backends (docs/games/beer-documents.md "A week", decision 0026): one request
 * records a player's order as the play page used to write it (order documents, the facility's
 * validation, the public mirror) and turns the week when it is the last one; every refusal says
 * why with a translated key and writes nothing. Races of weeks are in week-races.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import type { DataPort } from '@sim/core/port/data-port';
import { invokeCallable, type CallableHandler } from '../../functions/src/callable';
import { noTimer } from '../../functions/src/beer/beer-game';
import * as placeOrder from '../../functions/src/callables/place-order';
import * as autoPlay from '../../functions/src/callables/auto-play-sec-gen';
import { describeBackends } from '../backends';
import { beerFixtures } from './beer-fixtures';
import { FIXED_NOW } from './helpers';

const handle = placeOrder.createHandler({ timer: noTimer });

/** Runs placeOrder as the deployed wrapper does (schema first), as this user or signed out. */
function call(port: DataPort, uid: string | null, data: unknown) {
  return invokeCallable(
    placeOrder.name,
    placeOrder.schema,
    handle as CallableHandler<unknown, placeOrder.PlaceOrderResult>,
    {
      auth:
        uid === null ? undefined : { uid, token: { firebase: { sign_in_provider: 'anonymous' } } },
      data,
    },
    { port: () => port, now: () => FIXED_NOW },
  );
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; messageKey: unknown }> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpsError);
  const e = err as HttpsError;
  return { code: e.code, messageKey: (e.details as { messageKey?: unknown }).messageKey };
}

describeBackends('placeOrder', (backend) => {
  const fx = beerFixtures(backend);
  let port: DataPort;

  beforeAll(() => {
    port = fx.service();
  });

  /** Everything an order can change: the week's documents and the game's. */
  async function snapshot(gid: string) {
    const [game, facilities, orders, state] = await Promise.all([
      port.docs.get(`games/${gid}`),
      port.docs.query({ collection: `games/${gid}/facilities` }),
      port.docs.query({ collection: `games/${gid}/orders` }),
      port.docs.get(`games/${gid}/private/state`),
    ]);
    return {
      game: game.data,
      facilities: facilities.map((d) => [d.id, d.data]),
      orders: orders.map((d) => [d.id, d.data]),
      state: state.data,
    };
  }

  it('records the order as the play page wrote it, then turns the week with the last one', async () => {
    const gid = await fx.createGame({ roles: 2 });
    const players = await fx.withPlayers(gid, ['retailer', 'factory']);
    const first = await call(port, players.retailer!, {
      gid,
      facility: 'retailer',
      week: 1,
      quantities: { 'retailer-beer': 6 },
    });
    expect(first).toMatchObject({ advanced: false, week: 1, waitingFor: ['factory'] });
    // The order log, the facility's validation, and the mirror the waiting screens read.
    expect((await port.docs.get(`games/${gid}/orders/retailer_retailer-beer_1`)).data).toEqual({
      game_id: gid,
      faci_id: 'retailer',
      capa_id: 'retailer-beer',
      orderQty: 6,
      week: 1,
      created_at: FIXED_NOW,
    });
    expect((await port.docs.get(`games/${gid}/facilities/retailer`)).data).toMatchObject({
      week: 1,
      validatedOrder: true,
      validatedWeek: 1,
      capabilities: { 'retailer-beer': { validatedOrder: true, validatedOrderQty: 6 } },
    });
    const game = (await port.docs.get(`games/${gid}`)).data as {
      facilities: Record<string, { validatedOrder: boolean }>;
    };
    expect(game.facilities['retailer']?.validatedOrder).toBe(true);
    // The player reads its own order through its own client, as the debrief does.
    const own = fx.clientOf({ uid: players.retailer!, provider: 'anonymous' });
    expect(
      (await own.docs.get(`games/${gid}/orders/retailer_retailer-beer_1`)).data?.['orderQty'],
    ).toBe(6);
    const last = await call(port, players.factory!, {
      gid,
      facility: 'factory',
      week: 1,
      quantities: { 'factory-beer': 3 },
    });
    expect(last).toMatchObject({ advanced: true, week: 2, finished: false, waitingFor: [] });
    expect((await port.docs.get(`games/${gid}/facilities/factory`)).data).toMatchObject({
      week: 2,
      validatedOrder: false,
      computerOrderedWeek: null,
    });
  });

  describe('refusals change nothing', () => {
    let gid: string;
    let players: Record<string, string>;
    const order = (over: Record<string, unknown> = {}) => ({
      gid,
      facility: 'retailer',
      week: 1,
      quantities: { 'retailer-beer': 4 },
      ...over,
    });

    beforeAll(async () => {
      gid = await fx.createGame({ roles: 2 });
      players = await fx.withPlayers(gid, ['retailer', 'factory']);
    });

    const cases: [string, () => [string | null, unknown], string, string][] = [
      ['signed out', () => [null, order()], 'unauthenticated', 'errorUnauthenticated'],
      [
        "another player's facility",
        () => [players.factory!, order()],
        'permission-denied',
        'gameNotPlayer',
      ],
      ['a stranger', () => ['stranger', order()], 'permission-denied', 'gameNotPlayer'],
      [
        'a facility named constructor',
        () => [players.retailer!, order({ facility: 'constructor' })],
        'permission-denied',
        'gameNotPlayer',
      ],
      [
        'a capability of another facility',
        () => [players.retailer!, order({ quantities: { 'factory-beer': 4 } })],
        'invalid-argument',
        'orderQuantitiesInvalid',
      ],
      [
        'a capability named toString',
        () => [players.retailer!, order({ quantities: { toString: 4 } })],
        'invalid-argument',
        'orderQuantitiesInvalid',
      ],
      [
        'an extra capability',
        () => [players.retailer!, order({ quantities: { 'retailer-beer': 4, extra: 1 } })],
        'invalid-argument',
        'orderQuantitiesInvalid',
      ],
      [
        'a future week',
        () => [players.retailer!, order({ week: 2 })],
        'failed-precondition',
        'orderWeekNotOpen',
      ],
      [
        'a quantity of 1000',
        () => [players.retailer!, order({ quantities: { 'retailer-beer': 1000 } })],
        'invalid-argument',
        'errorInvalidPayload',
      ],
      [
        'a negative quantity',
        () => [players.retailer!, order({ quantities: { 'retailer-beer': -1 } })],
        'invalid-argument',
        'errorInvalidPayload',
      ],
      [
        'a fraction',
        () => [players.retailer!, order({ quantities: { 'retailer-beer': 1.5 } })],
        'invalid-argument',
        'errorInvalidPayload',
      ],
      [
        'a quantity as text',
        () => [players.retailer!, order({ quantities: { 'retailer-beer': '8' } })],
        'invalid-argument',
        'errorInvalidPayload',
      ],
      [
        'no quantity',
        () => [players.retailer!, order({ quantities: {} })],
        'invalid-argument',
        'errorInvalidPayload',
      ],
      [
        'a __proto__ key',
        () => [
          players.retailer!,
          JSON.parse(
            `{"gid":"${gid}","facility":"retailer","week":1,"quantities":{"__proto__":4}}`,
          ) as unknown,
        ],
        'invalid-argument',
        'errorInvalidPayload',
      ],
      [
        'an unknown field',
        () => [players.retailer!, order({ force: true })],
        'invalid-argument',
        'errorInvalidPayload',
      ],
      [
        'week 0',
        () => [players.retailer!, order({ week: 0 })],
        'invalid-argument',
        'errorInvalidPayload',
      ],
      [
        'an unknown game',
        () => [players.retailer!, order({ gid: 'no-such-game' })],
        'not-found',
        'messGameUnknown',
      ],
    ];

    it.each(cases)('%s', async (_name, input, code, messageKey) => {
      const before = await snapshot(gid);
      const [uid, data] = input();
      expect(await refusal(call(port, uid, data))).toEqual({ code, messageKey });
      expect(await snapshot(gid)).toEqual(before);
    });

    it("a quantity above the capability's maximum", async () => {
      const g = await fx.createGame({ roles: 2 });
      const p = await fx.withPlayers(g, ['retailer']);
      await port.docs.update(`games/${g}`, {
        'facilities.retailer.capabilities.retailer-beer.maxOrderQty': 20,
      });
      const before = await snapshot(g);
      const data = { gid: g, facility: 'retailer', week: 1, quantities: { 'retailer-beer': 21 } };
      expect(await refusal(call(port, p.retailer!, data))).toEqual({
        code: 'invalid-argument',
        messageKey: 'orderQuantitiesInvalid',
      });
      expect(await snapshot(g)).toEqual(before);
      // At the maximum it is taken.
      const at = { ...data, quantities: { 'retailer-beer': 20 } };
      expect(await call(port, p.retailer!, at)).toMatchObject({ week: expect.any(Number) });
    });

    it('a role handed to the computer, a finished game', async () => {
      const g = await fx.createGame({ roles: 2 });
      const p = await fx.withPlayers(g, ['retailer', 'factory']);
      await autoPlay.createHandler({ timer: noTimer })(fx.creatorCtx(), {
        gid: g,
        type: 'beergame',
        roleIds: ['factory'],
        computer: true,
      });
      const wholesale = {
        gid: g,
        facility: 'factory',
        week: 1,
        quantities: { 'factory-beer': 4 },
      };
      let before = await snapshot(g);
      expect(await refusal(call(port, p.factory!, wholesale))).toEqual({
        code: 'failed-precondition',
        messageKey: 'orderComputerPlays',
      });
      expect(await snapshot(g)).toEqual(before);
      await port.docs.update(`games/${g}`, { finished: true });
      before = await snapshot(g);
      const retail = { gid: g, facility: 'retailer', week: 1, quantities: { 'retailer-beer': 4 } };
      expect(await refusal(call(port, p.retailer!, retail))).toEqual({
        code: 'failed-precondition',
        messageKey: 'orderGameFinished',
      });
      expect(await snapshot(g)).toEqual(before);
    });
  });
});
