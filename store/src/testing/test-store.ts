/**
 * An in-process local store for tests: in-memory database, a temp folder for files, a random
 * port, and clients acting as the service or as any user.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { emulatorTokenVerifier } from '../server/auth';
import { startStoreServer, type RunningStore } from '../server/store-server';
import { LocalStoreClient } from '../client/local-client';
import { nodeSocketFactory } from '../client/node-socket';
import { mintEmulatorToken, type TokenClaims } from './emulator-token';

export const TEST_PROJECT_ID = 'demo-simgames-test';

export { nodeSocketFactory };

export interface TestStore {
  readonly running: RunningStore;
  readonly url: string;
  readonly serviceSecret: string;
  /** A client with the service credential (bypasses the policy, like firebase-admin). */
  service(): LocalStoreClient;
  /** A client signed in as this user; null claims for a signed-out client. */
  as(claims: TokenClaims | null): LocalStoreClient;
  close(): Promise<void>;
}

export async function startTestStore(options: { dataDir?: string } = {}): Promise<TestStore> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
  const filesDir = await mkdtemp(join(tmpdir(), 'store-files-'));
  const serviceSecret = randomBytes(24).toString('hex');
  const running = await startStoreServer({
    port: 0,
    ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}),
    filesDir,
    serviceSecret,
    verifyToken: emulatorTokenVerifier(TEST_PROJECT_ID),
  });
  const clients: LocalStoreClient[] = [];
  const track = (c: LocalStoreClient): LocalStoreClient => {
    clients.push(c);
    return c;
  };
  return {
    running,
    url: running.url,
    serviceSecret,
    service: () =>
      track(
        new LocalStoreClient({
          url: running.url,
          credentials: { kind: 'service', secret: serviceSecret },
          socketFactory: nodeSocketFactory,
        }),
      ),
    as: (claims) =>
      track(
        new LocalStoreClient({
          url: running.url,
          credentials: {
            kind: 'user',
            getToken: async () => (claims ? mintEmulatorToken(TEST_PROJECT_ID, claims) : null),
          },
          socketFactory: nodeSocketFactory,
        }),
      ),
    async close() {
      for (const c of clients) c.close();
      await running.close();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}
