/** Spec §9 locales and the §2 order in which the interface language is chosen. */

export const LOCALES = ['en', 'fr', 'es', 'de', 'pt', 'it', 'nl', 'pl', 'tr', 'cs', 'ro'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en';

/** Each language named in itself, for the language picker. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  de: 'Deutsch',
  pt: 'Português',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  tr: 'Türkçe',
  cs: 'Čeština',
  ro: 'Română',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** 'pt-BR', 'PT_br' and 'pt' all give 'pt'; unsupported or empty tags give undefined. */
export function normalizeLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : undefined;
}

export interface LocaleSources {
  /** A locale forced by the deployment or chosen in the language picker. */
  readonly forced?: string | null;
  /** Whether the page shows a workspace's custom look (portal or instructor page). */
  readonly customLook?: boolean;
  /** The workspace language, used only on custom-look pages. */
  readonly workspaceLanguage?: string | null;
  /** The signed-in user's profile language. */
  readonly profileLanguage?: string | null;
  /** The browser's languages in preference order (`navigator.languages`). */
  readonly browserLanguages?: readonly string[];
}

/**
 * The first supported locale among: a forced locale, the workspace language on custom-look pages,
 * the profile language, the browser languages; else English.
 */
export function pickLocale(sources: LocaleSources): Locale {
  const candidates: (string | null | undefined)[] = [
    sources.forced,
    sources.customLook ? sources.workspaceLanguage : undefined,
    sources.profileLanguage,
    ...(sources.browserLanguages ?? []),
  ];
  for (const candidate of candidates) {
    const locale = normalizeLocale(candidate);
    if (locale) return locale;
  }
  return FALLBACK_LOCALE;
}

/** The language picker's choice, with who made it and their profile language at that moment. */
export interface PickerChoice {
  readonly locale: Locale;
  readonly uid: string | null;
  readonly profileLanguage: Locale | null;
}

/** Who is signed in now; `settled` once the auth state and the profile are known. */
export interface Visitor {
  readonly settled: boolean;
  readonly uid: string | null;
  readonly profileLanguage: string | null | undefined;
}

/**
 * What becomes of a stored picker choice for the visitor now. It stays while the user who made it
 * is signed in and their profile language is the one they had then: a later profile language, or
 * another user on the same browser, is no longer overridden. A choice made signed out goes with
 * the first account signed in whose profile has no language (a player joining a game).
 */
export function carryPickerChoice(
  choice: PickerChoice | null,
  visitor: Visitor,
): PickerChoice | null {
  if (!choice || !visitor.settled) return choice;
  const profile = normalizeLocale(visitor.profileLanguage) ?? null;
  if (choice.uid === visitor.uid) return choice.profileLanguage === profile ? choice : null;
  if (choice.uid === null && profile === null) return { ...choice, uid: visitor.uid };
  return null;
}

/** A stored choice read back; anything malformed is no choice. */
export function parsePickerChoice(raw: string | null): PickerChoice | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const locale = normalizeLocale(typeof v['locale'] === 'string' ? v['locale'] : null);
  if (!locale) return null;
  const uid = typeof v['uid'] === 'string' && v['uid'] !== '' ? v['uid'] : null;
  const profile = typeof v['profileLanguage'] === 'string' ? v['profileLanguage'] : null;
  return { locale, uid, profileLanguage: normalizeLocale(profile) ?? null };
}

/** Spec §2: a workspace's language applies where its look does, on pages of an active workspace. */
export function workspaceLocaleSources(
  workspace: Readonly<Record<string, unknown>> | null,
): Pick<LocaleSources, 'customLook' | 'workspaceLanguage'> {
  if (!workspace || workspace['activePage'] === false) {
    return { customLook: false, workspaceLanguage: null };
  }
  const language = workspace['language'];
  return { customLook: true, workspaceLanguage: typeof language === 'string' ? language : null };
}

/** What a portal host says about languages (spec §3 portal: `allLocales`, its language). */
export interface PortalLocale {
  readonly language: string | null;
  readonly allLocales: boolean;
}

/**
 * Spec §2 on a portal host: every page shows the portal's look, so the workspace language there
 * is the instructor's (on that instructor's pages, when their page is active), else the portal's.
 */
export function lookLocaleSources(
  workspace: Readonly<Record<string, unknown>> | null,
  portal: PortalLocale | null,
): Pick<LocaleSources, 'customLook' | 'workspaceLanguage'> {
  const own = workspaceLocaleSources(workspace);
  if (!portal) return own;
  return { customLook: true, workspaceLanguage: own.workspaceLanguage ?? portal.language };
}

/**
 * The forced locale of spec §2: the deployment's, else the picker's choice. A portal that does
 * not offer every language (`allLocales` false) shows no picker, so an earlier choice made
 * elsewhere does not apply on it: its own language comes first.
 */
export function forcedLocale(
  deployment: string | null | undefined,
  choice: Locale | null | undefined,
  portal: PortalLocale | null,
): string | null {
  if (deployment) return deployment;
  if (portal && !portal.allLocales) return null;
  return choice ?? null;
}
