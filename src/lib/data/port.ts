/**
 * The SPA's single entry point to documents and files. The adapter is chosen here, once, from
 * `config.dataBackend`: the local document store client (local stack) or the Firebase SDKs
 * (production). Feature code calls `getDataPort()` and never imports an adapter.
 */
import { onIdTokenChanged } from 'firebase/auth';
import type { DataPort } from '@sim/core/port/data-port';
import { LocalStoreClient } from '@sim/store/client/local-client';
import { config } from '@/lib/config';
import { getFirebaseApp, getFirebaseAuth } from '@/lib/firebase/app';
import { createFirestorePort } from '@/lib/data/firestore-adapter';

let port: DataPort | undefined;

function createLocalPort(): DataPort {
  const auth = getFirebaseAuth();
  const client = new LocalStoreClient({
    url: config.storeUrl,
    credentials: {
      kind: 'user',
      getToken: async () => (auth.currentUser ? auth.currentUser.getIdToken() : null),
    },
  });
  // The store learns of every sign-in, sign-out and token refresh; requests after it run as the new user.
  onIdTokenChanged(auth, () => {
    client.refreshAuth().catch((err: unknown) => {
      console.warn('Local store refused the new credentials', err);
    });
  });
  return client;
}

export function getDataPort(): DataPort {
  port ??=
    config.dataBackend === 'firestore' ? createFirestorePort(getFirebaseApp()) : createLocalPort();
  return port;
}
