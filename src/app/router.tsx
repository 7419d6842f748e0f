/**
 * Every route of spec §2. Pages are lazy chunks (a player's game page never downloads the
 * dashboard); route metadata (`handle`) carries the guard needs, the title key and whether the
 * navbar shows, so the layout can apply the guard before a page's chunk is requested.
 *
 * The routes are matched by react-router's declarative router (`useRoutes`) over the app's own
 * history (`lib/router/app-history.ts`), which holds a navigation a page blocks and keeps scroll
 * positions: its data router (loaders, actions, fetchers) would add 15 KiB gzip to every page's
 * first render for none of these.
 */
import { useMemo, type ReactNode } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { GameEditorRoute, GameRoute } from '@/app/game-routes';
import { HomeRoute } from '@/app/home-route';
import { NotFoundPage } from '@/app/not-found-page';
import { RouteHandlesContext, type RouteHandle } from '@/app/route-handle';
import { RootLayout } from '@/app/root-layout';
import { RouteErrorBoundary } from '@/app/route-error-boundary';
import { SessionRoute } from '@/app/session-routes';
import { DemoRoute, QuoteRoute } from '@/app/marketing-routes';
import type { RouteAccess } from '@/features/auth/route-guard';
import { lazyPage } from '@/lib/lazy/lazy-with-reload';

const SignupPage = lazyPage(() => import('@/features/auth/signup-page'), 'SignupPage');
const LoginPage = lazyPage(() => import('@/features/auth/login-page'), 'LoginPage');
const AuthActionPage = lazyPage(() => import('@/features/auth/auth-action-page'), 'AuthActionPage');
const SetupAccountPage = lazyPage(
  () => import('@/features/auth/setup-account-page'),
  'SetupAccountPage',
);
const LeaderboardPage = lazyPage(
  () => import('@/features/marketing/leaderboard-page'),
  'LeaderboardPage',
);
const LoadingPage = lazyPage(() => import('@/app/loading-page'), 'LoadingPage');
// The dashboard's composition (its panels, the trial and team flows) is an instructor's only.
const DashboardRoute = lazyPage(() => import('@/app/dashboard-route'), 'DashboardRoute', [
  'dashboard',
  'game.editor',
  'gamelist',
  'sessions',
  'templates',
  'onboarding',
  'changelog',
  'team',
  'settings',
  'billing',
  'referral',
  'suggestions',
  'music',
  'portal',
]);
const UserPage = lazyPage(() => import('@/features/portal/user-page'), 'UserPage');

const publicAccess: RouteAccess = { need: 'public' };
const dashboardAccess: RouteAccess = { need: 'instructor', restoresSavedPath: true };

/** Redirects to a child path of the current URL, keeping its query and hash. */
function RedirectToChild({ child }: { child: string }) {
  const { pathname, search, hash } = useLocation();
  const base = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return <Navigate to={{ pathname: `${base}${child}`, search, hash }} replace />;
}

function route(
  path: string,
  element: ReactNode,
  handle: RouteHandle,
): RouteObject & { handle: RouteHandle } {
  return { path, element, handle };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      {
        index: true,
        element: <HomeRoute />,
        handle: { access: { need: 'home' } } satisfies RouteHandle,
      },
      route('signup', <SignupPage />, {
        access: { need: 'guest' },
        title: 'titles.signup',
        hideNavbar: true,
      }),
      route('login', <LoginPage />, {
        access: { need: 'guest' },
        title: 'titles.login',
        hideNavbar: true,
      }),
      route('auth-action', <AuthActionPage />, {
        access: publicAccess,
        title: 'titles.authAction',
        hideNavbar: true,
      }),
      route('setup-account', <SetupAccountPage />, {
        access: { need: 'account' },
        title: 'titles.setupAccount',
        hideNavbar: true,
      }),
      route('demo', <DemoRoute />, {
        access: publicAccess,
        title: 'titles.demo',
        hideNavbar: true,
      }),
      route('quote', <QuoteRoute />, {
        access: publicAccess,
        title: 'titles.quote',
        hideNavbar: true,
      }),
      route('leaderboard', <LeaderboardPage />, {
        access: publicAccess,
        title: 'titles.leaderboard',
        hideNavbar: true,
      }),
      route('loading', <LoadingPage />, {
        access: publicAccess,
        title: 'titles.loading',
        hideNavbar: true,
      }),
      route('dashboard', <RedirectToChild child="intro" />, {
        access: dashboardAccess,
        title: 'titles.dashboard',
      }),
      route('dashboard/games/new', <GameEditorRoute />, {
        access: dashboardAccess,
        title: 'titles.game',
      }),
      route('dashboard/games/new/:type', <GameEditorRoute />, {
        access: dashboardAccess,
        title: 'titles.game',
      }),
      route('dashboard/:tab', <DashboardRoute />, {
        access: dashboardAccess,
        title: 'titles.dashboard',
      }),
      route('dashboard/:tab/:subtab', <DashboardRoute />, {
        access: dashboardAccess,
        title: 'titles.dashboard',
      }),
      route('user/:uid', <UserPage />, { access: publicAccess, title: 'titles.userPage' }),
      route('session/:sid', <RedirectToChild child="lobby" />, { access: publicAccess }),
      route('session/:sid/lobby', <SessionRoute view="lobby" />, {
        access: publicAccess,
        title: 'titles.session',
        consentAtEnd: true,
      }),
      route('session/:sid/follow-up', <SessionRoute view="follow-up" />, {
        access: publicAccess,
        title: 'titles.session',
      }),
      route('session/:sid/responses', <SessionRoute view="responses" />, {
        access: publicAccess,
        title: 'titles.session',
      }),
      route('session/:sid/results', <SessionRoute view="results" />, {
        access: publicAccess,
        title: 'titles.session',
      }),
      route('game/:id', <RedirectToChild child="intro" />, { access: publicAccess }),
      route('game/:id/intro', <GameRoute view="intro" />, {
        access: publicAccess,
        title: 'titles.game',
        consentAtEnd: true,
      }),
      route('game/:id/play', <GameRoute view="play" />, {
        access: publicAccess,
        title: 'titles.game',
        consentAtEnd: true,
      }),
      route('game/:id/results', <GameRoute view="results" />, {
        access: publicAccess,
        title: 'titles.game',
      }),
      route('game/:id/debrief', <GameRoute view="debrief" />, {
        access: publicAccess,
        title: 'titles.game',
      }),
      route('game/:id/edit', <GameEditorRoute />, {
        access: { need: 'instructor' },
        title: 'titles.game',
      }),
      route('*', <NotFoundPage />, { access: publicAccess, title: 'titles.notFound' }),
    ],
  },
];

/**
 * The page of the address, with the handles of the routes it matched (`useRouteHandles`), under
 * one error page for whatever a page throws; a new address tries again.
 */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes, location);
  const handles = useMemo(
    () => (matchRoutes(routes, location.pathname) ?? []).map((match) => match.route.handle),
    [location.pathname],
  );
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <RouteHandlesContext.Provider value={handles}>{element}</RouteHandlesContext.Provider>
    </RouteErrorBoundary>
  );
}
