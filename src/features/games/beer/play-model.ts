/**
 * What the play screen derives from the player's facility document: the orders the computer
 * placed for the player, the whole chain's figures in a transparent game, whether the game and
 * the facility documents show the same week, and why an order was refused. Pure.
 */
import type { FacilityDetail, PlayerView } from '@sim/core/beer/view';
import type { FacilityPrivate } from '@/features/games/beer/game-model';
import { flowColumns } from '@/features/games/beer/map-flow';

export interface ComputerOrder {
  capability: string;
  pid: string;
  quantity: number;
}

/**
 * The orders the computer placed for the player in the week just played (the countdown ran out,
 * the instructor forced the week, or the role was handed to the computer), as the facility's
 * history records them; null when the player's own order was used.
 */
export function computerOrdersOf(
  priv: FacilityPrivate,
): { week: number; orders: ComputerOrder[] } | null {
  const week = priv.computerOrderedWeek;
  if (week === null || week !== priv.week - 1 || !priv.own) return null;
  const record = priv.own.history[week - 1];
  if (!record) return null;
  return {
    week,
    orders: record.capabilities.map((c) => ({
      capability: c.id,
      pid: c.pid,
      quantity: c.ordered,
    })),
  };
}

/** One line of the chain table: a facility's figures for one of its products. */
export interface ChainRow {
  fid: string;
  pid: string;
  /** The facility's first line (it carries the name and the cost). */
  first: boolean;
  /** Lines of this facility. */
  span: number;
  stock: number;
  backlog: number;
  /** Orders that reached the facility this week. */
  incoming: number;
  /** What it ordered last week (after the order rules), for this product. */
  lastOrder: number | null;
  /** Everything on order for this product. */
  onOrder: number;
  /** Goods arriving in 1, 2… weeks, within the visible weeks. */
  arriving: number[];
  cumCost: number;
}

function sumBy(xs: readonly number[][]): number[] {
  const out: number[] = [];
  for (const x of xs) x.forEach((q, k) => (out[k] = (out[k] ?? 0) + q));
  return out;
}

function rowsOf(d: FacilityDetail): ChainRow[] {
  const last = d.history[d.history.length - 1];
  return d.products.map((p, i) => {
    const caps = d.capabilities.filter((c) => c.pid === p.pid);
    const ordered = last?.capabilities.filter((c) => c.pid === p.pid) ?? [];
    return {
      fid: d.id,
      pid: p.pid,
      first: i === 0,
      span: d.products.length,
      stock: p.stock,
      backlog: p.backlog,
      incoming: d.current?.products.find((x) => x.pid === p.pid)?.incoming ?? 0,
      lastOrder: last ? ordered.reduce((a, c) => a + c.ordered, 0) : null,
      onOrder: caps.reduce((a, c) => a + c.onOrder, 0),
      arriving: sumBy(caps.map((c) => c.arriving)),
      cumCost: d.cumCost,
    };
  });
}

/**
 * The figures of every facility the view shows, along the flow (the consumers' side first); in
 * a game that is not transparent only the player's own.
 */
export function chainRows(
  view: PlayerView,
  facilities: readonly { id: string; clients: string[] }[],
): ChainRow[] {
  const byId = new Map(view.details.map((d) => [d.id, d]));
  return flowColumns(facilities)
    .flat()
    .flatMap((f) => {
      const d = byId.get(f.id);
      return d ? rowsOf(d) : [];
    });
}

/**
 * Whether the public game document and the player's facility document show the same week. The
 * backend writes both in the week's transaction, but they arrive through two listeners: until
 * both have the new week, the page keeps showing the previous pair, so it renders a turn once.
 * A facility document not loaded (or missing) has nothing to wait for.
 */
export function sameTurn(
  game: { readonly week?: unknown },
  facility: { week: number } | null,
): boolean {
  if (facility === null) return true;
  const week = typeof game.week === 'number' ? game.week : 1;
  return week === facility.week;
}

/**
 * Whether placeOrder refused the order because its week had turned before it arrived (the timer,
 * the instructor): nothing was recorded, and the new week's order is the player's next decision.
 */
export function weekHasTurned(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('details' in err)) return false;
  const details: unknown = err.details;
  return (
    typeof details === 'object' &&
    details !== null &&
    'messageKey' in details &&
    details.messageKey === 'orderWeekTurned'
  );
}
