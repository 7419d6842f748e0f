/**
 * The Auth SDK (with the Firebase app) as a chunk of its own: a visitor who has never signed in
 * in this browser reads `/` without it, and it loads at start-up only when the browser may hold
 * a session (`mayHoldSession`), or when a page signs someone in.
 */
import type { Auth } from 'firebase/auth';
import type * as AuthSdk from 'firebase/auth';

export interface LoadedAuth {
  readonly auth: Auth;
  readonly sdk: typeof AuthSdk;
}

let loading: Promise<LoadedAuth> | undefined;
let loaded: LoadedAuth | undefined;
const waiting: ((auth: LoadedAuth) => void)[] = [];

/** The app's Auth instance and the SDK's functions, loaded once (again after a failed load). */
export function loadAuth(): Promise<LoadedAuth> {
  loading ??= Promise.all([import('firebase/auth'), import('@/lib/firebase/app')]).then(
    ([sdk, app]) => {
      loaded = { auth: app.getFirebaseAuth(), sdk };
      for (const listener of waiting.splice(0)) listener(loaded);
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Calls `listener` once Auth has loaded (at once when it has), before the caller of `loadAuth` goes on. */
export function onAuthLoaded(listener: (auth: LoadedAuth) => void): void {
  if (loaded) listener(loaded);
  else waiting.push(listener);
}

/** Where the SDK keeps a signed-in user: `firebase:authUser:<api key>:<app name>`. */
const USER_KEY_PREFIX = 'firebase:authUser:';
export const AUTH_DATABASE = 'firebaseLocalStorageDb';
export const AUTH_STORE = 'firebaseLocalStorage';

export function isAuthUserKey(key: unknown): boolean {
  return typeof key === 'string' && key.startsWith(USER_KEY_PREFIX);
}

function inLocalStorage(): boolean {
  try {
    const store = window.localStorage;
    for (let i = 0; i < store.length; i += 1) if (isAuthUserKey(store.key(i))) return true;
  } catch {
    // No localStorage (private mode): IndexedDB decides.
  }
  return false;
}

function inIndexedDb(): Promise<boolean> {
  return new Promise((resolve) => {
    const request = indexedDB.open(AUTH_DATABASE);
    request.onerror = () => resolve(true);
    request.onsuccess = () => {
      const db = request.result;
      try {
        if (!db.objectStoreNames.contains(AUTH_STORE)) {
          db.close();
          resolve(false);
          return;
        }
        const keys = db.transaction(AUTH_STORE, 'readonly').objectStore(AUTH_STORE).getAllKeys();
        keys.onsuccess = () => {
          db.close();
          resolve(keys.result.some(isAuthUserKey));
        };
        keys.onerror = () => {
          db.close();
          resolve(true);
        };
      } catch {
        db.close();
        resolve(true);
      }
    };
  });
}

/**
 * Whether this browser may hold a signed-in user, read from the SDK's storage without loading
 * it. In doubt (no way to list databases without creating one, a read error) it says yes, and
 * Auth loads as it always did.
 */
export async function mayHoldSession(): Promise<boolean> {
  if (inLocalStorage()) return true;
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    const databases = await indexedDB.databases();
    if (!databases.some((db) => db.name === AUTH_DATABASE)) return false;
  } catch {
    return true;
  }
  return inIndexedDb();
}
