/**
 * The Referral tab's reads and writes (business.md §3.10): the user's opt-in on their own profile,
 * and the conversions the backend recorded for them.
 */
import type { DocData, Unsubscribe } from '@sim/core/port/data-port';
import { getDataPort } from '@/lib/data/port';

/** Sets `users/{uid}.joinedReferralProgram` (the owner may write it; nobody else). */
export async function joinReferralProgram(uid: string): Promise<void> {
  await getDataPort().docs.set(`users/${uid}`, { joinedReferralProgram: true }, { merge: true });
}

export interface Conversion {
  readonly id: string;
  readonly net: number;
  readonly currency: string;
  readonly createdAt: number;
}

/** The conversions of `referrals/{uid}/conversions`, newest first (bad entries skipped). */
export function conversionsOf(docs: readonly { id: string; data: DocData | undefined }[]) {
  return docs
    .flatMap((doc): Conversion[] => {
      const d = doc.data;
      const net = d?.['net'];
      const currency = d?.['currency'];
      const at = d?.['created_at'];
      if (typeof net !== 'number' || !Number.isFinite(net)) return [];
      if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return [];
      return [{ id: doc.id, net, currency, createdAt: typeof at === 'number' ? at : 0 }];
    })
    .sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
}

export function watchConversions(
  uid: string,
  next: (conversions: Conversion[]) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  return getDataPort().docs.onQuery(
    { collection: `referrals/${uid}/conversions` },
    (snap) => next(conversionsOf(snap.docs.map((d) => ({ id: d.id, data: d.data })))),
    onError,
  );
}
