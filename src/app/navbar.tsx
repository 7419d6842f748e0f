import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExitToAppIcon from '@mui/icons-material/ExitToApp';
import HomeIcon from '@mui/icons-material/Home';
import LockIcon from '@mui/icons-material/Lock';
import LogoutIcon from '@mui/icons-material/Logout';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ShareIcon from '@mui/icons-material/Share';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { memo, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { logoHref } from '@/app/logo-href';
import {
  accountAction,
  afterLeavePath,
  debriefAllowed,
  gameRoute,
  playEnabled,
  playingAs,
  otherPlayedGame,
  shownPlayerName,
  resultsEnabled,
  roundEntries,
  shownRound,
  showLanguagePicker,
  shownRoleName,
  type RoundEntry,
} from '@/app/navbar-model';
import { useNavbarData } from '@/app/use-navbar-data';
import { useHearsMusic } from '@/app/use-music-audience';
import { signOut } from '@/features/auth/auth-api';
import { useAuthStore } from '@/features/auth/auth-store';
import { hasEmail } from '@/features/auth/auth-types';
import { usePortalStore } from '@/features/portal/portal-store';
import { DeferredTooltip } from '@/components/deferred-tooltip';
import { LanguagePicker } from '@/components/language-picker';
import { LazyPopupMenu } from '@/components/lazy-popup-menu';
import { LogoMark } from '@/components/logo-mark';
import { GAME_TYPES } from '@/features/games/game-types';
import { HelpButton } from '@/features/help/help-button';
import { showError } from '@/lib/errors/error-store';
import { lazyPage } from '@/lib/lazy/lazy-with-reload';
import { useCommitCount } from '@/lib/perf/commit-count';
import { shareUrl } from '@/lib/share/share-url';

// What the navbar shows only on some pages, or once asked, loads then: a page's first render
// goes without the popovers, dialogs and the music controls.
const ShareDialog = lazyPage(() => import('@/components/share-panel'), 'ShareDialog');
const QuitGameDialog = lazyPage(
  () => import('@/features/games/shared/quit-dialog'),
  'QuitGameDialog',
);
const ChangelogBell = lazyPage(
  () => import('@/features/changelog/changelog-bell'),
  'ChangelogBell',
);
const MusicControl = lazyPage(() => import('@/features/music/music-control'), 'MusicControl');

/** Holds an icon button's place while its code loads, so nothing moves when it arrives. */
const iconButtonPlace = <Box sx={{ width: 40, height: 40, flexShrink: 0 }} />;

/** `word`: the session's word for a round (localeLabels), else the translated one. */
function RoundsMenu({ entries, word }: { entries: readonly RoundEntry[]; word: string }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ExpandMoreIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="rounds-menu"
        // "Round 1/2" on one line: on a phone it would otherwise wrap and double the navbar.
        sx={{ color: 'text.primary', whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {word
          ? `${word} ${shownRound(entries)}/${entries.length}`
          : t('navbar.roundOf', { n: shownRound(entries), total: entries.length })}
      </Button>
      <LazyPopupMenu
        anchor={anchor}
        onClose={() => setAnchor(null)}
        items={entries.map((e) => ({
          key: String(e.n),
          disabled: e.state === 'locked' || e.href === null,
          selected: e.state === 'current',
          testId: `round-entry-${e.n}`,
          state: e.state,
          ...(e.href ? { to: e.href } : {}),
          icon: (
            <>
              {e.state === 'locked' && <LockIcon fontSize="small" />}
              {e.state === 'finished' && <CheckCircleIcon fontSize="small" color="success" />}
              {(e.state === 'current' || e.state === 'open') && (
                <PlayArrowIcon fontSize="small" color="primary" />
              )}
            </>
          ),
          label: word ? `${word} ${e.n}` : t('navbar.round', { n: e.n }),
          secondary: t(`navbar.roundStates.${e.state}`),
        }))}
      />
    </>
  );
}

/** An entry of the navbar: a button on wide screens, a line of the overflow menu on a phone. */
interface NavAction {
  key: string;
  label: string;
  icon?: ReactNode;
  to?: string;
  disabled?: boolean;
  onClick?: () => void;
}

/** On a phone the navbar keeps one line: what does not fit goes into this menu. */
function OverflowMenu({ actions }: { actions: readonly NavAction[] }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (actions.length === 0) return null;
  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('navbar.more')}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        data-testid="navbar-more"
        sx={{ color: 'text.primary', flexShrink: 0 }}
      >
        <MoreVertIcon />
      </IconButton>
      <LazyPopupMenu
        anchor={anchor}
        onClose={() => setAnchor(null)}
        items={actions.map((a) => ({
          key: a.key,
          label: a.label,
          testId: `navbar-more-${a.key}`,
          ...(a.disabled ? { disabled: true } : {}),
          ...(a.to !== undefined ? { to: a.to } : {}),
          ...(a.icon ? { icon: a.icon } : {}),
          ...(a.onClick ? { onClick: a.onClick } : {}),
        }))}
      />
    </>
  );
}

