/**
 * The game as shown in the language on screen: facility and product names that are still the
 * templates' defaults are translated, names the instructor typed stay as typed
 * (`@sim/core/beer/default-names`). Only what is shown changes; the stored documents keep theirs.
 */
import {
  type DefaultNameTranslator,
  facilityDisplayName,
  productDisplayName,
} from '@sim/core/beer/default-names';
import type { BeerGameDoc } from '@/features/games/beer/game-model';

export function localizeBeerGame(game: BeerGameDoc, translate: DefaultNameTranslator): BeerGameDoc {
  const productsTemplates: BeerGameDoc['params']['productsTemplates'] = {};
  for (const [pid, p] of Object.entries(game.params.productsTemplates)) {
    productsTemplates[pid] = { ...p, name: productDisplayName(p.name, translate) };
  }
  return {
    ...game,
    params: { ...game.params, productsTemplates },
    facilities: game.facilities.map((f) => ({
      ...f,
      name: facilityDisplayName(f.name, translate),
    })),
  };
}
