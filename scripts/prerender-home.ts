/**
 * Puts a page's markup in the HTML served (`#prerender`), so a visitor's browser paints it before
 * any JavaScript has run, on the dev server as on the build: the home page in the page served on
 * `/` (index.html, decision 0028), and a game page's frame while it loads in app.html, which every
 * other path gets (decision 0030). The markup is rendered by src/prerender/page-markup.tsx through
 * Vite's SSR module loading. An inline script in the head (src/prerender/gate.ts) shows it, before
 * the first paint, only to a visitor who would see that page first (its path, not in another
 * language, not on a portal's host), and then keeps the app hidden under it until the app's own
 * page is on screen (src/prerender/dismiss.ts).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  createServer,
  type AliasOptions,
  type IndexHtmlTransformContext,
  type Plugin,
  type ViteDevServer,
} from 'vite';
import { GAME_FRAME_PATH, showsPrerender, type PrerenderedPage } from '../src/prerender/gate.ts';
import type { Markup } from '../src/prerender/page-markup.tsx';
import { frameGameName, GAME_NAMES_KEY } from '../src/prerender/frame-name.ts';
import { LOCALES } from '../src/lib/i18n/pick-locale.ts';
import { parseAppHosts } from '../src/lib/host/portal-host.ts';

const MARKUP_MODULE = '/src/prerender/page-markup.tsx';

/** Shows the prerender only to a visitor the gate lets in, and hides the app under it meanwhile. */
const STYLE =
  'html:not([data-prerender=on]) #prerender{display:none}' +
  'html[data-prerender=on] #prerender~#root{visibility:hidden;position:absolute;top:0;left:0;width:100%}';

function gateScript(page: PrerenderedPage, appHosts: readonly string[]): string {
  const visit = `{page:${JSON.stringify(page)},pathname:location.pathname,hostname:location.hostname,languages:navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language||''],storedChoice:localStorage.getItem('simgames.locale'),appHosts:${JSON.stringify(appHosts)},locales:${JSON.stringify(LOCALES)}}`;
  // Any failure (storage refused, an old browser) leaves the prerender hidden: blank until the
  // app, as before.
  return `(function(){try{if((${showsPrerender.toString()})(${visit}))document.documentElement.setAttribute('data-prerender','on')}catch(e){}})()`;
}

/**
 * Runs right after a game page's frame: on the play page of a game this browser showed, the
 * game's name goes in the frame's heading (src/prerender/frame-name.ts). Any failure leaves the
 * heading hidden.
 */
function frameNameScript(): string {
  return (
    `(function(){try{if(document.documentElement.getAttribute('data-prerender')!=='on')return;` +
    `var name=(${frameGameName.toString()})(location.pathname,localStorage.getItem(${JSON.stringify(GAME_NAMES_KEY)}));` +
    `var box=name===null?null:document.querySelector('#prerender [data-frame-heading]');` +
    `var heading=box&&box.querySelector('h1');` +
    `if(heading){heading.textContent=name;box.hidden=false}}catch(e){}})()`
  );
}

/**
 * The stand-in is a picture of the page until the app has loaded: inert and hidden from assistive
 * technology (its buttons would do nothing yet), and without the test hooks, which name the app's
 * own elements.
 */
function withoutTestIds(html: string): string {
  return html.replace(/ data-testid="[^"]*"/g, '');
}

interface MarkupModule {
  renderHomeMarkup(): Markup;
  renderGameFrameMarkup(): Markup;
}

async function renderWith(server: ViteDevServer, page: PrerenderedPage): Promise<Markup> {
  const module = (await server.ssrLoadModule(MARKUP_MODULE)) as MarkupModule;
  return page === 'home' ? module.renderHomeMarkup() : module.renderGameFrameMarkup();
}

/** The page whose markup the HTML served on `path` carries, if any. */
function prerenderedPageFor(path: string): PrerenderedPage | null {
  if (path === '/' || path === '/index.html') return 'home';
  return GAME_FRAME_PATH.test(path) ? 'gameFrame' : null;
}

/** The page the host serves on every path but `/`: the same app, without the home's markup. */
export const APP_HTML = 'app.html';

export function prerenderHome(options: {
  alias: AliasOptions;
  env: Record<string, string>;
}): Plugin {
  let devServer: ViteDevServer | undefined;
  let outDir = 'dist';
  let appHtml: string | undefined;
  const forced = options.env['VITE_FORCED_LOCALE'];
  // A deployment for one other language never shows the English page.
  const enabled = !forced || forced === 'en';
  const appHosts = parseAppHosts(options.env['VITE_APP_HOSTS']);
  // The markup's styles go in the head (its rules scoped by emotion's class names, which the app's
  // own match), named as emotion names server-rendered styles, so the app's style cache does not
  // write them again (decision 0036); the global rules before them, unnamed, so that the app's own
  // global rules, written before its cache's first element, come after them; the gate runs
  // before the body is parsed.
  const inject = (html: string, page: PrerenderedPage, markup: Markup): string =>
    html
      .replace(
        '</head>',
        `<style>${STYLE}</style><style>${markup.globalCss}</style>` +
          `<style data-emotion="css ${markup.styleNames.join(' ')}" data-prerender>${markup.css}</style>` +
          `<script>${gateScript(page, appHosts)}</script></head>`,
      )
      .replace(
        '<div id="root"></div>',
        `<div id="prerender" data-page="${page}" inert aria-hidden="true">${withoutTestIds(markup.html)}</div>` +
          (page === 'gameFrame' ? `<script>${frameNameScript()}</script>` : '') +
          '<div id="root"></div>',
      );
  return {
    name: 'prerender-home',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      devServer = server;
    },
    // `vite preview` serves app.html where Hosting's rewrite does (firebase.json): every path
    // but `/` that is not a file.
    configurePreviewServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = (req.url ?? '/').split('?')[0] ?? '/';
        const wantsPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
        if (wantsPage && path !== '/' && path !== '/index.html' && !/\.[\w]+$/.test(path)) {
          req.url = `/${APP_HTML}`;
        }
        next();
      });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html: string, context: IndexHtmlTransformContext) {
        const server = context.server ?? devServer;
        if (server) {
          // The dev server: each path gets what Hosting serves it.
          const page = prerenderedPageFor((context.originalUrl ?? '/').split('?')[0] ?? '/');
          return enabled && page ? inject(html, page, await renderWith(server, page)) : html;
        }
        appHtml = html;
        if (!enabled) return html;
        // A build: a short-lived server of its own loads the markup's modules for Node.
        const ssr = await createServer({
          configFile: false,
          logLevel: 'warn',
          resolve: { alias: options.alias },
          server: { middlewareMode: true, hmr: false, ws: false },
          appType: 'custom',
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          appHtml = inject(html, 'gameFrame', await renderWith(ssr, 'gameFrame'));
          return inject(html, 'home', await renderWith(ssr, 'home'));
        } finally {
          await ssr.close();
        }
      },
    },
    writeBundle() {
      if (appHtml !== undefined) writeFileSync(resolve(outDir, APP_HTML), appHtml);
    },
  };
}
