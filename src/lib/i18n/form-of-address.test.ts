/** German addresses the reader one way only: Sie throughout, as most of its strings do. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(__dirname, '..', '..', '..', 'locales', 'de');

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
