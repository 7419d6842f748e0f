/**
 * The subscription tab's reads and writes through the data port (business.md §3.2, §3.11): the
 * plan catalogue and VAT rates everyone reads, the team's invoices and payments its members
 * read, and the buyer's purchase notification, which its owner may only remove.
 */
import { deleteField } from '@sim/core/port/field-values';
import type { DocData, QuerySpec, Unsubscribe } from '@sim/core/port/data-port';
import { getDataPort } from '@/lib/data/port';

export interface RawDoc {
  readonly id: string;
  readonly data: DocData | undefined;
}

function watchCollection(
  spec: QuerySpec,
  next: (docs: RawDoc[]) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  return getDataPort().docs.onQuery(
    spec,
    (snap) => next(snap.docs.map((d) => ({ id: d.id, data: d.data }))),
    onError,
  );
}

/** `planCatalog/*`, live. */
export function watchCatalog(
  next: (docs: RawDoc[]) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  return watchCollection({ collection: 'planCatalog' }, next, onError);
}

/** `vatRates/*` (the 27 member states; spec §7 asks for at most 100), live. */
export function watchVatRates(
  next: (docs: RawDoc[]) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  return watchCollection({ collection: 'vatRates', limit: 100 }, next, onError);
}

/** The team's invoices and credit notes, highest number first, live. */
export function watchTeamInvoices(
  teamId: string,
  next: (docs: RawDoc[]) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  return watchCollection(
    {
      collection: 'economicInvoices',
      where: [{ field: 'teamId', op: '==', value: teamId }],
      orderBy: [{ field: 'invoiceNumber', direction: 'desc' }],
      limit: 200,
    },
    next,
    onError,
  );
}

/** The team's payment records, live. */
export function watchTeamPayments(
  teamId: string,
  next: (docs: RawDoc[]) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  return watchCollection(
    {
      collection: 'invoices',
      where: [{ field: 'teamId', op: '==', value: teamId }],
      orderBy: [{ field: 'invoiceNumber', direction: 'desc' }],
      limit: 200,
    },
    next,
    onError,
  );
}

/** The user's own profile document, live (for its purchase notification). */
export function watchOwnProfile(
  uid: string,
  next: (data: DocData | undefined) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  return getDataPort().docs.onDoc(`users/${uid}`, (snap) => next(snap.data), onError);
}

/** Removes the purchase notification once it was sent (the rules allow only its removal). */
export async function clearPlanPurchase(uid: string): Promise<void> {
  await getDataPort().docs.update(`users/${uid}`, { notifyPlanPurchase: deleteField() });
}
