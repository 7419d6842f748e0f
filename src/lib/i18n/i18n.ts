/**
 * i18next set-up. The strings every page shows (the navbar with its help button, errors, the
 * consent banner) are bundled in English, the fallback; every other file, and every file of the other
 * languages, is a chunk loaded when a page needs it (`loadStrings`, named by the pages' lazy
 * loaders) or the language is chosen. The language follows `pickLocale` (spec §2 order).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { config } from '@/lib/config';
import { localeNumberInterpolation } from '@/lib/i18n/format-number';
import {
  carryPickerChoice,
  FALLBACK_LOCALE,
  forcedLocale,
  normalizeLocale,
  parsePickerChoice,
  pickLocale,
  type Locale,
  type LocaleSources,
  type PickerChoice,
  type PortalLocale,
  type Visitor,
} from '@/lib/i18n/pick-locale';

type Bundle = Record<string, unknown>;

/**
 * Each language is `locales/<lang>/translation.json` plus one file per feature
 * (`locales/<lang>/<feature>.json`), whose keys live under `<feature>.` in the one namespace.
 * Feature files let features own their strings, and pages load only the ones they show. A group
 * only some of a feature's pages show has a file of its own, `<feature>.<group>.json`, whose keys
 * live under `<feature>.<group>.` (the editor's strings stay off the player's page).
 */
const englishShellFiles = import.meta.glob<Bundle>(
  [
    '../../../locales/en/translation.json',
    '../../../locales/en/errors.json',
    '../../../locales/en/privacy.json',
  ],
  { import: 'default', eager: true },
);
/** The files of the bundle above, which every language loads with its first use. */
const SHELL_FILES = ['translation', 'errors', 'privacy'] as const;
const loaders = import.meta.glob<Bundle>([
  '../../../locales/*/*.json',
  '!../../../locales/en/translation.json',
  '!../../../locales/en/errors.json',
  '!../../../locales/en/privacy.json',
]);

const filePath = (locale: Locale, file: string): string =>
  `../../../locales/${locale}/${file}.json`;

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
    else {
      const [feature = name, ...groups] = name.split('.');
      add(
        feature,
        groups.reduceRight<unknown>((inner, group) => ({ [group]: inner }), content),
      );
    }
  }
  return bundle;
}

const english: Bundle = mergeFiles(Object.entries(englishShellFiles));

/** The English strings every page shows, bundled: the home page's prerendered markup uses them. */
export function englishShellStrings(): Bundle {
  return english;
}

const CHOSEN_KEY = 'simgames.locale';

/** The language last asked for: a slower bundle load must not switch back to an older one. */
let wanted: Locale = FALLBACK_LOCALE;

/** Files in i18next already, or on their way (`locale/file` paths). */
const loadedFiles = new Map<string, Promise<void>>(
  Object.keys(englishShellFiles).map((path) => [path, Promise.resolve()]),
);
/** Files in i18next already (`locale/file` paths). */
const filesIn = new Set<string>(Object.keys(englishShellFiles));
/** The feature files pages have asked for: a language chosen later loads them too. */
const featuresInUse = new Set<string>();

/** Adds a language's files to i18next (the ones it has; each once). */
function loadFiles(locale: Locale, files: Iterable<string>): Promise<void> {
  const pending: Promise<void>[] = [];
  for (const file of files) {
    const path = filePath(locale, file);
    let loaded = loadedFiles.get(path);
    if (!loaded) {
      const load = Object.hasOwn(loaders, path) ? loaders[path] : undefined;
      if (!load) continue;
      loaded = load().then(
        (content) => {
          // Deep: a group of translation.json named like a feature file merges with that file.
          i18next.addResourceBundle(
            locale,
            'translation',
            mergeFiles([[path, content]]),
            true,
            true,
          );
          filesIn.add(path);
        },
        (err: unknown) => {
          loadedFiles.delete(path);
          throw err;
        },
      );
      loadedFiles.set(path, loaded);
    }
    pending.push(loaded);
  }
  return Promise.all(pending).then(() => undefined);
}

/**
 * Loads feature files (`game`, `sessions`…) in English and the language shown, for a page about
 * to render. Lazy pages name theirs (`lazyPage`); a key of a file nobody named loads it when
 * first asked for, and the components using it render again.
 */
export function loadStrings(features: readonly string[]): Promise<void> {
  for (const feature of features) featuresInUse.add(feature);
  const shown = i18next.isInitialized ? normalizeLocale(i18next.language) : null;
  return Promise.all([
    loadFiles(FALLBACK_LOCALE, features),
    shown && shown !== FALLBACK_LOCALE ? loadFiles(shown, features) : Promise.resolve(),
    wanted !== FALLBACK_LOCALE && wanted !== shown
      ? loadFiles(wanted, features)
      : Promise.resolve(),
  ]).then(() => undefined);
}

/**
 * What components showing strings listen to besides a change of language: strings a missing key
 * asked for have arrived. Files a page named arrive before it renders and need no new render;
 * every new render of all components showing strings is synchronous, and i18next's own `added`
 * event would make one for each file of the page (a phone's long task).
 */
export const MISSING_STRINGS_ARRIVED = 'missingStringsArrived';

/** Files a missing key is waiting for. */
const awaitedFiles = new Set<string>();

/**
 * A missing key `<feature>.<group>.…` or `<feature>.…` of a file not loaded yet loads that file,
 * and the components render again once it is in, also when a page had already asked for it.
 */
function loadMissing(key: string): void {
  const [feature, group] = key.split('.');
  const file = [`${feature}.${group}`, feature].find((name) =>
    Object.hasOwn(loaders, filePath(FALLBACK_LOCALE, name ?? '')),
  );
  if (!file || awaitedFiles.has(file)) return;
  const shown = i18next.isInitialized ? normalizeLocale(i18next.language) : null;
  const locales = shown ? [FALLBACK_LOCALE, shown] : [FALLBACK_LOCALE];
  // A key its loaded file does not have stays missing: rendering again would ask for it again.
  const paths = locales
    .map((locale) => filePath(locale, file))
    .filter((path) => Object.hasOwn(loaders, path));
  if (paths.every((path) => filesIn.has(path))) return;
  awaitedFiles.add(file);
  loadStrings([file])
    .then(
      () => i18next.emit(MISSING_STRINGS_ARRIVED),
      () => undefined,
    )
    .finally(() => awaitedFiles.delete(file));
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
/** The portal of the page's host, whose `allLocales` decides whether the picker's choice applies. */
let portalLocale: PortalLocale | null = null;

function currentLocale(): Locale {
  return pickLocale({
    ...sources,
    forced: forcedLocale(config.forcedLocale, choice?.locale, portalLocale),
  });
}

function ensureLoaded(locale: Locale): Promise<void> {
  return loadFiles(locale, [...SHELL_FILES, ...featuresInUse]);
}

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
      // The net under the pages' lists of files: a key of an unloaded file loads it…
      saveMissing: true,
      missingKeyHandler: (_languages, _namespace, key) => loadMissing(key),
      // …and the components render again when they arrive.
      react: { bindI18n: `languageChanged ${MISSING_STRINGS_ARRIVED}` },
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

/** Re-picks the language once the portal of the page's host is known (spec §3 `allLocales`). */
export function updatePortalLocale(next: PortalLocale | null): Promise<void> {
  if (next?.language === portalLocale?.language && next?.allLocales === portalLocale?.allLocales) {
    return Promise.resolve();
  }
  portalLocale = next;
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
