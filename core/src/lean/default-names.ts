/**
 * Default content names of the lean templates (facilities and products), stored in English in
 * the game documents like the beer defaults (`../beer/default-names.ts`). A stored name that is
 * exactly one of the defaults was never edited by the instructor, so it is shown in the language
 * on screen; any other name was typed by someone and is shown as typed.
 */
import type { DefaultNameKey, DefaultNameTranslator } from '../beer/default-names';
import { CT_NAMES } from './cars-and-trucks-names';

/** English default facility names → keys under `game.defaults`. */
const FACILITY_KEYS: Readonly<Record<string, string>> = {
  [CT_NAMES.warehouse]: 'lean.facility.warehouse',
  [CT_NAMES.yellow]: 'lean.facility.yellow',
  [CT_NAMES.grey]: 'lean.facility.grey',
  [CT_NAMES.blue]: 'lean.facility.blue',
  [CT_NAMES.quality]: 'lean.facility.qualityRework',
};

/** English default product names → keys under `game.defaults`. */
const PRODUCT_KEYS: Readonly<Record<string, string>> = {
  [CT_NAMES.car]: 'lean.product.car',
  [CT_NAMES.truck]: 'lean.product.truck',
};

function keyOf(table: Readonly<Record<string, string>>, name: string): DefaultNameKey | null {
  const key = Object.hasOwn(table, name) ? table[name] : undefined;
  return key === undefined ? null : { key };
}

/** The key of a stored lean facility name that is a template default, else null. */
export function leanFacilityNameKey(name: string): DefaultNameKey | null {
  return keyOf(FACILITY_KEYS, name);
}

/** The key of a stored lean product name that is a template default, else null. */
export function leanProductNameKey(name: string): DefaultNameKey | null {
  return keyOf(PRODUCT_KEYS, name);
}

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

/** The facility name to show: the translated default, or the instructor's name as typed. */
export function leanFacilityDisplayName(name: string, translate: DefaultNameTranslator): string {
  return shown(name, leanFacilityNameKey(name), translate);
}

/** The product name to show: the translated default, or the instructor's name as typed. */
export function leanProductDisplayName(name: string, translate: DefaultNameTranslator): string {
  return shown(name, leanProductNameKey(name), translate);
}
