/**
 * The SPA's single entry point to documents and files. The adapter is chosen here, once, from
 * `config.dataBackend`: the local document store client (local stack) or the Firebase SDKs
 * (production). Only the chosen adapter is downloaded, on first use. Feature code calls
 * `getDataPort()` and never imports an adapter.
 */
import { PortError, type DataPort, type FilePort } from '@sim/core/port/data-port';
import { config } from '@/lib/config';
import { createDeferredPort } from '@/lib/data/deferred-port';
import { loadAuth } from '@/lib/firebase/auth-loader';

async function loadLocalPort(): Promise<DataPort> {
  const [{ LocalStoreClient }, { auth, sdk }] = await Promise.all([
    import('@sim/store/client/local-client'),
    loadAuth(),
  ]);
  const client = new LocalStoreClient({
    url: config.storeUrl,
    credentials: {
      kind: 'user',
      getToken: async () => (auth.currentUser ? auth.currentUser.getIdToken() : null),
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
  // Auth first: Firestore asks it for the user's token, and starts signed out without it.
  const [{ createFirestorePort }, { getFirebaseApp }] = await Promise.all([
    import('@/lib/data/firestore-adapter'),
    import('@/lib/firebase/app'),
    loadAuth(),
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

let port: DataPort | undefined;
let loading: Promise<DataPort> | undefined;

/** The configured adapter, loaded once. */
function loadPort(): Promise<DataPort> {
  loading ??= config.dataBackend === 'firestore' ? loadFirestorePort() : loadLocalPort();
  return loading;
}

export function getDataPort(): DataPort {
  port ??= createDeferredPort(loadPort);
  return port;
}

/**
 * Starts downloading the adapter before anything reads, for pages that will: the download runs
 * beside the page's own code and the sign-in instead of after them. A failure shows on the read.
 */
export function preloadDataPort(): void {
  loadPort().catch(() => undefined);
}
