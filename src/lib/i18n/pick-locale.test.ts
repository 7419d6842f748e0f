import { describe, expect, it } from 'vitest';
import { normalizeLocale, pickLocale } from '@/lib/i18n/pick-locale';

describe('normalizeLocale', () => {
  it('keeps the primary subtag of supported locales', () => {
    expect(normalizeLocale('pt-BR')).toBe('pt');
    expect(normalizeLocale('FR')).toBe('fr');
    expect(normalizeLocale('de_AT')).toBe('de');
    expect(normalizeLocale(' cs ')).toBe('cs');
  });
  it('rejects unsupported or empty tags', () => {
    expect(normalizeLocale('ja-JP')).toBeUndefined();
    expect(normalizeLocale('')).toBeUndefined();
    expect(normalizeLocale(null)).toBeUndefined();
    expect(normalizeLocale(undefined)).toBeUndefined();
  });
});

describe('pickLocale (spec §2 order)', () => {
  const all = {
    forced: 'ro',
    customLook: true,
    workspaceLanguage: 'nl',
    profileLanguage: 'pl',
    browserLanguages: ['tr-TR', 'en'],
  };

  it('prefers the forced locale over everything', () => {
    expect(pickLocale(all)).toBe('ro');
  });

  it('then the workspace language on custom-look pages', () => {
    expect(pickLocale({ ...all, forced: null })).toBe('nl');
  });

  it('ignores the workspace language outside custom-look pages', () => {
    expect(pickLocale({ ...all, forced: null, customLook: false })).toBe('pl');
  });

  it('then the profile language', () => {
    expect(pickLocale({ ...all, forced: undefined, workspaceLanguage: undefined })).toBe('pl');
  });

  it('then the first supported browser language', () => {
    expect(pickLocale({ browserLanguages: ['ja', 'es-MX', 'fr'] })).toBe('es');
  });

  it('falls back to English', () => {
    expect(pickLocale({})).toBe('en');
    expect(pickLocale({ forced: 'xx', browserLanguages: ['ja', 'zh-CN'] })).toBe('en');
  });

  it('skips unsupported sources instead of stopping at them', () => {
    expect(pickLocale({ forced: 'klingon', profileLanguage: 'it' })).toBe('it');
  });
});
