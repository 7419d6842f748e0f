import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { JoinCodeForm } from '@/features/sessions/join-code-form';
import { findSessionByCode } from '@/features/sessions/session-api';
import { isSessionCode, normalizeCode } from '@/features/sessions/session-model';
import type { SessionPageContext } from '@/features/sessions/session-user';
import { LobbyView } from '@/features/sessions/lobby-view';
import { useSession } from '@/features/sessions/use-session';
import { PageLoader } from '@/components/page-loader';
import { showError } from '@/lib/errors/error-store';

export type SessionView = 'lobby' | 'follow-up' | 'responses' | 'results';

const FollowUpView = lazy(() =>
  import('@/features/sessions/follow-up-view').then((m) => ({ default: m.FollowUpView })),
);
const ResultsView = lazy(() =>
  import('@/features/sessions/results-view').then((m) => ({ default: m.ResultsView })),
);
const ResponsesView = lazy(() =>
  import('@/features/sessions/responses-view').then((m) => ({ default: m.ResponsesView })),
);

const ADMIN_TABS: readonly SessionView[] = ['follow-up', 'lobby', 'results', 'responses'];
const TAB_KEYS = {
  lobby: 'lobby',
  'follow-up': 'followUp',
  responses: 'responses',
  results: 'results',
} as const satisfies Record<SessionView, string>;

/** `/session/{code}/…`: a join code in place of the id leads to the session it names. */
function CodeRedirect({
  code,
  view,
  context,
}: {
  code: string;
  view: SessionView;
  context: SessionPageContext;
}) {
  const [target, setTarget] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    findSessionByCode(code).then(
      (sid) => live && setTarget(sid),
      () => live && setTarget(null),
    );
    return () => {
      live = false;
    };
  }, [code]);
  if (target === undefined) return <PageLoader />;
  if (target === null) return <Blocked reason="sessionNotFound" context={context} />;
  return <Navigate to={`/session/${target}/${view}`} replace />;
}

/** A session the visitor cannot open: why, and the code field to try another. */
function Blocked({
  reason,
  context,
}: {
  reason: 'sessionNotFound' | 'sessionNotPublished';
  context: SessionPageContext;
}) {
  const { t } = useTranslation();
  return (
    <Container maxWidth="sm" sx={{ py: 8 }}>
      <Alert severity="warning" data-testid="session-blocked">
        {t(`errors.${reason}`)}
      </Alert>
      <Box sx={{ mt: 3 }}>
        <JoinCodeForm
          signedIn={context.user !== null}
          signInAnonymously={context.signInAnonymously}
        />
      </Box>
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Button component={RouterLink} to="/" variant="outlined">
          {t('sessions.backHome')}
        </Button>
      </Box>
    </Container>
  );
}

export function SessionPage({ view, context }: { view: SessionView; context: SessionPageContext }) {
  const { t } = useTranslation();
  const { sid = '' } = useParams();
  const uid = context.user?.uid ?? null;
  const looksLikeCode = isSessionCode(sid) && sid.length === 6;
  // A code (6 characters) is signed in before it is looked up: sessionCodes need a signed-in user.
  // So is a lobby visitor, before the page shows: the lobby needs a user, and a sign-in after the
  // page showed would reload it under a player typing a name.
  const signsIn = looksLikeCode || view === 'lobby';
  const state = useSession(looksLikeCode ? '' : sid, uid);
  const { authReady, user, signInAnonymously } = context;

  useEffect(() => {
    if (signsIn && authReady && !user) {
      signInAnonymously().catch((error: unknown) => showError(error));
    }
  }, [signsIn, authReady, user, signInAnonymously]);

  if (looksLikeCode) {
    if (!user) return <PageLoader />;
    return <CodeRedirect code={normalizeCode(sid)} view={view} context={context} />;
  }
  if (state.status === 'loading' || !authReady || (signsIn && !user)) return <PageLoader />;
  if (state.status === 'blocked') return <Blocked reason={state.reason} context={context} />;
  // Follow-up is for the session's admins (its creator and its team's members, spec §2, §6),
  // the lobby for everyone else.
  const { session, isAdmin } = state;
  if (!isAdmin && view !== 'lobby') {
    return <Navigate to={`/session/${session.id}/lobby`} replace />;
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 3 }}
      >
        <Box>
          <Typography variant="overline" color="text.secondary">
            {t(`sessions.${TAB_KEYS[view]}.title`)}
          </Typography>
          <Typography variant="h4" component="h1" data-testid="session-name">
            {session.name}
          </Typography>
        </Box>
        {session.code && session.status === 'published' && (
          <Chip
            color="primary"
            variant="outlined"
            data-testid="session-code"
            label={t('sessions.codeLabel', { code: session.code })}
            sx={{ fontSize: '1.1rem', fontWeight: 700, py: 2.5, px: 1 }}
          />
        )}
      </Stack>
      {isAdmin && (
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
          <Tabs value={view} variant="scrollable" scrollButtons="auto">
            {ADMIN_TABS.map((tab) => (
              <Tab
                key={tab}
                value={tab}
                label={t(`sessions.tabs.${TAB_KEYS[tab]}`)}
                component={RouterLink}
                to={`/session/${session.id}/${tab}`}
              />
            ))}
          </Tabs>
        </Box>
      )}
      <Suspense fallback={<PageLoader />}>
        {view === 'lobby' && <LobbyView session={session} isCreator={isAdmin} context={context} />}
        {view === 'follow-up' && <FollowUpView session={session} context={context} />}
        {view === 'results' && <ResultsView session={session} />}
        {view === 'responses' && <ResponsesView session={session} />}
      </Suspense>
    </Container>
  );
}
