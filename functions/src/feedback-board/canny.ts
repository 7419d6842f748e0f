/**
 * The Suggest-a-feature board (spec §2 tab suggest-feature, §7 authCanny). Two adapters, chosen
 * from configuration like the mail provider:
 * - Canny, when its SSO private key (`CANNY_PRIVATE_KEY`, a secret) is set: the user is signed in
 *   to the team's Canny board with a single sign-on token, a JWT signed with HS256 and that key,
 *   carrying `id`, `email` and `name` (Canny's documented format). `CANNY_COMPANY_ID` and
 *   `CANNY_BOARD_URL` say where Canny's SSO redirect sends the user.
 * - Without the key, the app's own board of suggestions and votes (`suggestions/*`,
 *   `suggestionVotes/*`), which needs nothing from outside. It is a product of its own rather
 *   than a stand-in for Canny, so production may run it too (decision 0020).
 */
import { createHmac } from 'node:crypto';

/** The secret the Canny adapter reads (bound to authCanny outside the emulator). */
export const CANNY_SECRETS = ['CANNY_PRIVATE_KEY'] as const;

/** Canny's SSO redirect, which signs the user in and sends them on to `redirect`. */
export const CANNY_SSO_REDIRECT = 'https://canny.io/api/redirects/sso';

/** How long a token is accepted: it is used at once, by the redirect the user opens. */
export const CANNY_TOKEN_TTL_SECONDS = 15 * 60;

export interface CannySettings {
  readonly privateKey: string;
  readonly companyId: string;
  /** The board the user lands on, e.g. `https://acme.canny.io/feature-requests`. */
  readonly boardUrl: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Pure: Canny's settings, or null for the in-app board when no key is set. A key without the
 * company or an https board address is a configuration mistake, refused rather than half-used.
 */
export function readCannySettings(env: Env): CannySettings | null {
  const privateKey = env.CANNY_PRIVATE_KEY?.trim() ?? '';
  if (privateKey === '') return null;
  const companyId = env.CANNY_COMPANY_ID?.trim() ?? '';
  const boardUrl = env.CANNY_BOARD_URL?.trim() ?? '';
  if (companyId === '') throw new Error('CANNY_PRIVATE_KEY is set but CANNY_COMPANY_ID is not');
  let board: URL;
  try {
    board = new URL(boardUrl);
  } catch {
    throw new Error('CANNY_BOARD_URL must be the https address of the Canny board');
  }
  if (board.protocol !== 'https:') {
    throw new Error('CANNY_BOARD_URL must be the https address of the Canny board');
  }
  return { privateKey, companyId, boardUrl: board.href };
}

export interface CannyUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
}

function base64Url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/** Canny's SSO token: `{id, email, name, exp}` as a JWT signed with HS256 and the private key. */
export function signCannyToken(user: CannyUser, privateKey: string, nowMs: number): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({
      id: user.id,
      email: user.email,
      name: user.name,
      exp: Math.floor(nowMs / 1000) + CANNY_TOKEN_TTL_SECONDS,
    }),
  );
  const signature = createHmac('sha256', privateKey).update(`${header}.${payload}`).digest();
  return `${header}.${payload}.${base64Url(signature)}`;
}

/** The address that signs the user in to Canny with `token` and opens the board. */
export function cannyRedirectUrl(settings: CannySettings, token: string): string {
  const url = new URL(CANNY_SSO_REDIRECT);
  url.searchParams.set('companyID', settings.companyId);
  url.searchParams.set('ssoToken', token);
  url.searchParams.set('redirect', settings.boardUrl);
  return url.href;
}

/**
 * Settings read on first use, so loading the functions needs none and a wrong configuration
 * fails the call that needs it, with its reason in the log.
 */
export function lazyCannySettings(env: () => Env): () => CannySettings | null {
  let settings: CannySettings | null | undefined;
  return () => {
    settings ??= readCannySettings(env());
    return settings;
  };
}
