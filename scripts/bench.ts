/** `npm run bench`: prints the figures of every benchmark of the project. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { benchStore } from './bench/store-bench';
import { benchBeerPlay } from './bench/beer-play-bench';
import { benchLeanPlay } from './bench/lean-play-bench';
import { benchWeb } from './bench/web-bench';
import { benchStack } from './bench/stack-bench';

const root = resolve(import.meta.dirname, '..');

for (const line of await benchStore()) console.log(line);
for (const line of await benchBeerPlay()) console.log(line);
// About 2 minutes: the local stack as npm start runs it, the week turn in three browsers, then
// 200 games of 4 players over HTTP (STACK_BENCH_GAMES).
for (const line of await benchStack()) console.log(line);
// About 3.5 minutes: 20 lean games played for 3 minutes of game time in real time.
for (const line of await benchLeanPlay()) console.log(line);
// About 6 minutes: a production build on the Firestore emulator stack, then Lighthouse runs.
for (const line of await benchWeb()) console.log(line);

// Production runs bundled code: the core benchmarks run as esbuild bundles under plain node.
for (const coreBench of [
  resolve(root, 'core/src/beer/beer.bench.ts'),
  resolve(root, 'core/src/lean/lean.bench.ts'),
]) {
  if (!existsSync(coreBench)) continue;
  const dir = mkdtempSync(resolve(tmpdir(), 'core-bench-'));
  const outfile = resolve(dir, 'bench.mjs');
  await build({
    entryPoints: [coreBench],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'warning',
  });
  const res = spawnSync(process.execPath, [outfile], { cwd: root, stdio: 'inherit' });
  rmSync(dir, { recursive: true, force: true });
  if (res.status !== 0) process.exitCode = 1;
}
process.exit(process.exitCode ?? 0);
