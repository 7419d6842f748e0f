/** The sections of a beer game's debrief, in their order (a module of its own for the screens). */
export const BEER_DEBRIEF_SECTIONS = [
  'optionButtons',
  'teamPerformance',
  'individualPerformance',
  'supplychainEvolution',
  'stagesEvolution',
  'responseToDemand',
  'variability',
  'leadTimes',
  'toGoFurther',
] as const;
