/**
 * `npm test`: the whole gate, in order: typecheck, lint (zero warnings), format, locale
 * coverage, unit, contract + policy + handler tests, production build, end-to-end in Chromium
 * (on the local store, then the beer class again on the Firestore emulator).
 * Every step runs even after a failure, so one run shows everything that is wrong.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name: string): string => resolve(root, 'node_modules', '.bin', name);

const steps: { name: string; cmd: string; args: string[] }[] = [
  { name: 'typecheck', cmd: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
  { name: 'lint', cmd: bin('eslint'), args: ['.', '--max-warnings', '0'] },
  { name: 'format', cmd: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
  { name: 'locales', cmd: process.execPath, args: ['scripts/check-locales.mjs'] },
  { name: 'unit', cmd: bin('vitest'), args: ['run', '--project', 'unit'] },
  {
    name: 'contract, policy, handlers',
    cmd: bin('vitest'),
    args: ['run', '--project', 'integration'],
  },
  { name: 'build', cmd: bin('vite'), args: ['build', '--logLevel', 'warn'] },
  { name: 'end-to-end', cmd: bin('vitest'), args: ['run', '--project', 'e2e'] },
  {
    name: 'end-to-end on Firestore',
    cmd: bin('vitest'),
    args: ['run', '--project', 'e2e-firestore'],
  },
];

const only = process.argv.slice(2);
const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const step of steps) {
  if (only.length > 0 && !only.some((o) => step.name.includes(o))) continue;
  console.log(`\n=== ${step.name}`);
  const started = Date.now();
  const res = spawnSync(step.cmd, step.args, { cwd: root, stdio: 'inherit' });
  results.push({ name: step.name, ok: res.status === 0, seconds: (Date.now() - started) / 1000 });
}

console.log('\n=== summary');
for (const r of results)
  console.log(`${r.ok ? 'pass' : 'FAIL'}  ${r.name} (${r.seconds.toFixed(1)} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
