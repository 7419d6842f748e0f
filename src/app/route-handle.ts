import { createContext, useContext } from 'react';
import type { RouteAccess } from '@/features/auth/route-guard';
import type { TitleKey } from '@/app/title-keys';

/** Static metadata of a route (react-router `handle`), read by the layout before the page loads. */
export interface RouteHandle {
  readonly access?: RouteAccess;
  /** i18n key of the document title; the product name when absent. */
  readonly title?: TitleKey;
  readonly hideNavbar?: boolean;
  /**
   * The consent banner waits at the end of the page instead of staying on screen: a player's
   * controls (joining, the order box, a station's Send) must never sit under it in class.
   */
  readonly consentAtEnd?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}

/** The deepest route's value of a handle field wins. */
export function deepestHandle<K extends keyof RouteHandle>(
  handles: readonly unknown[],
  key: K,
): RouteHandle[K] | undefined {
  for (let i = handles.length - 1; i >= 0; i--) {
    const handle = handles[i];
    if (isRouteHandle(handle) && handle[key] !== undefined) return handle[key];
  }
  return undefined;
}

/** The `handle` of each route the address matched, outermost first (`AppRoutes` provides it). */
export const RouteHandlesContext = createContext<readonly unknown[]>([]);

export function useRouteHandles(): readonly unknown[] {
  return useContext(RouteHandlesContext);
}
