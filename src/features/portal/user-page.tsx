import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import GroupsIcon from '@mui/icons-material/Groups';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/page-loader';
import { useLookTheme } from '@/lib/look/look-theme';
import { WorkspaceHeader } from '@/components/workspace-header';
import {
  watchListedGames,
  watchListedSessions,
  watchWorkspaceDoc,
} from '@/features/portal/portal-api';
import {
  parseWorkspace,
  type ListedGame,
  type ListedSession,
  type Workspace,
} from '@/features/portal/portal-model';
import { useWorkspaceUid } from '@/features/portal/use-workspace-uid';
import { shownPageName } from '@/lib/look/page-name';

type Loaded<T> = { readonly key: string; readonly value: T };

/** The public page document, live: undefined while loading, null when there is no page to show. */
function useWorkspace(uid: string | null | undefined): Workspace | null | undefined {
  const [state, setState] = useState<Loaded<Workspace | null> | null>(null);
  useEffect(() => {
    if (!uid) return undefined;
    return watchWorkspaceDoc(uid, (snap) =>
      setState({ key: uid, value: snap?.exists ? parseWorkspace(uid, snap.data) : null }),
    );
  }, [uid]);
  if (uid === undefined) return undefined;
  if (uid === null) return null;
  return state?.key === uid ? state.value : undefined;
}

/** What the page lists, live; empty when the listing is refused (a page just switched off). */
function useListing(uid: string | null): {
  games: readonly ListedGame[] | null;
  sessions: readonly ListedSession[] | null;
} {
  const [games, setGames] = useState<Loaded<readonly ListedGame[]> | null>(null);
  const [sessions, setSessions] = useState<Loaded<readonly ListedSession[]> | null>(null);
  useEffect(() => {
    if (!uid) return undefined;
    const stopGames = watchListedGames(
      uid,
      (value) => setGames({ key: uid, value }),
      () => setGames({ key: uid, value: [] }),
    );
    const stopSessions = watchListedSessions(
      uid,
      (value) => setSessions({ key: uid, value }),
      () => setSessions({ key: uid, value: [] }),
    );
    return () => {
      stopGames();
      stopSessions();
    };
  }, [uid]);
  return {
    games: uid && games?.key === uid ? games.value : null,
    sessions: uid && sessions?.key === uid ? sessions.value : null,
  };
}

function TypeChip({ type }: { type: string }) {
  const { t } = useTranslation();
  if (type !== 'beergame' && type !== 'leangame') return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={type === 'beergame' ? 'primary' : 'default'}
      label={t(`gamelist.types.${type}`)}
    />
  );
}

/** A listed game or session: its name and what it is, with the way in beside them. */
function ListedCard({
  testId,
  name,
  details,
  action,
}: {
  testId: string;
  name: string;
  details: ReactNode;
  action: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          gap: 2,
          '&:last-child': { pb: 2 },
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          {details}
        </Box>
        {action}
      </CardContent>
    </Card>
  );
}

function GameCard({ game }: { game: ListedGame }) {
  const { t } = useTranslation();
  const name = game.name || t('portal.page.untitledGame');
  return (
    <ListedCard
      testId="listed-game"
      name={name}
      details={
        <Box sx={{ mt: 0.5 }}>
          <TypeChip type={game.type} />
        </Box>
      }
      action={
        <Button
          component={RouterLink}
          to={`/game/${encodeURIComponent(game.id)}/intro`}
          variant="contained"
          endIcon={<ArrowForwardIcon />}
          aria-label={`${t('portal.page.join')} – ${name}`}
          sx={{ flexShrink: 0 }}
        >
          {t('portal.page.join')}
        </Button>
      }
    />
  );
}

function SessionCard({ session }: { session: ListedSession }) {
  const { t } = useTranslation();
  const name = session.name || t('portal.page.untitledSession');
  return (
    <ListedCard
      testId="listed-session"
      name={name}
      details={
        <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center' }}>
          <TypeChip type={session.type} />
          {session.rounds > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('portal.page.rounds', { count: session.rounds })}
            </Typography>
          )}
        </Stack>
      }
      action={
        <Button
          component={RouterLink}
          to={`/session/${encodeURIComponent(session.id)}/lobby`}
          variant="outlined"
          startIcon={<GroupsIcon />}
          aria-label={`${t('portal.page.enterLobby')} – ${name}`}
          sx={{ flexShrink: 0 }}
        >
          {t('portal.page.enterLobby')}
        </Button>
      }
    />
  );
}

function PageBody({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const { games, sessions } = useListing(workspace.uid);
  const title = workspace.appTitle || t('titles.userPage');
  // Spec §9: "All games" when the page name is missing or the default instructor page title.
  // A page name equal to the title is one saved when the name mirrored the title: none either.
  const pageName =
    shownPageName(workspace.pageName, [
      t('titles.userPage'),
      t('titles.userPage', { lng: 'en' }),
      workspace.appTitle,
    ]) ?? t('portal.page.allGames');
  const loading = games === null || sessions === null;
  const empty = !loading && games.length === 0 && sessions.length === 0;

  return (
    <Box
      sx={{ flex: 1, bgcolor: 'background.default', color: 'text.primary' }}
      data-testid="user-page"
    >
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
        <WorkspaceHeader
          title={title}
          logoUrl={workspace.logoUrl}
          useThumbnail={workspace.useThumbnail}
        />
        <Typography
          variant="h5"
          component="h2"
          sx={{ mt: { xs: 4, md: 6 }, mb: 2 }}
          data-testid="page-name"
        >
          {pageName}
        </Typography>
        {loading && <PageLoader />}
        {empty && (
          <Card>
            <CardContent>
              <Typography color="text.secondary">{t('portal.page.empty')}</Typography>
            </CardContent>
          </Card>
        )}
        {games && games.length > 0 && (
          <Stack spacing={2} component="section" aria-label={pageName}>
            {games.map((game) => (
              <GameCard key={game.id} game={game} />
            ))}
          </Stack>
        )}
        {sessions && sessions.length > 0 && (
          <Box component="section" sx={{ mt: { xs: 4, md: 5 } }}>
            <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
              {t('portal.page.sessions')}
            </Typography>
            <Stack spacing={2}>
              {sessions.map((session) => (
                <SessionCard key={session.id} session={session} />
              ))}
            </Stack>
          </Box>
        )}
      </Container>
    </Box>
  );
}

/**
 * An instructor's public page (`/user/{uid}`, or the page's slug): spec §2, shown only when the
 * workspace exists and its activePage is not false, else the visitor is sent to /. Its logo,
 * title and colours (above 1023 px), its page name, and the games and sessions a player joins
 * from here through the usual intro and lobby.
 */
export function UserPage() {
  const { uid: param = '' } = useParams();
  const uid = useWorkspaceUid(param || null);
  const workspace = useWorkspace(uid);
  const base = useTheme();
  const shown = useLookTheme(base, workspace?.colors);

  if (workspace === undefined) return <PageLoader />;
  if (workspace === null) return <Navigate to="/" replace />;
  return (
    <ThemeProvider theme={shown}>
      <PageBody workspace={workspace} />
    </ThemeProvider>
  );
}
