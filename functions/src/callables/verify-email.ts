/**
 * verifyEmail {email, reason: 'signup' | 'demo'} → {ok: true, email} (spec §5, §7).
 *
 * Called before an account or a demo is created, by signed-out or anonymous callers alike. The
 * address is trimmed and lowercased, then refused when it is malformed (`invalid-argument`,
 * authInvalidEmail), on a disposable-mail domain or a subdomain of one (`invalid-argument`,
 * authDisposableEmail), or already registered in Firebase Auth (`already-exists`,
 * authEmailAlreadyInUse) — for both reasons: an existing account signs in instead of starting a
 * demo. The normalised address is returned for the caller to use.
 *
 * It records nothing: no audit document is written, so no address is stored before its owner
 * has an account.
 */
import { getAuth } from 'firebase-admin/auth';
import { z } from 'zod';
import { getAdminApp } from '../admin-app';
import { CallableError, type CallableHandler } from '../callable';

export const name = 'verifyEmail';

export const schema = z.object({
  // Checked as an address by the handler, so a malformed one gets its own message key.
  email: z.string().max(320),
  reason: z.enum(['signup', 'demo']),
});

export type VerifyEmailData = z.output<typeof schema>;

export interface VerifyEmailResult {
  readonly ok: true;
  readonly email: string;
}

export interface VerifyEmailDeps {
  /** Whether an account with this (normalised) address exists; injected in tests. */
  readonly isRegistered: (email: string) => Promise<boolean>;
}

/** Common disposable-mail providers; a subdomain of one is refused too. */
export const DISPOSABLE_DOMAINS: ReadonlySet<string> = new Set([
  '10minutemail.com',
  '20minutemail.com',
  '33mail.com',
  'burnermail.io',
  'discard.email',
  'dispostable.com',
  'emailondeck.com',
  'fakeinbox.com',
  'getairmail.com',
  'getnada.com',
  'grr.la',
  'guerrillamail.biz',
  'guerrillamail.com',
  'guerrillamail.de',
  'guerrillamail.info',
  'guerrillamail.net',
  'guerrillamail.org',
  'guerrillamailblock.com',
  'harakirimail.com',
  'incognitomail.org',
  'jetable.org',
  'mailcatch.com',
  'maildrop.cc',
  'mailinator.com',
  'mailinator.net',
  'mailnesia.com',
  'mailsac.com',
  'mintemail.com',
  'mohmal.com',
  'moakt.com',
  'mytemp.email',
  'sharklasers.com',
  'spam4.me',
  'spamgourmet.com',
  'temp-mail.io',
  'temp-mail.org',
  'tempail.com',
  'tempmail.com',
  'tempmail.net',
  'tempmailo.com',
  'tempr.email',
  'throwawaymail.com',
  'trashmail.com',
  'trashmail.de',
  'trashmail.net',
  'yopmail.com',
  'yopmail.fr',
  'yopmail.net',
]);

const emailFormat = z.email();

export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isDisposableDomain(domain: string): boolean {
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    if (DISPOSABLE_DOMAINS.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}

export function createHandler(
  deps: VerifyEmailDeps,
): CallableHandler<VerifyEmailData, VerifyEmailResult> {
  return async (_ctx, { email }) => {
    const normalised = normaliseEmail(email);
    if (!emailFormat.safeParse(normalised).success) {
      throw new CallableError('invalid-argument', 'authInvalidEmail');
    }
    const domain = normalised.slice(normalised.lastIndexOf('@') + 1);
    if (isDisposableDomain(domain)) {
      throw new CallableError('invalid-argument', 'authDisposableEmail');
    }
    if (await deps.isRegistered(normalised)) {
      throw new CallableError('already-exists', 'authEmailAlreadyInUse');
    }
    return { ok: true, email: normalised };
  };
}

/** Firebase Auth lookup (the Auth emulator locally: firebase-admin follows FIREBASE_AUTH_EMULATOR_HOST). */
export async function isRegisteredInAuth(email: string): Promise<boolean> {
  try {
    await getAuth(getAdminApp()).getUserByEmail(email);
    return true;
  } catch (err) {
    const code =
      typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
    if (code === 'auth/user-not-found') return false;
    throw err;
  }
}

export const handle = createHandler({ isRegistered: isRegisteredInAuth });
