/**
 * The help panel on every page (spec §2 help menu, §7 feedback), open while the address has
 * `?help=`: the navbar's help button, the dashboard's help menu and any link can open it. The
 * panel is its own chunk, loaded when first opened. A signed-out visitor who sends feedback is
 * signed in anonymously first, as the quote page does.
 */
import { Suspense, useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { signInAnonymously } from '@/features/auth/auth-api';
import { useAuthStore } from '@/features/auth/auth-store';
import { helpView, withHelpView, type HelpView } from '@/features/help/help-pages';
import { lazyPage } from '@/lib/lazy/lazy-with-reload';

const HelpDrawer = lazyPage(() => import('@/features/help/help-drawer'), 'HelpDrawer', ['help']);

export function HelpHost() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const view = helpView(new URLSearchParams(search));

  const onNavigate = useCallback(
    (next: HelpView | null) => {
      // Moving inside the help, or closing it, replaces the entry: Back leaves the page as before.
      navigate({ pathname, search: withHelpView(search, next), hash }, { replace: true });
    },
    [navigate, pathname, search, hash],
  );

  const ensureUid = useCallback(async () => {
    const current = useAuthStore.getState().user;
    return current ? current.uid : (await signInAnonymously()).uid;
  }, []);

  if (view === null) return null;
  return (
    <Suspense fallback={null}>
      <HelpDrawer
        view={view}
        onNavigate={onNavigate}
        page={pathname}
        email={user?.email ?? null}
        ensureUid={ensureUid}
      />
    </Suspense>
  );
}
