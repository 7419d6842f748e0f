/**
 * The session routes composed with authentication: the session pages get the signed-in user and
 * the anonymous sign-in from the auth feature (features do not import each other).
 */
import { Suspense, useMemo } from 'react';
import { signInAnonymously } from '@/features/auth/auth-api';
import { useAuthStore } from '@/features/auth/auth-store';
import { profileDisplayName } from '@/features/auth/profile';
import { JoinCodePlaceholder } from '@/features/sessions/join-code-placeholder';
import type { SessionView } from '@/features/sessions/session-page';
import type { SessionPageContext } from '@/features/sessions/session-user';
import { lazyPage } from '@/lib/lazy/lazy-with-reload';

const SessionPage = lazyPage(() => import('@/features/sessions/session-page'), 'SessionPage', [
  'sessions',
  'sessions.followUp',
  'sessions.slides',
  'templates',
  'game',
  'leanResults',
  'excel',
]);
const JoinCodeForm = lazyPage(() => import('@/features/sessions/join-code-form'), 'JoinCodeForm', [
  'sessions',
]);

/** The session code field, where a player lands without a link (home page, unknown pages). */
export function JoinCodeEntry({ variant = 'card' }: { variant?: 'hero' | 'card' }) {
  const user = useAuthStore((s) => s.user);
  return (
    <Suspense fallback={<JoinCodePlaceholder variant={variant} />}>
      <JoinCodeForm
        variant={variant}
        signedIn={user !== null}
        signInAnonymously={signInAnonymously}
      />
    </Suspense>
  );
}

export function SessionRoute({ view }: { view: SessionView }) {
  const ready = useAuthStore((s) => s.ready);
  const user = useAuthStore((s) => s.user);
  const profile = useAuthStore((s) => s.profile);
  const userName = profile?.name?.trim() || profileDisplayName(profile) || user?.email || '';
  const defaultPlayerName = profile?.playerName?.trim() || profile?.firstname?.trim() || '';
  const context = useMemo<SessionPageContext>(
    () => ({ authReady: ready, user, userName, defaultPlayerName, signInAnonymously }),
    [ready, user, userName, defaultPlayerName],
  );
  return <SessionPage view={view} context={context} />;
}
