import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { claimReload } from '@/lib/lazy/reload-guard';

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Reloads the page once for a failed dynamic import; resolves never when it does. */
export function reloadOnceOrThrow(error: unknown): Promise<never> {
  if (claimReload(sessionStore(), Date.now())) {
    window.location.reload();
    return new Promise<never>(() => undefined);
  }
  return Promise.reject(error instanceof Error ? error : new Error(String(error)));
}

/** `React.lazy` for a named export, reloading the page once when the chunk fails to load. */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K] extends ComponentType<infer P> ? ComponentType<P> : never> {
  return lazy(() =>
    load().then(
      (module) => ({
        default: module[name] as M[K] extends ComponentType<infer P> ? ComponentType<P> : never,
      }),
      reloadOnceOrThrow,
    ),
  );
}

/** Vite also reports failed preloads of a chunk's dependencies. */
export function installPreloadErrorReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (claimReload(sessionStore(), Date.now())) {
      event.preventDefault();
      window.location.reload();
    }
  });
}
