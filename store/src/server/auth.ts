/**
 * Who is calling: Firebase ID tokens from the Auth emulator (verified with firebase-admin),
 * or the service credential that only the local stack knows (functions use it, like
 * firebase-admin bypasses rules in production).
 */
import { timingSafeEqual } from 'node:crypto';
import { initializeApp, getApps, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { PortError } from '@sim/core/port/data-port';
import type { AuthContext } from '../policy/access-policy';

export type TokenVerifier = (token: string) => Promise<AuthContext>;

export function serviceContext(): AuthContext {
  return { uid: 'service', provider: 'service', admin: true };
}

export function secretsMatch(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Verifies ID tokens with firebase-admin; needs FIREBASE_AUTH_EMULATOR_HOST set locally. */
export function firebaseTokenVerifier(projectId: string): TokenVerifier {
  const name = `local-store-${projectId}`;
  const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name);
  const auth = getAuth(app);
  const cache = new Map<string, { context: AuthContext; expires: number }>();
  const claimsOnly = emulatorTokenVerifier(projectId);
  return async (token) => {
    const hit = cache.get(token);
    if (hit && hit.expires > Date.now()) return hit.context;
    try {
      const decoded = await auth.verifyIdToken(token);
      const context: AuthContext = {
        uid: decoded.uid,
        provider: decoded.firebase.sign_in_provider,
        ...(decoded.email !== undefined ? { email: decoded.email } : {}),
        ...(decoded.email_verified !== undefined ? { emailVerified: decoded.email_verified } : {}),
      };
      if (cache.size > 10_000) cache.clear();
      cache.set(token, { context, expires: decoded.exp * 1000 });
      return context;
    } catch (err) {
      // In emulator mode firebase-admin also refuses tokens issued before the account's last
      // revocation (a password change does that, to the second). Firestore honours any
      // unexpired token, so the store does too, checking the token's own claims.
      if ((err as { code?: string }).code === 'auth/id-token-revoked') return claimsOnly(token);
      throw new PortError('unauthenticated', `Invalid ID token: ${(err as Error).message}`);
    }
  };
}

/**
 * Reads Auth-emulator ID tokens without asking the emulator (they are unsigned by design):
 * checks the algorithm, project, audience and expiry. For tests that run without the Auth
 * emulator; the running stack uses `firebaseTokenVerifier`, which also checks the account.
 */
export function emulatorTokenVerifier(projectId: string): TokenVerifier {
  return async (token) => {
    const [header, payload] = token.split('.');
    try {
      const h = JSON.parse(Buffer.from(header ?? '', 'base64url').toString()) as { alg?: string };
      const p = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as {
        iss?: string;
        aud?: string;
        exp?: number;
        sub?: string;
        email?: string;
        email_verified?: boolean;
        firebase?: { sign_in_provider?: string };
      };
      if (h.alg !== 'none') throw new Error('not an emulator token');
      if (p.aud !== projectId || p.iss !== `https://securetoken.google.com/${projectId}`) {
        throw new Error('wrong project');
      }
      if (!p.sub || !p.exp || p.exp * 1000 < Date.now()) throw new Error('expired or no subject');
      return {
        uid: p.sub,
        provider: p.firebase?.sign_in_provider ?? 'custom',
        ...(p.email !== undefined ? { email: p.email } : {}),
        ...(p.email_verified !== undefined ? { emailVerified: p.email_verified } : {}),
      };
    } catch (err) {
      throw new PortError('unauthenticated', `Invalid ID token: ${(err as Error).message}`);
    }
  };
}
