/**
 * Documents every game type has, through the data port: the game document and its listeners,
 * new ids and the instructor's team, the players' debrief answers and the quiz key, and what the
 * signed-in user can read about the game's admins.
 */
import type { DocSnapshot, PortError, QuerySpec, Unsubscribe } from '@sim/core/port/data-port';
import { getDataPort } from '@/lib/data/port';

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

export async function readDoc(path: string): Promise<DocSnapshot> {
  return getDataPort().docs.get(path);
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
