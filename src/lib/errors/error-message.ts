/** Spec §8: the prefix 'Firebase: ' is removed from an error's message, or the error text is used. */
const FIREBASE_PREFIX = 'Firebase: ';

export function stripFirebasePrefix(message: string): string {
  return message.startsWith(FIREBASE_PREFIX) ? message.slice(FIREBASE_PREFIX.length) : message;
}

/**
 * Keys of `errors.json` for the codes of the data port, the Functions SDK (`functions/…`) and
 * Firestore: a refusal nobody named more precisely still reads as a sentence in the user's
 * language, never as an English SDK message or a bare key.
 */
const CODE_KEYS: Readonly<Record<string, string>> = {
  'permission-denied': 'errorPermissionDenied',
  unauthenticated: 'errorUnauthenticated',
  'not-found': 'errorNotFound',
  'already-exists': 'errorAlreadyExists',
  aborted: 'errorConflict',
  'invalid-argument': 'errorInvalidArgument',
  'failed-precondition': 'errorFailedPrecondition',
  unavailable: 'errorUnavailable',
  'deadline-exceeded': 'errorUnavailable',
  'resource-exhausted': 'errorUnavailable',
  cancelled: 'errorUnavailable',
  internal: 'errorInternal',
  unknown: 'errorInternal',
};

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null && name in error
    ? (error as Record<string, unknown>)[name]
    : undefined;
}

/**
 * The `errors.json` key that says what went wrong, or null for an error that is not a refusal of
 * the backend (a network failure of an SDK has a code too): a callable's `details.messageKey`
 * (CallableError in functions/src/callable.ts), else a message that is itself a key, else the
 * error's code. `isKey` tells which keys exist.
 */
export function errorKey(error: unknown, isKey: (key: string) => boolean): string | null {
  if (typeof error === 'string') return isKey(error) ? error : null;
  const details = field(error, 'details');
  const detailKey = field(details, 'messageKey');
  if (typeof detailKey === 'string' && isKey(detailKey)) return detailKey;
  const message = field(error, 'message');
  if (typeof message === 'string' && isKey(message)) return message;
  const code = field(error, 'code');
  if (typeof code !== 'string') return null;
  const key = CODE_KEYS[code.replace(/^(functions|firestore)\//, '')];
  return key !== undefined && isKey(key) ? key : null;
}

/** The text shown for any thrown value: an error's message without the Firebase prefix, or its text. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string') return stripFirebasePrefix(error);
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string' && message.length > 0) return stripFirebasePrefix(message);
  }
  return stripFirebasePrefix(String(error));
}
