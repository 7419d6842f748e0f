/**
 * The map's layout along the flow of goods: the consumers first, then each facility as far from
 * them as it stands in the chain (retailer, wholesaler, distributor, factory). Orders go from one
 * column to the next, goods come back. Pure.
 */
import type { PublicFacility } from '@/features/games/beer/game-model';

/**
 * The facilities in columns, nearest the consumers first: a facility without clients is in the
 * first column, any other one column after its furthest client. Within a column, the stored
 * order (downstream first). A client that is not a facility of the game is ignored, and a loop
 * (which the editor refuses) cannot make it run for ever.
 */
export function flowColumns<F extends Pick<PublicFacility, 'id' | 'clients'>>(
  facilities: readonly F[],
): F[][] {
  const byId = new Map(facilities.map((f) => [f.id, f]));
  const rank = new Map<string, number>();
  const rankOf = (f: F, seen: ReadonlySet<string>): number => {
    const known = rank.get(f.id);
    if (known !== undefined) return known;
    let r = 0;
    for (const cid of f.clients) {
      const client = byId.get(cid);
      if (!client || seen.has(cid)) continue;
      r = Math.max(r, rankOf(client, new Set([...seen, f.id])) + 1);
    }
    rank.set(f.id, r);
    return r;
  };
  const columns: F[][] = [];
  for (const f of facilities) {
    const r = rankOf(f, new Set([f.id]));
    (columns[r] ??= []).push(f);
  }
  return columns.filter((c) => c.length > 0);
}

/** Width a column of cards needs side by side, and the arrows between two columns (px). */
export const FLOW_CARD_MIN_WIDTH = 112;
export const FLOW_CONSUMER_WIDTH = 72;
export const FLOW_LINK_WIDTH = 36;

/** Whether the flow fits side by side in `width` px (otherwise it runs top to bottom). */
export function flowFitsAcross(columns: number, width: number): boolean {
  const needed = FLOW_CONSUMER_WIDTH + columns * (FLOW_CARD_MIN_WIDTH + FLOW_LINK_WIDTH);
  return width >= needed;
}
