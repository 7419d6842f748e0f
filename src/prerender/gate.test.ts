import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_HOSTS, portalSlugForHost } from '@/lib/host/portal-host';
import { LOCALES, parsePickerChoice, pickLocale } from '@/lib/i18n/pick-locale';
import { showsPrerenderedHome, type PrerenderVisit } from '@/prerender/gate';

const visit = (over: Partial<PrerenderVisit> = {}): PrerenderVisit => ({
  pathname: '/',
  hostname: 'localhost',
  languages: ['en-US', 'en'],
  storedChoice: null,
  appHosts: DEFAULT_APP_HOSTS,
  locales: LOCALES,
  ...over,
});

/** What the app itself shows a signed-out visitor of this visit first: its language and host. */
function appShowsEnglishOwnHome(v: PrerenderVisit): boolean {
  const choice = parsePickerChoice(v.storedChoice);
  const locale = pickLocale({ forced: choice?.locale ?? null, browserLanguages: v.languages });
  return (
    v.pathname === '/' && locale === 'en' && portalSlugForHost(v.hostname, v.appHosts) === null
  );
}

describe('the prerendered home page gate', () => {
  it('lets in an English visitor of the app’s own home page', () => {
    expect(showsPrerenderedHome(visit())).toBe(true);
    expect(showsPrerenderedHome(visit({ languages: ['en-GB'] }))).toBe(true);
    // A browser in no language the app has gets the English fallback.
    expect(showsPrerenderedHome(visit({ languages: ['ja-JP', 'ko'] }))).toBe(true);
    expect(showsPrerenderedHome(visit({ languages: ['ja', 'en-US', 'fr'] }))).toBe(true);
    expect(
      showsPrerenderedHome(
        visit({ hostname: 'app.simgames.example', appHosts: ['*.simgames.example'] }),
      ),
    ).toBe(true);
  });

  it('turns away another path, another language, a picker choice and a portal’s host', () => {
    expect(showsPrerenderedHome(visit({ pathname: '/login' }))).toBe(false);
    expect(showsPrerenderedHome(visit({ languages: ['fr-FR', 'en'] }))).toBe(false);
    expect(showsPrerenderedHome(visit({ languages: ['ja', 'de-CH', 'en'] }))).toBe(false);
    expect(
      showsPrerenderedHome(visit({ storedChoice: JSON.stringify({ locale: 'pl', uid: null }) })),
    ).toBe(false);
    expect(showsPrerenderedHome(visit({ storedChoice: '{not json' }))).toBe(false);
    expect(showsPrerenderedHome(visit({ hostname: 'myschool.localhost' }))).toBe(false);
    expect(
      showsPrerenderedHome(
        visit({ hostname: 'myschool.simgames.app', appHosts: ['simgames.app'] }),
      ),
    ).toBe(false);
    // A classroom's LAN address is the app's own host, but not a configured one: blank, as before.
    expect(showsPrerenderedHome(visit({ hostname: '192.168.1.20' }))).toBe(false);
  });

  it('never lets in a visitor to whom the app would show another page first', () => {
    const hosts = ['localhost', 'myschool.localhost', 'app.simgames.example', 'x.simgames.example'];
    const languages = [[], ['en'], ['fr-FR'], ['ja', 'de'], ['ja'], ['pt-BR', 'en'], ['EN_us']];
    const choices = [null, '{"locale":"en"}', '{"locale":"es","uid":null}', '[]', 'nonsense'];
    for (const hostname of hosts) {
      for (const langs of languages) {
        for (const storedChoice of choices) {
          for (const pathname of ['/', '/game/g1/play']) {
            const v = visit({
              hostname,
              languages: langs,
              storedChoice,
              pathname,
              appHosts: ['localhost', 'simgames.example', 'app.simgames.example'],
            });
            if (showsPrerenderedHome(v))
              expect(appShowsEnglishOwnHome(v), JSON.stringify(v)).toBe(true);
          }
        }
      }
    }
  });
});
