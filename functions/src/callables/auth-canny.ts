/**
 * authCanny {uid, name} (spec §7): signs the caller in to the feature board of the
 * Suggest-a-feature tab.
 *
 * With Canny configured it answers `{provider: 'canny', url, ssoToken}`: `url` is Canny's SSO
 * redirect carrying a token signed for the caller (id = uid, the email of the verified ID token,
 * the name given), which opens the board signed in. Without Canny it answers
 * `{provider: 'board'}`: the tab shows the app's own board of suggestions and votes.
 *
 * Refusals, nothing signed: a signed-out caller (errorUnauthenticated), a uid other than the
 * caller's (errorCannyOtherUser: a token is only ever signed for its holder), an anonymous player
 * or an account without an email (errorBoardNeedsAccount: the board knows people by email).
 */
import { z } from 'zod';
import { CallableError, type CallableHandler } from '../callable';
import { idSchema } from '../ids';
import { cannyRedirectUrl, signCannyToken, type CannySettings } from '../feedback-board/canny';

export const name = 'authCanny';

/** The longest name shown on the board. */
export const CANNY_NAME_MAX = 80;

export const schema = z.object({
  uid: idSchema,
  name: z.string().trim().min(1).max(CANNY_NAME_MAX),
});

export type AuthCannyData = z.output<typeof schema>;

export type AuthCannyResult =
  | { readonly provider: 'canny'; readonly url: string; readonly ssoToken: string }
  | { readonly provider: 'board' };

export interface AuthCannyDeps {
  /** Canny's settings, or null for the in-app board. */
  readonly settings: () => CannySettings | null;
}

/** The verified address of an account signed in with one (not an anonymous player). */
function accountEmail(token: Readonly<Record<string, unknown>>): string | null {
  const firebase = token['firebase'];
  const provider =
    typeof firebase === 'object' && firebase !== null
      ? (firebase as Record<string, unknown>)['sign_in_provider']
      : undefined;
  if (provider === 'anonymous') return null;
  const email = token['email'];
  return typeof email === 'string' && email.length > 0 ? email : null;
}

export function createHandler(
  deps: AuthCannyDeps,
): CallableHandler<AuthCannyData, AuthCannyResult> {
  return async (ctx, data) => {
    if (!ctx.auth) throw new CallableError('unauthenticated', 'errorUnauthenticated');
    if (data.uid !== ctx.auth.uid) {
      throw new CallableError('permission-denied', 'errorCannyOtherUser');
    }
    const email = accountEmail(ctx.auth.token);
    if (email === null) throw new CallableError('permission-denied', 'errorBoardNeedsAccount');
    const settings = deps.settings();
    if (settings === null) return { provider: 'board' };
    const ssoToken = signCannyToken(
      { id: ctx.auth.uid, email, name: data.name },
      settings.privateKey,
      ctx.now(),
    );
    return { provider: 'canny', url: cannyRedirectUrl(settings, ssoToken), ssoToken };
  };
}
