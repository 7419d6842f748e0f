/** The home page with what the app knows of the host's portal (spec §2, §3 portal). */
import { useEffect } from 'react';
import { JoinCodeEntry } from '@/app/session-routes';
import { signupHidden, usePortalStore } from '@/features/portal/portal-store';
import { lazyPage } from '@/lib/lazy/lazy-with-reload';
import { dismissPrerender } from '@/prerender/dismiss';

const HomePage = lazyPage(() => import('@/features/home/home-page'), 'HomePage');

export function HomeRoute() {
  const heroTitle = usePortalStore((s) => s.portal?.heroTitle ?? '');
  const hideSignup = usePortalStore(signupHidden);
  const colors = usePortalStore((s) => s.portal?.colors ?? null);
  return (
    <>
      <HomePage
        joinCode={<JoinCodeEntry variant="hero" />}
        heroTitle={heroTitle}
        hideSignup={hideSignup}
        lookColors={colors}
      />
      <PrerenderTakenOver />
    </>
  );
}

/** Mounts with the home page (the same Suspense boundary): the app's page is now on screen. */
function PrerenderTakenOver() {
  useEffect(dismissPrerender, []);
  return null;
}
