import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { startAuthSync } from '@/features/auth/auth-sync';
import { initI18n } from '@/lib/i18n/i18n';
import { installPreloadErrorReload } from '@/lib/lazy/lazy-with-reload';
import { initSentry } from '@/lib/sentry';

initSentry();
installPreloadErrorReload();
startAuthSync();

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

void initI18n().finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
