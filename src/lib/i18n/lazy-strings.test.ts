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

/** Resolves when the components showing strings are next asked to render again. */
function nextRenderAsked(): Promise<void> {
  return new Promise((resolve) => {
    const onArrived = () => {
      i18next.off(i18n.MISSING_STRINGS_ARRIVED, onArrived);
      resolve();
    };
    i18next.on(i18n.MISSING_STRINGS_ARRIVED, onArrived);
  });
}

/** How often the components are asked to render again while `act` runs and its loads settle. */
async function rendersAsked(act: () => Promise<unknown> | unknown): Promise<number> {
  let asked = 0;
  const count = () => (asked += 1);
  i18next.on(i18n.MISSING_STRINGS_ARRIVED, count);
  try {
    await act();
    // Any load `act` started (a chunk import) settles within a few turns of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    i18next.off(i18n.MISSING_STRINGS_ARRIVED, count);
  }
  return asked;
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
    const asked = nextRenderAsked();
    // Missing: the key itself comes back, and its file is on its way.
    expect(i18next.t('sessions.lobby.title')).toBe('sessions.lobby.title');
    await asked;
    expect(i18next.t('sessions.lobby.title')).toBe('Session lobby');
  });

  it('asks components to render again only for strings a missing key waited for', async () => {
    // Files a page names arrive before it renders: nothing on screen waited for them.
    expect(i18next.exists('help.title')).toBe(false);
    await expect(rendersAsked(() => i18n.loadStrings(['help']))).resolves.toBe(0);
    expect(i18next.exists('help.title')).toBe(true);
    // A key its file, already in, does not have stays missing: no render again, which would
    // ask for it again and again.
    // (A key no file has: the typed keys would refuse it.)
    const untypedT = i18next.t.bind(i18next) as (key: string) => string;
    await expect(rendersAsked(() => untypedT('help.noSuchKey'))).resolves.toBe(0);
    // Several keys of one file on its way: one render when it arrives.
    expect(i18next.exists('referral.title')).toBe(false);
    await expect(
      rendersAsked(() => {
        i18next.t('referral.title');
        i18next.t('referral.intro');
      }),
    ).resolves.toBe(1);
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

    const asked = nextRenderAsked();
    expect(i18next.t('game.editor.title')).toBe('game.editor.title');
    await asked;
    expect(i18next.t('game.editor.title')).not.toBe('game.editor.title');
  });
});
