/** The `users/{uid}` profile through the data port (never a data SDK directly). */
import type { Unsubscribe } from '@sim/core/port/data-port';
import type { UserProfile } from '@/features/auth/auth-types';
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

/**
 * Records the colleague whose referral link brought this user (business.md §3.10). The access
 * policy accepts it once, and never the user's own uid.
 */
export async function saveReferrer(uid: string, referrer: string): Promise<void> {
  await getDataPort().docs.set(profilePath(uid), { invitedBy: referrer }, { merge: true });
}
