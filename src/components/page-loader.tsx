import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation();
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
