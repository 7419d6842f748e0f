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
