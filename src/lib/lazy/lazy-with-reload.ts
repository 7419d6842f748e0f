import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadStrings } from '@/lib/i18n/i18n';
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

/**
 * `React.lazy` for a named export, reloading the page once when the chunk fails to load.
 * `strings`: the feature files of locales/ the component shows, loaded beside its code.
 */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  strings: readonly string[] = [],
): LazyExoticComponent<M[K] extends ComponentType<infer P> ? ComponentType<P> : never> {
  return lazy(() =>
    // A file of strings that fails to load leaves its keys to the fallback, not the page.
    Promise.all([load(), loadStrings(strings).catch(() => undefined)]).then(
      ([module]) => ({
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
