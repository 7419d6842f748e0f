/**
 * The functions' single entry point to documents and files. The adapter is chosen here, once per
 * instance, from the environment:
 * - `DATA_BACKEND`: 'local' or 'firestore'. Default: 'local' inside the Functions emulator
 *   (`FUNCTIONS_EMULATOR=true`), 'firestore' anywhere else (production).
 * - `STORE_URL`: the local document store (default http://127.0.0.1:8787).
 * - `STORE_SERVICE_SECRET`: the service credential of the local store; required for 'local'.
 * Handlers never import an adapter; they receive the port from the callable wrapper.
 */
import type { DataPort } from '@sim/core/port/data-port';
import { LocalStoreClient } from '@sim/store/client/local-client';
import { nodeSocketFactory } from '@sim/store/client/node-socket';
import { getAdminApp } from '../admin-app';
import { createAdminPort } from './admin-adapter';

export const DEFAULT_STORE_URL = 'http://127.0.0.1:8787';

export type BackendConfig =
  | { readonly backend: 'firestore' }
  | { readonly backend: 'local'; readonly storeUrl: string; readonly serviceSecret: string };

type Env = Readonly<Record<string, string | undefined>>;

/** Pure: reads the backend choice from an environment; throws a clear error when it is incomplete. */
export function readBackendConfig(env: Env): BackendConfig {
  const requested = env.DATA_BACKEND?.trim().toLowerCase() || undefined;
  if (requested !== undefined && requested !== 'local' && requested !== 'firestore') {
    throw new Error(`DATA_BACKEND must be 'local' or 'firestore', not '${env.DATA_BACKEND}'`);
  }
  const backend = requested ?? (env.FUNCTIONS_EMULATOR === 'true' ? 'local' : 'firestore');
  if (backend === 'firestore') return { backend };
  const serviceSecret = env.STORE_SERVICE_SECRET?.trim();
  if (!serviceSecret) {
    throw new Error(
      'STORE_SERVICE_SECRET is not set: the functions cannot reach the local document store. ' +
        'Start the local stack with `npm start`, which passes the secret to the Functions emulator.',
    );
  }
  return { backend, storeUrl: env.STORE_URL?.trim() || DEFAULT_STORE_URL, serviceSecret };
}

export function createDataPort(config: BackendConfig): DataPort {
  if (config.backend === 'firestore') return createAdminPort(getAdminApp());
  return new LocalStoreClient({
    url: config.storeUrl,
    credentials: { kind: 'service', secret: config.serviceSecret },
    socketFactory: nodeSocketFactory,
  });
}

let port: DataPort | undefined;

/** The port of this instance, created on first use (so loading the bundle needs no configuration). */
export function getDataPort(): DataPort {
  port ??= createDataPort(readBackendConfig(process.env));
  return port;
}
