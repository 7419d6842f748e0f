/**
 * Opens the welcome tour over the dashboard's intro: by itself once for a new instructor (the
 * profile's `welcomeTour` is due), for `?welcomevideo=1` until seen, and for
 * `?welcomevideo=replay` (the help menu) always. Closing or finishing it marks it seen on the
 * profile, so no browser offers it again. The tour itself is a chunk loaded only then.
 */
import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  landedForFlow,
  showsWelcome,
  welcomeRequest,
  type WelcomeTourState,
} from '@/features/onboarding/welcome-seen';
import { showError } from '@/lib/errors/error-store';
import { lazyPage } from '@/lib/lazy/lazy-with-reload';

const WelcomeTour = lazyPage(() => import('@/features/onboarding/welcome-tour'), 'WelcomeTour');

export function WelcomeTourHost({
  state,
  onSeen,
}: {
  /** The profile's state; null while the profile is loading. */
  state: WelcomeTourState | undefined | null;
  /** Marks the tour seen on the profile. */
  onSeen: () => Promise<void>;
}) {
  const [params, setParams] = useSearchParams();
  // A trial or an invitation being opened comes first; the tour waits for the next visit.
  const [forFlow] = useState(() => landedForFlow(params));
  // Closed here: hidden at once, before the profile's listener reports 'seen'.
  const [closed, setClosed] = useState(false);
  const request = welcomeRequest(params);
  const open =
    (!closed || request === 'replay') && showsWelcome({ request, state, landedForFlow: forFlow });
  if (!open) return null;
  const close = () => {
    setClosed(true);
    if (state !== 'seen') onSeen().catch(showError);
    if (request !== null) {
      const next = new URLSearchParams(params);
      next.delete('welcomevideo');
      setParams(next, { replace: true });
    }
  };
  return (
    <Suspense fallback={null}>
      <WelcomeTour onClose={close} />
    </Suspense>
  );
}
