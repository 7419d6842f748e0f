/**
 * i18next set-up. English is bundled (it is also the fallback); other languages are separate
 * chunks loaded when chosen. The language follows `pickLocale` (spec §2 order).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { config } from '@/lib/config';
import { localeNumberInterpolation } from '@/lib/i18n/format-number';
import {
  carryPickerChoice,
  FALLBACK_LOCALE,
  normalizeLocale,
  parsePickerChoice,
  pickLocale,
  type Locale,
  type LocaleSources,
  type PickerChoice,
  type Visitor,
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

function readChoice(): PickerChoice | null {
  try {
    const raw = window.localStorage.getItem(CHOSEN_KEY);
    // A bare locale is how the choice was kept before it said who made it.
    const legacy = normalizeLocale(raw);
    if (legacy) return { locale: legacy, uid: null, profileLanguage: null };
    return parsePickerChoice(raw);
  } catch {
    return null;
  }
}

function writeChoice(next: PickerChoice | null): void {
  try {
    if (next) window.localStorage.setItem(CHOSEN_KEY, JSON.stringify(next));
    else window.localStorage.removeItem(CHOSEN_KEY);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** Sources known outside React; pages add the workspace and profile languages when they load. */
let sources: LocaleSources = {};
/** The picker's choice, forced over the other sources while it applies (carryPickerChoice). */
let choice: PickerChoice | null = null;
let visitor: Visitor = { settled: false, uid: null, profileLanguage: null };

function currentLocale(): Locale {
  return pickLocale({ ...sources, forced: config.forcedLocale ?? choice?.locale ?? null });
}

async function ensureLoaded(locale: Locale): Promise<void> {
  if (i18next.hasResourceBundle(locale, 'translation')) return;
  const load = loaderFor(locale);
  if (!load) return;
  i18next.addResourceBundle(locale, 'translation', await load(), true, true);
}

/** The language last asked for: a slower bundle load must not switch back to an older one. */
let wanted: Locale = FALLBACK_LOCALE;

async function switchTo(locale: Locale): Promise<void> {
  wanted = locale;
  try {
    await ensureLoaded(locale);
  } catch {
    // A missing chunk leaves the interface in the fallback language.
  }
  if (wanted !== locale) return;
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}

/** Starts i18next in the language chosen from the forced locale and the browser. */
export async function initI18n(): Promise<void> {
  choice = readChoice();
  sources = { browserLanguages: typeof navigator === 'undefined' ? [] : navigator.languages };
  const locale = currentLocale();
  await i18next
    .use(initReactI18next)
    .use(localeNumberInterpolation)
    .init({
      resources: { en: { translation: english } },
      lng: FALLBACK_LOCALE,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: false,
      // Every interpolated value goes through the formatter: numbers in the language's format.
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
    });
  await switchTo(locale);
}

/** Re-picks the language when a page learns the workspace language (custom-look pages). */
export function updateLocaleSources(
  update: Partial<Pick<LocaleSources, 'customLook' | 'workspaceLanguage'>>,
): Promise<void> {
  const next = { ...sources, ...update };
  if (
    next.customLook === sources.customLook &&
    next.workspaceLanguage === sources.workspaceLanguage
  ) {
    return Promise.resolve();
  }
  sources = next;
  return switchTo(currentLocale());
}

/**
 * Re-picks the language when the signed-in user or their profile language changes; the picker's
 * choice is kept, handed to the account just signed in, or dropped (carryPickerChoice).
 */
export function updateVisitor(next: Visitor): Promise<void> {
  visitor = next;
  const carried = carryPickerChoice(choice, visitor);
  if (carried !== choice) {
    choice = carried;
    writeChoice(choice);
  }
  sources = { ...sources, profileLanguage: visitor.profileLanguage ?? null };
  return switchTo(currentLocale());
}

/** The language picker's choice: kept in this browser for the user who made it. */
export function chooseLocale(locale: Locale): Promise<void> {
  choice = {
    locale,
    uid: visitor.uid,
    profileLanguage: normalizeLocale(visitor.profileLanguage) ?? null,
  };
  writeChoice(choice);
  return switchTo(currentLocale());
}

/** A profile language just saved takes over from the picker's choice. */
export function forgetChosenLocale(): Promise<void> {
  choice = null;
  writeChoice(null);
  return switchTo(currentLocale());
}
