import { describe, expect, it } from 'vitest';
import { advanceWeek } from '@sim/core/beer/engine';
import {
  buildBeerGameDocs,
  defaultBeerTemplate,
  facilityDoc,
  weekOrders,
} from '@sim/core/beer/game-docs';
import type { BeerState } from '@sim/core/beer/engine';
import {
  followRows,
  formatNumber,
  notOrdered,
  placedOrder,
  teamCost,
} from '@/features/games/beer/follow-model';
import {
  parseBeerGame,
  parseFacilityPrivate,
  type FacilityPrivate,
} from '@/features/games/beer/game-model';

const NOW = Date.UTC(2026, 0, 15);

function setup(opts: { awaitPlayers?: boolean } = {}) {
  const docs = buildBeerGameDocs({
    gid: 'g1',
    creator: 'cleo',
    creatorName: 'Cleo',
    name: 'Round 1 · Team 1',
    template: defaultBeerTemplate(2),
    now: NOW,
    ...(opts.awaitPlayers ? { awaitPlayers: true } : {}),
  });
  return docs;
}

function privates(state: BeerState, extra: Record<string, object> = {}) {
  const out: Record<string, FacilityPrivate> = {};
  for (const fid of ['retailer', 'factory']) {
    out[fid] = parseFacilityPrivate(fid, {
      ...facilityDoc(state, fid, NOW),
      ...(extra[fid] ?? {}),
    });
  }
  return out;
}

describe('the live view of the roles', () => {
  it('shows no cost before week 1 is played, then the cost of the weeks played', () => {
    const docs = setup();
    const game = parseBeerGame('g1', docs.game);
    const before = followRows(game, privates(docs.state));
    // The state of week 1 already holds week 1's holding cost: it is not shown yet.
    expect(docs.state.facilities[0]?.cumCost).toBeGreaterThan(0);
    expect(before.map((r) => r.cost)).toEqual([null, null]);
    expect(teamCost(before)).toBeNull();

    const week2 = advanceWeek(docs.state, weekOrders(docs.state, {}, { kind: 'spec' }));
    const after = followRows({ ...game, week: 2 }, privates(week2));
    const played = week2.history[0]!.facilities;
    expect(after.map((r) => r.cost)).toEqual(played.map((f) => f.cumCost));
    expect(teamCost(after)).toBe(played.reduce((a, f) => a + f.cumCost, 0));
  });

  it('shows an order as soon as it is placed, else the last played week’s', () => {
    const docs = setup();
    const game = parseBeerGame('g1', docs.game);
    const week2 = advanceWeek(docs.state, weekOrders(docs.state, {}, { kind: 'spec' }));
    const placed = {
      retailer: {
        validatedOrder: true,
        capabilities: { 'retailer-beer': { validatedOrder: true, validatedOrderQty: 9 } },
      },
    };
    const rows = followRows({ ...game, week: 2 }, privates(week2, placed));
    expect(rows[0]).toMatchObject({ ordered: true, lastOrder: { quantity: 9, thisWeek: true } });
    const lastWeek = week2.history[0]!.facilities[1]!.capabilities[0]!.ordered;
    expect(rows[1]).toMatchObject({
      ordered: false,
      lastOrder: { quantity: lastWeek, thisWeek: false },
    });
    // Before anything is played or placed: nothing.
    expect(followRows(game, privates(docs.state))[0]!.lastOrder).toBeNull();
  });

  it('ignores a validation of another week', () => {
    const docs = setup();
    const doc = parseFacilityPrivate('retailer', {
      ...facilityDoc(docs.state, 'retailer', NOW),
      validatedOrder: true,
      capabilities: { 'retailer-beer': { validatedOrder: true, validatedOrderQty: 5 } },
    });
    expect(placedOrder(doc, 1)).toBe(5);
    expect(placedOrder(doc, 2)).toBeNull();
  });

  it('BEER-SEAT-1: says who plays each role, and who gets the computer’s order if forced', () => {
    const docs = setup({ awaitPlayers: true });
    const game = parseBeerGame('g1', {
      ...docs.game,
      players: ['ann'],
      facilities: {
        ...docs.game.facilities,
        retailer: { ...docs.game.facilities.retailer, user: 'ann', playerName: 'Ann' },
      },
    });
    const rows = followRows(game, privates(docs.state));
    expect(rows.map((r) => [r.facility.id, r.seat])).toEqual([
      ['retailer', 'human'],
      ['factory', 'awaited'],
    ]);
    expect(notOrdered(rows).map((f) => f.id)).toEqual(['retailer', 'factory']);
    const started = followRows({ ...game, started: true }, privates(docs.state));
    expect(started[1]!.seat).toBe('free');
    expect(notOrdered(started).map((f) => f.id)).toEqual(['retailer']);
  });

  it("writes numbers with the language's separators", () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    expect(formatNumber(1234.5, 'fr')).toBe('1\u202f234,5');
    expect(formatNumber(6, 'fr')).toBe('6');
  });
});
