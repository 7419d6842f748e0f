import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { GuardGate } from '@/app/guard-gate';
import { HelpHost } from '@/app/help-host';
import { Notices } from '@/app/notices';
import { Navbar } from '@/app/navbar';
import { PageFrame } from '@/app/page-frame';
import { deepestHandle, useRouteHandles } from '@/app/route-handle';
import { useWorkspaceLocale } from '@/app/use-workspace-locale';
import { useAuthStore } from '@/features/auth/auth-store';
import { documentTitle } from '@/features/portal/portal-model';
import { usePortalStore } from '@/features/portal/portal-store';
import { ConsentBanner } from '@/features/privacy/consent-banner';
import { PageLoader } from '@/components/page-loader';
import { analyticsConsent } from '@/lib/analytics/consent';
import { keepAttribution } from '@/lib/attribution/attribution';
import { useCommitCount } from '@/lib/perf/commit-count';
import { updateVisitor } from '@/lib/i18n/i18n';
import { ScrollRestoration } from '@/lib/router/scroll-restoration';
import { dismissFrameWhenShown } from '@/prerender/dismiss';

/**
 * The profile language and the picker's choice (spec §2), once the user and profile are known. A
 * component of its own: the profile's arrival renders it alone, not the page's frame.
 */
function VisitorLanguage() {
  const authReady = useAuthStore((s) => s.ready);
  const uid = useAuthStore((s) => s.user?.uid ?? null);
  const profileStatus = useAuthStore((s) => s.profileStatus);
  const profileLanguage = useAuthStore((s) => s.profile?.language ?? null);
  const settled = authReady && profileStatus !== 'loading';
  useEffect(() => {
    void updateVisitor({ settled, uid, profileLanguage });
  }, [settled, uid, profileLanguage]);
  return null;
}

export function RootLayout() {
  useCommitCount('page-frame');
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const handles = useRouteHandles();
  const access = deepestHandle(handles, 'access') ?? { need: 'public' };
  const titleKey = deepestHandle(handles, 'title');
  // A portal's look may hide the navbar on every page (spec §2, §3 showNavbar).
  const portalHidesNavbar = usePortalStore((s) => s.portal?.showNavbar === false);
  const heroTitle = usePortalStore((s) => s.portal?.heroTitle ?? null);
  const hideNavbar = deepestHandle(handles, 'hideNavbar') === true || portalHidesNavbar;
  const consentAtEnd = deepestHandle(handles, 'consentAtEnd') === true;

  const title = documentTitle(titleKey ? t(titleKey) : null, t('app.name'), heroTitle);
  useEffect(() => {
    document.title = title;
  }, [title]);

  useWorkspaceLocale(pathname);
  // The prerendered home page (index.html) is only ever the home page's stand-in; a game page's
  // frame (app.html) stays until the app shows more than a loader.
  useEffect(() => (pathname === '/' ? undefined : dismissFrameWhenShown()), [pathname]);

  // Where the visitor came from (a colleague's referral link, a campaign's utm_*, gclid, zsid)
  // is kept 30 days, to be stored with the profile (spec §2, §9; business.md §3.10).
  useEffect(() => {
    keepAttribution(search, Date.now(), analyticsConsent());
  }, [search]);

  return (
    <PageFrame
      navbar={hideNavbar ? null : <Navbar />}
      consentAtEnd={consentAtEnd}
      after={
        <>
          <VisitorLanguage />
          <ScrollRestoration />
          <ConsentBanner sticky={!consentAtEnd} />
          <HelpHost />
          <Notices />
        </>
      }
    >
      <GuardGate access={access}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </GuardGate>
    </PageFrame>
  );
}
