import { useEffect, useRef } from 'react';
import {
  claimPurchase,
  planPurchaseOf,
  purchaseEvent,
} from '@/features/billing/purchase-notification';
import { clearPlanPurchase, watchOwnProfile } from '@/features/billing/subscription-api';
import { recordEvent, sessionStore } from '@/lib/analytics/analytics';
import { reportError } from '@/lib/sentry';

/**
 * Sends a pending purchase notification (`users/{uid}.notifyPlanPurchase`, set by the payment
 * webhook) to analytics once, then removes it from the profile (spec §4; business.md §3.11).
 * Renders nothing; mounted on the dashboard, where the payment page sends the buyer back.
 */
export function PurchaseNotifier({ uid }: { uid: string }) {
  // The transaction whose removal is under way, so a snapshot meanwhile does not repeat it.
  const clearing = useRef<string | null>(null);
  useEffect(
    () =>
      watchOwnProfile(
        uid,
        (profile) => {
          if (profile?.['notifyPlanPurchase'] === undefined) return;
          const purchase = planPurchaseOf(profile);
          // One without a usable transaction id cannot be sent once: it is only removed.
          const id = purchase?.transaction_id ?? '';
          if (clearing.current === id) return;
          clearing.current = id;
          if (purchase && claimPurchase(sessionStore(), id)) {
            try {
              recordEvent(purchaseEvent(purchase));
            } catch (error) {
              // Analytics never keeps the notification on the profile.
              reportError(error);
            }
          }
          clearPlanPurchase(uid)
            .catch(reportError)
            .finally(() => {
              clearing.current = null;
            });
        },
        reportError,
      ),
    [uid],
  );
  return null;
}
