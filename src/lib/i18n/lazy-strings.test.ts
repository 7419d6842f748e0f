/**
 * Feature files of locales/ load when a page names them or a key of theirs is first asked for;
 * only the strings every page shows come with the entry.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';

Object.assign(globalThis, {
  window: {
    localStorage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
    location: { hostname: 'localhost' },
  },
  document: { documentElement: { lang: '' } },
});

const i18n = await import('@/lib/i18n/i18n');

/** Resolves when i18next next receives strings. */
function nextAdded(): Promise<void> {
  return new Promise((resolve) => {
    const onAdded = () => {
      i18next.store.off('added', onAdded);
      resolve();
    };
    i18next.store.on('added', onAdded);
  });
}

beforeAll(async () => {
  await i18n.initI18n();
});

describe('strings loaded by page', () => {
  it('has the strings of every page from the start, and no feature file', () => {
    expect(i18next.t('app.name')).not.toBe('app.name');
    expect(i18next.exists('errors.sessionNotFound')).toBe(true);
    expect(i18next.t('navbar.help')).toBe('Help');
    // The help drawer's strings come with the drawer.
    expect(i18next.exists('help.title')).toBe(false);
    expect(i18next.exists('game.order.max')).toBe(false);
    expect(i18next.exists('leanPlay.follow.toComputer')).toBe(false);
  });

  it('loads the files a page names, in English and in the language shown', async () => {
    await i18next.changeLanguage('fr');
    await i18n.loadStrings(['game']);
    expect(i18next.t('game.order.max', { n: 3 })).toBe('Au plus 3.');
    expect(i18next.t('game.order.max', { lng: 'en', n: 3 })).toMatch(/3/);
    expect(i18next.exists('game.order.max', { lng: 'en' })).toBe(true);
    await i18next.changeLanguage('en');
  });

  it('loads the file of a key nobody named when the key is first asked for', async () => {
    expect(i18next.exists('sessions.lobby.title')).toBe(false);
    const added = nextAdded();
    // Missing: the key itself comes back, and its file is on its way.
    expect(i18next.t('sessions.lobby.title')).toBe('sessions.lobby.title');
    await added;
    expect(i18next.t('sessions.lobby.title')).toBe('Session lobby');
  });

  it('keeps a group with a file of its own out of its feature, and loads it by name or by key', async () => {
    await i18n.loadStrings(['game']);
    // The player's strings, not the editor's nor the results'.
    expect(i18next.exists('game.play.week')).toBe(true);
    expect(i18next.exists('game.editor.title')).toBe(false);
    expect(i18next.exists('game.results.title')).toBe(false);

    await i18n.loadStrings(['game.results']);
    expect(i18next.t('game.results.title', { name: 'X' })).toMatch(/X/);
    // Merged beside the feature's own groups, not over them.
    expect(i18next.exists('game.play.week')).toBe(true);

    const added = nextAdded();
    expect(i18next.t('game.editor.title')).toBe('game.editor.title');
    await added;
    expect(i18next.t('game.editor.title')).not.toBe('game.editor.title');
  });
});
