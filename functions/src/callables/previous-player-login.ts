/**
 * previousPlayerLogin {uid, key} → {token} (spec §4, §7): restores a previous anonymous player.
 *
 * A browser keeps the uid of the anonymous player it signed in last, with a random restore key
 * whose SHA-256 the player stored in its own profile (`users/{uid}.restoreKeyHash`, readable by
 * that user only). When that session is lost (cleared cookies, an expired refresh token), the SPA
 * asks for a sign-in token for that uid and signs in with it, so the player keeps its role and
 * its moves. Player uids are visible in game documents, so the key is what proves the browser was
 * that player's: a wrong or missing key is refused like an unknown uid (`not-found`,
 * previousPlayerUnknown), as is an unknown or disabled account. An account linked to an email (or
 * any other provider) must sign in with its own credentials (`permission-denied`,
 * previousPlayerNotAnonymous). Nothing is written.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { getAuth } from 'firebase-admin/auth';
import { z } from 'zod';
import { getAdminApp } from '../admin-app';
import { CallableError, type CallableHandler } from '../callable';
import { idSchema } from '../ids';

export const name = 'previousPlayerLogin';

export const schema = z.object({
  // Firebase uids are at most 128 characters.
  uid: idSchema,
  // The restore key: 32 random bytes, hex.
  key: z.string().regex(/^[0-9a-f]{64}$/),
});

export type PreviousPlayerLoginData = z.output<typeof schema>;

export interface PreviousPlayerLoginResult {
  readonly token: string;
}

/** What the handler needs to know about an Auth account. */
export interface AuthAccount {
  readonly disabled: boolean;
  /** The account has an email or any sign-in provider (password, Google…): not anonymous. */
  readonly identified: boolean;
}

export interface PreviousPlayerLoginDeps {
  /** The account of this uid, or null when there is none; injected in tests. */
  readonly lookup: (uid: string) => Promise<AuthAccount | null>;
  /** A custom sign-in token for this uid. */
  readonly createToken: (uid: string) => Promise<string>;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createHandler(
  deps: PreviousPlayerLoginDeps,
): CallableHandler<PreviousPlayerLoginData, PreviousPlayerLoginResult> {
  return async (ctx, { uid, key }) => {
    const profile = await ctx.port.docs.get(`users/${uid}`);
    const stored = profile.data?.['restoreKeyHash'];
    if (typeof stored !== 'string' || !sameHash(stored, sha256(key))) {
      throw new CallableError('not-found', 'previousPlayerUnknown');
    }
    const account = await deps.lookup(uid);
    if (!account || account.disabled) {
      throw new CallableError('not-found', 'previousPlayerUnknown');
    }
    if (account.identified) {
      throw new CallableError('permission-denied', 'previousPlayerNotAnonymous');
    }
    return { token: await deps.createToken(uid) };
  };
}

/** Firebase Auth lookup (the Auth emulator locally: firebase-admin follows FIREBASE_AUTH_EMULATOR_HOST). */
export async function lookupInAuth(uid: string): Promise<AuthAccount | null> {
  try {
    const user = await getAuth(getAdminApp()).getUser(uid);
    return {
      disabled: user.disabled,
      identified: Boolean(user.email) || user.providerData.length > 0,
    };
  } catch (err) {
    const code =
      typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
    if (code === 'auth/user-not-found') return null;
    throw err;
  }
}

export function createTokenInAuth(uid: string): Promise<string> {
  return getAuth(getAdminApp()).createCustomToken(uid);
}

export const handle = createHandler({ lookup: lookupInAuth, createToken: createTokenInAuth });
