/**
 * Each language addresses the reader one way only, the way most of its strings do: German Sie,
 * French vous, Spanish tú, Italian tu, Polish the second person singular, Portuguese você, Czech
 * vy, Romanian dumneavoastră, Turkish siz, Dutch u.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const localesDir = join(__dirname, '..', '..', '..', 'locales');
const dir = join(localesDir, 'de');

function strings(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) strings(v, path ? `${path}.${k}` : k, out);
  }
  return out;
}

// The informal pronouns, and imperatives of the du form at the start of a sentence.
const DU =
  /\b(du|dein\w*|dich|dir)\b|(^|[.:!?] )(Erstelle|Gib|Wähle|Füge|Lade|Melde|Registriere|Starte|Öffne|Nutze|Teile|Verfolge|Erhalte|Sag) /i;

describe('German form of address', () => {
  it('uses Sie throughout, never du', () => {
    const informal = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) =>
        strings(JSON.parse(readFileSync(join(dir, f), 'utf8')), f.replace('.json', ''), []),
      )
      .filter(([, text]) => DU.test(text))
      .map(([key]) => key);
    expect(informal).toEqual([]);
  });
});

/** Every string of a language with its key (`<file>.<path>`). */
function languageStrings(lang: string): [string, string][] {
  const langDir = join(localesDir, lang);
  return readdirSync(langDir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) =>
      strings(JSON.parse(readFileSync(join(langDir, f), 'utf8')), f.replace('.json', ''), []),
    );
}

/** A whole word among `words` (letters on neither side, accented ones included). */
const anyWord = (words: string, flags = 'iu') =>
  new RegExp(`(?<!\\p{L})(?:${words})(?!\\p{L})`, flags);

/** The minority form of each language: no string may use it. */
const MINORITY: Record<string, { form: string; pattern: RegExp }> = {
  fr: { form: 'tu', pattern: /(?<!\p{L})(?:tu|ton|ta|tes|toi|te|t')(?!\p{L})/iu },
  es: {
    form: 'usted',
    pattern: anyWord('usted|ustedes|use|escriba|elija|comparta|haga|recargue|fije|juegue'),
  },
  it: { form: 'Lei', pattern: anyWord('Lei|Suo|Sua|Suoi|Sue', 'u') },
  pl: { form: 'Pan/Pani', pattern: anyWord('Pan|Pani|Państwo|Państwa', 'u') },
  pt: { form: 'tu', pattern: anyWord('tu|teu|tua|teus|tuas|contigo') },
  cs: { form: 'ty', pattern: anyWord('tvůj|tvoje|tvá|tvé|tvého|tvých|tvým|tě|tebe|tobě') },
  ro: {
    form: 'tu',
    pattern: /(?<!\p{L})(?:tu|tău|ta|tale|tine|ți)(?!\p{L})|-ți(?!\p{L})/iu,
  },
  tr: { form: 'sen', pattern: anyWord('sen|senin|sana|seni|sende|sınıfınla|deneyimini') },
  // No Dutch string uses je in a fixed expression ("zie je wel"), so every whole-word je is the reader.
  nl: { form: 'je/jij', pattern: anyWord('je|jij|jou|jouw|jezelf') },
};

describe.each(Object.entries(MINORITY))('%s form of address', (lang, { form, pattern }) => {
  it(`never uses ${form}`, () => {
    const minority = languageStrings(lang)
      .filter(([, text]) => pattern.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(minority).toEqual([]);
  });
});
