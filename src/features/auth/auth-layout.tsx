import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '@/components/logo-mark';

/** The centred card of the account pages (which hide the navbar). */
export function AuthLayout({
  title,
  subtitle,
  children,
  maxWidth = 440,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  maxWidth?: number;
}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: { xs: 4, md: 8 },
        background: 'linear-gradient(160deg, #eef2ff 0%, #f6f8fb 45%, #fff7ed 100%)',
      }}
    >
      <Paper
        variant="outlined"
        sx={{
          width: '100%',
          maxWidth,
          p: { xs: 3, sm: 5 },
          borderRadius: 4,
          boxShadow: '0 20px 50px rgba(15,23,42,0.08)',
        }}
      >
        <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
          <Link
            component={RouterLink}
            to="/"
            underline="none"
            aria-label={`${t('app.name')} – ${t('navbar.home')}`}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.primary' }}
          >
            <LogoMark size={40} />
            <Typography variant="h6" component="span" sx={{ fontWeight: 800 }}>
              {t('app.name')}
            </Typography>
          </Link>
          <Typography variant="h5" component="h1" sx={{ pt: 2, textAlign: 'center' }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
              {subtitle}
            </Typography>
          )}
        </Stack>
        {children}
      </Paper>
    </Box>
  );
}
