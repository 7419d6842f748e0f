/** Default content names in the language on screen; names the instructor typed stay as typed. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildBeerGameDocs, chainConfig } from '@sim/core/beer/game-docs';
import { twoProductNetworkConfig } from '@sim/core/templates/beer-templates';
import { parseBeerGame } from '@/features/games/beer/game-model';
import { localizeBeerGame } from '@/features/games/beer/localized-names';

const root = join(__dirname, '..', '..', '..', '..', 'locales');

async function translator(locale: string) {
  const read = (lang: string) =>
    ({ game: JSON.parse(readFileSync(join(root, lang, 'game.json'), 'utf8')) }) as Record<
      string,
      unknown
    >;
  const instance = i18next.createInstance();
  await instance.init({
    lng: locale,
    fallbackLng: 'en',
    resources: { [locale]: { translation: read(locale) }, en: { translation: read('en') } },
  });
  return (key: string, n: number | undefined): string =>
    String(instance.t(key as 'game.defaults.facility.retailer', n === undefined ? {} : { n }));
}

function storedGame(config = chainConfig({ count: 6 })) {
  const docs = buildBeerGameDocs({
    gid: 'g1',
    creator: 'alice',
    creatorName: 'Alice',
    name: 'Class',
    team: null,
    now: 1000,
    template: { config },
  });
  return parseBeerGame('g1', docs.game);
}

describe('default facility and product names in the language on screen', () => {
  it('a default-template game shows French names to a French class', async () => {
    const game = localizeBeerGame(storedGame(), await translator('fr'));
    expect(game.facilities.map((f) => f.name)).toEqual([
      'Détaillant',
      'Grossiste',
      'Distributeur',
      'Atelier 1',
      'Atelier 2',
      'Usine',
    ]);
    expect(game.params.productsTemplates['beer']?.name).toBe('Bière');
  });

  it('the network template: German retailers and products', async () => {
    const game = localizeBeerGame(storedGame(twoProductNetworkConfig()), await translator('de'));
    expect(game.facilities.map((f) => f.name)).toContain('Einzelhändler Süd');
    expect(game.params.productsTemplates['ale']?.name).toBe('Ale');
  });

  it('keeps a name the instructor typed, in every language', async () => {
    const config = chainConfig({ count: 4 });
    const retailer = config.facilities['retailer'];
    if (retailer) retailer.name = 'Corner shop';
    config.params.productsTemplates['beer'] = { name: 'Cider', productEmoji: '🍏' };
    const game = localizeBeerGame(storedGame(config), await translator('fr'));
    expect(game.facilities[0]?.name).toBe('Corner shop');
    expect(game.facilities[1]?.name).toBe('Grossiste');
    expect(game.params.productsTemplates['beer']?.name).toBe('Cider');
  });

  it('English shows the stored defaults unchanged', async () => {
    const stored = storedGame();
    const game = localizeBeerGame(stored, await translator('en'));
    expect(game.facilities.map((f) => f.name)).toEqual(stored.facilities.map((f) => f.name));
  });
});
