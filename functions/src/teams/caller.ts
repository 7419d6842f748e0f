/** Who may act on teams: an instructor (an account with an email, not an anonymous player). */
import { CallableError, type CallableContext } from '../callable';
import { normaliseEmail } from './team-docs';

export interface TeamCaller {
  readonly uid: string;
  /** The token's address, normalised. */
  readonly email: string;
  /** The token's `email_verified` claim. */
  readonly emailVerified: boolean;
}

export function teamCaller(ctx: CallableContext): TeamCaller {
  if (!ctx.auth) throw new CallableError('unauthenticated', 'errorUnauthenticated');
  const token = ctx.auth.token;
  const firebase = token.firebase;
  const provider =
    typeof firebase === 'object' && firebase !== null
      ? (firebase as { sign_in_provider?: unknown }).sign_in_provider
      : undefined;
  const email = token.email;
  if (provider === 'anonymous' || typeof email !== 'string' || email.trim() === '') {
    throw new CallableError('permission-denied', 'errorPermissionDenied');
  }
  return {
    uid: ctx.auth.uid,
    email: normaliseEmail(email),
    emailVerified: token.email_verified === true,
  };
}
