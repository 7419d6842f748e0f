import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SimplePage } from '@/components/simple-page';
import { errorMessage } from '@/lib/errors/error-message';
import { reportError } from '@/lib/sentry';
import { dismissPrerender } from '@/prerender/dismiss';

/** Shown when a page throws while rendering or its code cannot be loaded even after a reload. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => reportError(error), [error]);
  // An error in place of the home page: the prerendered stand-in must not hide it.
  useEffect(dismissPrerender, []);
  return (
    <SimplePage title={t('errors.pageTitle')} description={t('errors.pageDescription')}>
      <pre style={{ whiteSpace: 'pre-wrap', color: '#64748b', marginTop: 16 }}>
        {errorMessage(error)}
      </pre>
      <Button variant="contained" onClick={() => window.location.reload()} sx={{ mt: 2 }}>
        {t('errors.reload')}
      </Button>
    </SimplePage>
  );
}
