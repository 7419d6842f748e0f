import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { startAuthSync, storedSessionRead } from '@/features/auth/auth-sync';
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

/**
 * The longest the first render waits for the stored session (`storedSessionRead`): a browser
 * whose storage does not answer still shows its page.
 */
const SESSION_WAIT_MS = 1000;
const sessionOrTimeout = Promise.race([
  storedSessionRead(),
  new Promise<void>((resolve) => setTimeout(resolve, SESSION_WAIT_MS)),
]);

void Promise.all([initI18n(), sessionOrTimeout]).finally(() => {
  const root = createRoot(container);
  // The first render as a transition: React renders the page in slices and lets the browser
  // answer a tap between them, instead of one long task (a phone's total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
