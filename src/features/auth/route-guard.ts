/**
 * Spec §2 route-guard rules as one pure function. The router calls it on every navigation with
 * the route's needs, the auth state and the profile; it never touches the router or storage.
 */
import { hasEmail, type AuthUser, type UserProfile } from '@/features/auth/auth-types';

export type RouteNeed =
  /** Anyone, with or without an account (player pages, info pages): never redirected. */
  | 'public'
  /** The home page: a signed-in user with email goes on to the dashboard. */
  | 'home'
  /** Login and signup: a signed-in user with email goes on to the dashboard. */
  | 'guest'
  /** An email account whose profile may still be incomplete (the setup-account page). */
  | 'account'
  /** An email account with a complete profile (the dashboard). */
  | 'instructor';

export interface RouteAccess {
  readonly need: RouteNeed;
  /** Restores the path saved by an earlier redirect once this page is reached (the dashboard). */
  readonly restoresSavedPath?: boolean;
}

export type ProfileStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface GuardState {
  /** The first auth state has been received. */
  readonly authReady: boolean;
  readonly user: AuthUser | null;
  readonly profileStatus: ProfileStatus;
  readonly profile: UserProfile | null;
}

export interface GuardLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

export const GUARD_MESSAGES = [
  'auth.guard.signupToPurchase',
  'auth.guard.signupToUseTemplate',
  'auth.guard.messSignupToJoinTeam',
  'auth.guard.messLoginToStartTrial',
  'auth.guard.loginToAccess',
] as const;
export type GuardMessageKey = (typeof GUARD_MESSAGES)[number];

export type GuardDecision =
  | { readonly kind: 'allow'; readonly clearSavedPath?: boolean }
  /** Auth or profile not known yet: show a loader, decide again when they arrive. */
  | { readonly kind: 'pending' }
  | {
      readonly kind: 'redirect';
      readonly to: string;
      /** The wanted path to save before redirecting. */
      readonly savePath?: string;
      readonly clearSavedPath?: boolean;
      readonly messageKey?: GuardMessageKey;
    };

export const DASHBOARD_HOME = '/dashboard/intro';
export const SETUP_ACCOUNT = '/setup-account';
export const SIGNUP = '/signup';

/** Only same-origin absolute paths may be saved and restored (no `//host` or `https:` targets). */
export function isSafeInternalPath(path: string | null | undefined): path is string {
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.includes('\\')
  );
}

export function fullPath(location: GuardLocation): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** Which message explains the redirect to signup, from the wanted page's query parameters. */
export function signupMessageFor(search: string): GuardMessageKey {
  const params = new URLSearchParams(search);
  if (params.has('purchase')) return 'auth.guard.signupToPurchase';
  if (params.has('template')) return 'auth.guard.signupToUseTemplate';
  if (params.has('joinTeam')) return 'auth.guard.messSignupToJoinTeam';
  if (params.has('startTrial')) return 'auth.guard.messLoginToStartTrial';
  return 'auth.guard.loginToAccess';
}

type ProfileCompleteness = 'unknown' | 'complete' | 'incomplete';

function profileCompleteness(state: GuardState): ProfileCompleteness {
  switch (state.profileStatus) {
    case 'idle':
    case 'loading':
      return 'unknown';
    case 'error':
      // The profile could not be read: let the page load and show its own error rather than
      // sending a user with a finished profile to setup-account.
      return 'complete';
    case 'ready':
      return state.profile?.profileType ? 'complete' : 'incomplete';
  }
}

export function decideRoute(
  access: RouteAccess,
  state: GuardState,
  location: GuardLocation,
  savedPath: string | null,
): GuardDecision {
  if (access.need === 'public') return { kind: 'allow' };
  if (!state.authReady) return { kind: 'pending' };

  const emailUser = hasEmail(state.user);
  const here = fullPath(location);

  switch (access.need) {
    case 'home':
    case 'guest': {
      if (!emailUser) return { kind: 'allow' };
      const completeness = profileCompleteness(state);
      if (completeness === 'unknown') return { kind: 'pending' };
      return { kind: 'redirect', to: completeness === 'complete' ? DASHBOARD_HOME : SETUP_ACCOUNT };
    }
    case 'account':
      if (!emailUser) {
        return { kind: 'redirect', to: SIGNUP, messageKey: 'auth.guard.loginToAccess' };
      }
      return { kind: 'allow' };
    case 'instructor': {
      if (!emailUser) {
        return {
          kind: 'redirect',
          to: SIGNUP,
          savePath: here,
          messageKey: signupMessageFor(location.search),
        };
      }
      const completeness = profileCompleteness(state);
      if (completeness === 'unknown') return { kind: 'pending' };
      if (completeness === 'incomplete') {
        return { kind: 'redirect', to: SETUP_ACCOUNT, savePath: here };
      }
      if (access.restoresSavedPath && isSafeInternalPath(savedPath)) {
        return savedPath === here
          ? { kind: 'allow', clearSavedPath: true }
          : { kind: 'redirect', to: savedPath, clearSavedPath: true };
      }
      return { kind: 'allow' };
    }
  }
}
