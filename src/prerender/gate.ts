/**
 * Whether the prerendered home page (signed-out, English, the app's own look) is what this visitor
 * would see first. It runs inline in index.html before the body is painted, so it is one function
 * that needs nothing else (its text is put in the page as it is). It answers yes only when it is
 * sure: on a portal's host, in another language or on any other path the page starts blank as
 * before. The tests hold it to the app's own `pickLocale` and `portalSlugForHost`.
 */
export interface PrerenderVisit {
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

export function showsPrerenderedHome(visit: PrerenderVisit): boolean {
  if (visit.pathname !== '/') return false;
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
