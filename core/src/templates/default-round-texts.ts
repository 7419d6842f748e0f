/**
 * Round names and descriptions of the default session templates, stored in English in the
 * session documents (`session-templates.ts`). As with the default facility names
 * (`../beer/default-names`), a stored text that is exactly a default was never edited by the
 * instructor and is shown in the language on screen; any other text is shown as typed.
 */

/** English round names of the default session templates → key under `templates.round.names`. */
const NAME_KEYS: Readonly<Record<string, string>> = {
  'Classic game': 'classic',
  'Blind chain': 'blindChain',
  'Transparent chain': 'transparentChain',
  'Short lead times': 'shortLeadTimes',
  'Warm-up': 'warmUp',
  'Full chain': 'fullChain',
  'Four stages': 'fourStages',
  'Eight stages': 'eightStages',
  Network: 'network',
  'Three-week lead times': 'threeWeekLeadTimes',
  'Two-week lead times': 'twoWeekLeadTimes',
  'Demand step': 'demandStep',
  'Random demand': 'randomDemand',
  'Production line': 'productionLine',
  Before: 'before',
  After: 'after',
  Toolbox: 'toolbox',
  Flow: 'flow',
  'No constraints': 'noConstraints',
  Constraints: 'constraints',
  Uncertainty: 'uncertainty',
  Profit: 'profit',
};

/** English round descriptions → key under `templates.round.descriptions`. */
const DESCRIPTION_KEYS: Readonly<Record<string, string>> = {
  'Play the four stages without seeing the chain.': 'classic',
  'Each player sees only their own stage.': 'blindChain',
  'Everyone sees the whole chain.': 'transparentChain',
  'Deliveries take two weeks.': 'shortLeadTimes',
  'Two stages to learn the rules.': 'warmUp',
  'The four-stage chain.': 'fullChain',
  'The usual chain.': 'usualChain',
  'Twice as long.': 'twiceAsLong',
  'Ale and lager for two retailers.': 'network',
  'Faster deliveries.': 'fasterDeliveries',
  'Demand goes from 4 to 8.': 'demandStep',
  'Demand between 2 and 10.': 'randomDemand',
  'Run the line as it is.': 'lineAsItIs',
  'Move and balance stations, cut batches.': 'flow',
  'Every improvement available.': 'toolbox',
  'Orders in batches of 4, at most 40.': 'constraints',
  'Lead times vary by up to two weeks.': 'uncertainty',
  'Sell at 2, lose 1 per missed sale.': 'profit',
};

/** The full translation key of a default round name, else null (a name someone typed). */
export function defaultRoundNameKey(name: string): string | null {
  return Object.hasOwn(NAME_KEYS, name) ? `templates.round.names.${NAME_KEYS[name]}` : null;
}

/** The full translation key of a default round description, else null (typed by someone). */
export function defaultRoundDescriptionKey(description: string): string | null {
  return Object.hasOwn(DESCRIPTION_KEYS, description)
    ? `templates.round.descriptions.${DESCRIPTION_KEYS[description]}`
    : null;
}

/** Translates a full key; a missing translation may give the key back. */
export type RoundTextTranslator = (fullKey: string) => string;

function shown(text: string, key: string | null, translate: RoundTextTranslator): string {
  if (key === null) return text;
  const translated = translate(key);
  // The stored English text is better than a key on screen.
  return translated && translated !== key ? translated : text;
}

/** A round name as shown: a default in the language on screen, a typed name as typed. */
export function roundNameShown(name: string, translate: RoundTextTranslator): string {
  return shown(name, defaultRoundNameKey(name), translate);
}

/** A round description as shown: a default translated, a typed one as typed. */
export function roundDescriptionShown(description: string, translate: RoundTextTranslator): string {
  return shown(description, defaultRoundDescriptionKey(description), translate);
}
