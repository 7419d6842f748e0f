/**
 * i18next set-up. English is bundled (it is also the fallback); other languages are separate
 * chunks loaded when chosen. The language follows `pickLocale` (spec §2 order).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../../locales/en/translation.json';
import { config } from '@/lib/config';
import {
  FALLBACK_LOCALE,
  normalizeLocale,
  pickLocale,
  type Locale,
  type LocaleSources,
} from '@/lib/i18n/pick-locale';

type Bundle = typeof en;

const loaders = import.meta.glob<Bundle>(
  ['../../../locales/*/translation.json', '!../../../locales/en/translation.json'],
  { import: 'default' },
);

const CHOSEN_KEY = 'simgames.locale';

function loaderFor(locale: Locale): (() => Promise<Bundle>) | undefined {
  return loaders[`../../../locales/${locale}/translation.json`];
}

function readChosenLocale(): Locale | undefined {
  try {
    return normalizeLocale(window.localStorage.getItem(CHOSEN_KEY));
  } catch {
    return undefined;
  }
}

/** Sources known outside React; pages add the workspace and profile languages when they load. */
let sources: LocaleSources = {};

async function ensureLoaded(locale: Locale): Promise<void> {
  if (i18next.hasResourceBundle(locale, 'translation')) return;
  const load = loaderFor(locale);
  if (!load) return;
  i18next.addResourceBundle(locale, 'translation', await load(), true, true);
}

async function switchTo(locale: Locale): Promise<void> {
  try {
    await ensureLoaded(locale);
  } catch {
    // A missing chunk leaves the interface in the fallback language.
  }
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}

/** Starts i18next in the language chosen from the forced locale and the browser. */
export async function initI18n(): Promise<void> {
  sources = {
    forced: config.forcedLocale ?? readChosenLocale(),
    browserLanguages: typeof navigator === 'undefined' ? [] : navigator.languages,
  };
  const locale = pickLocale(sources);
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: FALLBACK_LOCALE,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await switchTo(locale);
}

/** Re-picks the language when a page learns the workspace language or the profile language. */
export function updateLocaleSources(update: Partial<LocaleSources>): void {
  const next = { ...sources, ...update };
  if (
    next.customLook === sources.customLook &&
    next.workspaceLanguage === sources.workspaceLanguage &&
    next.profileLanguage === sources.profileLanguage
  ) {
    return;
  }
  sources = next;
  void switchTo(pickLocale(sources));
}

/** The language picker's choice: kept in this browser and forced over every other source. */
export function chooseLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(CHOSEN_KEY, locale);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  sources = { ...sources, forced: config.forcedLocale ?? locale };
  void switchTo(pickLocale(sources));
}
