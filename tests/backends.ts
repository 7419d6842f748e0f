/**
 * The two backends every backend test runs on: the local document store (in process) and the
 * Cloud Firestore emulator through the production adapters (firebase-admin for the service, the
 * web SDK under `firestore.rules` for a signed-in user). A test written once against
 * `TestBackend` runs on both with `describeBackends`.
 *
 * The Firestore leg needs FIRESTORE_EMULATOR_HOST, which the integration run's global setup
 * sets after starting the emulator (tests/firestore-emulator.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe } from 'vitest';
import type { DataPort } from '@sim/core/port/data-port';
import type { TokenClaims } from '@sim/store/testing/emulator-token';
import { startTestStore } from '@sim/store/testing/test-store';

export type BackendName = 'local store' | 'Firestore emulator';

export interface TestBackend {
  readonly name: BackendName;
  /** The backend's own credential: bypasses the access policy, as firebase-admin does. */
  service(): DataPort;
  /** A client signed in as this user (null: signed out), under the access policy. */
  as(claims: TokenClaims | null): DataPort;
  close(): Promise<void>;
}

const rulesPath = fileURLToPath(new URL('../firestore.rules', import.meta.url));

export function firestoreEmulatorHost(): string | undefined {
  const host = process.env.FIRESTORE_EMULATOR_HOST?.trim();
  return host ? host : undefined;
}

async function startLocalBackend(): Promise<TestBackend> {
  const store = await startTestStore();
  return {
    name: 'local store',
    service: () => store.service(),
    as: (claims) => store.as(claims),
    close: () => store.close(),
  };
}

/** Loads `firestore.rules` into the emulator for one project (as rules-unit-testing does). */
export async function loadRules(host: string, projectId: string): Promise<void> {
  const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      rules: { files: [{ name: 'firestore.rules', content: readFileSync(rulesPath, 'utf8') }] },
    }),
  });
  if (!res.ok) throw new Error(`Firestore emulator refused the rules: ${await res.text()}`);
}

async function startFirestoreBackend(host: string): Promise<TestBackend> {
  // A project of its own per backend: test files never see each other's documents.
  const projectId = `demo-backend-${randomBytes(4).toString('hex')}`;
  await loadRules(host, projectId);
  const [{ initializeApp: initializeAdmin, deleteApp: deleteAdmin }, { createAdminPort }] =
    await Promise.all([
      import('firebase-admin/app'),
      import('../functions/src/data/admin-adapter'),
    ]);
  const [
    { initializeApp, deleteApp },
    { terminate, getFirestore, setLogLevel },
    { createFirestorePort },
  ] = await Promise.all([
    import('firebase/app'),
    import('firebase/firestore'),
    import('../src/lib/data/firestore-adapter'),
  ]);
  // Refusals by the rules are what many cases expect; the web SDK would log each as a warning.
  setLogLevel('error');
  const [hostname, portText] = host.split(':') as [string, string];
  const adminApp = initializeAdmin({ projectId }, `${projectId}-service`);
  const service = createAdminPort(adminApp);
  const userApps: ReturnType<typeof initializeApp>[] = [];
  return {
    name: 'Firestore emulator',
    service: () => service,
    as(claims) {
      const app = initializeApp(
        { projectId, apiKey: 'demo-key' },
        `${projectId}-user-${userApps.length}`,
      );
      userApps.push(app);
      const provider = claims?.provider ?? (claims?.email ? 'password' : 'anonymous');
      const mockUserToken = claims
        ? {
            sub: claims.uid,
            user_id: claims.uid,
            ...(claims.email
              ? { email: claims.email, email_verified: claims.emailVerified ?? false }
              : {}),
            firebase: { sign_in_provider: provider, identities: {} },
          }
        : undefined;
      return createFirestorePort(app, {
        firestoreEmulator: {
          host: hostname,
          port: Number(portText),
          ...(mockUserToken ? { mockUserToken } : {}),
        },
      });
    },
    async close() {
      for (const app of userApps) {
        await terminate(getFirestore(app)).catch(() => undefined);
        await deleteApp(app).catch(() => undefined);
      }
      await deleteAdmin(adminApp).catch(() => undefined);
    },
  };
}

/** The backends this run has: the local store always, the Firestore emulator when reachable. */
export function availableBackends(): {
  readonly name: BackendName;
  readonly start: () => Promise<TestBackend>;
}[] {
  const host = firestoreEmulatorHost();
  return [
    { name: 'local store', start: startLocalBackend },
    ...(host
      ? [{ name: 'Firestore emulator' as const, start: () => startFirestoreBackend(host) }]
      : []),
  ];
}

/**
 * Declares the suite once per backend. The body receives a getter for the started backend
 * (started in the suite's beforeAll, closed in its afterAll).
 */
export function describeBackends(
  title: string,
  body: (backend: () => TestBackend, name: BackendName) => void,
): void {
  for (const { name, start } of availableBackends()) {
    describe(`${title} [${name}]`, () => {
      let backend: TestBackend | undefined;
      beforeAll(async () => {
        backend = await start();
      });
      afterAll(async () => {
        await backend?.close();
      });
      body(() => {
        if (!backend) throw new Error('backend not started');
        return backend;
      }, name);
    });
  }
}
