/** Starts the local document store from environment settings (see scripts/start.mjs). */
import { join } from 'node:path';
import { firebaseTokenVerifier } from './auth';
import { startStoreServer } from './store-server';

const dataDir = process.env.STORE_DATA_DIR ?? '.data/store';
const secret = process.env.STORE_SERVICE_SECRET;
if (!secret) {
  console.error('STORE_SERVICE_SECRET is required');
  process.exit(2);
}
if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  console.error(
    'FIREBASE_AUTH_EMULATOR_HOST is required: the local store trusts only the Auth emulator',
  );
  process.exit(2);
}
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-simgames';

const running = await startStoreServer({
  port: Number(process.env.STORE_PORT ?? 8787),
  host: process.env.STORE_HOST ?? '127.0.0.1',
  dataDir: join(dataDir, 'pg'),
  filesDir: join(dataDir, 'files'),
  serviceSecret: secret,
  verifyToken: firebaseTokenVerifier(projectId),
});
console.log(`local store listening on ${running.url}`);

const stop = (): void => {
  void running.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
