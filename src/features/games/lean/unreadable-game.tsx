/** A lean game whose line the core cannot read (a damaged document): said plainly, no crash. */
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SimplePage } from '@/components/simple-page';

export function UnreadableGame() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('game.unavailableTitle')} description={t('leanPlay.unreadable')}>
      <Button component={RouterLink} to="/" sx={{ mt: 3 }} variant="contained">
        {t('game.backHome')}
      </Button>
    </SimplePage>
  );
}
