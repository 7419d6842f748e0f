import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { holdFrame } from '@/prerender/dismiss';

/** The page's spinner; with `label`, what the page waits for is said under it. */
export function PageLoader({ label }: { label?: string } = {}) {
  const { t } = useTranslation();
  // A game page's prerendered frame stays while the app has only this to show.
  useLayoutEffect(holdFrame, []);
  return (
    <Box
      role="status"
      aria-label={label ?? t('common.loading')}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        justifyContent: 'center',
        alignItems: 'center',
        py: 12,
      }}
    >
      {/* A progressbar needs a name of its own, the status around it is not enough. */}
      <CircularProgress aria-label={label ?? t('common.loading')} />
      {label !== undefined && <Typography color="text.secondary">{label}</Typography>}
    </Box>
  );
}
