/** Spec §8: the prefix 'Firebase: ' is removed from an error's message, or the error text is used. */
const FIREBASE_PREFIX = 'Firebase: ';

export function stripFirebasePrefix(message: string): string {
  return message.startsWith(FIREBASE_PREFIX) ? message.slice(FIREBASE_PREFIX.length) : message;
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
