import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_HOSTS, portalSlugForHost } from '@/lib/host/portal-host';
import { LOCALES, parsePickerChoice, pickLocale } from '@/lib/i18n/pick-locale';
import { GAME_FRAME_PATH, showsPrerender, type PrerenderVisit } from '@/prerender/gate';

const visit = (over: Partial<PrerenderVisit> = {}): PrerenderVisit => ({
  page: 'home',
  pathname: '/',
  hostname: 'localhost',
  languages: ['en-US', 'en'],
  storedChoice: null,
  appHosts: DEFAULT_APP_HOSTS,
  locales: LOCALES,
  ...over,
});

/** A game page as the app's router has it (src/app/router.tsx). */
const GAME_PAGE = /^\/game\/[^/]+(\/(intro|play|results|debrief))?\/?$/;

/** Whether the app itself shows this visit the page in English on its own host first. */
function appShowsEnglishOwn(v: PrerenderVisit): boolean {
  const choice = parsePickerChoice(v.storedChoice);
  const locale = pickLocale({ forced: choice?.locale ?? null, browserLanguages: v.languages });
  const onPage = v.page === 'home' ? v.pathname === '/' : GAME_PAGE.test(v.pathname);
  return onPage && locale === 'en' && portalSlugForHost(v.hostname, v.appHosts) === null;
}

describe('the prerendered home page gate', () => {
  it('lets in an English visitor of the app’s own home page', () => {
    expect(showsPrerender(visit())).toBe(true);
    expect(showsPrerender(visit({ languages: ['en-GB'] }))).toBe(true);
    // A browser in no language the app has gets the English fallback.
    expect(showsPrerender(visit({ languages: ['ja-JP', 'ko'] }))).toBe(true);
    expect(showsPrerender(visit({ languages: ['ja', 'en-US', 'fr'] }))).toBe(true);
    expect(
      showsPrerender(visit({ hostname: 'app.simgames.example', appHosts: ['*.simgames.example'] })),
    ).toBe(true);
  });

  it('turns away another path, another language, a picker choice and a portal’s host', () => {
    expect(showsPrerender(visit({ pathname: '/login' }))).toBe(false);
    expect(showsPrerender(visit({ languages: ['fr-FR', 'en'] }))).toBe(false);
    expect(showsPrerender(visit({ languages: ['ja', 'de-CH', 'en'] }))).toBe(false);
    expect(
      showsPrerender(visit({ storedChoice: JSON.stringify({ locale: 'pl', uid: null }) })),
    ).toBe(false);
    expect(showsPrerender(visit({ storedChoice: '{not json' }))).toBe(false);
    expect(showsPrerender(visit({ hostname: 'myschool.localhost' }))).toBe(false);
    expect(
      showsPrerender(visit({ hostname: 'myschool.simgames.app', appHosts: ['simgames.app'] })),
    ).toBe(false);
    // A classroom's LAN address is the app's own host, but not a configured one: blank, as before.
    expect(showsPrerender(visit({ hostname: '192.168.1.20' }))).toBe(false);
  });

  it('lets a game page’s frame show on game pages only', () => {
    const frame = (pathname: string) => showsPrerender(visit({ page: 'gameFrame', pathname }));
    expect(frame('/game/g1/play')).toBe(true);
    expect(frame('/game/g1')).toBe(true);
    expect(frame('/game/g1/intro/')).toBe(true);
    expect(frame('/game/g1/results')).toBe(true);
    expect(frame('/game/g1/edit')).toBe(false);
    expect(frame('/game/g1/play/more')).toBe(false);
    expect(frame('/')).toBe(false);
    expect(frame('/dashboard')).toBe(false);
    expect(showsPrerender(visit({ page: 'home', pathname: '/game/g1/play' }))).toBe(false);
    expect(
      showsPrerender(visit({ page: 'gameFrame', pathname: '/game/g1/play', languages: ['de-DE'] })),
    ).toBe(false);
  });

  it('never lets in a visitor to whom the app would show another page first', () => {
    const hosts = ['localhost', 'myschool.localhost', 'app.simgames.example', 'x.simgames.example'];
    const languages = [[], ['en'], ['fr-FR'], ['ja', 'de'], ['ja'], ['pt-BR', 'en'], ['EN_us']];
    const choices = [null, '{"locale":"en"}', '{"locale":"es","uid":null}', '[]', 'nonsense'];
    for (const hostname of hosts) {
      for (const langs of languages) {
        for (const storedChoice of choices) {
          for (const pathname of ['/', '/game/g1/play', '/game/g1/edit', '/login']) {
            for (const page of ['home', 'gameFrame'] as const) {
              const v = visit({
                page,
                hostname,
                languages: langs,
                storedChoice,
                pathname,
                appHosts: ['localhost', 'simgames.example', 'app.simgames.example'],
              });
              if (showsPrerender(v)) expect(appShowsEnglishOwn(v), JSON.stringify(v)).toBe(true);
            }
          }
        }
      }
    }
  });

  it('writes out the game page pattern the build scripts share', () => {
    // The gate's text runs alone in the page, so it cannot refer to the shared pattern.
    expect(showsPrerender.toString()).toContain(GAME_FRAME_PATH.toString());
  });
});
