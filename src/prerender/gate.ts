/**
 * Whether a prerendered page (English, the app's own look) is what this visitor would see first:
 * the home page of a signed-out visitor on `/` (index.html), or a game page's frame while it loads
 * on `/game/:id/…` (app.html). It runs inline in the page before the body is painted, so it is one
 * function that needs nothing else (its text is put in the page as it is). It answers yes only
 * when it is sure: on a portal's host, in another language or on any other path the page starts
 * blank as before. The tests hold it to the app's own `pickLocale` and `portalSlugForHost`.
 */
export type PrerenderedPage = 'home' | 'gameFrame';

/**
 * A game page that shows the frame while it loads, `/game/:id` or one of its player's views: the
 * id and the view (`route-preload.ts` preloads by them). `showsPrerender` writes it out, as its
 * text runs alone in the page; a test holds the two equal.
 */
export const GAME_FRAME_PATH = /^\/game\/([^/]+)(?:\/(intro|play|results|debrief))?\/?$/;

export interface PrerenderVisit {
  /** The page the served HTML carries. */
  readonly page: PrerenderedPage;
  readonly pathname: string;
  readonly hostname: string;
  /** The browser's languages, most wanted first. */
  readonly languages: readonly string[];
  /** The language picker's stored choice, as stored (JSON). */
  readonly storedChoice: string | null;
  /** The app's own hosts (`VITE_APP_HOSTS`); `*.example.com` for every subdomain. */
  readonly appHosts: readonly string[];
  /** The languages the app has. */
  readonly locales: readonly string[];
}

export function showsPrerender(visit: PrerenderVisit): boolean {
  const onPage =
    visit.page === 'home'
      ? visit.pathname === '/'
      : /^\/game\/([^/]+)(?:\/(intro|play|results|debrief))?\/?$/.test(visit.pathname);
  if (!onPage) return false;
  const host = visit.hostname.toLowerCase();
  const ownHost = visit.appHosts.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry,
  );
  if (!ownHost) return false;
  const primary = (tag: string): string => tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (visit.storedChoice !== null) {
    try {
      const choice: unknown = JSON.parse(visit.storedChoice);
      const locale =
        typeof choice === 'object' && choice !== null && 'locale' in choice ? choice.locale : null;
      if (typeof locale !== 'string' || primary(locale) !== 'en') return false;
    } catch {
      return false;
    }
  }
  const first = visit.languages.map(primary).find((tag) => visit.locales.includes(tag));
  return first === undefined || first === 'en';
}
