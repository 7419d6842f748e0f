import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExitToAppIcon from '@mui/icons-material/ExitToApp';
import HomeIcon from '@mui/icons-material/Home';
import LockIcon from '@mui/icons-material/Lock';
import LogoutIcon from '@mui/icons-material/Logout';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { logoHref } from '@/app/logo-href';
import {
  accountAction,
  afterLeavePath,
  gameRoute,
  playEnabled,
  playingAs,
  shownPlayerName,
  resultsEnabled,
  roundEntries,
  shownRound,
  showLanguagePicker,
  type RoundEntry,
} from '@/app/navbar-model';
import { useNavbarData } from '@/app/use-navbar-data';
import { signOut } from '@/features/auth/auth-api';
import { useAuthStore } from '@/features/auth/auth-store';
import { hasEmail } from '@/features/auth/auth-types';
import { LanguagePicker } from '@/components/language-picker';
import { LogoMark } from '@/components/logo-mark';
import { showError } from '@/lib/errors/error-store';

function RoundsMenu({ entries }: { entries: readonly RoundEntry[] }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ExpandMoreIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="rounds-menu"
        sx={{ color: 'text.primary' }}
      >
        {t('navbar.roundOf', { n: shownRound(entries), total: entries.length })}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {entries.map((e) => (
          <MenuItem
            key={e.n}
            disabled={e.state === 'locked' || e.href === null}
            selected={e.state === 'current'}
            data-testid={`round-entry-${e.n}`}
            data-state={e.state}
            {...(e.href ? { component: RouterLink, to: e.href } : {})}
            onClick={() => setAnchor(null)}
          >
            <ListItemIcon>
              {e.state === 'locked' && <LockIcon fontSize="small" />}
              {e.state === 'finished' && <CheckCircleIcon fontSize="small" color="success" />}
              {(e.state === 'current' || e.state === 'open') && (
                <PlayArrowIcon fontSize="small" color="primary" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={t('navbar.round', { n: e.n })}
              secondary={t(`navbar.roundStates.${e.state}`)}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function Navbar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useAuthStore((s) => s.user);
  const ready = useAuthStore((s) => s.ready);
  const profile = useAuthStore((s) => s.profile);
  const isInstructor = hasEmail(user) && Boolean(profile?.profileType);
  const onDashboard = pathname === '/dashboard' || pathname.startsWith('/dashboard/');
  const uid = user?.uid ?? null;
  const { game, session, teamNumber } = useNavbarData(pathname, uid);
  const route = gameRoute(pathname);
  const onGameOrSession = route !== null || pathname.startsWith('/session/');
  const role = playingAs(game, uid);
  const playingGameId = profile?.playingGame?.id ?? (role?.kind === 'player' ? game?.id : null);
  const rounds = session ? roundEntries(session, teamNumber, playingGameId ?? null) : null;
  const action = accountAction(user, Boolean(profile?.playingGame) || role?.kind === 'player');

  const logoContext = {
    isInstructor,
    pathname,
    ...(game
      ? { game: { id: game.id, ...(game.session ? { sessionId: game.session } : {}) } }
      : {}),
  };

  /** Spec §4: quit the game being played (the one on screen, else the profile's). */
  const quit = async () => {
    const gid = role?.kind === 'player' || role?.kind === 'observer' ? game?.id : undefined;
    const target = gid ?? profile?.playingGame?.id;
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

  return (
    <AppBar
      position="sticky"
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Box
          component={RouterLink}
          to={logoHref(logoContext)}
          aria-label={t('navbar.home')}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.25,
            color: 'text.primary',
            textDecoration: 'none',
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
            label={
              role.kind === 'observer'
                ? t('navbar.observer')
                : t('navbar.playingAs', {
                    role: role.roleName,
                    name: shownPlayerName(profile, role.playerName) ?? t('navbar.anonymous'),
                  })
            }
            sx={{ ml: 1 }}
          />
        )}
        <Box sx={{ flex: 1 }} />
        {rounds && <RoundsMenu entries={rounds} />}
        {game && route && (
          <>
            <Button
              component={RouterLink}
              to={`/game/${game.id}/play`}
              disabled={!playEnabled(game, uid, route.view)}
              sx={{ color: 'text.primary' }}
            >
              {t('navbar.play')}
            </Button>
            <Button
              component={RouterLink}
              to={`/game/${game.id}/results`}
              disabled={!resultsEnabled(game)}
              sx={{ color: 'text.primary' }}
            >
              {t('navbar.results')}
            </Button>
          </>
        )}
        {isInstructor && !onDashboard && (
          <Tooltip title={t('navbar.dashboard')}>
            <IconButton
              component={RouterLink}
              to="/dashboard/intro"
              aria-label={t('navbar.dashboard')}
              sx={{ display: { xs: 'none', md: 'inline-flex' } }}
            >
              <HomeIcon />
            </IconButton>
          </Tooltip>
        )}
        {showLanguagePicker({ onGameOrSession, session, game }) && <LanguagePicker />}
        {ready && action === 'quit' && (
          <Button color="inherit" startIcon={<ExitToAppIcon />} onClick={() => void onQuit()}>
            {t('navbar.quitGame')}
          </Button>
        )}
        {ready && user && (action === 'logout' || action === 'quit') && (
          <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => void onLogout()}>
            {t('navbar.logout')}
          </Button>
        )}
        {ready && action === 'login' && (
          <Button variant="outlined" component={RouterLink} to="/login">
            {t('navbar.login')}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
