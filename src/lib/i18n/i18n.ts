/**
 * i18next set-up. English is bundled (it is also the fallback); other languages are separate
 * chunks loaded when chosen. The language follows `pickLocale` (spec §2 order).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { config } from '@/lib/config';
import {
  FALLBACK_LOCALE,
  normalizeLocale,
  pickLocale,
  type Locale,
  type LocaleSources,
} from '@/lib/i18n/pick-locale';

type Bundle = Record<string, unknown>;

/**
 * Each language is `locales/<lang>/translation.json` plus one file per feature
 * (`locales/<lang>/<feature>.json`), whose keys live under `<feature>.` in the one namespace.
 * Feature files let features own their strings.
 */
const englishFiles = import.meta.glob<Bundle>('../../../locales/en/*.json', {
  import: 'default',
  eager: true,
});
const loaders = import.meta.glob<Bundle>(
  ['../../../locales/*/*.json', '!../../../locales/en/*.json'],
  {
    import: 'default',
  },
);

function isBundle(value: unknown): value is Bundle {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One bundle from a language's files. A top-level group of translation.json that has the name of
 * a feature file (`errors`) is merged with that file's keys, whatever the files' order.
 */
function mergeFiles(files: ReadonlyArray<readonly [string, Bundle]>): Bundle {
  const bundle: Bundle = {};
  const add = (key: string, value: unknown) => {
    const current = bundle[key];
    bundle[key] = isBundle(current) && isBundle(value) ? { ...current, ...value } : value;
  };
  for (const [path, content] of files) {
    const name = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
    if (name === 'translation') for (const [key, value] of Object.entries(content)) add(key, value);
    else add(name, content);
  }
  return bundle;
}

const english: Bundle = mergeFiles(Object.entries(englishFiles));

const CHOSEN_KEY = 'simgames.locale';

function loaderFor(locale: Locale): (() => Promise<Bundle>) | undefined {
  const prefix = `../../../locales/${locale}/`;
  const files = Object.entries(loaders).filter(([path]) => path.startsWith(prefix));
  if (files.length === 0) return undefined;
  return async () =>
    mergeFiles(await Promise.all(files.map(async ([path, load]) => [path, await load()] as const)));
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
    resources: { en: { translation: english } },
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
