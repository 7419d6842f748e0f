import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import AutoGraphIcon from '@mui/icons-material/AutoGraph';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import DevicesIcon from '@mui/icons-material/Devices';
import DomainIcon from '@mui/icons-material/Domain';
import FactoryIcon from '@mui/icons-material/Factory';
import GroupsIcon from '@mui/icons-material/Groups';
import InsightsIcon from '@mui/icons-material/Insights';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import SpeedIcon from '@mui/icons-material/Speed';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { reviewAnalyticsConsent } from '@/lib/analytics/consent';
import type { LookInput } from '@/lib/look/look-colors';
import { useLookColors } from '@/lib/look/look-theme';

const CHAIN = [
  { key: 'factory', icon: <FactoryIcon /> },
  { key: 'distributor', icon: <CallSplitIcon /> },
  { key: 'wholesaler', icon: <DomainIcon /> },
  { key: 'retailer', icon: <ShoppingCartIcon /> },
] as const;

/**
 * A small picture of the beer game's supply chain, orders flowing upstream. `ink`: the hero's
 * text colour (white on the app's blue, a portal's contrast colour on its own).
 */
function ChainIllustration({ ink, faint }: { ink: string; faint: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      aria-hidden="true"
      sx={{
        p: { xs: 2.5, md: 3.5 },
        borderRadius: 5,
        bgcolor: 'rgba(255,255,255,0.08)',
        border: '1px solid rgba(255,255,255,0.18)',
        backdropFilter: 'blur(6px)',
      }}
    >
      <Stack spacing={1.5}>
        {CHAIN.map((station, index) => (
          <Stack key={station.key} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box
              sx={{
                width: 48,
                height: 48,
                borderRadius: 3,
                display: 'grid',
                placeItems: 'center',
                bgcolor: index === CHAIN.length - 1 ? 'secondary.main' : 'rgba(255,255,255,0.92)',
                color: index === CHAIN.length - 1 ? 'secondary.contrastText' : 'primary.dark',
                boxShadow: '0 6px 18px rgba(15,23,42,0.25)',
              }}
            >
              {station.icon}
            </Box>
            <Box sx={{ flex: 1 }}>
              <Typography sx={{ fontWeight: 700, color: ink }}>
                {t(`home.chain.${station.key}`)}
              </Typography>
              <Box
                sx={{
                  mt: 0.75,
                  height: 8,
                  borderRadius: 4,
                  bgcolor: 'rgba(255,255,255,0.18)',
                  overflow: 'hidden',
                }}
              >
                <Box
                  sx={{
                    height: '100%',
                    width: `${[82, 64, 47, 35][index] ?? 50}%`,
                    borderRadius: 4,
                    bgcolor: index === CHAIN.length - 1 ? 'secondary.light' : 'primary.light',
                  }}
                />
              </Box>
            </Box>
          </Stack>
        ))}
        <Typography variant="caption" sx={{ color: ink, opacity: faint ? 0.8 : 1, pt: 0.5 }}>
          {t('home.chain.caption')}
        </Typography>
      </Stack>
    </Box>
  );
}

