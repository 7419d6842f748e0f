/**
 * The home page as a signed-out visitor on the app's own host first sees it, in English, rendered
 * to HTML when index.html is served or built (scripts/prerender-home.ts). The browser paints it
 * before any JavaScript has run; the app takes over once its home page is on screen
 * (`dismissPrerender`). Nothing here runs in the browser.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { Navbar } from '@/app/navbar';
import { PageFrame } from '@/app/page-frame';
import { theme } from '@/app/theme';
import { HomePage } from '@/features/home/home-page';
import { JoinCodePlaceholder } from '@/features/sessions/join-code-placeholder';
import { englishShellStrings } from '@/lib/i18n/i18n';
import { FALLBACK_LOCALE } from '@/lib/i18n/pick-locale';
import { localeNumberInterpolation } from '@/lib/i18n/format-number';

/** The page's markup and, apart, the styles it uses (one style element instead of one per rule). */
export function renderHomeMarkup(): { html: string; css: string } {
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
  const html = renderToString(
    <CacheProvider value={cache}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <MemoryRouter initialEntries={['/']}>
            <PageFrame navbar={<Navbar />}>
              <HomePage
                joinCode={<JoinCodePlaceholder variant="hero" />}
                heroTitle=""
                hideSignup={false}
                lookColors={null}
              />
            </PageFrame>
          </MemoryRouter>
        </ThemeProvider>
      </I18nextProvider>
    </CacheProvider>,
  );
  const css = Object.values(cache.inserted)
    .filter((rule): rule is string => typeof rule === 'string')
    .join('');
  return { html, css };
}
