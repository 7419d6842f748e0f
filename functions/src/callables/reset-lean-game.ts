/**
 * resetLeanGame {gid} → {reset: true} (spec §7, LEAN-RUN-6, LEAN-CALL-3).
 *
 * Returns the game to "not started": the units (`products`), the core state, the action log, the
 * facility views, the floor and the final stats are deleted; the start and end times, the rank,
 * the improvements panel and the demand's fulfilment counters are cleared. The configuration and
 * the players stay. Admins of the game; also a player of the game when the game's session allows
 * players to reset (`allowPlayerReset`, spec §3).
 */
import { z } from 'zod';
import { CallableError, type CallableHandler } from '../callable';
import { isGameAdmin, requireAuth } from '../beer/beer-game';
import { idSchema } from '../ids';
import { loadLeanGame, resetLeanRun } from '../lean/lean-game';
import { playerMayReset } from './reset-beer-game';

export const name = 'resetLeanGame';

export const schema = z.object({ gid: idSchema });

export type ResetLeanGameData = z.output<typeof schema>;

export interface ResetLeanGameResult {
  readonly reset: true;
}

export const handle: CallableHandler<ResetLeanGameData, ResetLeanGameResult> = async (
  ctx,
  data,
) => {
  const uid = requireAuth(ctx.auth).uid;
  const game = await loadLeanGame(ctx.port, data.gid);
  if (!(await isGameAdmin(ctx.port, game, uid)) && !(await playerMayReset(ctx.port, game, uid))) {
    throw new CallableError('permission-denied', 'gameNotAdmin');
  }
  await resetLeanRun(ctx.port, data.gid);
  return { reset: true };
};
