import HomeIcon from '@mui/icons-material/Home';
import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { logoHref } from '@/app/logo-href';
import { signOut } from '@/features/auth/auth-api';
import { useAuthStore } from '@/features/auth/auth-store';
import { hasEmail } from '@/features/auth/auth-types';
import { LanguagePicker } from '@/components/language-picker';
import { LogoMark } from '@/components/logo-mark';
import { showError } from '@/lib/errors/error-store';

/** Where logging out leads (spec §4): the game page from its play route, otherwise home. */
function afterLogoutPath(pathname: string): string {
  const match = /^\/game\/([^/]+)\/play\/?$/.exec(pathname);
  return match?.[1] ? `/game/${match[1]}` : '/';
}

export function Navbar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useAuthStore((s) => s.user);
  const ready = useAuthStore((s) => s.ready);
  const isInstructor = hasEmail(user);
  const onDashboard = pathname === '/dashboard' || pathname.startsWith('/dashboard/');

  const logout = async () => {
    try {
      await signOut();
      navigate(afterLogoutPath(pathname), { replace: true });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <AppBar
      position="sticky"
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <Box
          component={RouterLink}
          to={logoHref({ isInstructor, pathname })}
          aria-label={t('navbar.home')}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.25,
            color: 'text.primary',
            textDecoration: 'none',
            mr: 'auto',
          }}
        >
          <LogoMark size={34} />
          <Typography variant="h6" component="span" sx={{ fontWeight: 800 }}>
            {t('app.name')}
          </Typography>
        </Box>
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
        <LanguagePicker />
        {ready && user && (
          <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => void logout()}>
            {t('navbar.logout')}
          </Button>
        )}
        {ready && !user && (
          <Button variant="outlined" component={RouterLink} to="/login">
            {t('navbar.login')}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
