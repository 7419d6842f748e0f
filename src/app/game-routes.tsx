/**
 * The game routes composed with authentication: the game pages and the beer game editor get the
 * signed-in user and the anonymous sign-in from the auth feature (features do not import each
 * other; the app passes them in).
 */
import { useParams } from 'react-router-dom';
import { signInAnonymously } from '@/features/auth/auth-api';
import { useAuthStore } from '@/features/auth/auth-store';
import { profileDisplayName } from '@/features/auth/profile';
import type { GameView } from '@/features/games/game-page';
import { PageLoader } from '@/components/page-loader';
import { lazyPage } from '@/lib/lazy/lazy-with-reload';

const GamePage = lazyPage(() => import('@/features/games/game-page'), 'GamePage');
const EditorPage = lazyPage(() => import('@/features/games/beer/editor-page'), 'EditorPage');

export function GameRoute({ view }: { view: GameView }) {
  const ready = useAuthStore((s) => s.ready);
  const user = useAuthStore((s) => s.user);
  const profile = useAuthStore((s) => s.profile);
  if (!ready) return <PageLoader />;
  const defaultPlayerName = profile?.playerName?.trim() || profile?.firstname?.trim() || '';
  return (
    <GamePage
      view={view}
      user={user}
      defaultPlayerName={defaultPlayerName}
      signInAnonymously={signInAnonymously}
    />
  );
}

/** `/dashboard/games/new` and `/game/:id/edit` (instructors only, by the route guard). */
export function GameEditorRoute() {
  const { id } = useParams();
  const user = useAuthStore((s) => s.user);
  const profile = useAuthStore((s) => s.profile);
  if (!user) return <PageLoader />;
  const creatorName = profileDisplayName(profile) || profile?.name?.trim() || user.email || '';
  return (
    <EditorPage
      key={id ?? 'new'}
      {...(id ? { gameId: id } : {})}
      uid={user.uid}
      creatorName={creatorName}
    />
  );
}