function NavButton({ action }: { action: NavAction }) {
  return action.to !== undefined ? (
    <Button
      component={RouterLink}
      to={action.to}
      disabled={action.disabled ?? false}
      startIcon={action.icon}
      sx={{ color: 'text.primary', flexShrink: 0 }}
    >
      {action.label}
    </Button>
  ) : (
    <Button
      color="inherit"
      startIcon={action.icon}
      disabled={action.disabled ?? false}
      onClick={action.onClick}
      sx={{ flexShrink: 0 }}
    >
      {action.label}
    </Button>
  );
}

/**
 * `authPending`: drawn as before Auth has answered, whatever the store says (a game page's frame
 * rendered at build, src/prerender/page-markup.tsx). Memoized: the root layout renders again for
 * reasons of its own, and the navbar, on every page, only when what it shows changes.
 */
export const Navbar = memo(function Navbar({ authPending = false }: { authPending?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useAuthStore((s) => s.user);
  const ready = useAuthStore((s) => s.ready) && !authPending;
  // What the navbar shows of the profile, each read apart (here and below): the profile's
  // arrival and its other changes do not render the navbar again.
  const hasProfileType = useAuthStore((s) => Boolean(s.profile?.profileType));
  const isInstructor = hasEmail(user) && hasProfileType;
  const onDashboard = pathname === '/dashboard' || pathname.startsWith('/dashboard/');
  const uid = user?.uid ?? null;
  const { game, session, teamNumber, inLobby, creatorPageUid } = useNavbarData(pathname, uid);
  useCommitCount('navbar');
  // A portal that does not offer every language (spec §3 allLocales) shows its own.
  const portalOffersLocales = usePortalStore((s) => s.portal?.allLocales !== false);
  const route = gameRoute(pathname);
  const onGameOrSession = route !== null || pathname.startsWith('/session/');
  const role = playingAs(game, uid);
  const playedHere = role?.kind === 'player' ? (game?.id ?? null) : null;
  // A player's profile arriving changes nothing here, also before the game's document: a store's
  // change renders its readers synchronously, in one task, on a slow phone's load.
  const shown = {
    gameId: route?.id ?? null,
    read: game !== null && game.id === route?.id,
    playedHere: playedHere !== null && playedHere === route?.id,
  };
  const otherGameId = useAuthStore((s) =>
    otherPlayedGame(s.profile?.playingGame?.id ?? null, shown),
  );
  const playingGameId = otherGameId ?? playedHere;
  const rounds = session ? roundEntries(session, teamNumber, playingGameId) : null;
  const playing = otherGameId !== null || role?.kind === 'player';
  const shownName = useAuthStore((s) =>
    role?.kind === 'player' ? shownPlayerName(s.profile, role.playerName) : null,
  );
  const action = accountAction(user, playing, playing || role !== null || inLobby);
  const debriefOpen = debriefAllowed(session, game, uid);
  const hearsMusic = useHearsMusic({ uid, isInstructor, session, game });
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  // Leaving a game is irreversible for a player (logging out leaves it too): asked first.
  const [confirmLeave, setConfirmLeave] = useState<'quit' | 'logout' | null>(null);
  const [sharing, setSharing] = useState(false);

  const logoContext = {
    isInstructor,
    pathname,
    ...(game
      ? {
          game: {
            id: game.id,
            ...(game.session ? { sessionId: game.session } : {}),
            ...(creatorPageUid ? { creatorPageUid } : {}),
          },
        }
      : {}),
  };

  /** Spec §4: quit the game being played (the one on screen, else the profile's). */
  const quit = async () => {
    const gid = role?.kind === 'player' || role?.kind === 'observer' ? game?.id : undefined;
    const target = gid ?? otherGameId;
    if (!target) return;
    const { quitGame } = await import('@/lib/firebase/callables');
    await quitGame({ gid: target });
  };

  const onQuit = async () => {
    try {
      await quit();
      const next = afterLeavePath(pathname, 'quit');
      if (next) navigate(next, { replace: true });
    } catch (error) {
      showError(error);
    }
  };

  const onLogout = async () => {
    try {
      // Logout first quits any game being played, then signs out.
      await quit().catch((error: unknown) => showError(error));
      await signOut();
      navigate(afterLeavePath(pathname, 'logout') ?? '/', { replace: true });
    } catch (error) {
      showError(error);
    }
  };

  const playingLabel =
    role?.kind === 'observer'
      ? t('navbar.observer')
      : role
        ? t('navbar.playingAs', {
            // A default name of the game's type in the language on screen, a typed one as typed.
            role: shownRoleName(GAME_TYPES, game?.type ?? '', role.roleName, (key, n) =>
              String(t(key as 'game.defaults.facility.retailer', n === undefined ? {} : { n })),
            ),
            name: shownName ?? t('navbar.anonymous'),
          })
        : '';
  const gameActions: NavAction[] =
    game && route
      ? [
          {
            key: 'play',
            label: t('navbar.play'),
            to: `/game/${game.id}/play`,
            disabled: !playEnabled(game, uid, route.view),
          },
          {
            key: 'results',
            label: t('navbar.results'),
            to: `/game/${game.id}/results`,
            disabled: !resultsEnabled(game) || !debriefOpen,
          },
          {
            key: 'debrief',
            label: t('navbar.debrief'),
            to: `/game/${game.id}/debrief`,
            disabled: !resultsEnabled(game) || !debriefOpen,
          },
        ]
      : [];
  // The game's instructor shares it from any of its pages (link, QR code, projector view).
  if (game && route && uid !== null && game.creator === uid) {
    gameActions.push({
      key: 'share',
      label: t('share.button'),
      icon: <ShareIcon fontSize="small" />,
      onClick: () => setSharing(true),
    });
  }
  const accountActions: NavAction[] = [];
  if (ready && action === 'quit') {
    accountActions.push({
      key: 'quit',
      label: t('navbar.quitGame'),
      icon: <ExitToAppIcon />,
      onClick: () => setConfirmLeave('quit'),
    });
  }
  if (ready && user && (action === 'logout' || action === 'quit')) {
    accountActions.push({
      key: 'logout',
      label: t('navbar.logout'),
      icon: <LogoutIcon />,
      onClick: () => (playing ? setConfirmLeave('logout') : void onLogout()),
    });
  }

  return (
    <AppBar
      position="sticky"
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar sx={{ gap: 1, flexWrap: 'nowrap', px: { xs: 1.5, sm: 2, md: 3 } }}>
        <Box
          component={RouterLink}
          to={logoHref(logoContext)}
          // The visible name first, so a voice command naming what is seen finds the link.
          aria-label={`${t('app.name')} – ${t('navbar.home')}`}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.25,
            color: 'text.primary',
            textDecoration: 'none',
            flexShrink: 0,
          }}
        >
          <LogoMark size={34} />
          <Typography
            variant="h6"
            component="span"
            sx={{ fontWeight: 800, display: { xs: 'none', sm: 'inline' } }}
          >
            {t('app.name')}
          </Typography>
        </Box>
        {role && (
          <Chip
            size="small"
            data-testid="playing-as"
            label={playingLabel}
            // Ellipsised when long (MUI's label), the whole text on hover.
            title={playingLabel}
            sx={{ ml: { xs: 0, sm: 1 }, minWidth: 0, flexShrink: 1 }}
          />
        )}
        <Box sx={{ flex: 1 }} />
        {rounds && <RoundsMenu entries={rounds} word={session?.localeLabels.round ?? ''} />}
        {!compact && gameActions.map((a) => <NavButton key={a.key} action={a} />)}
        {isInstructor && !onDashboard && !compact && (
          <DeferredTooltip title={t('navbar.dashboard')}>
            <IconButton
              component={RouterLink}
              to="/dashboard/intro"
              aria-label={t('navbar.dashboard')}
              sx={{ display: { xs: 'none', md: 'inline-flex' } }}
            >
              <HomeIcon />
            </IconButton>
          </DeferredTooltip>
        )}
        {/* Spec §2: the What's new bell on dashboard routes; the dashboard has its own help menu. */}
        {onDashboard && isInstructor && (
          <Suspense fallback={iconButtonPlace}>
            <ChangelogBell />
          </Suspense>
        )}
        {!onDashboard && <HelpButton />}
        {hearsMusic && (
          <Suspense fallback={iconButtonPlace}>
            <MusicControl />
          </Suspense>
        )}
        {showLanguagePicker({ onGameOrSession, session, game }) && portalOffersLocales && (
          <LanguagePicker />
        )}
        {!compact && accountActions.map((a) => <NavButton key={a.key} action={a} />)}
        {compact && (
          <OverflowMenu
            actions={[
              ...gameActions,
              ...(isInstructor && !onDashboard
                ? [
                    {
                      key: 'dashboard',
                      label: t('navbar.dashboard'),
                      icon: <HomeIcon fontSize="small" />,
                      to: '/dashboard/intro',
                    },
                  ]
                : []),
              ...accountActions,
            ]}
          />
        )}
        {ready && action === 'login' && (
          <Button variant="outlined" component={RouterLink} to="/login">
            {t('navbar.login')}
          </Button>
        )}
      </Toolbar>
      <Suspense fallback={null}>
        {game && sharing && (
          <ShareDialog
            open={sharing}
            onClose={() => setSharing(false)}
            name={game.name}
            url={shareUrl(`/game/${game.id}/intro`)}
            text={t('share.gameText')}
          />
        )}
        {confirmLeave !== null && (
          <QuitGameDialog
            open={confirmLeave !== null}
            role={role?.kind === 'player' ? role.roleName : null}
            logout={confirmLeave === 'logout'}
            onCancel={() => setConfirmLeave(null)}
            onConfirm={() => {
              const leave = confirmLeave;
              setConfirmLeave(null);
              void (leave === 'logout' ? onLogout() : onQuit());
            }}
          />
        )}
      </Suspense>
    </AppBar>
  );
});
