/** The beer game's own documents through the data port, and its calls. */
import { PortError } from '@sim/core/port/data-port';
import { serverTimestamp } from '@sim/core/port/field-values';
import type { BeerGameDocs } from '@sim/core/beer/game-docs';
import type { editPlan } from '@/features/games/beer/editor-draft';
import { gamePath, readDoc } from '@/features/games/shared/game-api';
import { getDataPort } from '@/lib/data/port';
import { resetBeerGame } from '@/lib/firebase/callables';

/**
 * Writes the documents of a new game (the backend builds the state on first use). The public
 * document goes first: the rules of the secret and facility documents read the game as it is
 * before a write (`get()`), so they cannot share its batch. Calling again with the same id after
 * a failure completes the game.
 */
export async function createGameDocs(
  gid: string,
  docs: Pick<BeerGameDocs, 'game' | 'privateParams' | 'facilities'>,
): Promise<void> {
  const port = getDataPort();
  await port.docs.set(gamePath(gid), { ...docs.game });
  const batch = port.docs.batch();
  batch.set(`${gamePath(gid)}/private/params`, { ...docs.privateParams });
  for (const [fid, data] of Object.entries(docs.facilities)) {
    batch.set(`${gamePath(gid)}/facilities/${fid}`, { ...data });
  }
  await batch.commit();
}

/**
 * Saves an edited game (docs/games/beer-documents.md "Editing"): one batch, then
 * `resetBeerGame`, which rebuilds the state and every facility's private document.
 */
export async function updateGameDocs(
  gid: string,
  plan: ReturnType<typeof editPlan>,
): Promise<void> {
  const batch = getDataPort().docs.batch();
  batch.update(gamePath(gid), plan.gameUpdate);
  batch.set(`${gamePath(gid)}/private/params`, { ...plan.privateParams });
  for (const [fid, data] of Object.entries(plan.create)) {
    batch.set(`${gamePath(gid)}/facilities/${fid}`, { ...data });
  }
  for (const fid of plan.remove) batch.delete(`${gamePath(gid)}/facilities/${fid}`);
  await batch.commit();
  await resetBeerGame({ gid });
}

/** The creator's switches on the public game document. */
export async function setGameFlags(gid: string, flags: { paused?: boolean }): Promise<void> {
  await getDataPort().docs.update(gamePath(gid), flags);
}

/** An order's document id: one order per facility, capability and week (docs/policy.md). */
export function orderId(fid: string, cid: string, week: number): string {
  return `${fid}_${cid}_${week}`;
}

/**
 * The player's order (docs/policy.md): one batch creates an order per capability and sets the
 * facility's validation flags and quantities, naming the week it is for. The access policy refuses
 * it once that week has turned (permission-denied), so a late order never lands in the next week;
 * a re-sent batch rewrites the same order documents.
 */
export async function placeOrder(
  gid: string,
  fid: string,
  week: number,
  quantities: Record<string, number>,
): Promise<void> {
  const docs = getDataPort().docs;
  const batch = docs.batch();
  const validation: Record<string, unknown> = { validatedOrder: true, validatedWeek: week };
  for (const [cid, qty] of Object.entries(quantities)) {
    batch.set(`${gamePath(gid)}/orders/${orderId(fid, cid, week)}`, {
      game_id: gid,
      faci_id: fid,
      capa_id: cid,
      orderQty: qty,
      week,
      created_at: serverTimestamp(),
    });
    validation[`capabilities.${cid}.validatedOrder`] = true;
    validation[`capabilities.${cid}.validatedOrderQty`] = qty;
  }
  batch.update(`${gamePath(gid)}/facilities/${fid}`, validation);
  await batch.commit();
}

/**
 * Whether a refused order was refused because the facility's week is no longer `week` (the
 * week turned while the order was on its way).
 */
export async function weekHasTurned(
  gid: string,
  fid: string,
  week: number,
  err: unknown,
): Promise<boolean> {
  if (!(err instanceof PortError) || err.code !== 'permission-denied') return false;
  try {
    const current = (await readDoc(`${gamePath(gid)}/facilities/${fid}`)).data?.['week'];
    return typeof current === 'number' && current !== week;
  } catch {
    return false;
  }
}
