import { describe, expect, it } from 'vitest';
import { advanceWeek, BeerConfigError, createGame } from './engine';
import {
  BEER_TEMPLATES,
  buildBeerGameDocs,
  chainRoles,
  classicBeerTemplate,
  configFromDocs,
  defaultBeerTemplate,
  facilityDoc,
  fixedPositions,
  initialStateFromDocs,
  mapSizeFor,
  plain,
  stateDoc,
  stateFromDoc,
  validateBeerConfig,
  visualForIcon,
  weekOrders,
} from './game-docs';
import { classicGame } from './presets';
import { playerView } from './view';

const NOW = 1_700_000_000_000;

function build(count = 4) {
  return buildBeerGameDocs({
    gid: 'g1',
    creator: 'alice',
    creatorName: 'Alice',
    name: 'Class A',
    template: defaultBeerTemplate(count),
    now: NOW,
  });
}

describe('map and visuals (spec §9)', () => {
  it('uses 3×3 for 2–4 facilities, 3×5 for 5–6, 3×7 for 7–8', () => {
    expect([2, 3, 4, 5, 6, 7, 8].map((n) => mapSizeFor(n).cols)).toEqual([3, 3, 3, 5, 5, 7, 7]);
  });

  it('gives fixed, distinct positions inside the map for every count', () => {
    for (let n = 2; n <= 8; n++) {
      const pos = fixedPositions(n);
      const { rows, cols } = mapSizeFor(n);
      expect(pos).toHaveLength(n);
      expect(new Set(pos.map((p) => p.join(','))).size).toBe(n);
      for (const [x, y] of pos) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThan(cols);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThan(rows);
      }
    }
    expect(fixedPositions(4)).toEqual([
      [2, 2],
      [0, 2],
      [0, 0],
      [2, 0],
    ]);
    expect(fixedPositions(5)).toEqual([
      [4, 1],
      [3, 1],
      [2, 1],
      [1, 1],
      [0, 1],
    ]);
  });

  it('maps icons to visuals', () => {
    expect(
      ['cart', 'domain', 'call-split', 'factory', 'build', undefined].map(visualForIcon),
    ).toEqual(['retailer', 'wholesaler', 'distributor', 'factory', 'workshop', 'workshop']);
  });
});

describe('default templates', () => {
  it('has chains of 2 to 8 facilities and the classic, all valid', () => {
    expect(BEER_TEMPLATES.map((t) => Object.keys(t.config.facilities).length)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 4,
    ]);
    for (const t of BEER_TEMPLATES) expect(validateBeerConfig(t.config)).toEqual([]);
    expect(chainRoles(6).map((r) => r.id)).toEqual([
      'retailer',
      'wholesaler',
      'distributor',
      'workshop1',
      'workshop2',
      'factory',
    ]);
  });

  it('the classic template plays exactly like the core classic game', () => {
    const docs = buildBeerGameDocs({
      gid: 'g',
      creator: 'a',
      creatorName: 'A',
      name: 'Classic',
      template: classicBeerTemplate(),
      now: NOW,
    });
    const core = createGame(classicGame());
    expect(docs.state.facilities).toEqual(core.facilities);
    expect(docs.state.current).toEqual(core.current);
  });
});

