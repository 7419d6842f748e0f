/**
 * The uid of the last anonymous player of this browser (spec §4): kept in localStorage when an
 * anonymous player signs in, used to restore that player when its session is lost, and cleared on
 * full identification (an email sign-in or sign-up).
 */
const KEY = 'simgames.previousPlayer';

/** Firebase uids: 1 to 128 characters, letters, digits and a few symbols, never slashes. */
const UID = /^[A-Za-z0-9_-]{1,128}$/;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readPreviousPlayer(store: Storage | undefined = storage()): string | null {
  const value = store?.getItem(KEY) ?? null;
  return value !== null && UID.test(value) ? value : null;
}

export function rememberPreviousPlayer(uid: string, store: Storage | undefined = storage()): void {
  if (UID.test(uid)) store?.setItem(KEY, uid);
}

export function forgetPreviousPlayer(store: Storage | undefined = storage()): void {
  store?.removeItem(KEY);
}
