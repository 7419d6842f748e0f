/** The beer game's documents through the data port, and its calls. */
import type { DocSnapshot, QuerySpec, Unsubscribe } from '@sim/core/port/data-port';
import { PortError } from '@sim/core/port/data-port';
import { serverTimestamp } from '@sim/core/port/field-values';
import type { BeerGameDocs } from '@sim/core/beer/game-docs';
import type { editPlan } from '@/features/games/beer/editor-draft';
import { getDataPort } from '@/lib/data/port';
import { resetBeerGame } from '@/lib/firebase/callables';

export function gamePath(gid: string): string {
  return `games/${gid}`;
}

export function watchDoc(
  path: string,
  next: (snap: DocSnapshot) => void,
  onError: (err: PortError) => void,
): Unsubscribe {
  return getDataPort().docs.onDoc(path, next, onError);
}

export function watchQuery(
  spec: QuerySpec,
  next: (docs: readonly DocSnapshot[]) => void,
  onError: (err: PortError) => void,
): Unsubscribe {
  return getDataPort().docs.onQuery(spec, (snap) => next(snap.docs), onError);
}

export function newGameId(): string {
  return getDataPort().docs.newId();
}

/** The instructor's team (teams by memberIds, limit 1), so a new game is shared with it. */
export async function teamIdOf(uid: string): Promise<string | null> {
  const [team] = await getDataPort().docs.query({
    collection: 'teams',
    where: [{ field: 'memberIds', op: 'array-contains', value: uid }],
    limit: 1,
  });
  return team?.id ?? null;
}

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

export async function readDoc(path: string): Promise<DocSnapshot> {
  return getDataPort().docs.get(path);
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

export function answersPath(gid: string, uid: string): string {
  return `${gamePath(gid)}/answers/${uid}`;
}

export async function saveAnswers(
  gid: string,
  uid: string,
  answers: Record<string, string | number>,
  submitted: boolean,
): Promise<void> {
  await getDataPort().docs.set(answersPath(gid, uid), {
    game_id: gid,
    uid,
    answers,
    submitted,
  });
}

/** Every player's debrief answers, live (those who see all). */
export function watchAnswers(
  gid: string,
  next: (docs: readonly DocSnapshot[]) => void,
  onError: (err: PortError) => void,
): Unsubscribe {
  return watchQuery({ collection: `${gamePath(gid)}/answers` }, next, onError);
}

/** The quiz's right answers (`private/params.answers`), or null when unreadable. */
export async function readQuizKey(gid: string): Promise<Record<string, unknown> | null> {
  try {
    const answers = (await readDoc(`${gamePath(gid)}/private/params`)).data?.['answers'];
    return typeof answers === 'object' && answers !== null
      ? (answers as Record<string, unknown>)
      : {};
  } catch {
    return null;
  }
}

async function teamMembers(tid: string | null): Promise<string[] | null> {
  if (tid === null || tid === '' || tid.includes('/')) return null;
  try {
    const members = (await readDoc(`teams/${tid}`)).data?.['members'];
    return typeof members === 'object' && members !== null ? Object.keys(members) : null;
  } catch {
    return null;
  }
}

/** What the signed-in user can read about the game's admins (its team, its session). */
export async function readAdminFacts(game: { team: string | null; session: string | null }) {
  const gameTeamMembers = await teamMembers(game.team);
  let sessionCreator: string | null = null;
  let sessionTeamMembers: string[] | null = null;
  if (game.session !== null && !game.session.includes('/')) {
    try {
      const s = (await readDoc(`sessions/${game.session}`)).data;
      sessionCreator = typeof s?.['creator'] === 'string' ? s['creator'] : null;
      sessionTeamMembers = await teamMembers(typeof s?.['team'] === 'string' ? s['team'] : null);
    } catch {
      // Not readable: not an admin of the session.
    }
  }
  return { gameTeamMembers, sessionCreator, sessionTeamMembers };
}
