/**
 * The SPA's single entry point to documents and files. The adapter is chosen here, once, from
 * `config.dataBackend`: the local document store client (local stack) or the Firebase SDKs
 * (production). Only the chosen adapter is downloaded, on first use. Feature code calls
 * `getDataPort()` and never imports an adapter.
 */
import { PortError, type DataPort, type FilePort } from '@sim/core/port/data-port';
import { config } from '@/lib/config';
import { createDeferredPort, type DeferredPort } from '@/lib/data/deferred-port';
import { firstReadHints, rememberFirstReads } from '@/lib/preload/first-read-hints';
import { createFirstReads, type FirstReads } from '@/lib/data/first-read';
import { loadAuth, onAuthLoaded } from '@/lib/firebase/auth-loader';
import { storedSession } from '@/lib/firebase/stored-session';
import { offerToTests } from '@/lib/perf/test-probes';

async function loadLocalPort(): Promise<DataPort> {
  const [{ LocalStoreClient }, { auth, sdk }] = await Promise.all([
    import('@sim/store/client/local-client'),
    loadAuth(),
  ]);
  const client = new LocalStoreClient({
    url: config.storeUrl,
    credentials: {
      kind: 'user',
      // A page may subscribe before Auth has restored the stored user (it showed the user
      // Auth had stored): the store hears the restored one, not a signed-out visitor.
      getToken: async () => {
        await auth.authStateReady();
        return auth.currentUser ? auth.currentUser.getIdToken() : null;
      },
    },
  });
  // The store learns of every sign-in, sign-out and token refresh; requests after it run as the new user.
  sdk.onIdTokenChanged(auth, () => {
    client.refreshAuth().catch((err: unknown) => {
      console.warn('Local store refused the new credentials', err);
    });
  });
  return client;
}

/** Firestore's emulator default, as the other emulators' defaults in `config.ts`. */
const FIRESTORE_EMULATOR_DEFAULT = { host: '127.0.0.1', port: 8080 };

/** Files where the deployment has no file storage: every call refuses, saying why. */
const NO_FILES: FilePort = {
  upload: () => Promise.reject(new PortError('unavailable', 'No file storage on this server')),
  downloadUrl: () => Promise.reject(new PortError('unavailable', 'No file storage on this server')),
  delete: () => Promise.reject(new PortError('unavailable', 'No file storage on this server')),
};

async function loadFirestorePort(): Promise<DataPort> {
  // Auth first, with its stored user restored: Firestore asks it for the user's token, and
  // would start signed out without it (a page may subscribe before Auth has answered).
  const [{ createFirestorePort }, { getFirebaseApp }] = await Promise.all([
    import('@/lib/data/firestore-adapter'),
    import('@/lib/firebase/app'),
    loadAuth().then(({ auth }) => auth.authStateReady()),
  ]);
  const port = createFirestorePort(
    getFirebaseApp(),
    config.useEmulators
      ? { firestoreEmulator: config.firestoreEmulator ?? FIRESTORE_EMULATOR_DEFAULT }
      : {},
  );
  // The local stack on Firestore has no Storage emulator (decision 0006); the UI says so first.
  return config.filesAvailable ? port : { docs: port.docs, files: NO_FILES };
}

/** Where the SDK would reach Firestore: the emulator of the local stack, or Google's. */
function firestoreOrigin(): string {
  if (!config.useEmulators) return 'https://firestore.googleapis.com';
  const { host, port } = config.firestoreEmulator ?? FIRESTORE_EMULATOR_DEFAULT;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

let firstReads: FirstReads | null | undefined;

/** The first reads of this page (Firestore only: the local store's client is small already). */
function getFirstReads(): FirstReads | null {
  if (firstReads !== undefined) return firstReads;
  if (config.dataBackend !== 'firestore' || typeof window === 'undefined') {
    firstReads = null;
    return firstReads;
  }
  const reads = createFirstReads({
    origin: firestoreOrigin(),
    projectId: config.firebase.projectId,
    idToken: async () => (await storedSession())?.idToken ?? null,
  });
  // Once Auth is there, it speaks for the user (a sign-in, a sign-out): no read goes on with
  // the stored token.
  onAuthLoaded(() => reads.end());
  // What this page read first when it last loaded is asked for now, all at once; what it reads
  // this time is remembered for the next.
  const page = window.location.pathname;
  for (const path of firstReadHints(page)) reads.prefetchDoc(path);
  void reads.settled().then(() => rememberFirstReads(page, reads.answeredPaths()));
  firstReads = reads;
  return reads;
}

/**
 * Resolves when the page's first reads are quiet (at once without first reads): what can wait,
 * such as Auth's own restore of the stored user, starts then, off the way to the first render.
 */
export function afterFirstReads(): Promise<void> {
  return getFirstReads()?.settled() ?? Promise.resolve();
}

let port: DeferredPort | undefined;

/** The configured adapter behind the deferred port, which loads it once. */
function deferredPort(): DeferredPort {
  port ??= createDeferredPort(
    () => (config.dataBackend === 'firestore' ? loadFirestorePort() : loadLocalPort()),
    getFirstReads(),
  );
  return port;
}

export function getDataPort(): DataPort {
  return deferredPort();
}
offerToTests('getDataPort', getDataPort);

/**
 * Starts downloading the adapter before anything reads, for pages that will: the download runs
 * beside the page's own code and the sign-in instead of after them. With first reads it waits
 * for them, as every use of the port does, so the page's first render does not share the network
 * with the SDKs. A failure shows on the read.
 */
export function preloadDataPort(): void {
  deferredPort().preload();
}
