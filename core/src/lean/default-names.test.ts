import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEAN_TEMPLATES } from '../templates/lean-templates';
import { carsAndTrucks } from './cars-and-trucks';
import {
  leanFacilityDisplayName,
  leanFacilityNameKey,
  leanProductDisplayName,
  leanProductNameKey,
} from './default-names';

const LANGS = ['en', 'fr', 'es', 'de', 'pt', 'it', 'nl', 'pl', 'tr', 'cs', 'ro'];

/** `game.defaults.<key>` of a language, read from its game.json. */
function translator(lang: string) {
  const file = join(__dirname, '..', '..', '..', 'locales', lang, 'game.json');
  const game = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return (fullKey: string) => {
    let at: unknown = game;
    for (const part of fullKey.replace(/^game\./, '').split('.')) {
      at = at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined;
    }
    return typeof at === 'string' ? at : fullKey;
  };
}

describe('lean default content names', () => {
  it('recognises every facility and product name the lean templates store', () => {
    for (const t of LEAN_TEMPLATES) {
      if (t.type !== 'leangame') continue;
      for (const f of Object.values(t.config.facilities)) {
        expect(leanFacilityNameKey(f.name ?? ''), f.name).not.toBeNull();
      }
      for (const p of Object.values(t.config.params.productsTemplates ?? {})) {
        expect(leanProductNameKey(p.name ?? ''), p.name).not.toBeNull();
      }
    }
  });

  it('shows each default in every language, and never the English one outside English', () => {
    const { facilities, params } = carsAndTrucks();
    const names = [
      ...Object.values(facilities).map((f) => ['f', f.name!] as const),
      ...Object.values(params.productsTemplates!).map((p) => ['p', p.name!] as const),
    ];
    for (const lang of LANGS) {
      const t = translator(lang);
      for (const [kind, name] of names) {
        const shown =
          kind === 'f' ? leanFacilityDisplayName(name, t) : leanProductDisplayName(name, t);
        expect(shown, `${lang} ${name}`).not.toMatch(/^game\./);
        if (lang === 'en') expect(shown).toBe(name);
      }
    }
    const fr = translator('fr');
    expect(leanFacilityDisplayName('Quality & Rework', fr)).toBe('Qualité et retouche');
    expect(leanProductDisplayName('Truck', fr)).toBe('Camion');
  });

  it('treats any other name as typed by the instructor, own keys only', () => {
    for (const name of [
      'yellow',
      'Yellow ',
      'Paint shop',
      'toString',
      '__proto__',
      'constructor',
    ]) {
      expect(leanFacilityNameKey(name), name).toBeNull();
      expect(leanFacilityDisplayName(name, () => 'X')).toBe(name);
    }
    expect(leanProductNameKey('hasOwnProperty')).toBeNull();
    // A missing translation keeps the stored name rather than showing a key.
    expect(leanFacilityDisplayName('Grey', (key) => key)).toBe('Grey');
  });
});
