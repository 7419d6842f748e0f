import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SimplePage } from '@/components/simple-page';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('notFound.title')} description={t('notFound.description')}>
      <Button variant="contained" component={RouterLink} to="/" sx={{ mt: 3 }}>
        {t('notFound.backHome')}
      </Button>
    </SimplePage>
  );
}
