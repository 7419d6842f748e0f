/**
 * Pages painted before the JavaScript, rendered to HTML when the page is served or built
 * (scripts/prerender-home.ts), by the app's own components:
 * - the home page as a signed-out visitor on the app's own host first sees it, in English
 *   (decision 0028);
 * - a game page's frame as the app first draws it while the game loads: the navbar before Auth
 *   has answered and the page loader (decision 0030).
 * The browser paints them before any JavaScript has run; the app takes over once it is on screen
 * (`dismissPrerender`). Nothing here runs in the browser.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { Navbar } from '@/app/navbar';
import { PageFrame } from '@/app/page-frame';
import { theme } from '@/app/theme';
import Box from '@mui/material/Box';
import { PageLoader } from '@/components/page-loader';
import { GameHeader, PlayContainer } from '@/features/games/shared/game-header';
import { HomePage } from '@/features/home/home-page';
import { JoinCodeForm } from '@/features/sessions/join-code-form';
import { JoinCodePlaceholder } from '@/features/sessions/join-code-placeholder';
import { englishShellStrings } from '@/lib/i18n/i18n';
import { FALLBACK_LOCALE } from '@/lib/i18n/pick-locale';
import { localeNumberInterpolation } from '@/lib/i18n/format-number';

export interface Markup {
  readonly html: string;
  /** The markup's global rules (the baseline's `html`, `body`…), apart. */
  readonly globalCss: string;
  /** The rules of the markup's class names and animations, apart. */
  readonly css: string;
  /** Emotion's names of those rules: the app's style cache takes them as already inserted. */
  readonly styleNames: readonly string[];
}

/**
 * `page` in the app's frame and providers at `path`, in English. `stylesOf`: components the app
 * draws in place of a placeholder once their code has arrived; their rules join the markup's
 * (their markup does not), so the app does not write them while it takes over.
 */
function renderMarkup(
  path: string,
  page: ReactNode,
  options: { consentAtEnd?: boolean; authPending?: boolean; stylesOf?: ReactNode } = {},
): Markup {
  const i18n = createInstance();
  void i18n.use(localeNumberInterpolation).init({
    resources: { [FALLBACK_LOCALE]: { translation: englishShellStrings() } },
    lng: FALLBACK_LOCALE,
    fallbackLng: FALLBACK_LOCALE,
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
    initAsync: false,
  });
  // Emotion's cache in compatibility mode keeps what it would write inline before each element.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const render = (node: ReactNode): string =>
    renderToString(
      <CacheProvider value={cache}>
        <I18nextProvider i18n={i18n}>
          <ThemeProvider theme={theme}>
            <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
          </ThemeProvider>
        </I18nextProvider>
      </CacheProvider>,
    );
  const html = render(
    <>
      <CssBaseline />
      <PageFrame
        navbar={<Navbar authPending={options.authPending === true} />}
        consentAtEnd={options.consentAtEnd === true}
      >
        {page}
      </PageFrame>
    </>,
  );
  if (options.stylesOf !== undefined) render(options.stylesOf);
  const rules = Object.entries(cache.inserted).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  // Global rules stay apart: the app writes its own global rules (a portal's colours) before the
  // first element of its cache, and they must come after the markup's to win.
  const scoped = ([name, rule]: [string, string]): boolean =>
    rule.includes(`.${cache.key}-${name}`) || rule.startsWith(`@keyframes ${name}`);
  const own = rules.filter(scoped);
  return {
    html,
    globalCss: rules
      .filter((entry) => !scoped(entry))
      .map(([, rule]) => rule)
      .join(''),
    css: own.map(([, rule]) => rule).join(''),
    styleNames: own.map(([name]) => name),
  };
}

/**
 * The home page of a signed-out visitor, the session code card's frame empty; with the rules of
 * the form that fills it, which the app would otherwise write in the task that shows the form.
 */
export function renderHomeMarkup(): Markup {
  return renderMarkup(
    '/',
    <HomePage
      joinCode={<JoinCodePlaceholder variant="hero" />}
      heroTitle=""
      hideSignup={false}
      lookColors={null}
    />,
    {
      stylesOf: (
        <JoinCodeForm variant="hero" signedIn={false} signInAnonymously={() => Promise.resolve()} />
      ),
    },
  );
}

/**
 * A game page while it loads: the navbar as before Auth has answered (the logo, help; no account
 * buttons, no game) and the page loader. It has no word of its own on screen, so it stands for
 * every language (the loader's name is hidden with the rest, see the plugin). Above the loader,
 * hidden, the play page's heading: on the play page of a game this browser showed before, the
 * inline script writes the game's name in it (src/prerender/frame-name.ts).
 */
export function renderGameFrameMarkup(): Markup {
  // As the intro and the play page lay out (their consent banner waits after the page).
  return renderMarkup(
    '/game/frame/play',
    <>
      <Box data-frame-heading hidden>
        <PlayContainer>
          <GameHeader name="" />
        </PlayContainer>
      </Box>
      <PageLoader />
    </>,
    { consentAtEnd: true, authPending: true },
  );
}
