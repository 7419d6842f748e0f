/**
 * The referrer of a visitor (business.md §3.10): the `?invitedby=<uid>` of the link they came
 * through, kept 30 days in this browser (like the UTM cookie, spec §9) and written once to their
 * profile when it is completed. The personal link a referrer shares is `<origin>/?invitedby=<uid>`.
 */

export const REFERRER_KEY = 'simgames.invitedBy';
/** Spec §9: the UTM cookie's lifetime, which the referrer shares. */
export const REFERRER_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** What the access policy accepts as a referrer (a uid). */
const REFERRER_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The referrer named by a query string, or null. */
export function referrerParam(search: string): string | null {
  const value = new URLSearchParams(search).get('invitedby')?.trim() ?? '';
  return REFERRER_ID.test(value) ? value : null;
}

export function referralLink(origin: string, uid: string): string {
  return `${origin}/?invitedby=${encodeURIComponent(uid)}`;
}

/** The part of `Storage` the referrer needs (the attribution module passes its own). */
type ReferrerStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): ReferrerStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Keeps the referrer of the latest link for REFERRER_TTL_MS. */
export function keepReferrer(
  uid: string,
  now: number,
  store: ReferrerStorage | undefined = storage(),
): void {
  try {
    store?.setItem(REFERRER_KEY, JSON.stringify({ uid, expiresAt: now + REFERRER_TTL_MS }));
  } catch {
    // A browser that keeps nothing simply has no referrer.
  }
}

/** The kept referrer, or null when there is none or it expired (which also forgets it). */
export function readReferrer(
  now: number,
  store: ReferrerStorage | undefined = storage(),
): string | null {
  let raw: string | null;
  try {
    raw = store?.getItem(REFERRER_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as { uid?: unknown; expiresAt?: unknown };
    if (
      typeof kept.uid === 'string' &&
      REFERRER_ID.test(kept.uid) &&
      typeof kept.expiresAt === 'number' &&
      kept.expiresAt > now
    ) {
      return kept.uid;
    }
  } catch {
    // Not ours: forgotten below.
  }
  store?.removeItem(REFERRER_KEY);
  return null;
}

/**
 * The `invitedBy` a profile being completed should get: the kept referrer, unless the profile
 * already has one (it is set once) or it is the user's own link.
 */
export function referrerForProfile(
  uid: string,
  current: string | undefined,
  kept: string | null,
): string | null {
  if (current || !kept || kept === uid) return null;
  return kept;
}
