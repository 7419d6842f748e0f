/**
 * Benchmark of the beer core: facility-weeks per second for an 8-facility,
 * 3-product network played by computer players (each week: every computer
 * player decides, then the week is advanced).
 *   npx tsx core/src/beer/beer.bench.ts [seconds]
 */
import type { BeerState } from './engine';
import { advanceWeek, createGame } from './engine';
import type { BeerGameInput, FacilityInput } from './model';
import type { PolicyAssignment } from './simulate';
import { ordersFor, simulate } from './simulate';

const PRODUCTS = ['ale', 'lager', 'stout'] as const;

function buys(
  from: string,
  pids: readonly string[],
  leadtime: number,
): FacilityInput['capabilities'] {
  return Object.fromEntries(
    pids.map((pid) => [
      `${pid}-from-${from}`,
      { pid, type: 'purchase' as const, from, leadtime, ordertime: 1 },
    ]),
  );
}

function pdata(pids: readonly string[]): FacilityInput['pdata'] {
  return Object.fromEntries(pids.map((pid) => [pid, { stock: 12, unitPrice: 2 }]));
}

/** Two plants, two distributors, a wholesaler and three retailers; three products. */
export function benchNetwork(weeks: number): BeerGameInput {
  const all = PRODUCTS;
  const facilities: Record<string, FacilityInput> = {
    r1: { pdata: pdata(all), capabilities: buys('w1', all, 3) },
    r2: { pdata: pdata(all), capabilities: buys('w1', all, 3) },
    r3: { pdata: pdata(all), capabilities: buys('d2', all, 4) },
    w1: { pdata: pdata(all), capabilities: buys('d1', all, 3) },
    d1: {
      pdata: pdata(all),
      capabilities: { ...buys('f1', ['ale', 'lager'], 3), ...buys('f2', ['stout'], 3) },
    },
    d2: {
      pdata: pdata(all),
      capabilities: { ...buys('f1', ['ale', 'lager'], 3), ...buys('f2', ['stout'], 3) },
    },
    f1: {
      pdata: pdata(['ale', 'lager']),
      capabilities: {
        ale: { pid: 'ale', type: 'production', leadtime: 3, ordertime: 1, productionCost: 1 },
        lager: {
          pid: 'lager',
          type: 'production',
          leadtime: 3,
          ordertime: 1,
          productionCost: 1,
          leadtimeVariability: 1,
        },
      },
    },
    f2: {
      pdata: pdata(['stout']),
      capabilities: {
        stout: { pid: 'stout', type: 'production', leadtime: 4, ordertime: 1, productionCost: 1 },
      },
    },
  };
  for (const [id, f] of Object.entries(facilities)) f.id = id;
  return {
    params: {
      weeks,
      consumerDemand: { type: 'normal', mean: 4, sd: 2 },
      productsConsumerDemand: { stout: { type: 'uniform', min: 0, max: 6 } },
      seed: 7,
    },
    facilities,
  };
}

const POLICIES: PolicyAssignment = {
  r1: { kind: 'anchor', theta: 0.36, alpha: 0.26, beta: 0.34 },
  r2: { kind: 'spec' },
  r3: { kind: 'orderupto' },
  w1: { kind: 'anchor', theta: 0, alpha: 1, beta: 1 },
  d1: { kind: 'passthrough' },
  d2: { kind: 'anchor', theta: 0.2, alpha: 0.5, beta: 0.5 },
  f1: { kind: 'orderupto' },
  f2: { kind: 'spec' },
};

function playOnce(input: BeerGameInput): number {
  const end = simulate(input, POLICIES);
  return end.history.length * end.facilities.length;
}

function playStepwise(input: BeerGameInput): number {
  let s: BeerState = createGame(input);
  let fw = 0;
  while (s.status === 'running') {
    s = advanceWeek(s, ordersFor(s, POLICIES));
    fw += s.facilities.length;
  }
  return fw;
}

interface Rate {
  /** Best round (facility-weeks per wall-clock second). */
  best: number;
  /** Whole measurement, wall clock. */
  mean: number;
  /** Whole measurement, per second of this process's CPU time (GC helper threads included). */
  perCpu: number;
  games: number;
  rounds: number;
}

/**
 * Plays whole games for `seconds`, in rounds of a quarter second. The best
 * round is the figure least disturbed by other processes on a shared machine;
 * the mean over the whole time and the rate per CPU second are printed too.
 */
function rate(play: (input: BeerGameInput) => number, input: BeerGameInput, seconds: number): Rate {
  for (let i = 0; i < 50; i++) play(input);
  const roundMs = Math.min(250, seconds * 1000);
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  let facilityWeeks = 0;
  let games = 0;
  let rounds = 0;
  let best = 0;
  while (performance.now() - start < seconds * 1000) {
    const r0 = performance.now();
    let fw = 0;
    let r1 = r0;
    while (r1 - r0 < roundMs) {
      fw += play(input);
      games++;
      r1 = performance.now();
    }
    best = Math.max(best, fw / ((r1 - r0) / 1000));
    facilityWeeks += fw;
    rounds++;
  }
  const elapsed = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return {
    best: Math.round(best),
    mean: Math.round(facilityWeeks / elapsed),
    perCpu: Math.round(facilityWeeks / ((cpu.user + cpu.system) / 1e6)),
    games,
    rounds,
  };
}

/** How this file runs: the esbuild bundle of `npm run bench`, or TypeScript through tsx. */
function runner(): string {
  return import.meta.url.endsWith('.ts') ? 'tsx' : 'esbuild bundle, plain node';
}

if (import.meta.url === `file://${process.argv[1]}`) main();
function main(): void {
  const weeks = 52;
  const seconds = Number(process.argv[2] ?? '2');
  const input = benchNetwork(weeks);
  const whole = rate(playOnce, input, seconds);
  console.log(
    `beer core: ${whole.mean} facility-weeks/s on one thread, mean of ${whole.rounds} rounds (goal >= 1000000; 8 facilities, 3 products, ${weeks} weeks, computer players; simulate; ${runner()}; best round ${whole.best}/s; ${whole.perCpu} per CPU second of the process, garbage-collector threads included; ${whole.games} games)`,
  );
  const step = rate(playStepwise, input, seconds / 2);
  console.log(
    `beer core, one advanceWeek per week: ${step.mean} facility-weeks/s, mean of ${step.rounds} rounds (best round ${step.best}/s; ${step.perCpu} per CPU second of the process)`,
  );
}
