/**
 * The interface language as the app switches it (spec §2 order): the picker's choice, the
 * profile language, the workspace language of custom-look pages.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';

const stored = new Map<string, string>();
const localStorage = {
  getItem: (k: string) => stored.get(k) ?? null,
  setItem: (k: string, v: string) => void stored.set(k, v),
  removeItem: (k: string) => void stored.delete(k),
};
Object.assign(globalThis, {
  window: { localStorage, location: { hostname: 'localhost' } },
  document: { documentElement: { lang: '' } },
});

const i18n = await import('@/lib/i18n/i18n');

const language = () => i18next.language;

const signedIn = (uid: string | null, profileLanguage: string | null) => ({
  settled: true,
  uid,
  profileLanguage,
});

beforeAll(async () => {
  await i18n.initI18n();
});

beforeEach(async () => {
  await i18n.forgetChosenLocale();
  await i18n.updateLocaleSources({ customLook: false, workspaceLanguage: null });
  await i18n.updateVisitor(signedIn(null, null));
});

describe('interface language', () => {
  it('follows the profile language', async () => {
    await i18n.updateVisitor(signedIn('ann', 'fr'));
    expect(language()).toBe('fr');
  });

  it("takes the picker's choice over the profile until the profile language changes", async () => {
    await i18n.updateVisitor(signedIn('ann', 'fr'));
    await i18n.chooseLocale('de');
    expect(language()).toBe('de');
    await i18n.updateVisitor(signedIn('ann', 'fr'));
    expect(language()).toBe('de');
    // Ann sets Italian in her profile: the picker no longer overrides it.
    await i18n.updateVisitor(signedIn('ann', 'it'));
    expect(language()).toBe('it');
    await i18n.updateVisitor(signedIn('ann', 'fr'));
    expect(language()).toBe('fr');
    expect(stored.size).toBe(0);
  });

  it('does not hand one user’s choice to the next user of the browser', async () => {
    await i18n.updateVisitor(signedIn('ann', 'fr'));
    await i18n.chooseLocale('de');
    await i18n.updateVisitor(signedIn(null, null));
    await i18n.updateVisitor(signedIn('bob', 'pl'));
    expect(language()).toBe('pl');
  });

  it("keeps a signed-out visitor's choice when they join as a new player", async () => {
    await i18n.chooseLocale('es');
    await i18n.updateVisitor(signedIn('player-1', null));
    expect(language()).toBe('es');
    expect(JSON.parse(stored.get('simgames.locale') ?? '{}')).toMatchObject({
      locale: 'es',
      uid: 'player-1',
    });
  });

  it('puts the workspace language of a custom-look page before the profile language', async () => {
    await i18n.updateVisitor(signedIn('ann', 'fr'));
    await i18n.updateLocaleSources({ customLook: true, workspaceLanguage: 'nl' });
    expect(language()).toBe('nl');
    await i18n.chooseLocale('cs');
    expect(language()).toBe('cs');
    await i18n.forgetChosenLocale();
    await i18n.updateLocaleSources({ customLook: false, workspaceLanguage: 'nl' });
    expect(language()).toBe('fr');
  });

  it('re-reads the stored choice of the same user after a reload', async () => {
    await i18n.updateVisitor(signedIn('ann', 'fr'));
    await i18n.chooseLocale('ro');
    expect(JSON.parse(stored.get('simgames.locale') ?? '{}')).toEqual({
      locale: 'ro',
      uid: 'ann',
      profileLanguage: 'fr',
    });
  });
});
