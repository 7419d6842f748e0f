/**
 * resetBeerGame {gid} → {week} (spec §7).
 *
 * Starts the game again from its configuration (`games/{gid}` + `private/params`): rebuilds
 * `private/state` at week 1, rewrites every facility's private document (validation cleared),
 * sets `week: 1`, `finished: false`, `turnDeadline: null`, clears the threshold messages'
 * `sentTo` lists, removes the final stats, the orders and the sent messages of the previous run
 * (then sends week 1's scheduled messages again). Players, observers and computer roles are kept. Also the way the game editor applies an edited configuration.
 * Admins of the game; also a player of the game when the game's session allows players to reset
 * (`allowPlayerReset`, spec §3).
 */
import { z } from 'zod';
import type { DataPort, DocData } from '@sim/core/port/data-port';
import { CallableError, type CallableHandler } from '../callable';
import {
  deleteSentMessages,
  isGameAdmin,
  loadGame,
  rebuildGame,
  requireAuth,
  roleOf,
} from '../beer/beer-game';
import { idSchema } from '../ids';

export const name = 'resetBeerGame';

export const schema = z.object({
  gid: idSchema,
});

export type ResetBeerGameData = z.output<typeof schema>;

export interface ResetBeerGameResult {
  readonly week: number;
}

/** A player of the game whose session lets its players reset their game. */
export async function playerMayReset(port: DataPort, game: DocData, uid: string): Promise<boolean> {
  if (roleOf(game, uid) === null) return false;
  const sid = game.session;
  if (typeof sid !== 'string' || sid === '' || sid.includes('/')) return false;
  const session = (await port.docs.get(`sessions/${sid}`)).data;
  return session?.allowPlayerReset === true && session.deleted !== true;
}

/** Orders are deleted in batches of this many. */
const DELETE_BATCH = 400;

export const handle: CallableHandler<ResetBeerGameData, ResetBeerGameResult> = async (
  ctx,
  data,
) => {
  const uid = requireAuth(ctx.auth).uid;
  const game = await loadGame(ctx.port, data.gid);
  if (!(await isGameAdmin(ctx.port, game, uid)) && !(await playerMayReset(ctx.port, game, uid))) {
    throw new CallableError('permission-denied', 'gameNotAdmin');
  }
  await deleteSentMessages(ctx.port, data.gid);
  const state = await rebuildGame(ctx.port, data.gid, ctx.now(), false);
  for (;;) {
    const orders = await ctx.port.docs.query({
      collection: `games/${data.gid}/orders`,
      limit: DELETE_BATCH,
    });
    if (orders.length === 0) break;
    const batch = ctx.port.docs.batch();
    for (const o of orders) batch.delete(o.path);
    await batch.commit();
    if (orders.length < DELETE_BATCH) break;
  }
  return { week: state?.week ?? 1 };
};
