/**
 * The default session templates: multi-round classes built from the default game templates.
 * Every session template starts from the spec §9 defaults (`SESSION_DEFAULTS`).
 */
import { advancedConfigs } from './beer-templates';
import { gameTemplateById } from './game-templates';
import {
  SESSION_DEFAULTS,
  type GameConfig,
  type GameType,
  type RoundTemplate,
  type SessionTemplate,
} from './types';

function round(id: string, name: string, description: string, templateId: string): RoundTemplate {
  const template = gameTemplateById(templateId);
  if (!template) throw new Error(`unknown game template ${templateId}`);
  return { id, name, description, gameTemplateId: templateId, config: template.config };
}

function advancedRound(
  id: string,
  name: string,
  description: string,
  config: GameConfig,
): RoundTemplate {
  return { id, name, description, gameTemplateId: 'beer-default', config };
}

function session(
  id: string,
  title: string,
  type: GameType,
  description: string,
  rounds: RoundTemplate[],
  version = 1,
): SessionTemplate {
  return { id, version, title, type, description, config: SESSION_DEFAULTS, rounds };
}

/** Version 2 of the lean session templates: their rounds are playable lines (design Q22). */
const LEAN_SESSION_VERSION = 2;

export const SESSION_TEMPLATES: readonly SessionTemplate[] = [
  session(
    's-beer-classic',
    'Classic beer game class',
    'beergame',
    'One round of the classic game.',
    [round('r1', 'Classic game', 'Play the four stages without seeing the chain.', 'beer-classic')],
  ),
  session(
    's-beer-visibility',
    'Blind then transparent',
    'beergame',
    'Play the chain blind, then again with full visibility, and compare.',
    [
      round('r1', 'Blind chain', 'Each player sees only their own stage.', 'beer-default'),
      round('r2', 'Transparent chain', 'Everyone sees the whole chain.', 'beer-transparent'),
    ],
  ),
  session(
    's-beer-three-acts',
    'Beer game in three acts',
    'beergame',
    'Blind chain, transparent chain, then shorter lead times.',
    [
      round('r1', 'Blind chain', 'Each player sees only their own stage.', 'beer-default'),
      round('r2', 'Transparent chain', 'Everyone sees the whole chain.', 'beer-transparent'),
      round('r3', 'Short lead times', 'Deliveries take two weeks.', 'beer-short-leadtime'),
    ],
  ),
  session(
    's-beer-short-class',
    'Short class',
    'beergame',
    'A two-stage warm-up, then the four-stage chain.',
    [
      round('r1', 'Warm-up', 'Two stages to learn the rules.', 'beer-chain-2'),
      round('r2', 'Full chain', 'The four-stage chain.', 'beer-default'),
    ],
  ),
  session(
    's-beer-long-chain',
    'Longer and longer chains',
    'beergame',
    'Four stages, then eight: how the bullwhip grows with the chain.',
    [
      round('r1', 'Four stages', 'The usual chain.', 'beer-default'),
      round('r2', 'Eight stages', 'Twice as long.', 'beer-chain-8'),
    ],
  ),
  session(
    's-beer-network',
    'Two-product network',
    'beergame',
    'One round on a network with two products and two retailers.',
    [round('r1', 'Network', 'Ale and lager for two retailers.', 'beer-two-products')],
  ),
  session(
    's-beer-leadtime',
    'Lead time reduction',
    'beergame',
    'The same chain with three-week, then two-week lead times.',
    [
      round('r1', 'Three-week lead times', 'The usual chain.', 'beer-default'),
      round('r2', 'Two-week lead times', 'Faster deliveries.', 'beer-short-leadtime'),
    ],
  ),
  session(
    's-beer-variability',
    'Demand variability',
    'beergame',
    'A step in demand, then a random demand.',
    [
      round('r1', 'Demand step', 'Demand goes from 4 to 8.', 'beer-default'),
      round('r2', 'Random demand', 'Demand between 2 and 10.', 'beer-random-demand'),
    ],
  ),
  session(
    's-lean-intro',
    'Lean introduction',
    'leangame',
    'One round of the production line.',
    [round('r1', 'Production line', 'Run the line as it is.', 'lean-basic')],
    LEAN_SESSION_VERSION,
  ),
  session(
    's-lean-improve',
    'Lean before and after',
    'leangame',
    'Run the line, then improve its flow.',
    [
      round('r1', 'Before', 'Run the line as it is.', 'lean-basic'),
      round('r2', 'After', 'Move and balance stations, cut batches.', 'lean-flow'),
    ],
    LEAN_SESSION_VERSION,
  ),
  session(
    's-lean-toolbox',
    'Lean toolbox workshop',
    'leangame',
    'Run the line, then use every improvement.',
    [
      round('r1', 'Before', 'Run the line as it is.', 'lean-basic'),
      round('r2', 'Toolbox', 'Every improvement available.', 'lean-full'),
    ],
    LEAN_SESSION_VERSION,
  ),
  session(
    's-lean-three-steps',
    'Lean in three steps',
    'leangame',
    'Before, flow, then every tool.',
    [
      round('r1', 'Before', 'Run the line as it is.', 'lean-basic'),
      round('r2', 'Flow', 'Move and balance stations, cut batches.', 'lean-flow'),
      round('r3', 'Toolbox', 'Every improvement available.', 'lean-full'),
    ],
    LEAN_SESSION_VERSION,
  ),
];

/** Spec §9: three more beer session templates for users with the advancedModelBeta feature. */
export const ADVANCED_SESSION_TEMPLATES: readonly SessionTemplate[] = (() => {
  const c = advancedConfigs();
  const make = (
    id: string,
    title: string,
    description: string,
    rounds: RoundTemplate[],
  ): SessionTemplate => ({
    ...session(id, title, 'beergame', description, rounds),
    advanced: true,
  });
  return [
    make('s-adv-constraints', 'Ordering constraints', 'Minimum orders, batches and caps.', [
      round('r1', 'No constraints', 'The usual chain.', 'beer-default'),
      advancedRound('r2', 'Constraints', 'Orders in batches of 4, at most 40.', c.constrained),
    ]),
    make('s-adv-uncertainty', 'Uncertain lead times', 'Lead times that vary and a noisy demand.', [
      advancedRound('r1', 'Uncertainty', 'Lead times vary by up to two weeks.', c.variable),
    ]),
    make('s-adv-profit', 'Profit and loss', 'Prices, lost sales and production costs.', [
      advancedRound('r1', 'Profit', 'Sell at 2, lose 1 per missed sale.', c.priced),
    ]),
  ];
})();

/** The session templates offered to a user, given the user's `features`. */
export function sessionTemplatesFor(features: readonly string[] | undefined): SessionTemplate[] {
  const advanced = features?.includes('advancedModelBeta') ?? false;
  return advanced ? [...SESSION_TEMPLATES, ...ADVANCED_SESSION_TEMPLATES] : [...SESSION_TEMPLATES];
}

export function sessionTemplateById(id: string): SessionTemplate | undefined {
  return [...SESSION_TEMPLATES, ...ADVANCED_SESSION_TEMPLATES].find((t) => t.id === id);
}
