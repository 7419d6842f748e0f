/**
 * What the public face reads through the data port (spec §7): `portals/{slug}`, an instructor's
 * `publicProfiles/{uid}` (found by uid or by its slug) and the games and sessions listed on the
 * instructor's page. The list queries are the ones the access policy lets anyone make
 * (docs/policy.md: the public listing of an active page).
 */
import type { DocSnapshot, Unsubscribe } from '@sim/core/port/data-port';
import {
  listedGames,
  listedSessions,
  parsePortal,
  type ListedGame,
  type ListedSession,
  type PortalLook,
} from '@/features/portal/portal-model';
import { normaliseSlug } from '@/lib/slug';
import { getDataPort } from '@/lib/data/port';

/** At most this many games and sessions are listed on a page. */
export const LISTED_MAX = 100;

/** A document id a visitor may ask for: no slash, not empty, bounded. */
function safeId(raw: string): string | null {
  return raw !== '' && raw.length <= 128 && !raw.includes('/') && raw !== '.' && raw !== '..'
    ? raw
    : null;
}

export function watchPortal(slug: string, next: (portal: PortalLook | null) => void): Unsubscribe {
  const id = safeId(slug);
  if (!id) {
    next(null);
    return () => undefined;
  }
  return getDataPort().docs.onDoc(
    `portals/${id}`,
    (snap) => next(parsePortal(id, snap.exists ? snap.data : undefined)),
    // An unreadable portal is no portal: the app's own look stays.
    () => next(null),
  );
}

const resolved = new Map<string, Promise<string | null>>();

/**
 * The uid of the page `/user/{param}`: a uid with a public page, or else the owner of the address
 * (`slugs/{slug}`, one owner per slug) whose page still names it. Null when neither.
 */
export function resolveWorkspaceUid(param: string): Promise<string | null> {
  const cached = resolved.get(param);
  if (cached) return cached;
  const lookup = (async () => {
    const id = safeId(param);
    if (!id) return null;
    const docs = getDataPort().docs;
    const byId = await docs.get(`publicProfiles/${id}`);
    if (byId.exists) return id;
    const slug = normaliseSlug(param);
    if (!slug) return null;
    const claim = await docs.get(`slugs/${slug}`);
    const owner = claim.data?.['uid'];
    if (typeof owner !== 'string' || !safeId(owner)) return null;
    const page = await docs.get(`publicProfiles/${owner}`);
    return page.data?.['slug'] === slug ? owner : null;
  })();
  resolved.set(param, lookup);
  // A failed lookup (offline) is tried again next time.
  lookup.catch(() => resolved.delete(param));
  return lookup;
}

export function watchWorkspaceDoc(
  uid: string,
  next: (snap: DocSnapshot | null) => void,
): Unsubscribe {
  return getDataPort().docs.onDoc(`publicProfiles/${uid}`, next, () => next(null));
}

export function watchListedGames(
  uid: string,
  next: (games: ListedGame[]) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  return getDataPort().docs.onQuery(
    {
      collection: 'games',
      where: [
        { field: 'creator', op: '==', value: uid },
        { field: 'draft', op: '==', value: false },
        { field: 'archived', op: '==', value: false },
        { field: 'deleted', op: '==', value: false },
        { field: 'session', op: '==', value: null },
        { field: 'finished', op: '==', value: false },
      ],
      limit: LISTED_MAX,
    },
    (snap) => next(listedGames(uid, snap.docs)),
    onError,
  );
}

export function watchListedSessions(
  uid: string,
  next: (sessions: ListedSession[]) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  return getDataPort().docs.onQuery(
    {
      collection: 'sessions',
      where: [
        { field: 'creator', op: '==', value: uid },
        { field: 'status', op: '==', value: 'published' },
        { field: 'deleted', op: '==', value: false },
      ],
      limit: LISTED_MAX,
    },
    (snap) => next(listedSessions(uid, snap.docs)),
    onError,
  );
}
