import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { setAnalyticsConsent, useConsentStore } from '@/lib/analytics/consent';

/**
 * Dashboard settings #privacy: the same answer as the consent banner, changed with one switch.
 * Turning it off stops the measurement and forgets the campaign kept in this browser.
 */
export function PrivacySettings() {
  const { t } = useTranslation();
  const choice = useConsentStore((s) => s.choice);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, borderRadius: 4 }} id="privacy">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('privacy.settings.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {t('privacy.settings.text')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={choice === 'granted'}
            onChange={(e) => setAnalyticsConsent(e.target.checked ? 'granted' : 'denied')}
            slotProps={{ input: { 'aria-describedby': 'privacy-state' } }}
            data-testid="privacy-switch"
          />
        }
        label={t('privacy.settings.allow')}
      />
      <Typography id="privacy-state" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t(
          choice === 'granted'
            ? 'privacy.current.granted'
            : choice === 'denied'
              ? 'privacy.current.denied'
              : 'privacy.current.none',
        )}
      </Typography>
    </Paper>
  );
}
