import { describe, expect, it } from 'vitest';
import { createGame } from '@sim/core/beer/engine';
import { facilityDoc, plain } from '@sim/core/beer/game-docs';
import { classicGame } from '@sim/core/beer/presets';
import { advanceN } from '@sim/core/beer/testing';
import { playerView } from '@sim/core/beer/view';
import { parseFacilityPrivate } from '@/features/games/beer/game-model';
import {
  chainRows,
  computerOrdersOf,
  sameTurn,
  weekHasTurned,
} from '@/features/games/beer/play-model';

const chain = [
  { id: 'factory', clients: ['distributor'] },
  { id: 'retailer', clients: [] },
  { id: 'distributor', clients: ['wholesaler'] },
  { id: 'wholesaler', clients: ['retailer'] },
];

function game(transparent: boolean) {
  const input = classicGame({ demand: { type: 'uniform', min: 0, max: 12 }, seed: 3 });
  input.params = { ...input.params, transparent };
  return advanceN(createGame(input), 6, { wholesaler: { 'wholesaler-beer': 9 } });
}

describe('the orders the computer placed for the player', () => {
  it('are those of the week just played, from the history, when the backend says so', () => {
    const state = game(false);
    const doc = plain(facilityDoc(state, 'wholesaler', 1));
    const marked = parseFacilityPrivate('wholesaler', { ...doc, computerOrderedWeek: 6 });
    expect(computerOrdersOf(marked)).toEqual({
      week: 6,
      orders: [{ capability: 'wholesaler-beer', pid: 'beer', quantity: 9 }],
    });
    // Not marked, or marked for an older week: nothing to tell.
    expect(computerOrdersOf(parseFacilityPrivate('wholesaler', doc))).toBeNull();
    const old = parseFacilityPrivate('wholesaler', { ...doc, computerOrderedWeek: 2 });
    expect(computerOrdersOf(old)).toBeNull();
  });
});

describe('the chain table', () => {
  it('shows every facility along the flow in a transparent game, pipelines as the view limits them', () => {
    const state = game(true);
    const view = playerView(state, 'wholesaler');
    const rows = chainRows(view, chain);
    expect(rows.map((r) => r.fid)).toEqual(['retailer', 'wholesaler', 'distributor', 'factory']);
    const w = rows[1]!;
    const detail = view.details.find((d) => d.id === 'wholesaler')!;
    expect(w).toMatchObject({
      stock: detail.products[0]!.stock,
      backlog: detail.products[0]!.backlog,
      incoming: detail.current!.products[0]!.incoming,
      lastOrder: 9,
      onOrder: detail.capabilities[0]!.onOrder,
      arriving: detail.capabilities[0]!.arriving,
      cumCost: detail.cumCost,
      first: true,
      span: 1,
    });
    expect(w.arriving).toHaveLength(detail.capabilities[0]!.visibleWeeks);
  });

  it('shows only the player’s own line when the game is not transparent', () => {
    const rows = chainRows(playerView(game(false), 'wholesaler'), chain);
    expect(rows.map((r) => r.fid)).toEqual(['wholesaler']);
  });
});

describe('sameTurn', () => {
  it('holds a week turn until the game and the facility documents show the same week', () => {
    expect(sameTurn({ week: 3 }, { week: 3 })).toBe(true);
    // The game document has the new week, the facility document not yet (and the other way).
    expect(sameTurn({ week: 4 }, { week: 3 })).toBe(false);
    expect(sameTurn({ week: 3 }, { week: 4 })).toBe(false);
    // Nothing to wait for without a facility document; a game without a week is at week 1.
    expect(sameTurn({ week: 4 }, null)).toBe(true);
    expect(sameTurn({}, { week: 1 })).toBe(true);
  });
});

describe('weekHasTurned', () => {
  it("recognises placeOrder's refusal of an order whose week has turned, and nothing else", () => {
    expect(
      weekHasTurned({ code: 'failed-precondition', details: { messageKey: 'orderWeekTurned' } }),
    ).toBe(true);
    expect(
      weekHasTurned({ code: 'failed-precondition', details: { messageKey: 'orderAlreadyPlaced' } }),
    ).toBe(false);
    expect(weekHasTurned({ code: 'unavailable' })).toBe(false);
    expect(weekHasTurned(new Error('orderWeekTurned'))).toBe(false);
    expect(weekHasTurned(null)).toBe(false);
  });
});
