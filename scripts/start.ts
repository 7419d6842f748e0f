/**
 * `npm start`: the whole local stack, data kept under .data/ between runs. Ctrl-C stops all.
 */
import { resolve } from 'node:path';
import { DEV_PORTS, startLocalStack } from './local-stack';

const root = resolve(import.meta.dirname, '..');
const verbose = process.argv.includes('--verbose');

const stack = await startLocalStack({
  root,
  dataDir: '.data',
  ports: DEV_PORTS,
  projectId: 'demo-simgames',
  web: 'dev',
  log: (line) => {
    if (verbose || /error|warn|fail/i.test(line)) console.log(line);
  },
}).catch((err: unknown) => {
  console.error(`The local stack did not start: ${(err as Error).message}`);
  process.exit(1);
});

console.log('');
console.log(`  SimGames is running: open ${stack.webUrl}`);
console.log(
  `  (local store ${stack.storeUrl}, Auth emulator 127.0.0.1:${DEV_PORTS.auth}, Functions 127.0.0.1:${DEV_PORTS.functions})`,
);
console.log('  Press Ctrl-C to stop. Data is kept in .data/');
console.log('');

let stopping = false;
const shutdown = (): void => {
  if (stopping) return;
  stopping = true;
  console.log('Stopping…');
  void stack.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
