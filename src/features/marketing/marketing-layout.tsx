import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '@/components/language-picker';
import { LogoMark } from '@/components/logo-mark';

const PAGES = [
  { to: '/demo', key: 'marketing.nav.demo' },
  { to: '/quote', key: 'marketing.nav.quote' },
  { to: '/leaderboard', key: 'marketing.nav.leaderboard' },
] as const;

/**
 * The frame of the visitors' pages, which hide the navbar (spec §2): the product's name back to
 * the home page, the language, and links between the demo, the quote and the leaderboard.
 */
export function MarketingLayout({
  title,
  lead,
  children,
  maxWidth = 'md',
}: {
  title: string;
  lead?: string;
  children: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Box
      sx={{
        flex: 1,
        background: 'linear-gradient(160deg, #eef2ff 0%, #f6f8fb 45%, #fff7ed 100%)',
      }}
    >
      <Container maxWidth={maxWidth} sx={{ py: { xs: 2, md: 4 } }}>
        <Stack
          component="header"
          direction="row"
          sx={{
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            mb: { xs: 2, md: 4 },
          }}
        >
          <Link
            component={RouterLink}
            to="/"
            underline="none"
            aria-label={`${t('app.name')} – ${t('navbar.home')}`}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.primary' }}
          >
            <LogoMark size={36} />
            <Typography variant="h6" component="span" sx={{ fontWeight: 800 }}>
              {t('app.name')}
            </Typography>
          </Link>
          <LanguagePicker />
        </Stack>
        <Box component="section" aria-labelledby="visitor-page-title">
          <Typography
            id="visitor-page-title"
            variant="h4"
            component="h1"
            sx={{ fontWeight: 800 }}
            gutterBottom
          >
            {title}
          </Typography>
          {lead && (
            <Typography color="text.secondary" sx={{ fontSize: '1.05rem', mb: 3, maxWidth: 720 }}>
              {lead}
            </Typography>
          )}
          {children}
        </Box>
        <Stack
          component="nav"
          aria-label={t('marketing.nav.label')}
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 2, mt: 5, justifyContent: 'center' }}
        >
          {PAGES.filter((p) => p.to !== pathname).map((p) => (
            <Link key={p.to} component={RouterLink} to={p.to}>
              {t(p.key)}
            </Link>
          ))}
        </Stack>
      </Container>
    </Box>
  );
}
