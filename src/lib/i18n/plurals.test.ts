/** Count strings use each language's plural categories, not English's fallback. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..', 'locales');

function bundle(locale: string): Record<string, unknown> {
  const read = (file: string) =>
    JSON.parse(readFileSync(join(root, locale, file), 'utf8')) as unknown;
  return { sessions: read('sessions.json'), gamelist: read('gamelist.json') };
}

type CountKey =
  'sessions.lobby.players' | 'sessions.panel.rounds' | 'gamelist.deleted' | 'gamelist.copied';

async function translator(locale: string) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: locale,
    fallbackLng: 'en',
    resources: { [locale]: { translation: bundle(locale) }, en: { translation: bundle('en') } },
  });
  return (key: CountKey, count: number) => instance.t(key, { count });
}

describe('plural forms', () => {
  it('Polish: one, few, many', async () => {
    const t = await translator('pl');
    expect([1, 3, 5, 22, 25].map((n) => t('sessions.lobby.players', n))).toEqual([
      '1 gracz',
      '3 gracze',
      '5 graczy',
      '22 gracze',
      '25 graczy',
    ]);
    expect(t('sessions.panel.rounds', 2)).toBe('2 rundy');
  });
  it('Czech: one, few, many', async () => {
    const t = await translator('cs');
    expect([1, 3, 5].map((n) => t('sessions.lobby.players', n))).toEqual([
      '1 hráč',
      '3 hráči',
      '5 hráčů',
    ]);
  });
  it('Romanian: one, few, other', async () => {
    const t = await translator('ro');
    expect([1, 3, 20].map((n) => t('gamelist.deleted', n))).toEqual([
      '1 joc șters',
      '3 jocuri șterse',
      '20 de jocuri șterse',
    ]);
  });
  it('French large counts stay French', async () => {
    const t = await translator('fr');
    expect(t('gamelist.copied', 1_000_000)).not.toMatch(/cop(y|ies) created/);
  });
});
