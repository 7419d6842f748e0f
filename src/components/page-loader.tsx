import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { holdFrame } from '@/prerender/dismiss';

export function PageLoader() {
  const { t } = useTranslation();
  // A game page's prerendered frame stays while the app has only this to show.
  useLayoutEffect(holdFrame, []);
  return (
    <Box
      role="status"
      aria-label={t('common.loading')}
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 12 }}
    >
      {/* A progressbar needs a name of its own, the status around it is not enough. */}
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
