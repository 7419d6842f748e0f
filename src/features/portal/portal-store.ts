/**
 * The portal of the page's host (spec §2): on a host other than the app's own, `portals/{slug}`
 * by the subdomain, live. Read once at start-up; every page reads the look from here.
 */
import { create } from 'zustand';
import { watchPortal } from '@/features/portal/portal-api';
import type { PortalLook } from '@/features/portal/portal-model';
import { config } from '@/lib/config';
import { portalSlugForHost } from '@/lib/host/portal-host';
import { preloadLookColors } from '@/lib/look/look-theme';

export interface PortalState {
  /** 'none': the app's own host; 'loading': a portal host whose look is on its way. */
  readonly status: 'none' | 'loading' | 'ready';
  /** The portal's look once read; null on the app's own host or for an unknown portal. */
  readonly portal: PortalLook | null;
}

export const usePortalStore = create<PortalState>()(() => ({ status: 'none', portal: null }));

let started = false;

export function startPortal(hostname: string = window.location.hostname): void {
  if (started) return;
  started = true;
  const slug = portalSlugForHost(hostname, config.appHosts);
  if (!slug) return;
  usePortalStore.setState({ status: 'loading' });
  // A wide screen paints the portal's colours: their code comes alongside the portal's look.
  preloadLookColors();
  watchPortal(slug, (portal) => usePortalStore.setState({ status: 'ready', portal }));
}

/**
 * Spec §2: signup is hidden when a portal look is active. While a portal host's look is still
 * loading it stays hidden too, so it never flashes on a school's page.
 */
export function signupHidden(state: PortalState): boolean {
  return state.status === 'loading' || state.portal !== null;
}
