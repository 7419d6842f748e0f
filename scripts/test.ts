/**
 * `npm test`: the whole gate. Stages run one after another; the steps of a stage run at the same
 * time:
 *
 * 1. typecheck, lint (zero warnings), format, locale coverage and the production build: each
 *    computes on one core and has no clock to keep, so two cores run them side by side;
 * 2. unit tests, alone: their property tests have Vitest's 5-second limit, which stage 1 beside
 *    them could push them past;
 * 3. contract + policy + handler tests, two files at a time (they wait on the Firestore emulator
 *    more than they compute);
 * 4. end-to-end in Chromium: the local-store stack and the Cloud Firestore emulator stack in one
 *    Vitest run, their files sharing one pool of workers, longest first (vitest.config.ts).
 *
 * Every step runs even after a failure, so one run shows everything that is wrong; the exit code
 * is non-zero when any step failed. `npm test -- unit lint` runs only the steps whose names
 * contain one of the words. The summary gives each step's time and each stage's wall time.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name: string): string => resolve(root, 'node_modules', '.bin', name);

interface Step {
  readonly name: string;
  readonly cmd: string;
  readonly args: readonly string[];
}

/** Steps of one stage start together; a stage starts when the previous one has ended. */
const stages: readonly (readonly Step[])[] = [
  [
    { name: 'typecheck', cmd: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
    { name: 'lint', cmd: bin('eslint'), args: ['.', '--max-warnings', '0'] },
    { name: 'format', cmd: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
    { name: 'locales', cmd: process.execPath, args: ['scripts/check-locales.mjs'] },
    { name: 'build', cmd: bin('vite'), args: ['build', '--logLevel', 'warn'] },
  ],
  [{ name: 'unit', cmd: bin('vitest'), args: ['run', '--project', 'unit'] }],
  [
    {
      name: 'contract, policy, handlers',
      cmd: bin('vitest'),
      args: ['run', '--project', 'integration'],
    },
  ],
  [
    {
      name: 'end-to-end (local store and Firestore)',
      cmd: bin('vitest'),
      args: ['run', '--project', 'e2e', '--project', 'e2e-firestore'],
    },
  ],
];

interface Result {
  readonly name: string;
  readonly ok: boolean;
  readonly seconds: number;
}

const seconds = (since: number): number => (Date.now() - since) / 1000;

/**
 * Runs one step. Alone in its stage it prints as it goes; beside others its output is held and
 * printed whole when it ends, so the steps' lines do not interleave.
 */
function run(step: Step, alone: boolean): Promise<Result> {
  const started = Date.now();
  if (alone) console.log(`\n=== ${step.name}`);
  return new Promise((done) => {
    const child = spawn(step.cmd, step.args, {
      cwd: root,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (ok: boolean, why = ''): void => {
      const result = { name: step.name, ok, seconds: seconds(started) };
      if (!alone) {
        console.log(`\n=== ${step.name} (${ok ? 'pass' : 'FAIL'}, ${result.seconds.toFixed(1)} s)`);
        process.stdout.write(Buffer.concat(output));
      }
      if (why) console.error(why);
      done(result);
    };
    child.once('error', (err) => finish(false, `${step.name}: ${err.message}`));
    child.once('close', (code) => finish(code === 0));
  });
}

const only = process.argv.slice(2);
const chosen = (step: Step): boolean =>
  only.length === 0 || only.some((word) => step.name.includes(word));

const gateStarted = Date.now();
const results: Result[] = [];
const stageTimes: { names: string; seconds: number }[] = [];
for (const stage of stages) {
  const steps = stage.filter(chosen);
  if (steps.length === 0) continue;
  const started = Date.now();
  if (steps.length > 1) console.log(`\n=== ${steps.map((s) => s.name).join(' | ')} (together)`);
  results.push(...(await Promise.all(steps.map((step) => run(step, steps.length === 1)))));
  stageTimes.push({ names: steps.map((s) => s.name).join(' | '), seconds: seconds(started) });
}

console.log('\n=== summary');
for (const r of results)
  console.log(`${r.ok ? 'pass' : 'FAIL'}  ${r.name} (${r.seconds.toFixed(1)} s)`);
for (const s of stageTimes) console.log(`stage ${s.seconds.toFixed(1)} s wall: ${s.names}`);
console.log(`whole gate: ${seconds(gateStarted).toFixed(1)} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