describe('buildBeerGameDocs', () => {
  it('splits the game into public, secret and per-facility private documents', () => {
    const d = build(4);
    expect(d.game).toMatchObject({
      id: 'g1',
      type: 'beergame',
      creator: 'alice',
      creatorName: 'Alice',
      team: null,
      session: null,
      week: 1,
      finished: false,
      paused: false,
      players: [],
      observers: [],
      created_at: NOW,
    });
    expect(d.game.params.mapSize).toEqual({ rows: 3, cols: 3 });
    const retailer = d.game.facilities.retailer!;
    expect(retailer).toMatchObject({
      icon: 'cart',
      visual: 'retailer',
      position: [2, 2],
      user: null,
      computer: false,
      supplier_id: 'wholesaler',
      client_id: null,
      clients: [],
    });
    expect(d.game.facilities.wholesaler!.clients).toEqual(['retailer']);
    expect(d.privateParams.facilities.retailer!.pdata.beer!.stock).toBe(12);
    expect(Object.keys(d.facilities)).toEqual(['retailer', 'wholesaler', 'distributor', 'factory']);
  });

  it('BEER-SEAT-2: a game has started from its creation unless it waits for its players', () => {
    expect(build(2).game).toMatchObject({ started: true, startedBy: null });
    const waiting = buildBeerGameDocs({
      gid: 'g2',
      creator: 'alice',
      creatorName: 'Alice',
      name: 'Round 1 · Team 1',
      session: 's1',
      template: defaultBeerTemplate(2),
      now: NOW,
      awaitPlayers: true,
    });
    expect(waiting.game).toMatchObject({ started: false, startedBy: null, session: 's1' });
  });

  it('never puts stock, backlog, costs, orders or demand into the public document', () => {
    const text = JSON.stringify(build(8).game);
    for (const word of [
      'stock',
      'backlog',
      'Cost',
      'cost',
      'pdata',
      'consumerDemand',
      'orderQty',
      'seed',
      'weeks',
    ]) {
      expect(text).not.toContain(`"${word}"`);
    }
    expect(text).not.toMatch(/"[a-zA-Z]*[cC]ost"/);
  });

  it('each facility document holds exactly the player view of that facility', () => {
    const d = build(4);
    for (const [fid, doc] of Object.entries(d.facilities)) {
      expect(doc.view).toEqual(plain(playerView(d.state, fid)));
      expect(doc.view.details.map((x) => x.id)).toEqual([fid]);
      expect(doc.validatedOrder).toBe(false);
      expect(Object.values(doc.capabilities)).toEqual([
        { validatedOrder: false, validatedOrderQty: 0 },
      ]);
    }
  });

  it('refuses a configuration outside the spec §5 bounds with translation keys', () => {
    const t = defaultBeerTemplate(3);
    const config = structuredClone(t.config);
    config.facilities.retailer!.capabilities['retailer-beer']!.leadtime = 9;
    config.facilities.retailer!.pdata.beer!.stockCost = 0.3;
    config.params.timer = -5;
    let err: unknown;
    try {
      buildBeerGameDocs({
        gid: 'g',
        creator: 'a',
        creatorName: 'A',
        name: 'x',
        template: { config },
        now: 0,
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BeerConfigError);
    expect((err as BeerConfigError).issues.map((i) => i.key).sort()).toEqual(
      expect.arrayContaining(['beer.leadtime.range', 'beer.stockCost.range', 'beer.timer.range']),
    );
  });
});

describe('configFromDocs (the editor inverse)', () => {
  it('gives back the configuration the documents were built from', () => {
    for (const t of BEER_TEMPLATES) {
      const d = buildBeerGameDocs({
        gid: 'g',
        creator: 'a',
        creatorName: 'A',
        name: 'x',
        template: t,
        now: 0,
      });
      const back = configFromDocs(d.game, d.privateParams);
      expect(validateBeerConfig(back)).toEqual([]);
      const again = buildBeerGameDocs({
        gid: 'g',
        creator: 'a',
        creatorName: 'A',
        name: 'x',
        params: back.params,
        facilities: back.facilities,
        now: 0,
      });
      expect(again.game).toEqual(d.game);
      expect(again.privateParams).toEqual(d.privateParams);
      expect(again.state).toEqual(d.state);
      expect(initialStateFromDocs(d.game, d.privateParams)).toEqual(d.state);
    }
  });
});

describe('state and week helpers', () => {
  it('stores the state as JSON text and reads it back', () => {
    const d = build(2);
    const doc = stateDoc(d.state, NOW);
    expect(doc.week).toBe(1);
    expect(stateFromDoc(doc)).toEqual(d.state);
    expect(stateFromDoc(undefined)).toBeNull();
  });

  it('merges validated human orders with computer orders for the others', () => {
    const d = build(4);
    const orders = weekOrders(
      d.state,
      { retailer: { 'retailer-beer': 9 } },
      { kind: 'constant', quantity: 3 },
    );
    expect(orders).toEqual({
      retailer: { 'retailer-beer': 9 },
      wholesaler: { 'wholesaler-beer': 3 },
      distributor: { 'distributor-beer': 3 },
      factory: { 'factory-beer': 3 },
    });
    const next = advanceWeek(d.state, orders);
    const doc = facilityDoc(next, 'retailer', NOW);
    expect(doc.week).toBe(2);
    expect(doc.view.details[0]!.history[0]!.capabilities[0]!.ordered).toBe(9);
  });
});
