/**
 * The signed-in user the Auth SDK keeps in this browser, read without the SDK: a returning
 * player's page reads its documents with the stored ID token before Auth and Firestore have
 * downloaded (src/lib/data/first-read.ts, decision 0029). Auth still decides: it loads after the
 * page's first reads and its answer replaces this one.
 */
import { config } from '@/lib/config';
import { AUTH_DATABASE, AUTH_STORE } from '@/lib/firebase/auth-loader';

/** The stored user as the app sees one (the auth feature's `AuthUser`). */
export interface StoredUser {
  readonly uid: string;
  readonly isAnonymous: boolean;
  readonly email: string | null;
}

export interface StoredSession {
  readonly user: StoredUser;
  readonly idToken: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
}

/** A token this close to its end is left to the SDK, which refreshes it. */
const TOKEN_MARGIN_MS = 5 * 60 * 1000;

/** The key the SDK stores the app's user under: `firebase:authUser:<api key>:<app name>`. */
export function storedUserKey(apiKey: string): string {
  return `firebase:authUser:${apiKey}:[DEFAULT]`;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * The session of the SDK's stored user (its `toJSON()` form), or null when it is not one or its
 * ID token ends within five minutes of `now`. Anonymous as `toAuthUser` says: a player restored
 * with a custom token has no email and no provider.
 */
export function parseStoredSession(stored: unknown, now: number): StoredSession | null {
  const user = record(stored);
  const tokens = record(user?.['stsTokenManager']);
  if (!user || !tokens) return null;
  const { uid, email, isAnonymous, providerData } = user;
  const { accessToken, expirationTime } = tokens;
  if (typeof uid !== 'string' || uid === '' || typeof accessToken !== 'string') return null;
  if (typeof expirationTime !== 'number' || expirationTime - now < TOKEN_MARGIN_MS) return null;
  const mail = typeof email === 'string' && email !== '' ? email : null;
  const providers = Array.isArray(providerData) ? providerData.length : 0;
  return {
    user: { uid, email: mail, isAnonymous: isAnonymous === true || (!mail && providers === 0) },
    idToken: accessToken,
    expiresAt: expirationTime,
  };
}

function fromLocalStorage(key: string): unknown {
  try {
    const text = window.localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

function fromIndexedDb(key: string): Promise<unknown> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') {
      resolve(null);
      return;
    }
    const request = indexedDB.open(AUTH_DATABASE);
    request.onerror = () => resolve(null);
    // Never create the SDK's database: it would find it without its store.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => {
      const db = request.result;
      try {
        if (!db.objectStoreNames.contains(AUTH_STORE)) {
          db.close();
          resolve(null);
          return;
        }
        const read = db.transaction(AUTH_STORE, 'readonly').objectStore(AUTH_STORE).get(key);
        read.onsuccess = () => {
          db.close();
          resolve(record(read.result)?.['value'] ?? null);
        };
        read.onerror = () => {
          db.close();
          resolve(null);
        };
      } catch {
        db.close();
        resolve(null);
      }
    };
  });
}

/** The stored session of the app's user with a usable ID token, or null. */
export async function readStoredSession(apiKey: string): Promise<StoredSession | null> {
  const key = storedUserKey(apiKey);
  const now = Date.now();
  return (
    parseStoredSession(await fromIndexedDb(key), now) ??
    parseStoredSession(fromLocalStorage(key), now)
  );
}

let session: Promise<StoredSession | null> | undefined;

/** This page's stored session, read once at start-up (Auth speaks for the user after it). */
export function storedSession(): Promise<StoredSession | null> {
  session ??= readStoredSession(config.firebase.apiKey).catch(() => null);
  return session;
}
