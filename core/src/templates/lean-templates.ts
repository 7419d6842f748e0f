/**
 * The default lean game templates (design Part E Q22): each is the Cars and Trucks line of the
 * design's Appendix (`core/src/lean/cars-and-trucks.ts`), a computer warehouse, Yellow, Grey and
 * Blue painting stations and a Quality & Rework station, with the levers its lesson opens to the
 * players (`params.improvements`, LEAN-IMP-0). Every improvement starts off: the players turn them
 * on round after round.
 */
import { carsAndTrucks } from '../lean/cars-and-trucks';
import { IMPROVEMENTS, type Improvement } from '../lean/model';
import type { GameTemplate, LeanGameConfig } from './types';

/** The eight improvements of spec §9, in the spec's order. */
export const LEAN_IMPROVEMENTS = IMPROVEMENTS;

/** A 30-minute run gets 15 orders, the last one due at minute 29.2. */
const LONG_RUN_ORDERS = 15;

function leanConfig(
  improvements: readonly Improvement[],
  totalDuration: number,
  orders?: number,
): LeanGameConfig {
  return {
    type: 'leangame',
    ...carsAndTrucks({ improvements, totalDuration, ...(orders ? { orders } : {}) }),
  };
}

export const LEAN_TEMPLATES: readonly GameTemplate[] = [
  {
    id: 'lean-basic',
    version: 2,
    title: 'Lean production line',
    type: 'leangame',
    description: 'A production line without improvements: see waste, waiting and stock build up.',
    config: leanConfig([], 20),
  },
  {
    id: 'lean-flow',
    version: 2,
    title: 'Lean flow',
    type: 'leangame',
    description: 'Move and balance stations and reduce batches to make products flow.',
    config: leanConfig(['movestations', 'batch', 'balancestations'], 20),
  },
  {
    id: 'lean-full',
    version: 2,
    title: 'Lean toolbox',
    type: 'leangame',
    description: 'Every improvement available: kanban, heijunka, SMED, poka-yoke and more.',
    config: leanConfig(LEAN_IMPROVEMENTS, 30, LONG_RUN_ORDERS),
  },
];
