/**
 * The dashboard composed from the features that fill its tabs (features do not import each
 * other; the app passes the signed-in instructor in). Each panel is its own lazy chunk.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { SessionTemplate } from '@sim/core/templates/types';
import { NotFoundPage } from '@/app/not-found-page';
import { useAuthStore } from '@/features/auth/auth-store';
import { profileDisplayName } from '@/features/auth/profile';
import { saveWelcomeTour } from '@/features/auth/profile-api';
import type { TeamInfo } from '@/features/dashboard/dashboard-api';
import { DASHBOARD_HEADER_ROW, isDashboardTab } from '@/features/dashboard/dashboard-tabs';
import { WelcomeTourHost } from '@/features/onboarding/welcome-tour-host';
import { sessionFromTemplate } from '@/features/sessions/session-model';
import { PageLoader } from '@/components/page-loader';
import { showError } from '@/lib/errors/error-store';
import { lazyPage } from '@/lib/lazy/lazy-with-reload';

const DashboardPage = lazyPage(
  () => import('@/features/dashboard/dashboard-page'),
  'DashboardPage',
);
const DashboardHeader = lazyPage(
  () => import('@/features/dashboard/dashboard-header'),
  'DashboardHeader',
  // Its help menu.
  ['help'],
);
const GameListPanel = lazyPage(
  () => import('@/features/game-list/game-list-panel'),
  'GameListPanel',
);
const SessionsPanel = lazyPage(() => import('@/features/sessions/sessions-panel'), 'SessionsPanel');
const TemplatesPanel = lazyPage(
  () => import('@/features/templates/templates-panel'),
  'TemplatesPanel',
);
const ProfileSettings = lazyPage(
  () => import('@/features/auth/profile-settings'),
  'ProfileSettings',
);
const AccountPanel = lazyPage(() => import('@/features/auth/account-panel'), 'AccountPanel');
const PrivacySettings = lazyPage(
  () => import('@/features/privacy/privacy-settings'),
  'PrivacySettings',
);
const TeamPanel = lazyPage(() => import('@/features/team/team-panel'), 'TeamPanel');
const JoinTeamFlow = lazyPage(() => import('@/features/team/join-team-flow'), 'JoinTeamFlow');
const StartTrialFlow = lazyPage(
  () => import('@/features/billing/start-trial-flow'),
  'StartTrialFlow',
);
const SubscriptionPanel = lazyPage(
  () => import('@/features/billing/subscription-panel'),
  'SubscriptionPanel',
);
const PurchaseNotifier = lazyPage(
  () => import('@/features/billing/purchase-notifier'),
  'PurchaseNotifier',
);
const ReferralPanel = lazyPage(() => import('@/features/referral/referral-panel'), 'ReferralPanel');
const SuggestFeaturePanel = lazyPage(
  () => import('@/features/suggestions/suggest-feature-panel'),
  'SuggestFeaturePanel',
);
const PublicPagePanel = lazyPage(
  () => import('@/features/settings/public-page-panel'),
  'PublicPagePanel',
);

/** The instructor's team, live (undefined while loading, null when in none). */
function useTeam(uid: string | undefined): TeamInfo | null | undefined {
  const [team, setTeam] = useState<TeamInfo | null | undefined>(undefined);
  useEffect(() => {
    if (!uid) return undefined;
    let stop: (() => void) | undefined;
    let live = true;
    import('@/features/dashboard/dashboard-api')
      .then(({ watchTeam }) => {
        if (!live) return;
        stop = watchTeam(uid, setTeam, (error) => {
          showError(error);
          setTeam(null);
        });
      })
      .catch(showError);
    return () => {
      live = false;
      stop?.();
    };
  }, [uid]);
  return team;
}

export function DashboardRoute() {
  const { tab, subtab } = useParams();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const profile = useAuthStore((s) => s.profile);
  const team = useTeam(user?.uid);
  const userName = profile?.name?.trim() || profileDisplayName(profile) || user?.email || '';
  const teamId = team?.id ?? null;

  const createSession = useCallback(
    async (template: SessionTemplate) => {
      if (!user) return;
      const { createSession: create } = await import('@/features/sessions/session-api');
      const sid = await create(
        sessionFromTemplate(
          template,
          { creator: user.uid, creatorName: userName, team: teamId, now: Date.now() },
          // The session is named after its template, in the language on screen.
          t(`templates.session.${template.id}.title`, { defaultValue: template.title }),
        ),
      );
      navigate(`/session/${sid}/follow-up`);
    },
    [user, userName, teamId, navigate, t],
  );

  if (!isDashboardTab(tab)) return <NotFoundPage />;
  // Until the team is known, a game or session created here would not be the team's, and the
  // game list would be mounted again when it arrives (its key).
  if (!user || team === undefined) return <PageLoader />;
  const features = profile?.features ?? [];
  const panel = (node: React.ReactNode) => <Suspense fallback={<PageLoader />}>{node}</Suspense>;
  return (
    <DashboardPage
      tab={tab}
      subtab={subtab}
      userName={userName}
      header={
        // Its place is kept while its code loads: a spinner's height here moved the tabs and the
        // panel by 176 px under the instructor's pointer when the header arrived.
        <Suspense fallback={<Box sx={DASHBOARD_HEADER_ROW} />}>
          {user.email && <JoinTeamFlow uid={user.uid} email={user.email} userName={userName} />}
          {user.email && <StartTrialFlow uid={user.uid} userName={userName} />}
          <DashboardHeader uid={user.uid} team={team} />
          {user.email && <PurchaseNotifier uid={user.uid} />}
          {tab === 'intro' && (
            <WelcomeTourHost
              state={profile ? (profile.welcomeTour ?? undefined) : null}
              onSeen={() => saveWelcomeTour(user.uid, 'seen')}
            />
          )}
        </Suspense>
      }
      panels={{
        // Mounted again when the instructor joins or leaves a team: its games are listed too.
        intro: panel(<GameListPanel key={teamId ?? ''} uid={user.uid} userName={userName} />),
        sessions: panel(
          <SessionsPanel uid={user.uid} userName={userName} features={features} teamId={teamId} />,
        ),
        templates: panel(
          <TemplatesPanel
            uid={user.uid}
            userName={userName}
            features={features}
            teamId={teamId}
            memberNames={team?.names ?? {}}
            subtab={subtab}
            onCreateSession={createSession}
          />,
        ),
        settings: panel(
          <Stack spacing={3}>
            <ProfileSettings key={profile ? 'loaded' : 'empty'} />
            <TeamPanel uid={user.uid} userName={userName} teamId={teamId} team={team?.data} />
            <PublicPagePanel uid={user.uid} />
            <PrivacySettings />
            <AccountPanel />
          </Stack>,
        ),
        subscription: panel(
          <SubscriptionPanel uid={user.uid} teamId={teamId} team={team?.data ?? null} />,
        ),
        referral: panel(
          <ReferralPanel uid={user.uid} joined={profile?.joinedReferralProgram === true} />,
        ),
        'suggest-feature': panel(<SuggestFeaturePanel uid={user.uid} userName={userName} />),
      }}
    />
  );
}
