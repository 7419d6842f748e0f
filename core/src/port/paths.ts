/** Helpers for slash-separated document and collection paths. */
import { PortError } from './data-port';

export function segments(path: string): string[] {
  const parts = path.split('/');
  if (parts.some((p) => p.length === 0)) {
    throw new PortError('invalid-argument', `Invalid path "${path}"`);
  }
  return parts;
}

export function assertDocPath(path: string): void {
  if (segments(path).length % 2 !== 0) {
    throw new PortError('invalid-argument', `"${path}" is not a document path`);
  }
}

export function assertCollectionPath(path: string): void {
  if (segments(path).length % 2 !== 1) {
    throw new PortError('invalid-argument', `"${path}" is not a collection path`);
  }
}

export function parentCollection(docPath: string): string {
  const parts = segments(docPath);
  return parts.slice(0, -1).join('/');
}

export function docId(docPath: string): string {
  const parts = segments(docPath);
  return parts[parts.length - 1] ?? '';
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 20-character id from the given random bytes source (the core has no randomness of its own). */
export function makeId(randomBytes: (n: number) => Uint8Array): string {
  const bytes = randomBytes(20);
  let id = '';
  for (const b of bytes) id += ID_ALPHABET[b % ID_ALPHABET.length];
  return id;
}

/**
 * What an id chosen by a client may look like (games, sessions, facilities, capabilities,
 * products, users): letters, digits, `_` and `-`, 1 to 128 characters, and not `__…__` (which
 * Firestore reserves). Ids are also map keys in documents, so they never contain `.` or `/`.
 */
export const ID_PATTERN = /^(?!__.*__$)[A-Za-z0-9_-]{1,128}$/;

export function isSafeId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
