/**
 * resetStartingOrders {gid} → {week, cleared} (spec §7).
 *
 * Clears the orders validated for the current week: every facility's `validatedOrder` and
 * `capabilities.{cid}.validatedOrder/validatedOrderQty`, their public mirrors, and the order
 * documents of that week, so every player orders again. The state and the week do not change.
 * Only admins of the game.
 */
import { z } from 'zod';
import type { CallableHandler } from '../callable';
import {
  facilitiesOf,
  facilityPath,
  gamePath,
  loadGame,
  requireAdmin,
  requireAuth,
} from '../beer/beer-game';
import { idSchema } from '../ids';

export const name = 'resetStartingOrders';

export const schema = z.object({
  gid: idSchema,
});

export type ResetStartingOrdersData = z.output<typeof schema>;

export interface ResetStartingOrdersResult {
  readonly week: number;
  /** Facilities whose validation was cleared. */
  readonly cleared: string[];
}

export const handle: CallableHandler<ResetStartingOrdersData, ResetStartingOrdersResult> = async (
  ctx,
  data,
) => {
  const uid = requireAuth(ctx.auth).uid;
  const game = await loadGame(ctx.port, data.gid);
  await requireAdmin(ctx.port, game, uid);
  const out = await ctx.port.docs.runTransaction(async (tx) => {
    const fresh = (await tx.get(gamePath(data.gid))).data;
    const g = fresh ?? game;
    const fids = Object.keys(facilitiesOf(g));
    const docs = await Promise.all(fids.map((fid) => tx.get(facilityPath(data.gid, fid))));
    const cleared: string[] = [];
    const update: Record<string, unknown> = {};
    fids.forEach((fid, i) => {
      const d = docs[i];
      if (!d?.exists || !d.data) return;
      const caps = d.data.capabilities;
      const reset: Record<string, unknown> = { validatedOrder: false };
      if (typeof caps === 'object' && caps !== null) {
        for (const cid of Object.keys(caps)) {
          reset[`capabilities.${cid}`] = { validatedOrder: false, validatedOrderQty: 0 };
        }
      }
      tx.update(facilityPath(data.gid, fid), reset);
      update[`facilities.${fid}.validatedOrder`] = false;
      if (d.data.validatedOrder === true) cleared.push(fid);
    });
    if (Object.keys(update).length > 0) tx.update(gamePath(data.gid), update);
    return { week: typeof g.week === 'number' ? g.week : 1, cleared };
  });
  const orders = await ctx.port.docs.query({
    collection: `games/${data.gid}/orders`,
    where: [{ field: 'week', op: '==', value: out.week }],
  });
  if (orders.length > 0) {
    const batch = ctx.port.docs.batch();
    for (const o of orders) batch.delete(o.path);
    await batch.commit();
  }
  return out;
};
