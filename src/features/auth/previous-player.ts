/**
 * The last anonymous player of this browser (spec §4): its uid and a random restore key are kept
 * in localStorage when an anonymous player signs in, used to restore that player when its session
 * is lost, and cleared on full identification (an email sign-in or sign-up). The key's SHA-256
 * is stored in the player's own profile (`users/{uid}.restoreKeyHash`, readable by that user
 * only): player uids are visible in game documents, so a uid alone must not restore anyone.
 */
const KEY = 'simgames.previousPlayer';
const SECRET = 'simgames.previousPlayerKey';

/** Firebase uids: 1 to 128 characters, letters, digits and a few symbols, never slashes. */
const UID = /^[A-Za-z0-9_-]{1,128}$/;
const RESTORE_KEY = /^[0-9a-f]{64}$/;

export interface PreviousPlayer {
  readonly uid: string;
  readonly key: string;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readPreviousPlayer(store: Storage | undefined = storage()): PreviousPlayer | null {
  const uid = store?.getItem(KEY) ?? null;
  const key = store?.getItem(SECRET) ?? null;
  return uid !== null && key !== null && UID.test(uid) && RESTORE_KEY.test(key)
    ? { uid, key }
    : null;
}

/** A new random restore key (32 bytes, hex). */
export function newRestoreKey(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of the key, hex: what the profile stores and the server compares. */
export async function restoreKeyHash(key: string): Promise<string> {
  const bytes = new TextEncoder().encode(key);
  // A phone on the classroom stack (http://<LAN address>) is not a secure context: no subtle.
  // The library is loaded only there, so that every page's first render goes without it.
  const digest = globalThis.crypto?.subtle
    ? new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
    : (await import('@noble/hashes/sha2.js')).sha256(bytes);
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function rememberPreviousPlayer(
  player: PreviousPlayer,
  store: Storage | undefined = storage(),
): void {
  if (!UID.test(player.uid) || !RESTORE_KEY.test(player.key)) return;
  store?.setItem(KEY, player.uid);
  store?.setItem(SECRET, player.key);
}

export function forgetPreviousPlayer(store: Storage | undefined = storage()): void {
  store?.removeItem(KEY);
  store?.removeItem(SECRET);
}
