/**
 * confirmAllocations {gid, allocations} → {ok: true} (spec §7).
 *
 * Sets the manual allocation weights of the game (BEER-SHIP-3):
 * `allocations[supplierFid][pid][clientFid | 'consumer'] = weight` (a number 0 … 999), or null
 * to go back to proportional sharing (BEER-SHIP-2). Stored on the public game document (weights
 * only, no quantities) and in the core state, in one transaction; they apply from the next
 * shipment. Only admins of the game.
 */
import { z } from 'zod';
import { CallableError, type CallableHandler } from '../callable';
import {
  facilitiesOf,
  facilityIn,
  loadGame,
  requireAdmin,
  requireAuth,
  storeAllocations,
} from '../beer/beer-game';
import { idSchema } from '../ids';

export const name = 'confirmAllocations';

const key = idSchema;

export const schema = z.object({
  gid: idSchema,
  allocations: z.record(key, z.record(key, z.record(key, z.number().min(0).max(999)))).nullable(),
});

export type ConfirmAllocationsData = z.output<typeof schema>;

export interface ConfirmAllocationsResult {
  readonly ok: true;
}

export const handle: CallableHandler<ConfirmAllocationsData, ConfirmAllocationsResult> = async (
  ctx,
  data,
) => {
  const uid = requireAuth(ctx.auth).uid;
  const game = await loadGame(ctx.port, data.gid);
  await requireAdmin(ctx.port, game, uid);
  const facilities = facilitiesOf(game);
  for (const [supplier, products] of Object.entries(data.allocations ?? {})) {
    if (!facilityIn(facilities, supplier))
      throw new CallableError('invalid-argument', 'allocationsInvalid');
    for (const weights of Object.values(products)) {
      for (const client of Object.keys(weights)) {
        if (client !== 'consumer' && !facilityIn(facilities, client)) {
          throw new CallableError('invalid-argument', 'allocationsInvalid');
        }
      }
    }
  }
  await storeAllocations(ctx.port, data.gid, data.allocations, ctx.now());
  return { ok: true };
};
