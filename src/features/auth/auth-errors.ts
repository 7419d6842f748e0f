/**
 * Firebase Auth refusals as locale keys of `errors.json` (the snackbar translates a message that is
 * a key): the SDK's own texts ("Error (auth/invalid-credential).") are not for users.
 */
const KEYS: Readonly<Record<string, string>> = {
  'auth/invalid-credential': 'authWrongCredentials',
  'auth/invalid-login-credentials': 'authWrongCredentials',
  'auth/wrong-password': 'authWrongCredentials',
  'auth/user-not-found': 'authWrongCredentials',
  'auth/user-mismatch': 'authWrongCredentials',
  'auth/invalid-email': 'authInvalidEmail',
  'auth/email-already-in-use': 'authEmailAlreadyInUse',
  'auth/credential-already-in-use': 'authEmailAlreadyInUse',
  'auth/weak-password': 'authWeakPassword',
  'auth/too-many-requests': 'authTooManyRequests',
  'auth/network-request-failed': 'errorUnavailable',
  'auth/expired-action-code': 'authActionCodeInvalid',
  'auth/invalid-action-code': 'authActionCodeInvalid',
  'auth/user-disabled': 'authActionCodeInvalid',
};

/** The `auth/…` code of a Firebase error, if it is one. */
export function authErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' && code.startsWith('auth/') ? code : undefined;
}

/** An error whose message is the locale key for a known Auth refusal; other errors unchanged. */
export function authError(error: unknown): unknown {
  const code = authErrorCode(error);
  const key = code ? KEYS[code] : undefined;
  return key ? new Error(key) : error;
}
