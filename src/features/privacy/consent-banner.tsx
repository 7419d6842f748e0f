import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { setAnalyticsConsent, useConsentStore } from '@/lib/analytics/consent';

/**
 * The consent banner: asks before any usage analytics is recorded, and again when the visitor
 * opens "Privacy choices". It sits at the bottom of the page in the document's flow (sticky), so
 * it never hides the end of a page, and it is a labelled region a screen reader can find. Accept
 * and Decline weigh the same. `sticky: false` (a game's play page): it waits after the page's
 * end, so a player's controls are never under it (reopened, its focus scrolls it into view).
 */
export function ConsentBanner({ sticky }: { sticky: boolean }) {
  const { t } = useTranslation();
  const choice = useConsentStore((s) => s.choice);
  const reviewing = useConsentStore((s) => s.reviewing);
  const titleId = useId();
  const region = useRef<HTMLElement>(null);
  const open = choice === null || reviewing;

  // Reopened on purpose: the keyboard lands on it, and goes back to what opened it after.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (reviewing) {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      region.current?.focus();
    } else if (opener.current) {
      if (opener.current.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [reviewing]);

  if (!open) return null;
  return (
    <Paper
      component="section"
      ref={region}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-testid="consent-banner"
      elevation={8}
      square
      sx={{
        position: sticky ? 'sticky' : 'static',
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        borderTop: 1,
        borderColor: 'divider',
        px: { xs: 2, sm: 3 },
        py: { xs: 1.5, sm: 2 },
        outline: 'none',
      }}
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={{ xs: 1.5, md: 3 }}
        sx={{ maxWidth: 1100, mx: 'auto', alignItems: { md: 'center' } }}
      >
        <Stack spacing={0.5} sx={{ flex: 1 }}>
          <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {t('privacy.banner.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('privacy.banner.text')}
          </Typography>
          {reviewing && choice !== null && (
            <Typography variant="body2" data-testid="consent-current">
              {t(choice === 'granted' ? 'privacy.current.granted' : 'privacy.current.denied')}
            </Typography>
          )}
        </Stack>
        <Stack direction="row" spacing={1.5} sx={{ flexShrink: 0 }}>
          <Button
            variant="contained"
            disableElevation
            onClick={() => setAnalyticsConsent('denied')}
            data-testid="consent-decline"
            sx={{ flex: { xs: 1, md: 'none' } }}
          >
            {t('privacy.banner.decline')}
          </Button>
          <Button
            variant="contained"
            disableElevation
            onClick={() => setAnalyticsConsent('granted')}
            data-testid="consent-accept"
            sx={{ flex: { xs: 1, md: 'none' } }}
          >
            {t('privacy.banner.accept')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
