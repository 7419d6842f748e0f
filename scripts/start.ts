/**
 * `npm start`: the whole local stack, data kept under .data/ between runs. Ctrl-C stops all.
 *
 *   --firestore          documents on the Cloud Firestore emulator instead of the local store
 *   --lan                classroom mode: players' phones on the same network join (no internet
 *                        needed); prints the address and a QR code of it
 *   --lan-address=<ip>   the address to show when the machine has several
 *   --verbose            every line the services print
 */
import { networkInterfaces } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import QRCode from 'qrcode';
import { lanCandidates } from './lan-address';
import { DEV_PORTS, startLocalStack, type LanOptions } from './local-stack';

const root = resolve(import.meta.dirname, '..');
const { values: flags } = parseArgs({
  options: {
    firestore: { type: 'boolean', default: false },
    lan: { type: 'boolean', default: false },
    'lan-address': { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});
const backend = flags.firestore ? 'firestore' : 'local';

function lanOptions(): LanOptions | undefined {
  if (!flags.lan && !flags['lan-address']) return undefined;
  const candidates = lanCandidates(networkInterfaces());
  const address = flags['lan-address'] ?? candidates[0]?.address;
  if (!address) {
    console.error('No network address found: connect this machine to the Wi-Fi, then try again.');
    process.exit(1);
  }
  const others = candidates.filter((c) => c.address !== address);
  if (others.length > 0) {
    console.log(
      `  Also reachable on ${others.map((c) => `${c.address} (${c.name})`).join(', ')}; ` +
        'choose with --lan-address=<ip>.',
    );
  }
  // Every interface, so the instructor's own browser keeps working on 127.0.0.1.
  return { bindHost: '0.0.0.0', address };
}

const lan = lanOptions();
const stack = await startLocalStack({
  root,
  // Each backend keeps its own documents and its own accounts.
  dataDir: backend === 'firestore' ? '.data/firestore-stack' : '.data',
  ports: DEV_PORTS,
  projectId: 'demo-simgames',
  backend,
  web: 'dev',
  ...(lan ? { lan } : {}),
  log: (line) => {
    if (flags.verbose || /error|warn|fail/i.test(line)) console.log(line);
  },
}).catch((err: unknown) => {
  console.error(`The local stack did not start: ${(err as Error).message}`);
  process.exit(1);
});

const documents =
  backend === 'firestore'
    ? `Firestore emulator ${stack.firestoreEmulatorHost ?? ''}`
    : `local store ${stack.storeUrl ?? ''}`;
console.log('');
console.log(`  SimGames is running: open ${stack.webUrl}`);
console.log(
  `  (${documents}, Auth emulator ${stack.authEmulatorHost}, Functions 127.0.0.1:${DEV_PORTS.functions})`,
);
if (stack.lanUrl) {
  console.log('');
  console.log(`  Players on the same network open ${stack.lanUrl}`);
  console.log(await QRCode.toString(stack.lanUrl, { type: 'terminal', small: true }));
}
if (backend === 'firestore') console.log('  Logos cannot be uploaded here: no Storage emulator.');
console.log(
  `  Press Ctrl-C to stop. Data is kept in ${backend === 'firestore' ? '.data/firestore-stack/' : '.data/'}`,
);
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
