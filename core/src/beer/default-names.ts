/**
 * Default content names of the beer templates (facilities and products), stored in English in the
 * game documents. A stored name that is exactly one of the defaults was never edited by the
 * instructor, so it is shown in the language on screen ("Détaillant" for a French class); any other
 * name was typed by someone and is shown as typed. Matching the stored value keeps every game made
 * before this rule, and every copy, translated without a migration.
 */

/** The translation key (under `game.defaults`) of a default name, with its number if any. */
export interface DefaultNameKey {
  readonly key: string;
  readonly n?: number;
}

/** English default facility names, as `chainConfig` and the network template store them. */
const FACILITY_KEYS: Readonly<Record<string, string>> = {
  Retailer: 'facility.retailer',
  Wholesaler: 'facility.wholesaler',
  Distributor: 'facility.distributor',
  Factory: 'facility.factory',
  'Retailer North': 'facility.retailerNorth',
  'Retailer South': 'facility.retailerSouth',
};

/** English default product names of the templates. */
const PRODUCT_KEYS: Readonly<Record<string, string>> = {
  Beer: 'product.beer',
  Ale: 'product.ale',
  Lager: 'product.lager',
};

const WORKSHOP = /^Workshop ([1-9]\d?)$/;

/** The key of a stored facility name that is a template default, else null (a custom name). */
export function defaultFacilityNameKey(name: string): DefaultNameKey | null {
  const key = Object.hasOwn(FACILITY_KEYS, name) ? FACILITY_KEYS[name] : undefined;
  if (key !== undefined) return { key };
  const workshop = WORKSHOP.exec(name);
  return workshop ? { key: 'facility.workshop', n: Number(workshop[1]) } : null;
}

/** The key of a stored product name that is a template default, else null (a custom name). */
export function defaultProductNameKey(name: string): DefaultNameKey | null {
  const key = Object.hasOwn(PRODUCT_KEYS, name) ? PRODUCT_KEYS[name] : undefined;
  return key === undefined ? null : { key };
}

/** Translates a default key; gets the full key (`game.defaults.<key>`) and the number. */
export type DefaultNameTranslator = (fullKey: string, n: number | undefined) => string;

function shown(
  name: string,
  found: DefaultNameKey | null,
  translate: DefaultNameTranslator,
): string {
  if (found === null) return name;
  const text = translate(`game.defaults.${found.key}`, found.n);
  // A missing translation gives the key back: the stored name is better than a key on screen.
  return text && !text.startsWith('game.defaults.') ? text : name;
}

/** The facility name to show: the translated default, or the instructor's own name as typed. */
export function facilityDisplayName(name: string, translate: DefaultNameTranslator): string {
  return shown(name, defaultFacilityNameKey(name), translate);
}

/** The product name to show: the translated default, or the instructor's own name as typed. */
export function productDisplayName(name: string, translate: DefaultNameTranslator): string {
  return shown(name, defaultProductNameKey(name), translate);
}
