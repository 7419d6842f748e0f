/**
 * Where errors and toasts show (spec §8). Their snackbars' code is not needed to draw a page: it
 * loads once the page is idle, or at once with the first notice, which waits for it.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useErrorStore } from '@/lib/errors/error-store';
import { useToastStore } from '@/lib/toast/toast-store';

const loadSnackbars = () => import('@/app/snackbars');
const Snackbars = lazy(loadSnackbars);

/** How long an idle-time load may wait where the browser never reports idle time. */
const IDLE_LOAD_MS = 3000;

export function Notices() {
  const hasError = useErrorStore((s) => s.error !== null);
  const hasToast = useToastStore((s) => s.queue.length > 0);
  // Once shown, it stays: a snackbar's closing slide needs it mounted.
  const [shown, setShown] = useState(false);
  if ((hasError || hasToast) && !shown) setShown(true);
  useEffect(() => {
    const load = () => void loadSnackbars().catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(load, { timeout: IDLE_LOAD_MS });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(load, IDLE_LOAD_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Snackbars />
    </Suspense>
  );
}
