/**
 * Sign-in, sign-up and sign-out through `firebase/auth` (the Auth emulator locally).
 * Callers get `AuthUser` values, never SDK objects.
 */
import {
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  signInAnonymously as firebaseSignInAnonymously,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  type User,
} from 'firebase/auth';
import type { AuthUser } from '@/features/auth/auth-types';
import { getFirebaseAuth } from '@/lib/firebase/app';
import { verifyEmail } from '@/lib/firebase/callables';

export function toAuthUser(user: User): AuthUser {
  return { uid: user.uid, isAnonymous: user.isAnonymous, email: user.email };
}

/** Calls `next` with the current user (or null) now and after every sign-in or sign-out. */
export function watchAuthUser(
  next: (user: AuthUser | null) => void,
  onError: (error: unknown) => void,
): () => void {
  return onAuthStateChanged(
    getFirebaseAuth(),
    (user) => next(user ? toAuthUser(user) : null),
    onError,
  );
}

export async function signInWithEmail(email: string, password: string): Promise<AuthUser> {
  const credential = await signInWithEmailAndPassword(getFirebaseAuth(), email.trim(), password);
  return toAuthUser(credential.user);
}

/**
 * Creates an email account and signs it in. The server first verifies the address
 * (`verifyEmail`, reason 'signup'); a refusal rejects before any account exists.
 */
export async function signUpWithEmail(email: string, password: string): Promise<AuthUser> {
  const address = email.trim();
  await verifyEmail({ email: address, reason: 'signup' });
  const credential = await createUserWithEmailAndPassword(getFirebaseAuth(), address, password);
  return toAuthUser(credential.user);
}

/** Players join games with an anonymous account; an existing session is reused. */
export async function signInAnonymously(): Promise<AuthUser> {
  const auth = getFirebaseAuth();
  if (auth.currentUser) return toAuthUser(auth.currentUser);
  const credential = await firebaseSignInAnonymously(auth);
  return toAuthUser(credential.user);
}

export async function signOut(): Promise<void> {
  await firebaseSignOut(getFirebaseAuth());
}