function ValuePoint({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Box
        sx={{
          flexShrink: 0,
          width: 44,
          height: 44,
          borderRadius: 3,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        {icon}
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{text}</Typography>
      </Box>
    </Stack>
  );
}

/**
 * `joinCode`: the session code field (the app composes it from the sessions feature). On a
 * portal host (spec §2, §3 portal) the app passes the portal's hero title, its colours, and
 * `hideSignup`: no signup while a portal look is active.
 */
export function HomePage({
  joinCode,
  heroTitle = '',
  hideSignup = false,
  lookColors = null,
}: {
  joinCode?: ReactNode;
  heroTitle?: string;
  hideSignup?: boolean;
  lookColors?: LookInput | null;
}) {
  const { t } = useTranslation();
  const look = useLookColors(lookColors);
  const ink = look ? look.brandContrast : '#ffffff';
  return (
    <Box>
      <Box
        component="section"
        data-testid="home-hero"
        sx={{
          color: ink,
          background: look
            ? look.brand
            : 'radial-gradient(1200px 500px at 85% -10%, rgba(96,165,250,0.45), transparent 60%), linear-gradient(135deg, #0b1f4d 0%, #1d4ed8 60%, #2563eb 100%)',
          py: { xs: 7, md: 11 },
        }}
      >
        <Container maxWidth="lg">
          <Grid container spacing={{ xs: 5, md: 8 }} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, md: 7 }}>
              <Chip
                label={t('home.hero.badge')}
                sx={{
                  mb: 3,
                  color: ink,
                  bgcolor: look ? 'transparent' : 'rgba(255,255,255,0.14)',
                  border: look ? `1px solid ${ink}` : 0,
                  fontWeight: 600,
                }}
              />
              <Typography
                variant="h2"
                component="h1"
                sx={{ fontSize: { xs: '2.3rem', sm: '3rem', md: '3.5rem' }, lineHeight: 1.1 }}
              >
                {heroTitle || t('home.hero.title')}
              </Typography>
              <Typography
                sx={{
                  mt: 2.5,
                  fontSize: { xs: '1.05rem', md: '1.25rem' },
                  // A portal's colours reach 4.5:1 at full strength only.
                  opacity: look ? 1 : 0.9,
                  maxWidth: 600,
                }}
              >
                {t('home.hero.subtitle')}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
                {!hideSignup && (
                  <Button
                    component={RouterLink}
                    to="/signup"
                    size="large"
                    variant="contained"
                    color="secondary"
                    endIcon={<ArrowForwardIcon />}
                  >
                    {t('home.hero.signup')}
                  </Button>
                )}
                <Button
                  component={RouterLink}
                  to="/login"
                  size="large"
                  variant="outlined"
                  sx={{
                    color: ink,
                    borderColor: look ? ink : 'rgba(255,255,255,0.6)',
                    '&:hover': {
                      borderColor: ink,
                      bgcolor: look ? 'rgba(127,127,127,0.12)' : 'rgba(255,255,255,0.08)',
                    },
                  }}
                >
                  {t('home.hero.login')}
                </Button>
              </Stack>
              {joinCode ? (
                <Box sx={{ mt: 4, maxWidth: 520 }} data-testid="home-join-code">
                  {joinCode}
                </Box>
              ) : (
                <Typography variant="body2" sx={{ mt: 2, opacity: 0.75 }}>
                  {t('home.hero.playerHint')}
                </Typography>
              )}
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <ChainIllustration ink={ink} faint={!look} />
            </Grid>
          </Grid>
        </Container>
      </Box>

      <Container component="section" maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
        <Grid container spacing={{ xs: 4, md: 6 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent sx={{ p: { xs: 3, md: 4 } }}>
                <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
                  {t('home.instructors.eyebrow')}
                </Typography>
                <Typography variant="h5" component="h2" sx={{ mb: 3 }}>
                  {t('home.instructors.title')}
                </Typography>
                <Stack spacing={3}>
                  <ValuePoint
                    icon={<GroupsIcon />}
                    title={t('home.instructors.sessionsTitle')}
                    text={t('home.instructors.sessionsText')}
                  />
                  <ValuePoint
                    icon={<LibraryBooksIcon />}
                    title={t('home.instructors.templatesTitle')}
                    text={t('home.instructors.templatesText')}
                  />
                  <ValuePoint
                    icon={<InsightsIcon />}
                    title={t('home.instructors.debriefTitle')}
                    text={t('home.instructors.debriefText')}
                  />
                </Stack>
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent sx={{ p: { xs: 3, md: 4 } }}>
                <Typography variant="overline" color="secondary.dark" sx={{ fontWeight: 700 }}>
                  {t('home.players.eyebrow')}
                </Typography>
                <Typography variant="h5" component="h2" sx={{ mb: 3 }}>
                  {t('home.players.title')}
                </Typography>
                <Stack spacing={3}>
                  <ValuePoint
                    icon={<QrCode2Icon />}
                    title={t('home.players.joinTitle')}
                    text={t('home.players.joinText')}
                  />
                  <ValuePoint
                    icon={<DevicesIcon />}
                    title={t('home.players.devicesTitle')}
                    text={t('home.players.devicesText')}
                  />
                  <ValuePoint
                    icon={<AutoGraphIcon />}
                    title={t('home.players.learnTitle')}
                    text={t('home.players.learnText')}
                  />
                </Stack>
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      </Container>

      <Box
        component="section"
        sx={{ bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}
      >
        <Container maxWidth="lg" sx={{ py: { xs: 6, md: 9 } }}>
          <Typography variant="h4" component="h2" sx={{ textAlign: 'center', mb: 1 }}>
            {t('home.games.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ textAlign: 'center', mb: { xs: 4, md: 6 } }}>
            {t('home.games.subtitle')}
          </Typography>
          <Grid container spacing={4}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Card sx={{ height: '100%', borderTop: 4, borderTopColor: 'secondary.main' }}>
                <CardContent sx={{ p: { xs: 3, md: 4 } }}>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
                    <Box sx={{ color: 'secondary.dark', display: 'flex' }}>
                      <FactoryIcon />
                    </Box>
                    <Typography variant="h6" component="h3">
                      {t('home.games.beerTitle')}
                    </Typography>
                    <Chip size="small" label={t('home.games.beerTopic')} />
                  </Stack>
                  <Typography color="text.secondary">{t('home.games.beerText')}</Typography>
                </CardContent>
              </Card>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Card sx={{ height: '100%', borderTop: 4, borderTopColor: 'primary.main' }}>
                <CardContent sx={{ p: { xs: 3, md: 4 } }}>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
                    <Box sx={{ color: 'primary.main', display: 'flex' }}>
                      <SpeedIcon />
                    </Box>
                    <Typography variant="h6" component="h3">
                      {t('home.games.leanTitle')}
                    </Typography>
                    <Chip size="small" label={t('home.games.leanTopic')} />
                  </Stack>
                  <Typography color="text.secondary">{t('home.games.leanText')}</Typography>
                </CardContent>
              </Card>
            </Grid>
          </Grid>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'center', mt: { xs: 5, md: 7 } }}
          >
            {!hideSignup && (
              <Button component={RouterLink} to="/signup" size="large" variant="contained">
                {t('home.cta.signup')}
              </Button>
            )}
            <Button component={RouterLink} to="/login" size="large" variant="outlined">
              {t('home.cta.login')}
            </Button>
          </Stack>
        </Container>
      </Box>

      <Box component="footer" sx={{ py: 4, borderTop: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg">
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('home.footer', { year: String(new Date().getFullYear()), name: t('app.name') })}
          </Typography>
          <Box sx={{ textAlign: 'center', mt: 1 }}>
            <Button
              size="small"
              color="inherit"
              onClick={reviewAnalyticsConsent}
              data-testid="privacy-choices"
              sx={{ color: 'text.secondary', textDecoration: 'underline' }}
            >
              {t('privacy.footerLink')}
            </Button>
          </Box>
        </Container>
      </Box>
    </Box>
  );
}
