/** `npm run bench`: prints the figures of every benchmark of the project. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchStore } from './bench/store-bench';
import { benchBeerPlay } from './bench/beer-play-bench';

const root = resolve(import.meta.dirname, '..');

for (const line of await benchStore()) console.log(line);
for (const line of await benchBeerPlay()) console.log(line);

const coreBench = resolve(root, 'core/src/beer/beer.bench.ts');
if (existsSync(coreBench)) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', coreBench], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) process.exitCode = 1;
}
process.exit(process.exitCode ?? 0);
