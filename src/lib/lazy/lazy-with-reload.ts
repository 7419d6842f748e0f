import { createElement, lazy, useState, type ComponentType } from 'react';
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

/** A lazily loaded page: a component, and a way to start loading it before it is shown. */
export type LazyPage<P> = ComponentType<P> & {
  /** Starts loading the code and strings now; the page then renders at once when shown. */
  readonly preload: () => Promise<void>;
};

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * `React.lazy` for a named export, reloading the page once when the chunk fails to load.
 * `strings`: the feature files of locales/ the component shows, loaded beside its code.
 *
 * Once loaded (by `preload`, or an earlier showing), the page renders its component directly:
 * `React.lazy` suspends at least once on every first showing, and React then holds the content
 * back for up to 300 ms after the fallback it showed (a player's page waited for it on every
 * load). Until then it suspends as `React.lazy` does.
 */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  strings: readonly string[] = [],
): LazyPage<PropsOf<M[K]>> {
  type Props = PropsOf<M[K]>;
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const start = (): Promise<ComponentType<Props>> => {
    loading ??= Promise.all([load(), loadStrings(strings).catch(() => undefined)]).then(
      ([module]) => {
        // A file of strings that fails to load leaves its keys to the fallback, not the page.
        loaded = module[name] as ComponentType<Props>;
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        return reloadOnceOrThrow(error);
      },
    );
    return loading;
  };
  const Suspending = lazy(() => start().then((component) => ({ default: component })));
  const Page = (props: Props) => {
    // What an instance renders stays what it first rendered: a page shown through the lazy
    // wrapper that then rendered the loaded component would be a new element type to React, which
    // mounts the page anew and loses its state.
    const [component] = useState(() => loaded ?? Suspending);
    // Props pass through unchanged; TypeScript cannot follow a generic component's props here.
    return createElement(component as ComponentType<object>, props as object);
  };
  return Object.assign(Page, {
    preload: () => start().then(() => undefined),
  }) as unknown as LazyPage<Props>;
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
