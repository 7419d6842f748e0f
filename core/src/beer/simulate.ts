/** Whole runs with computer players, for the CLI, reference runs, tests and benchmarks. */
import type {
  BeerState,
  CapabilityState,
  CapabilityWeek,
  CompiledCapability,
  CompiledFacility,
  FacilityState,
  FacilityWeek,
  FinishedBeerState,
  RunningBeerState,
  WeekOrders,
  WeekRecord,
} from './engine';
import { advanceWeek, applyOrderRules, compile, createGame, runSteps, startGame } from './engine';
import type { BeerGame, BeerGameInput, CapabilityId, FacilityId } from './model';
import type { Policy, PolicyMemo } from './policies';
import { createPolicyMemo, decideIndexed, decideInto } from './policies';

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
 * Every computer player decides every week (forced weeks included, so that
 * `requested` is recorded as with `ordersFor`); decisions go straight into
 * an array per facility indexed like its capabilities instead of orders keyed
 * by ids.
 */
export function simulate(
  input: BeerGameInput | BeerGame,
  policies: PolicyAssignment,
): FinishedBeerState {
  const { state: start, model } = startGame(input, false);
  const { game, facilities } = start;
  const cfs = model.facilities;
  const n = cfs.length;
  const memo = createPolicyMemo(model);
  const single = isPolicy(policies);
  const assigned = new Array<Policy | undefined>(n);
  const req = new Array<number[]>(n);
  for (let fi = 0; fi < n; fi++) {
    const cf = cfs[fi] as CompiledFacility;
    assigned[fi] = single ? policies : policies[cf.id];
    req[fi] = new Array<number>(cf.caps.length).fill(0);
  }
  const history: WeekRecord[] = [];
  const weeks = game.params.weeks;
  const forcedWeeks = game.params.forcedOrderWeeks;
  // What the computer players see; only `week` and `current` change.
  const view: RunningBeerState = {
    game,
    week: 1,
    status: 'running',
    facilities,
    history,
    current: start.current,
  };
  for (;;) {
    const week = view.week;
    const current = view.current;
    const forced = week <= forcedWeeks;
    // Step 5 (BEER-ORD-1..6), as `placeOrders` does with the orders of `ordersFor`.
    for (let fi = 0; fi < n; fi++) {
      const cf = cfs[fi] as CompiledFacility;
      const policy = assigned[fi];
      const r = req[fi] as number[];
      if (policy) decideIndexed(model, view, fi, policy, r, memo);
      const caps = cf.caps;
      const fcaps = (facilities[fi] as FacilityState).capabilities;
      const rcaps = (current.facilities[fi] as FacilityWeek).capabilities;
      for (let ci = 0; ci < caps.length; ci++) {
        const cap = caps[ci] as CompiledCapability;
        const requested = policy ? (r[ci] as number) : 0;
        const ordered = forced ? cap.startOrders : applyOrderRules(requested, cap);
        (fcaps[ci] as CapabilityState).mail.push(ordered);
        const rc = rcaps[ci] as CapabilityWeek;
        rc.requested = requested;
        rc.ordered = ordered;
      }
    }
    history.push(current);
    if (week >= weeks) break;
    view.week = week + 1;
    view.current = runSteps(game, model, facilities, week + 1);
  }
  return { game, week: view.week, status: 'finished', facilities, history, current: null };
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
