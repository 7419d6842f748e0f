/**
 * The dashboard composed from the features that fill its tabs (features do not import each
 * other; the app passes the signed-in instructor in). Each panel is its own lazy chunk.
 */
import { Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { NotFoundPage } from '@/app/not-found-page';
import { useAuthStore } from '@/features/auth/auth-store';
import { profileDisplayName } from '@/features/auth/profile';
import { isDashboardTab } from '@/features/dashboard/dashboard-tabs';
import { PageLoader } from '@/components/page-loader';
import { lazyPage } from '@/lib/lazy/lazy-with-reload';

const DashboardPage = lazyPage(
  () => import('@/features/dashboard/dashboard-page'),
  'DashboardPage',
);
const GameListPanel = lazyPage(
  () => import('@/features/game-list/game-list-panel'),
  'GameListPanel',
);
const SessionsPanel = lazyPage(() => import('@/features/sessions/sessions-panel'), 'SessionsPanel');

export function DashboardRoute() {
  const { tab, subtab } = useParams();
  const user = useAuthStore((s) => s.user);
  const profile = useAuthStore((s) => s.profile);
  if (!isDashboardTab(tab)) return <NotFoundPage />;
  if (!user) return <PageLoader />;
  const userName = profile?.name?.trim() || profileDisplayName(profile) || user.email || '';
  const features = profile?.features ?? [];
  const panel = (node: React.ReactNode) => <Suspense fallback={<PageLoader />}>{node}</Suspense>;
  return (
    <DashboardPage
      tab={tab}
      subtab={subtab}
      userName={userName}
      panels={{
        intro: panel(<GameListPanel uid={user.uid} userName={userName} />),
        sessions: panel(<SessionsPanel uid={user.uid} userName={userName} features={features} />),
      }}
    />
  );
}
