import { describe, expect, it } from 'vitest';
import type { Manifest } from './route-bytes';
import { preloadScript } from './route-preload';

/** A build's manifest in small: the entry, the game page, the adapters, the screens. */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_model.js': { file: 'assets/model.js' },
  'src/features/games/shared/game-page.tsx': {
    file: 'assets/game-page.js',
    isDynamicEntry: true,
    imports: ['_react.js', '_model.js'],
  },
  'src/lib/firebase/app.ts': { file: 'assets/app.js', isDynamicEntry: true },
  'src/lib/data/firestore-adapter.ts': { file: 'assets/firestore.js', isDynamicEntry: true },
  'store/src/client/local-client.ts': { file: 'assets/local.js', isDynamicEntry: true },
  'src/features/games/beer/play-view.tsx': {
    file: 'assets/beer-play.js',
    isDynamicEntry: true,
    imports: ['_model.js', '_table.js'],
  },
  '_table.js': { file: 'assets/table.js' },
  'src/features/games/beer/intro-view.tsx': { file: 'assets/beer-intro.js', isDynamicEntry: true },
  'src/features/games/lean/play-view.tsx': { file: 'assets/lean-play.js', isDynamicEntry: true },
  'src/features/games/lean/intro-view.tsx': { file: 'assets/lean-intro.js', isDynamicEntry: true },
  'locales/en/game.json': { file: 'assets/game-strings.js', isDynamicEntry: true },
  'locales/en/sessions.json': { file: 'assets/sessions-strings.js', isDynamicEntry: true },
  'locales/en/leanPlay.json': { file: 'assets/lean-play-strings.js', isDynamicEntry: true },
};

/** Runs the inline script as the page would, and returns the files it asked to preload. */
function preloadedOn(script: string, pathname: string, stored: string | null): string[] {
  const links: { rel: string; href: string; crossOrigin: string | null }[] = [];
  const page = {
    location: { pathname },
    localStorage: { getItem: () => stored },
    document: {
      createElement: () => ({ rel: '', href: '', crossOrigin: null }),
      head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
    },
  };
  new Function('location', 'localStorage', 'document', script)(
    page.location,
    page.localStorage,
    page.document,
  );
  for (const link of links) {
    expect(link.rel).toBe('modulepreload');
    // As Vite's own preloads: same-origin CORS, so the module request reuses the preload.
    expect(link.crossOrigin).toBe('');
  }
  return links.map((l) => l.href);
}

describe('route preload', () => {
  const firestore = preloadScript(MANIFEST, 'firestore');
  // On Firestore the SDKs wait for the page's first reads (decision 0029).
  const common = [
    '/assets/game-page.js',
    '/assets/model.js',
    '/assets/game-strings.js',
    '/assets/sessions-strings.js',
  ];

  it('preloads the game page on a game page, not what the entry has; Firebase and the client on the local store', () => {
    expect(preloadedOn(firestore, '/game/g1/intro', null)).toEqual(common);
    expect(preloadedOn(firestore, '/game/g1', null)).toEqual(common);
    expect(preloadedOn(firestore, '/game/g1/play', null)).not.toContain('/assets/firestore.js');
    expect(preloadedOn(preloadScript(MANIFEST, 'local'), '/game/g1/play', null)).toEqual([
      '/assets/game-page.js',
      '/assets/model.js',
      '/assets/game-strings.js',
      '/assets/sessions-strings.js',
      '/assets/app.js',
      '/assets/local.js',
    ]);
  });

  it('adds the screen of a game type this browser has shown, for its page', () => {
    const known = JSON.stringify({ g1: 'beergame', g2: 'leangame' });
    expect(preloadedOn(firestore, '/game/g1/play', known)).toEqual([
      ...common,
      '/assets/beer-play.js',
      '/assets/table.js',
    ]);
    // With its type's strings (a file the build lacks, leanResults here, is left out).
    expect(preloadedOn(firestore, '/game/g2/intro', known)).toEqual([
      ...common,
      '/assets/lean-intro.js',
      '/assets/lean-play-strings.js',
    ]);
    expect(preloadedOn(firestore, '/game/g3/play', known)).toEqual(common);
    // Results have no screen listed: the common part only.
    expect(preloadedOn(firestore, '/game/g1/results', known)).toEqual(common);
  });

  it('asks for nothing elsewhere, and survives hostile or broken storage', () => {
    expect(preloadedOn(firestore, '/', null)).toEqual([]);
    expect(preloadedOn(firestore, '/dashboard/games', null)).toEqual([]);
    expect(preloadedOn(firestore, '/game/g1/play', '{broken')).toEqual(common);
    expect(preloadedOn(firestore, '/game/__proto__/play', '{"toString":"beergame"}')).toEqual(
      common,
    );
    expect(
      preloadedOn(firestore, '/game/constructor/play', JSON.stringify({ g1: 'beergame' })),
    ).toEqual(common);
  });
});
