/**
 * The backend's texts (invitation emails, workbooks, invoice PDFs, the local checkout page): one
 * i18next instance per set of resources, made on first use, English as the fallback, values left
 * unescaped (each caller escapes where it builds HTML).
 */
import { createInstance, type i18n, type Resource } from 'i18next';

/** Spec §9 locales. */
export const SPEC_LOCALES = [
  'en',
  'fr',
  'es',
  'de',
  'pt',
  'it',
  'nl',
  'pl',
  'tr',
  'cs',
  'ro',
] as const;
export type SpecLocale = (typeof SPEC_LOCALES)[number];

/** A getter of the instance for `resources`, created at its first call. */
export function lazyTranslator(resources: () => Resource): () => i18n {
  let instance: i18n | undefined;
  return () => {
    if (!instance) {
      instance = createInstance();
      void instance.init({
        initAsync: false,
        fallbackLng: 'en',
        interpolation: { escapeValue: false },
        resources: resources(),
      });
    }
    return instance;
  };
}
