import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { startAuthSync } from '@/features/auth/auth-sync';
import { startPortal } from '@/features/portal/portal-store';
import { installAnalytics } from '@/lib/analytics/install';
import { initI18n } from '@/lib/i18n/i18n';
import { installPreloadErrorReload } from '@/lib/lazy/lazy-with-reload';
import { initSentry } from '@/lib/sentry';

initSentry();
// Before anything can record an event: nothing is recorded without the visitor's consent.
installAnalytics();
installPreloadErrorReload();
startAuthSync();
startPortal();

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

void initI18n().finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
