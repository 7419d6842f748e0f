/**
 * Sign-in, sign-up, account changes and email actions through `firebase/auth` (the Auth emulator
 * locally), loaded on the first call (`loadAuth`). Callers get `AuthUser` values, never SDK
 * objects.
 */
import type { User } from 'firebase/auth';
import type { AuthUser } from '@/features/auth/auth-types';
import {
  forgetPreviousPlayer,
  newRestoreKey,
  readPreviousPlayer,
  rememberPreviousPlayer,
  restoreKeyHash,
} from '@/features/auth/previous-player';
import { loadAuth } from '@/lib/firebase/auth-loader';
import { previousPlayerLogin, verifyEmail } from '@/lib/firebase/callables';
import { reportError } from '@/lib/sentry';

/**
 * A player restored with a custom token (previousPlayerLogin) is not flagged anonymous by the SDK,
 * yet has no email and no provider: it is the same anonymous player.
 */
function isAnonymousUser(user: User): boolean {
  return user.isAnonymous || (!user.email && user.providerData.length === 0);
}

export function toAuthUser(user: User): AuthUser {
  return { uid: user.uid, isAnonymous: isAnonymousUser(user), email: user.email };
}

/**
 * Calls `next` with the current user (or null) now, after every sign-in or sign-out, and when the
 * same user changes (an anonymous player upgraded to an account, a new email): the ID token
 * changes each time, while the auth state only changes with the uid.
 */
export function watchAuthUser(
  next: (user: AuthUser | null) => void,
  onError: (error: unknown) => void,
): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  loadAuth().then(({ auth, sdk }) => {
    if (stopped) return;
    stop = sdk.onIdTokenChanged(auth, (user) => next(user ? toAuthUser(user) : null), onError);
  }, onError);
  return () => {
    stopped = true;
    stop?.();
  };
}

/** Full identification: the previous anonymous player of this browser is forgotten (spec §4). */
function identified(user: User): AuthUser {
  forgetPreviousPlayer();
  return toAuthUser(user);
}

export async function signInWithEmail(email: string, password: string): Promise<AuthUser> {
  const { auth, sdk } = await loadAuth();
  const credential = await sdk.signInWithEmailAndPassword(auth, email.trim(), password);
  return identified(credential.user);
}

/**
 * Creates an email account and signs it in. The server first verifies the address
 * (`verifyEmail`, reason 'signup'); a refusal rejects before any account exists. An anonymous
 * player is upgraded in place (the account is linked to the same uid, so its games stay its own).
 * A verification email is then sent; failing to send it does not fail the sign-up.
 */
export async function signUpWithEmail(email: string, password: string): Promise<AuthUser> {
  const address = email.trim();
  const [, { auth, sdk }] = await Promise.all([
    verifyEmail({ email: address, reason: 'signup' }),
    loadAuth(),
  ]);
  const current = auth.currentUser;
  // Spec §5: creating an account while logged in with one is refused.
  if (current && !isAnonymousUser(current)) throw new Error('errorAlreadyLoggedIn');
  const credential = current
    ? await sdk.linkWithCredential(current, sdk.EmailAuthProvider.credential(address, password))
    : await sdk.createUserWithEmailAndPassword(auth, address, password);
  // The upgraded user keeps its uid: refresh the token so the new provider is in its claims.
  await credential.user.getIdToken(true);
  sdk.sendEmailVerification(credential.user).catch(reportError);
  return identified(credential.user);
}

let restoring: Promise<AuthUser | null> | undefined;

/**
 * Signs the previous anonymous player of this browser back in (spec §4) through
 * `previousPlayerLogin`. Resolves null (and forgets the uid) when there is none or it is refused.
 * Concurrent callers share one attempt.
 */
export function restorePreviousPlayer(): Promise<AuthUser | null> {
  restoring ??= (async () => {
    const previous = readPreviousPlayer();
    if (!previous) return null;
    try {
      const [{ token }, { auth, sdk }] = await Promise.all([
        previousPlayerLogin(previous),
        loadAuth(),
      ]);
      const credential = await sdk.signInWithCustomToken(auth, token);
      return toAuthUser(credential.user);
    } catch (error) {
      forgetPreviousPlayer();
      reportError(error);
      return null;
    }
  })().finally(() => {
    restoring = undefined;
  });
  return restoring;
}

