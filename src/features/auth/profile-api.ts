/** The `users/{uid}` profile through the data port (never a data SDK directly). */
import type { Unsubscribe } from '@sim/core/port/data-port';
import type { UserProfile, WelcomeTourState } from '@/features/auth/auth-types';
import type { AttributionFields } from '@/lib/attribution/attribution';
import { parseProfile, type ProfileUpdate } from '@/features/auth/profile';
import { getDataPort } from '@/lib/data/port';

export function profilePath(uid: string): string {
  return `users/${uid}`;
}

/** Calls `next` with the profile (empty when the document does not exist) and on every change. */
export function watchProfile(
  uid: string,
  next: (profile: UserProfile) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  return getDataPort().docs.onDoc(
    profilePath(uid),
    (snap) => next(parseProfile(snap.data)),
    onError,
  );
}

/** Merge-sets the profile fields (spec §7: merge-update profile). */
export async function saveProfile(uid: string, update: ProfileUpdate): Promise<void> {
  await getDataPort().docs.set(profilePath(uid), { ...update }, { merge: true });
}

/** Merge-sets some profile fields (the account panel keeps `email` in step with the account). */
export async function mergeProfileFields(
  uid: string,
  fields: Readonly<Record<string, string>>,
): Promise<void> {
  await getDataPort().docs.set(profilePath(uid), { ...fields }, { merge: true });
}

/** The user's answer to "show my name on the leaderboard" (only the user writes it). */
export async function saveLeaderboardConsent(uid: string, consent: boolean): Promise<void> {
  await getDataPort().docs.set(profilePath(uid), { leaderboardConsent: consent }, { merge: true });
}

/** The welcome tour's state on the profile (decision 0027). */
export async function saveWelcomeTour(uid: string, state: WelcomeTourState): Promise<void> {
  await getDataPort().docs.set(profilePath(uid), { welcomeTour: state }, { merge: true });
}

/**
 * Records the colleague whose referral link brought this user (business.md §3.10). The access
 * policy accepts it once, and never the user's own uid.
 */
export async function saveReferrer(uid: string, referrer: string): Promise<void> {
  await getDataPort().docs.set(profilePath(uid), { invitedBy: referrer }, { merge: true });
}

/**
 * Stores where the user came from (the referrer and the campaign, each set once; the access
 * policy refuses a change). Each field is its own write, so a refused one never loses the other.
 */
export async function saveAttribution(uid: string, fields: AttributionFields): Promise<void> {
  const port = getDataPort();
  const writes: Promise<void>[] = [];
  if (fields.invitedBy) writes.push(saveReferrer(uid, fields.invitedBy));
  if (fields.attribution) {
    writes.push(
      port.docs.set(profilePath(uid), { attribution: { ...fields.attribution } }, { merge: true }),
    );
  }
  const results = await Promise.allSettled(writes);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
