/**
 * Mints ID tokens in the Auth emulator's unsigned format, which firebase-admin accepts when
 * FIREBASE_AUTH_EMULATOR_HOST is set. Used by tests to act as any user without a round trip.
 */
export interface TokenClaims {
  readonly uid: string;
  readonly provider?: 'anonymous' | 'password' | 'custom';
  readonly email?: string;
  readonly emailVerified?: boolean;
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function mintEmulatorToken(projectId: string, claims: TokenClaims): string {
  const now = Math.floor(Date.now() / 1000);
  const provider = claims.provider ?? (claims.email ? 'password' : 'anonymous');
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    iat: now,
    exp: now + 3600,
    auth_time: now,
    sub: claims.uid,
    user_id: claims.uid,
    ...(claims.email ? { email: claims.email, email_verified: claims.emailVerified ?? false } : {}),
    firebase: {
      sign_in_provider: provider,
      identities: claims.email ? { email: [claims.email] } : {},
    },
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}
