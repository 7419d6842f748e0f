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
 * contain one of the words. The summary gives each step's time and each stage's wall time, and
 * after it, what the pages of failed end-to-end tests were waiting for and each failed test with
 * the first lines of its failure: the end of a long log is often all that is kept of it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name: string): string => resolve(root, 'node_modules', '.bin', name);

interface Step {
  readonly name: string;
  readonly cmd: string;
  readonly args: readonly string[];
  /** A Vitest step: its results also go to a JSON file, read for the failures at the end. */
  readonly vitest?: true;
}

const reports = mkdtempSync(join(tmpdir(), 'gate-reports-'));
const reportOf = (step: Step): string => join(reports, `${step.name.replace(/\W+/g, '-')}.json`);
/** What the pages of failed end-to-end tests were waiting for (tests/e2e/page-log.ts). */
const failedPages = join(reports, 'failed-pages.log');

/** Steps of one stage start together; a stage starts when the previous one has ended. */
const stages: readonly (readonly Step[])[] = [
  [
    { name: 'typecheck', cmd: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
    { name: 'lint', cmd: bin('eslint'), args: ['.', '--max-warnings', '0'] },
    { name: 'format', cmd: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
    { name: 'locales', cmd: process.execPath, args: ['scripts/check-locales.mjs'] },
    { name: 'build', cmd: bin('vite'), args: ['build', '--logLevel', 'warn'] },
  ],
  [{ name: 'unit', cmd: bin('vitest'), args: ['run', '--project', 'unit'], vitest: true }],
  [
    {
      name: 'contract, policy, handlers',
      cmd: bin('vitest'),
      args: ['run', '--project', 'integration'],
      vitest: true,
    },
  ],
  [
    {
      name: 'end-to-end (local store and Firestore)',
      cmd: bin('vitest'),
      args: ['run', '--project', 'e2e', '--project', 'e2e-firestore'],
      vitest: true,
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
    const args = step.vitest
      ? [
          ...step.args,
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${reportOf(step)}`,
        ]
      : step.args;
    const child = spawn(step.cmd, args, {
      cwd: root,
      env: { ...process.env, E2E_FAILED_PAGES: failedPages },
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

interface VitestReport {
  testResults?: {
    name?: string;
    status?: string;
    message?: string;
    assertionResults?: { fullName?: string; status?: string; failureMessages?: string[] }[];
  }[];
}

/** The failed tests of a Vitest step's report, each with the first lines of its failure. */
function failuresOf(step: Step): string[] {
  let report: VitestReport;
  try {
    report = JSON.parse(readFileSync(reportOf(step), 'utf8')) as VitestReport;
  } catch {
    return [`${step.name}: no test report (the run stopped before writing it)`];
  }
  const firstLines = (text: string): string =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(0, 3)
      .join(' | ')
      .slice(0, 400);
  const lines: string[] = [];
  for (const file of report.testResults ?? []) {
    const where = relative(root, file.name ?? '?');
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failed) {
      lines.push(
        `${where} > ${test.fullName ?? '?'}: ${firstLines(test.failureMessages?.[0] ?? '')}`,
      );
    }
    // A file that failed outside its tests (an import, or a hook, whose error the report lacks).
    if (failed.length > 0) continue;
    if (file.message) lines.push(`${where}: ${firstLines(file.message)}`);
    else if (file.status === 'failed') {
      const notRun = (file.assertionResults ?? []).filter((t) => t.status !== 'passed');
      lines.push(
        `${where}: a hook failed (its error is under "Failed Suites" above)` +
          (notRun.length > 0
            ? `; not run: ${notRun.map((t) => t.fullName ?? '?').join(', ')}`
            : ''),
      );
    }
  }
  return lines;
}

const failedSteps = stages
  .flat()
  .filter((step) => step.vitest && results.some((r) => r.name === step.name && !r.ok));
if (existsSync(failedPages)) {
  console.log('\n=== pages of failed tests');
  console.log(readFileSync(failedPages, 'utf8').trimEnd());
}
if (failedSteps.length > 0) {
  console.log('\n=== failures');
  for (const step of failedSteps) for (const line of failuresOf(step)) console.log(line);
}
rmSync(reports, { recursive: true, force: true });
process.exit(results.every((r) => r.ok) ? 0 : 1);
