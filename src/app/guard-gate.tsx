import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuthStore } from '@/features/auth/auth-store';
import { decideRoute, type GuardDecision, type RouteAccess } from '@/features/auth/route-guard';
import { clearSavedPath, readSavedPath, writeSavedPath } from '@/features/auth/saved-path';
import { PageLoader } from '@/components/page-loader';
import { lazyPage } from '@/lib/lazy/lazy-with-reload';

const QuitFirstDialog = lazyPage(
  () => import('@/features/team/quit-first-dialog'),
  'QuitFirstDialog',
);

/** State passed to the page a guard redirects to (the signup page shows the message). */
export interface GuardRedirectState {
  readonly guardMessage?: string;
}

function Redirect({ decision }: { decision: Extract<GuardDecision, { kind: 'redirect' }> }) {
  const navigate = useNavigate();
  const { to, savePath, messageKey } = decision;
  const clear = decision.clearSavedPath === true;
  useEffect(() => {
    if (clear) clearSavedPath();
    if (savePath) writeSavedPath(savePath);
    const state: GuardRedirectState = messageKey ? { guardMessage: messageKey } : {};
    navigate(to, { replace: true, state });
  }, [navigate, to, savePath, messageKey, clear]);
  return <PageLoader />;
}

function ClearSavedPath() {
  useEffect(() => clearSavedPath(), []);
  return null;
}

/** Applies the spec §2 route-guard rules to the current route before its page is loaded. */
export function GuardGate({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const location = useLocation();
  const authReady = useAuthStore((s) => s.ready);
  const user = useAuthStore((s) => s.user);
  const profile = useAuthStore((s) => s.profile);
  const profileStatus = useAuthStore((s) => s.profileStatus);
  const decision = decideRoute(
    access,
    { authReady, user, profile, profileStatus },
    location,
    readSavedPath(),
  );
  switch (decision.kind) {
    case 'pending':
      return <PageLoader />;
    case 'redirect':
      // Spec §4: an anonymous player opening an invitation or a trial link quits the game first.
      if (
        (decision.messageKey === 'auth.guard.messSignupToJoinTeam' ||
          decision.messageKey === 'auth.guard.messLoginToStartTrial') &&
        user?.isAnonymous
      ) {
        if (profileStatus === 'idle' || profileStatus === 'loading') return <PageLoader />;
        const playing = profile?.playingGame?.id;
        if (playing) {
          return (
            <Suspense fallback={<PageLoader />}>
              <QuitFirstDialog
                gameId={playing}
                purpose={
                  decision.messageKey === 'auth.guard.messLoginToStartTrial' ? 'trial' : 'team'
                }
              />
            </Suspense>
          );
        }
      }
      return <Redirect decision={decision} />;
    case 'allow':
      return (
        <>
          {decision.clearSavedPath && <ClearSavedPath />}
          {children}
        </>
      );
  }
}
