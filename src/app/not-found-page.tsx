import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { JoinCodeEntry } from '@/app/session-routes';
import { SimplePage } from '@/components/simple-page';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('notFound.title')} description={t('notFound.description')}>
      <Box sx={{ mt: 3 }}>
        <JoinCodeEntry />
      </Box>
      <Button variant="contained" component={RouterLink} to="/" sx={{ mt: 3 }}>
        {t('notFound.backHome')}
      </Button>
    </SimplePage>
  );
}
