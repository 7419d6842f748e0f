/**
 * The lean editor's writes through the data port (docs/games/lean-documents.md "Creating a game",
 * "Editing"): a new game's public document first, then `private/params` (its rule reads the
 * stored game); an edit writes the public parts back to the game and the secrets to
 * `private/params`, after `resetLeanGame` when the game has had a run.
 */
import type { DocData } from '@sim/core/port/data-port';
import type { LeanEditPlan } from '@/features/games/lean/editor-draft';
import { gamePath } from '@/features/games/shared/game-api';
import { gameCreatedEvent, track } from '@/lib/analytics/events';
import { getDataPort } from '@/lib/data/port';
import { resetLeanGame } from '@/lib/firebase/callables';

export async function createLeanGame(
  gid: string,
  docs: { game: object; privateParams: object },
): Promise<void> {
  const port = getDataPort();
  await port.docs.set(gamePath(gid), { ...(docs.game as DocData) });
  await port.docs.set(`${gamePath(gid)}/private/params`, { ...(docs.privateParams as DocData) });
  track(gameCreatedEvent('leangame', 'editor'));
}

/**
 * Saves an edited game. A game that has had a run is reset first (LEAN-RUN-6), so no run of the
 * old line is left beside the new one; the plan then carries no run either.
 */
export async function updateLeanGame(
  gid: string,
  plan: LeanEditPlan,
  reset: boolean,
): Promise<void> {
  if (reset) await resetLeanGame({ gid });
  const port = getDataPort();
  await port.docs.update(gamePath(gid), {
    name: plan.game.name,
    params: plan.game.params as unknown as DocData,
    facilities: plan.game.facilities as unknown as DocData,
  });
  await port.docs.set(`${gamePath(gid)}/private/params`, {
    ...(plan.privateParams as unknown as DocData),
  });
}
