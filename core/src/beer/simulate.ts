/** Whole runs with computer players, for the CLI, reference runs, tests and benchmarks. */
import type { BeerState, FinishedBeerState, RunningBeerState, WeekOrders } from './engine';
import { advanceWeek, createGame, facilityOrder } from './engine';
import type { BeerGame, BeerGameInput, FacilityId } from './model';
import type { Policy } from './policies';
import { decideOrders } from './policies';

/** A policy for everyone, or one per facility id (facilities without one order 0). */
export type PolicyAssignment = Policy | Record<FacilityId, Policy>;

function isPolicy(p: PolicyAssignment): p is Policy {
  return typeof (p as { kind?: unknown }).kind === 'string';
}

/** The orders of every computer player this week. */
export function ordersFor(state: RunningBeerState, policies: PolicyAssignment): WeekOrders {
  const orders: WeekOrders = {};
  for (const id of facilityOrder(state)) {
    const policy = isPolicy(policies) ? policies : policies[id];
    if (policy) orders[id] = decideOrders(state, id, policy);
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
