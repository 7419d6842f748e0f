import { describe, expect, it } from 'vitest';
import {
  carryPickerChoice,
  forcedLocale,
  lookLocaleSources,
  normalizeLocale,
  parsePickerChoice,
  pickLocale,
  workspaceLocaleSources,
} from '@/lib/i18n/pick-locale';

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

describe('carryPickerChoice (the picker does not override the profile for ever)', () => {
  const choice = { locale: 'de' as const, uid: 'ann', profileLanguage: 'fr' as const };
  const settled = (uid: string | null, profileLanguage: string | null) => ({
    settled: true,
    uid,
    profileLanguage,
  });

  it('keeps the choice while its user is signed in with the same profile language', () => {
    expect(carryPickerChoice(choice, settled('ann', 'fr'))).toBe(choice);
    expect(carryPickerChoice(choice, settled('ann', 'fr-CA'))).toBe(choice);
  });

  it('keeps it until the user and the profile are known', () => {
    expect(carryPickerChoice(choice, { settled: false, uid: null, profileLanguage: null })).toBe(
      choice,
    );
  });

  it('drops it once the profile language changes', () => {
    expect(carryPickerChoice(choice, settled('ann', 'it'))).toBeNull();
    expect(carryPickerChoice(choice, settled('ann', null))).toBeNull();
  });

  it('drops it for another user or after signing out', () => {
    expect(carryPickerChoice(choice, settled('bob', 'fr'))).toBeNull();
    expect(carryPickerChoice(choice, settled(null, null))).toBeNull();
  });

  it('hands a choice made signed out to an account without a profile language', () => {
    const visitorChoice = { locale: 'es' as const, uid: null, profileLanguage: null };
    expect(carryPickerChoice(visitorChoice, settled(null, null))).toBe(visitorChoice);
    expect(carryPickerChoice(visitorChoice, settled('new-player', null))).toEqual({
      ...visitorChoice,
      uid: 'new-player',
    });
    expect(carryPickerChoice(visitorChoice, settled('teacher', 'pl'))).toBeNull();
  });

  it('reads back a stored choice, nothing from a malformed one', () => {
    expect(parsePickerChoice(JSON.stringify(choice))).toEqual(choice);
    expect(parsePickerChoice(JSON.stringify({ locale: 'PT-br', uid: 7 }))).toEqual({
      locale: 'pt',
      uid: null,
      profileLanguage: null,
    });
    expect(parsePickerChoice('{')).toBeNull();
    expect(parsePickerChoice(JSON.stringify({ locale: 'xx' }))).toBeNull();
    expect(parsePickerChoice(null)).toBeNull();
  });
});

describe('workspaceLocaleSources (spec §2 custom-look pages)', () => {
  it('gives the language of a workspace whose page is not switched off', () => {
    expect(workspaceLocaleSources({ activePage: true, language: 'fr' })).toEqual({
      customLook: true,
      workspaceLanguage: 'fr',
    });
    expect(workspaceLocaleSources({ language: 'nl' })).toEqual({
      customLook: true,
      workspaceLanguage: 'nl',
    });
  });

  it('gives no custom look without a workspace or with its page switched off', () => {
    const none = { customLook: false, workspaceLanguage: null };
    expect(workspaceLocaleSources(null)).toEqual(none);
    expect(workspaceLocaleSources({ activePage: false, language: 'fr' })).toEqual(none);
  });
});

describe('portal hosts (spec §2 locale order with a portal look)', () => {
  const portal = { language: 'de', allLocales: true };

  it('puts the portal language before the profile and browser languages', () => {
    const look = lookLocaleSources(null, portal);
    expect(look).toEqual({ customLook: true, workspaceLanguage: 'de' });
    expect(pickLocale({ ...look, profileLanguage: 'fr', browserLanguages: ['en-US'] })).toBe('de');
  });

  it('prefers an instructor’s own active page language on that instructor’s pages', () => {
    expect(lookLocaleSources({ activePage: true, language: 'it' }, portal)).toEqual({
      customLook: true,
      workspaceLanguage: 'it',
    });
    // A switched-off page, or one without a language, leaves the portal's.
    expect(lookLocaleSources({ activePage: false, language: 'it' }, portal).workspaceLanguage).toBe(
      'de',
    );
    expect(lookLocaleSources({ activePage: true }, portal).workspaceLanguage).toBe('de');
  });

  it('falls to the profile when the portal has no language', () => {
    const look = lookLocaleSources(null, { language: null, allLocales: true });
    expect(pickLocale({ ...look, profileLanguage: 'pl', browserLanguages: ['en'] })).toBe('pl');
  });

  it('keeps the picker’s choice first unless the portal offers one language only', () => {
    expect(forcedLocale(undefined, 'es', portal)).toBe('es');
    expect(forcedLocale(undefined, 'es', null)).toBe('es');
    expect(forcedLocale(undefined, 'es', { language: 'de', allLocales: false })).toBeNull();
    expect(forcedLocale('cs', 'es', { language: 'de', allLocales: false })).toBe('cs');
    expect(forcedLocale(null, null, portal)).toBeNull();
  });
});
