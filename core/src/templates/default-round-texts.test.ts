import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  defaultRoundDescriptionKey,
  defaultRoundNameKey,
  roundDescriptionShown,
  roundNameShown,
} from './default-round-texts';
import { ADVANCED_SESSION_TEMPLATES, SESSION_TEMPLATES } from './session-templates';

const localesDir = new URL('../../../locales/', import.meta.url);
const languages = readdirSync(localesDir);

/** A translator over one language's `templates.json`, giving the key back when missing. */
function translatorFor(lang: string): (key: string) => string {
  const bundle = JSON.parse(
    readFileSync(new URL(`${lang}/templates.json`, localesDir), 'utf8'),
  ) as Record<string, unknown>;
  return (key) => {
    let node: unknown = bundle;
    for (const part of key.replace(/^templates\./, '').split('.')) {
      node =
        typeof node === 'object' && node !== null
          ? (node as Record<string, unknown>)[part]
          : undefined;
    }
    return typeof node === 'string' ? node : key;
  };
}

const rounds = [...SESSION_TEMPLATES, ...ADVANCED_SESSION_TEMPLATES].flatMap((s) => s.rounds);

describe('round texts of the default session templates', () => {
  it('are all recognised as defaults', () => {
    for (const r of rounds) {
      expect(defaultRoundNameKey(r.name), r.name).not.toBeNull();
      expect(defaultRoundDescriptionKey(r.description), r.description).not.toBeNull();
    }
  });

  it.each(languages)('are translated in %s', (lang) => {
    const translate = translatorFor(lang);
    for (const r of rounds) {
      const name = roundNameShown(r.name, translate);
      const description = roundDescriptionShown(r.description, translate);
      expect(name).toBe(translate(defaultRoundNameKey(r.name) ?? ''));
      expect(description).toBe(translate(defaultRoundDescriptionKey(r.description) ?? ''));
      expect(name.trim()).not.toBe('');
      expect(description.trim()).not.toBe('');
    }
  });

  it('show a French class the defaults in French and a typed name as typed', () => {
    const fr = translatorFor('fr');
    expect(roundNameShown('Blind chain', fr)).toBe("Chaîne à l'aveugle");
    expect(roundDescriptionShown('Everyone sees the whole chain.', fr)).toBe(
      'Tout le monde voit toute la chaîne.',
    );
    expect(roundNameShown('Chaîne du mardi', fr)).toBe('Chaîne du mardi');
    expect(roundNameShown('blind chain', fr)).toBe('blind chain');
  });

  it('keep the stored text when a translation is missing', () => {
    expect(roundNameShown('Blind chain', (key) => key)).toBe('Blind chain');
  });
});
