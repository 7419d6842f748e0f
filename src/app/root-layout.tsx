import Box from '@mui/material/Box';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { GuardGate } from '@/app/guard-gate';
import { Navbar } from '@/app/navbar';
import { deepestHandle } from '@/app/route-handle';
import { useWorkspaceLocale } from '@/app/use-workspace-locale';
import { useAuthStore } from '@/features/auth/auth-store';
import { PageLoader } from '@/components/page-loader';
import { ErrorSnackbar } from '@/lib/errors/error-snackbar';
import { updateVisitor } from '@/lib/i18n/i18n';
import { keepReferrer, referrerParam } from '@/lib/referral/referrer';
import { ToastHost } from '@/lib/toast/toast-host';

export function RootLayout() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const handles = useMatches().map((match) => match.handle);
  const access = deepestHandle(handles, 'access') ?? { need: 'public' };
  const titleKey = deepestHandle(handles, 'title');
  const hideNavbar = deepestHandle(handles, 'hideNavbar') === true;
  const authReady = useAuthStore((s) => s.ready);
  const uid = useAuthStore((s) => s.user?.uid ?? null);
  const profileStatus = useAuthStore((s) => s.profileStatus);
  const profileLanguage = useAuthStore((s) => s.profile?.language ?? null);

  const appName = t('app.name');
  const title = titleKey ? `${t(titleKey)} · ${appName}` : appName;
  useEffect(() => {
    document.title = title;
  }, [title]);

  // The profile language and the picker's choice (spec §2), once the user and profile are known.
  const settled = authReady && profileStatus !== 'loading';
  useEffect(() => {
    void updateVisitor({ settled, uid, profileLanguage });
  }, [settled, uid, profileLanguage]);
  useWorkspaceLocale(pathname);

  // A visitor who came through a colleague's referral link (business.md §3.10) keeps it 30 days.
  const referrer = referrerParam(search);
  useEffect(() => {
    if (referrer) keepReferrer(referrer, Date.now());
  }, [referrer]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {!hideNavbar && <Navbar />}
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <GuardGate access={access}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </GuardGate>
      </Box>
      <ErrorSnackbar />
      <ToastHost />
    </Box>
  );
}
