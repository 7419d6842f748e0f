/**
 * A game's pages start downloading what they need with the app's own code, not after it: the
 * built page that every path but `/` gets (app.html, scripts/prerender-home.ts) carries an inline
 * script that, on `/game/:id/…`, adds `modulepreload` links for the game page (on the local store
 * also the Firebase app and Auth, and its client), and, when this browser has shown the game before
 * (src/lib/preload/known-game-types.ts), for its type's intro or play screen. Without it each of
 * these is a round trip after the one before: the entry runs, asks for the game page and the
 * adapter, reads the game, then asks for its screen.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { KNOWN_GAME_TYPES_KEY } from '../src/lib/preload/known-game-types.ts';
import { GAME_FRAME_PATH } from '../src/prerender/gate.ts';
import { APP_HTML } from './prerender-home.ts';
import { routeFiles, type Manifest } from './route-bytes.ts';

/**
 * The game types whose screens the page may preload, the pages they have a screen for, and the
 * English strings their screens show (src/features/games/game-types.ts), which load with them.
 */
const GAME_SCREENS: Readonly<
  Record<string, Readonly<Record<'intro' | 'play', string>> & { strings: readonly string[] }>
> = {
  beergame: {
    intro: 'src/features/games/beer/intro-view.tsx',
    play: 'src/features/games/beer/play-view.tsx',
    strings: ['locales/en/game.json'],
  },
  leangame: {
    intro: 'src/features/games/lean/intro-view.tsx',
    play: 'src/features/games/lean/play-view.tsx',
    strings: ['locales/en/game.json', 'locales/en/leanPlay.json', 'locales/en/leanResults.json'],
  },
};

/**
 * The game page's English strings (src/app/game-routes.tsx): English is always loaded, as the
 * fallback, so they are asked for with the entry instead of after it has run.
 */
const GAME_PAGE_STRINGS = ['locales/en/game.json', 'locales/en/sessions.json'];

/**
 * What every game page needs whatever its type, on the configured backend. On Firestore the page
 * draws from its first reads (decision 0029): the Firebase SDKs download after them, and
 * preloading them would share the network with the page's own files.
 */
function gamePageModules(dataBackend: string): string[] {
  return dataBackend === 'firestore'
    ? ['src/features/games/shared/game-page.tsx', ...GAME_PAGE_STRINGS]
    : [
        'src/features/games/shared/game-page.tsx',
        ...GAME_PAGE_STRINGS,
        'src/lib/firebase/app.ts',
        'store/src/client/local-client.ts',
      ];
}

/** The inline script: the files by page, each list without what the entry already preloads. */
export function preloadScript(manifest: Manifest, dataBackend: string): string {
  const entry = new Set(routeFiles(manifest, ['index.html']));
  const beyond = (modules: readonly string[]): string[] =>
    routeFiles(
      manifest,
      modules.filter((m) => Object.hasOwn(manifest, m)),
    ).filter((file) => !entry.has(file));
  const common = beyond(gamePageModules(dataBackend));
  const screens: Record<string, string[]> = {};
  for (const [type, { intro, play, strings }] of Object.entries(GAME_SCREENS)) {
    for (const [page, module] of Object.entries({ intro, play })) {
      screens[`${type}:${page}`] = beyond([module, ...strings]).filter(
        (file) => !common.includes(file),
      );
    }
  }
  return (
    '(function(){' +
    `var m=${GAME_FRAME_PATH.toString()}.exec(location.pathname);` +
    'if(!m)return;' +
    `var files=${JSON.stringify(common)};` +
    'try{' +
    `var known=JSON.parse(localStorage.getItem(${JSON.stringify(KNOWN_GAME_TYPES_KEY)})||'{}');` +
    'var type=Object.prototype.hasOwnProperty.call(known,m[1])?known[m[1]]:null;' +
    `var screens=${JSON.stringify(screens)};` +
    "var key=type+':'+(m[2]||'intro');" +
    'if(Object.prototype.hasOwnProperty.call(screens,key))files=files.concat(screens[key]);' +
    '}catch(e){}' +
    "files.forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';" +
    "l.crossOrigin='';l.href='/'+f;document.head.appendChild(l)})" +
    '})()'
  );
}

export function routePreload(options: { env: Record<string, string> }): Plugin {
  let outDir = 'dist';
  return {
    name: 'route-preload',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After app.html is written (prerender-home's writeBundle runs before this one's).
    writeBundle: {
      order: 'post',
      handler() {
        const manifest = JSON.parse(
          readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
        ) as Manifest;
        const page = join(outDir, APP_HTML);
        const script = preloadScript(manifest, options.env['VITE_DATA_BACKEND'] ?? 'local');
        const html = readFileSync(page, 'utf8');
        writeFileSync(page, html.replace('</head>', `<script>${script}</script></head>`));
      },
    },
  };
}
