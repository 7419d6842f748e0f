import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function LoadingPage() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      sx={{
        flex: 1,
        display: 'grid',
        placeItems: 'center',
        alignContent: 'center',
        gap: 2,
        py: 10,
      }}
    >
      {/* The message below says it: the spinner is decoration. */}
      <CircularProgress size={48} aria-hidden />
      <Typography color="text.secondary">{t('loading.message')}</Typography>
    </Box>
  );
}
