/**
 * Spec §2: the workspace language comes before the profile and browser languages on custom-look
 * pages: an instructor's public page and the pages of the games and sessions of an instructor
 * whose workspace has an active page, and every page of a portal host (the portal's language
 * where no instructor's applies).
 */
import { useEffect, useState } from 'react';
import { gameRoute, sessionRoute } from '@/app/navbar-model';
import { usePortalStore } from '@/features/portal/portal-store';
import { useWorkspaceUid } from '@/features/portal/use-workspace-uid';
import { getDataPort } from '@/lib/data/port';
import { firstAsTransition } from '@/lib/perf/first-as-transition';
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

/** The creator of the game or session document at `path`, live; null while unknown. */
function useCreator(path: string | null): string | null {
  const [state, setState] = useState<{ path: string; creator: string | null }>({
    path: '',
    creator: null,
  });
  useEffect(() => {
    if (!path) return undefined;
    // The first answer as the page mounts, in slices with it; then only a new creator renders:
    // a game's document changes with every order.
    const show = firstAsTransition();
    const keep = (creator: string | null) =>
      show(() =>
        setState((prev) =>
          prev.path === path && prev.creator === creator ? prev : { path, creator },
        ),
      );
    return getDataPort().docs.onDoc(
      path,
      (snap) => {
        const creator = snap.data?.['creator'];
        keep(typeof creator === 'string' && creator ? creator : null);
      },
      // A document the visitor may not read has no look; the page shows its own message.
      () => keep(null),
    );
  }, [path]);
  return path && state.path === path ? state.creator : null;
}

export function useWorkspaceLocale(pathname: string): void {
  const source = workspaceOwnerSource(pathname);
  const creator = useCreator(source && 'doc' in source ? source.doc : null);
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
