/**
 * Benchmark of the lean core: whole runs per second of the design's Appendix scenario (Cars and
 * Trucks, push, batch 4, 20 minutes, every facility played by the computer), from the game
 * input documents to the ended state (normalisation, start, advance to the end).
 *   npx tsx core/src/lean/lean.bench.ts [seconds]
 */
import { carsAndTrucks } from './cars-and-trucks';
import { runToEnd } from './engine';
import type { LeanGameInput } from './model';
import { normalizeLeanGame } from './model';

/** The goal of issue 10 item 11: a backend may replay a game from its log on every call. */
const GOAL = 500;

function playOnce(input: LeanGameInput): number {
  const end = runToEnd(normalizeLeanGame(input));
  return end.units.length;
}

interface Rate {
  /** Whole measurement, wall clock. */
  mean: number;
  /** Best round, the figure least disturbed by other processes on a shared machine. */
  best: number;
  /** Per second of this process's CPU time (garbage-collector threads included). */
  perCpu: number;
  runs: number;
  rounds: number;
}

/** Plays whole runs for `seconds`, in rounds of a quarter second. */
function rate(input: LeanGameInput, seconds: number): Rate {
  for (let i = 0; i < 20; i++) playOnce(input);
  const roundMs = Math.min(250, seconds * 1000);
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  let runs = 0;
  let rounds = 0;
  let best = 0;
  while (performance.now() - start < seconds * 1000) {
    const r0 = performance.now();
    let n = 0;
    let r1 = r0;
    while (r1 - r0 < roundMs) {
      playOnce(input);
      n++;
      r1 = performance.now();
    }
    best = Math.max(best, n / ((r1 - r0) / 1000));
    runs += n;
    rounds++;
  }
  const elapsed = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return {
    mean: Math.round(runs / elapsed),
    best: Math.round(best),
    perCpu: Math.round(runs / ((cpu.user + cpu.system) / 1e6)),
    runs,
    rounds,
  };
}

/** How this file runs: the esbuild bundle of `npm run bench`, or TypeScript through tsx. */
function runner(): string {
  return import.meta.url.endsWith('.ts') ? 'tsx' : 'esbuild bundle, plain node';
}

function main(): void {
  const seconds = Number(process.argv[2] ?? '2');
  const input = carsAndTrucks({ batch: 4 });
  const units = playOnce(input);
  const r = rate(input, seconds);
  console.log(
    `lean core: ${r.mean} runs/s on one thread, mean of ${r.rounds} rounds (goal >= ${GOAL}; Cars and Trucks, push, batch 4, 20 minutes, computer only, ${units} units a run; ${runner()}; best round ${r.best}/s; ${r.perCpu} per CPU second of the process, garbage-collector threads included; ${r.runs} runs)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main();
