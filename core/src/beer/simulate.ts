/** Whole runs with computer players, for the CLI, reference runs, tests and benchmarks. */
import type {
  BeerState,
  CompiledFacility,
  FinishedBeerState,
  RunningBeerState,
  WeekOrders,
} from './engine';
import { advanceWeek, compile, createGame } from './engine';
import type { BeerGame, BeerGameInput, CapabilityId, FacilityId } from './model';
import type { Policy, PolicyMemo } from './policies';
import { createPolicyMemo, decideInto } from './policies';

/** A policy for everyone, or one per facility id (facilities without one order 0). */
export type PolicyAssignment = Policy | Record<FacilityId, Policy>;

function isPolicy(p: PolicyAssignment): p is Policy {
  return typeof (p as { kind?: unknown }).kind === 'string';
}

/** The orders of every computer player this week. */
export function ordersFor(
  state: RunningBeerState,
  policies: PolicyAssignment,
  memo?: PolicyMemo,
): WeekOrders {
  const model = compile(state.game);
  const orders: WeekOrders = {};
  const single = isPolicy(policies);
  for (let fi = 0; fi < model.facilities.length; fi++) {
    const id = (model.facilities[fi] as CompiledFacility).id;
    const policy = single ? policies : policies[id];
    if (!policy) continue;
    const out: Record<CapabilityId, number> = {};
    decideInto(model, state, fi, policy, out, memo);
    orders[id] = out;
  }
  return orders;
}

/** Plays a whole game with computer players. Pure. */
export function simulate(
  input: BeerGameInput | BeerGame,
  policies: PolicyAssignment,
): FinishedBeerState {
  let s: BeerState = createGame(input);
  while (s.status === 'running') s = advanceWeek(s, ordersFor(s, policies));
  return s;
}
