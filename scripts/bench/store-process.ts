/**
 * A local document store in a process of its own for benchmarks (as `npm start` runs it), with
 * the test token verifier: prints `{"url", "secret"}` on one line once listening; stops on
 * SIGTERM and removes its data folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startStoreServer } from '@sim/store/server/store-server';
import { emulatorTokenVerifier } from '@sim/store/server/auth';
import { TEST_PROJECT_ID } from '@sim/store/testing/test-store';

process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
const dir = await mkdtemp(join(tmpdir(), 'bench-store-'));
const secret = randomBytes(24).toString('hex');
const running = await startStoreServer({
  port: 0,
  dataDir: join(dir, 'pg'),
  filesDir: join(dir, 'files'),
  serviceSecret: secret,
  verifyToken: emulatorTokenVerifier(TEST_PROJECT_ID),
});
console.log(JSON.stringify({ url: running.url, secret }));
const stop = (): void => {
  void running
    .close()
    .then(() => rm(dir, { recursive: true, force: true }))
    .then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
