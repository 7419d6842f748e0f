/**
 * What the instructor's live view shows of each role (follow-view.tsx), from the public game
 * document and the facility documents the instructor and observers read. Pure.
 */
import type { Seat } from '@sim/core/beer/lineup';
import {
  seatIn,
  type BeerGameDoc,
  type FacilityPrivate,
  type PublicFacility,
} from '@/features/games/beer/game-model';

export interface FollowRow {
  readonly facility: PublicFacility;
  readonly seat: Seat;
  /** The role's order for the week in progress is placed (the facility document's validation). */
  readonly ordered: boolean;
  readonly stock: number | null;
  readonly backlog: number | null;
  readonly onOrder: number | null;
  /**
   * The last order: this week's as soon as it is placed (what the player asked), else the last
   * played week's (what was ordered after the order rules). Null before any.
   */
  readonly lastOrder: { readonly quantity: number; readonly thisWeek: boolean } | null;
  /** The cost of the weeks played (cumulative); null before the first week is played. */
  readonly cost: number | null;
}

/** The order placed for the week in progress, summed over the capabilities, or null. */
export function placedOrder(doc: FacilityPrivate | undefined, week: number): number | null {
  if (!doc?.validatedOrder || doc.week !== week) return null;
  let sum = 0;
  for (const c of Object.values(doc.capabilities)) {
    if (c.validatedOrder) sum += c.validatedOrderQty;
  }
  return sum;
}

function row(game: BeerGameDoc, f: PublicFacility, doc: FacilityPrivate | undefined): FollowRow {
  const own = doc?.own ?? null;
  // The week in progress has its costs computed already (BEER-WEEK-2), but it is not played
  // until its orders are in: the last played week's record says what was spent.
  const played = own?.history.at(-1) ?? null;
  const placed = game.finished ? null : placedOrder(doc, game.week);
  const lastOrdered = played ? played.capabilities.reduce((a, c) => a + c.ordered, 0) : null;
  return {
    facility: f,
    seat: seatIn(game, f),
    ordered:
      !game.finished && (doc ? doc.validatedOrder && doc.week === game.week : f.validatedOrder),
    stock: own ? own.products.reduce((a, p) => a + p.stock, 0) : null,
    backlog: own ? own.products.reduce((a, p) => a + p.backlog, 0) : null,
    onOrder: own ? own.capabilities.reduce((a, c) => a + c.onOrder, 0) : null,
    lastOrder:
      placed !== null
        ? { quantity: placed, thisWeek: true }
        : lastOrdered !== null
          ? { quantity: lastOrdered, thisWeek: false }
          : null,
    cost: played ? played.cumCost : null,
  };
}

export function followRows(
  game: BeerGameDoc,
  docs: Readonly<Record<string, FacilityPrivate | undefined>>,
): FollowRow[] {
  return game.facilities.map((f) =>
    row(game, f, Object.hasOwn(docs, f.id) ? docs[f.id] : undefined),
  );
}

/** The team's cost of the weeks played: the sum of the roles', null before a week is played. */
export function teamCost(rows: readonly FollowRow[]): number | null {
  const costs = rows.map((r) => r.cost).filter((c): c is number => c !== null);
  return costs.length === 0 ? null : costs.reduce((a, c) => a + c, 0);
}

/** Roles that have not ordered this week and will get the computer's order if it is forced. */
export function notOrdered(rows: readonly FollowRow[]): PublicFacility[] {
  return rows
    .filter((r) => !r.ordered && (r.seat === 'human' || r.seat === 'awaited'))
    .map((r) => r.facility);
}

/** A number as the language writes it: 1 decimal at most (costs are in steps of 0.5). */
export function formatNumber(n: number, language: string): string {
  try {
    return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(n);
  } catch {
    return new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(n);
  }
}