/**
 * Players join games with an anonymous account: an existing session is reused, else the previous
 * anonymous player of this browser is restored, else a new anonymous account is created. The uid
 * is kept locally for a later restore.
 */
export async function signInAnonymously(): Promise<AuthUser> {
  const { auth, sdk } = await loadAuth();
  if (auth.currentUser) return toAuthUser(auth.currentUser);
  const restored = await restorePreviousPlayer();
  if (restored) return restored;
  if (auth.currentUser) return toAuthUser(auth.currentUser);
  const credential = await sdk.signInAnonymously(auth);
  void keepForRestore(credential.user.uid);
  return toAuthUser(credential.user);
}

/**
 * Keeps the new anonymous player restorable: a random key in this browser, its hash in the
 * player's own profile. Retried while the data backend learns of the fresh sign-in; the uid is
 * kept only once the hash is stored (a restore without it would be refused anyway).
 */
async function keepForRestore(uid: string): Promise<void> {
  const key = newRestoreKey();
  try {
    const [hash, { mergeProfileFields }] = await Promise.all([
      restoreKeyHash(key),
      import('@/features/auth/profile-api'),
    ]);
    for (let attempt = 0; ; attempt++) {
      try {
        await mergeProfileFields(uid, { restoreKeyHash: hash });
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
      }
    }
    if ((await loadAuth()).auth.currentUser?.uid === uid) rememberPreviousPlayer({ uid, key });
  } catch (error) {
    reportError(error);
  }
}

export async function signOut(): Promise<void> {
  const { auth, sdk } = await loadAuth();
  await sdk.signOut(auth);
}

/** Sends the password reset email; any failure is reported as authEmailNotFound by the caller (spec §5). */
export async function requestPasswordReset(email: string): Promise<void> {
  const { auth, sdk } = await loadAuth();
  await sdk.sendPasswordResetEmail(auth, email.trim());
}

/** `/auth-action?mode=verifyEmail&oobCode=…`: confirms the address. */
export async function confirmEmailAction(oobCode: string): Promise<void> {
  const { auth, sdk } = await loadAuth();
  await sdk.applyActionCode(auth, oobCode);
  // A signed-in user sees the verified flag at once.
  await auth.currentUser?.reload();
}

/** The account a reset code is for; rejects when the code is invalid, used or expired. */
export async function passwordResetEmail(oobCode: string): Promise<string> {
  const { auth, sdk } = await loadAuth();
  return sdk.verifyPasswordResetCode(auth, oobCode);
}

export async function resetPassword(oobCode: string, newPassword: string): Promise<void> {
  const { auth, sdk } = await loadAuth();
  await sdk.confirmPasswordReset(auth, oobCode, newPassword);
}

export interface AccountChange {
  /** Re-authentication (spec §5): the current email and the old password. */
  readonly currentEmail: string;
  readonly oldPassword: string;
  /** A new address, verified by the server first; omitted or equal to the current one = no change. */
  readonly newEmail?: string;
  readonly newPassword?: string;
}

/**
 * Changes the signed-in account's email and/or password after re-authenticating with the current
 * email and old password. Resolves with the user as it now is.
 */
export async function updateAccount(change: AccountChange): Promise<AuthUser> {
  const { auth, sdk } = await loadAuth();
  const user = auth.currentUser;
  if (!user || isAnonymousUser(user)) throw new Error('errorUnauthenticated');
  await sdk.reauthenticateWithCredential(
    user,
    sdk.EmailAuthProvider.credential(change.currentEmail.trim(), change.oldPassword),
  );
  const newEmail = change.newEmail?.trim();
  if (newEmail && newEmail.toLowerCase() !== (user.email ?? '').toLowerCase()) {
    const { email } = await verifyEmail({ email: newEmail, reason: 'signup' });
    await sdk.updateEmail(user, email);
  }
  if (change.newPassword) await sdk.updatePassword(user, change.newPassword);
  await user.getIdToken(true);
  return toAuthUser(user);
}
