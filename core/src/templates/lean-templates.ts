/**
 * The default lean game templates. The lean core does not exist yet: these are its parameters
 * only (spec §3 lean params, §9 improvements, shapes and colours), with no facilities.
 */
import type { GameTemplate, LeanGameConfig } from './types';

export const LEAN_IMPROVEMENTS = [
  'movestations',
  'batch',
  'autoinspect',
  'balancestations',
  'heijunka',
  'pokayoke',
  'kanban',
  'smed',
] as const;

function leanConfig(improvements: readonly string[], totalDuration: number): LeanGameConfig {
  return {
    type: 'leangame',
    params: {
      consumerDemandParams: { visibility: false, totalDuration },
      moveCellTime: 0.1,
      improvements,
      productsTemplates: {
        p1: { shape: 'circle', color: 'green' },
        p2: { shape: 'square', color: 'blue' },
        p3: { shape: 'triangle', color: 'red' },
      },
    },
    facilities: {},
  };
}

export const LEAN_TEMPLATES: readonly GameTemplate[] = [
  {
    id: 'lean-basic',
    version: 1,
    title: 'Lean production line',
    type: 'leangame',
    description: 'A production line without improvements: see waste, waiting and stock build up.',
    config: leanConfig([], 20),
  },
  {
    id: 'lean-flow',
    version: 1,
    title: 'Lean flow',
    type: 'leangame',
    description: 'Move and balance stations and reduce batches to make products flow.',
    config: leanConfig(['movestations', 'batch', 'balancestations'], 20),
  },
  {
    id: 'lean-full',
    version: 1,
    title: 'Lean toolbox',
    type: 'leangame',
    description: 'Every improvement available: kanban, heijunka, SMED, poka-yoke and more.',
    config: leanConfig(LEAN_IMPROVEMENTS, 30),
  },
];
