/** Whole runs with computer players, for the CLI, reference runs, tests and benchmarks. */
import type {
  BeerState,
  CompiledFacility,
  FinishedBeerState,
  RunningBeerState,
  WeekOrders,
  WeekRecord,
} from './engine';
import { advanceWeek, compile, createGame, placeOrders, runSteps } from './engine';
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

/**
 * Plays a whole game with computer players. Pure: gives the same state as
 * `advanceWeek` with `ordersFor` week after week, but works in place on a
 * state of its own (no copy per week), which is what the benchmark measures.
 */
export function simulate(
  input: BeerGameInput | BeerGame,
  policies: PolicyAssignment,
): FinishedBeerState {
  const start = createGame(input);
  const { game, facilities } = start;
  const model = compile(game);
  const memo = createPolicyMemo(model);
  const history: WeekRecord[] = [];
  let current = start.current;
  let week = 1;
  for (;;) {
    const view: RunningBeerState = { game, week, status: 'running', facilities, history, current };
    const record = placeOrders(
      game,
      model,
      facilities,
      current,
      ordersFor(view, policies, memo),
      true,
    );
    history.push(record);
    if (week >= game.params.weeks) break;
    week++;
    current = runSteps(game, model, facilities, week);
  }
  return { game, week, status: 'finished', facilities, history, current: null };
}

/** `simulate` the plain way: one `advanceWeek` per week. */
export function simulateStepwise(
  input: BeerGameInput | BeerGame,
  policies: PolicyAssignment,
): FinishedBeerState {
  let s: BeerState = createGame(input);
  while (s.status === 'running') s = advanceWeek(s, ordersFor(s, policies));
  return s;
}
