/**
 * Every country code with its name in the language on screen (Intl.DisplayNames), sorted as that
 * language sorts, for country pickers. Codes that name no country (the EU, the UN, unknown, the
 * test codes) are left out, and so is a second code for a name already listed.
 */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XA', 'XB', 'FX']);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export interface CountryName {
  readonly code: string;
  readonly name: string;
}

const cache = new Map<string, readonly CountryName[]>();

export function countryNames(locale: string): readonly CountryName[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'none' });
  const list: CountryName[] = [];
  const seen = new Set<string>();
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = first + second;
      if (NOT_COUNTRIES.has(code)) continue;
      const name = names.of(code);
      if (!name || name === code || seen.has(name)) continue;
      seen.add(name);
      list.push({ code, name });
    }
  }
  const collator = new Intl.Collator(locale);
  list.sort((a, b) => collator.compare(a.name, b.name));
  cache.set(locale, list);
  return list;
}

/** The name of one country code in `locale`, or the code itself. */
export function countryName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
