/**
 * The game type tags (games list, templates, sessions, plan tags) read in the language on
 * screen. German keeps "Beer Game" and "Lean Game", the names its classes use.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Types = { beergame: string; leangame: string };
const types = (lang: string, file: 'gamelist' | 'sessions'): Types =>
  (JSON.parse(readFileSync(`locales/${lang}/${file}.json`, 'utf8')) as { types: Types }).types;

const languages = readdirSync('locales').filter((l) => l !== 'en' && l !== 'de');

describe('game type tags', () => {
  it.each(languages)('are translated in %s, the same in the games list and sessions', (lang) => {
    const english = types('en', 'gamelist');
    const listed = types(lang, 'gamelist');
    expect(listed.beergame).not.toBe(english.beergame);
    expect(listed.leangame).not.toBe(english.leangame);
    expect(types(lang, 'sessions')).toEqual(listed);
  });
});
