/**
 * Spec §2: the workspace language comes before the profile and browser languages on custom-look
 * pages: an instructor's public page and the pages of the games and sessions of an instructor
 * whose workspace has an active page, and every page of a portal host (the portal's language
 * where no instructor's applies).
 */
import { useEffect } from 'react';
import type { DocData } from '@sim/core/port/data-port';
import { gameRoute, sessionRoute } from '@/app/navbar-model';
import { usePortalStore } from '@/features/portal/portal-store';
import { useWorkspaceUid } from '@/features/portal/use-workspace-uid';
import { getDataPort } from '@/lib/data/port';
import { useLiveValue } from '@/lib/data/use-live-value';
import { updateLocaleSources, updatePortalLocale } from '@/lib/i18n/i18n';
import { lookLocaleSources, type PortalLocale } from '@/lib/i18n/pick-locale';

/** Where the workspace owner is found for a path: the user page itself, or a game or session. */
export function workspaceOwnerSource(
  pathname: string,
): { readonly owner: string } | { readonly doc: string } | null {
  const user = /^\/user\/([^/]+)\/?$/.exec(pathname);
  if (user?.[1]) {
    try {
      return { owner: decodeURIComponent(user[1]) };
    } catch {
      return null;
    }
  }
  const game = gameRoute(pathname);
  if (game) return { doc: `games/${game.id}` };
  const sid = sessionRoute(pathname);
  if (sid) return { doc: `sessions/${sid}` };
  return null;
}

/** The creator a game or session document names. */
const creatorOf = (_id: string, data: DocData): string | null => {
  const creator = data['creator'];
  return typeof creator === 'string' && creator ? creator : null;
};

export function useWorkspaceLocale(pathname: string): void {
  const source = workspaceOwnerSource(pathname);
  // Live, and rendering again only for a new creator: a game's document changes with every order.
  const creator = useLiveValue(source && 'doc' in source ? source.doc : null, creatorOf).value;
  // `/user/{param}`: a uid or a page's slug.
  const pageOwner = useWorkspaceUid(source && 'owner' in source ? source.owner : null);
  const owner = source && 'owner' in source ? (pageOwner ?? null) : creator;
  const portalLanguage = usePortalStore((s) => s.portal?.language ?? null);
  const allLocales = usePortalStore((s) => s.portal?.allLocales ?? null);

  useEffect(() => {
    void updatePortalLocale(
      allLocales === null ? null : { language: portalLanguage, allLocales: allLocales },
    );
  }, [portalLanguage, allLocales]);

  useEffect(() => {
    const portal: PortalLocale | null =
      allLocales === null ? null : { language: portalLanguage, allLocales };
    if (!owner) {
      void updateLocaleSources(lookLocaleSources(null, portal));
      return undefined;
    }
    const stop = getDataPort().docs.onDoc(
      `publicProfiles/${owner}`,
      (snap) =>
        void updateLocaleSources(lookLocaleSources(snap.exists ? (snap.data ?? {}) : null, portal)),
      () => void updateLocaleSources(lookLocaleSources(null, portal)),
    );
    return () => {
      stop();
      void updateLocaleSources(lookLocaleSources(null, portal));
    };
  }, [owner, portalLanguage, allLocales]);
}
