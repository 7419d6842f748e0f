/**
 * Every country code with its name in the language on screen (Intl.DisplayNames), sorted as that
 * language sorts, for country pickers. Codes that name no country (the EU, the UN, unknown, the
 * test codes) are left out, and so are withdrawn codes (DD, YU, UK…), which Intl names after the
 * code that replaced them (DD is "Germany"): the picker gives DE, the code tax rules know.
 */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XA', 'XB', 'FX']);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export interface CountryName {
  readonly code: string;
  readonly name: string;
}

const cache = new Map<string, readonly CountryName[]>();

/** Whether `code` is the region's own code, not a withdrawn one Intl maps to another (DD → DE). */
function isCurrentCode(code: string): boolean {
  try {
    return Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
  } catch {
    return false;
  }
}

export function countryNames(locale: string): readonly CountryName[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'none' });
  const list: CountryName[] = [];
  const seen = new Set<string>();
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = first + second;
      if (NOT_COUNTRIES.has(code) || !isCurrentCode(code)) continue;
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
