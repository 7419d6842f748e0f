/** The beer game's own documents through the data port, and its calls. */
import type { BeerGameDocs } from '@sim/core/beer/game-docs';
import type { editPlan } from '@/features/games/beer/editor-draft';
import { gamePath } from '@/features/games/shared/game-api';
import { gameCreatedEvent, track } from '@/lib/analytics/events';
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
  track(gameCreatedEvent('beergame', 'editor'));
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
