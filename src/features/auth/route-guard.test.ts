import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@/features/auth/auth-types';
import {
  decideRoute,
  isSafeInternalPath,
  signupMessageFor,
  type GuardLocation,
  type GuardState,
  type RouteAccess,
} from '@/features/auth/route-guard';

const instructorUser: AuthUser = { uid: 'u1', isAnonymous: false, email: 'ada@example.com' };
const anonymousUser: AuthUser = { uid: 'a1', isAnonymous: true, email: null };

const signedOut: GuardState = {
  authReady: true,
  user: null,
  profileStatus: 'idle',
  profile: null,
};
const anonymous: GuardState = {
  ...signedOut,
  user: anonymousUser,
  profileStatus: 'ready',
  profile: {},
};
const instructor: GuardState = {
  authReady: true,
  user: instructorUser,
  profileStatus: 'ready',
  profile: { firstname: 'Ada', profileType: 'teacher' },
};
const incomplete: GuardState = { ...instructor, profile: { firstname: 'Ada' } };
const profileLoading: GuardState = { ...instructor, profileStatus: 'loading', profile: null };
const authLoading: GuardState = { ...signedOut, authReady: false };

const dashboard: RouteAccess = { need: 'instructor', restoresSavedPath: true };
const home: RouteAccess = { need: 'home' };
const guest: RouteAccess = { need: 'guest' };
const account: RouteAccess = { need: 'account' };
const pub: RouteAccess = { need: 'public' };

function at(path: string): GuardLocation {
  const url = new URL(path, 'http://app.test');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

describe('public pages (players, info pages)', () => {
  it('are allowed for everyone, even before auth is known', () => {
    for (const state of [authLoading, signedOut, anonymous, instructor, incomplete]) {
      expect(decideRoute(pub, state, at('/game/g1/play'), null)).toEqual({ kind: 'allow' });
    }
  });
});

describe('pages that need an email (spec §2 rule 1)', () => {
  it('wait for the first auth state', () => {
    expect(decideRoute(dashboard, authLoading, at('/dashboard/intro'), null)).toEqual({
      kind: 'pending',
    });
  });

  it('send an anonymous user to signup, saving the wanted path with a message', () => {
    expect(decideRoute(dashboard, anonymous, at('/dashboard/sessions?x=1#top'), null)).toEqual({
      kind: 'redirect',
      to: '/signup',
      savePath: '/dashboard/sessions?x=1#top',
      messageKey: 'auth.guard.loginToAccess',
    });
  });

  it('send a signed-out visitor to signup too', () => {
    const decision = decideRoute(dashboard, signedOut, at('/dashboard/intro'), null);
    expect(decision).toMatchObject({
      kind: 'redirect',
      to: '/signup',
      savePath: '/dashboard/intro',
    });
  });

  it('say "sign up to purchase" for a purchase link', () => {
    expect(
      decideRoute(dashboard, anonymous, at('/dashboard/subscription?purchase=pro'), null),
    ).toMatchObject({
      messageKey: 'auth.guard.signupToPurchase',
      savePath: '/dashboard/subscription?purchase=pro',
    });
  });

  it('say "sign up to use the template" for a template link', () => {
    expect(
      decideRoute(dashboard, signedOut, at('/dashboard/templates?template=t1'), null),
    ).toMatchObject({ messageKey: 'auth.guard.signupToUseTemplate' });
  });
});

describe('profile completion (spec §2 rule 2)', () => {
  it('waits for the profile of an email user', () => {
    expect(decideRoute(dashboard, profileLoading, at('/dashboard/intro'), null)).toEqual({
      kind: 'pending',
    });
  });

  it('sends an email user without profileType to setup-account, keeping the wanted path', () => {
    expect(decideRoute(dashboard, incomplete, at('/dashboard/templates'), null)).toEqual({
      kind: 'redirect',
      to: '/setup-account',
      savePath: '/dashboard/templates',
    });
  });

  it('treats a missing profile document as incomplete', () => {
    const state: GuardState = { ...instructor, profile: {} };
    expect(decideRoute(dashboard, state, at('/dashboard/intro'), null)).toMatchObject({
      to: '/setup-account',
    });
  });

  it('lets the dashboard load when the profile cannot be read', () => {
    const state: GuardState = { ...instructor, profileStatus: 'error', profile: null };
    expect(decideRoute(dashboard, state, at('/dashboard/intro'), null)).toEqual({ kind: 'allow' });
  });

  it('allows a complete instructor', () => {
    expect(decideRoute(dashboard, instructor, at('/dashboard/intro'), null)).toEqual({
      kind: 'allow',
    });
  });
});

describe('login and signup for signed-in users (spec §2 rule 3)', () => {
  it('send a complete instructor to dashboard/intro', () => {
    expect(decideRoute(guest, instructor, at('/login'), null)).toEqual({
      kind: 'redirect',
      to: '/dashboard/intro',
    });
  });

  it('send an incomplete profile to setup-account', () => {
    expect(decideRoute(guest, incomplete, at('/signup'), null)).toEqual({
      kind: 'redirect',
      to: '/setup-account',
    });
  });

  it('wait while the profile loads', () => {
    expect(decideRoute(guest, profileLoading, at('/login'), null)).toEqual({ kind: 'pending' });
  });

  it('let anonymous players and visitors sign up or log in', () => {
    expect(decideRoute(guest, anonymous, at('/signup'), null)).toEqual({ kind: 'allow' });
    expect(decideRoute(guest, signedOut, at('/login'), null)).toEqual({ kind: 'allow' });
  });
});

describe('home page', () => {
  it('sends a signed-in user with email to dashboard/intro', () => {
    expect(decideRoute(home, instructor, at('/'), null)).toEqual({
      kind: 'redirect',
      to: '/dashboard/intro',
    });
  });
  it('shows visitors and anonymous players the home page', () => {
    expect(decideRoute(home, signedOut, at('/'), null)).toEqual({ kind: 'allow' });
    expect(decideRoute(home, anonymous, at('/'), null)).toEqual({ kind: 'allow' });
  });
});

describe('setup-account', () => {
  it('needs an email account', () => {
    expect(decideRoute(account, anonymous, at('/setup-account'), null)).toEqual({
      kind: 'redirect',
      to: '/signup',
      messageKey: 'auth.guard.loginToAccess',
    });
  });
  it('is open to an incomplete or complete email account', () => {
    expect(decideRoute(account, incomplete, at('/setup-account'), null)).toEqual({ kind: 'allow' });
    expect(decideRoute(account, instructor, at('/setup-account'), null)).toEqual({ kind: 'allow' });
  });
});

describe('restoring the saved path (spec §2 rule 4)', () => {
  it('goes to the saved path once the dashboard is reached, and clears it', () => {
    expect(
      decideRoute(
        dashboard,
        instructor,
        at('/dashboard/intro'),
        '/dashboard/templates?template=t1',
      ),
    ).toEqual({ kind: 'redirect', to: '/dashboard/templates?template=t1', clearSavedPath: true });
  });

  it('only clears it when the saved path is the current one', () => {
    expect(
      decideRoute(dashboard, instructor, at('/dashboard/sessions'), '/dashboard/sessions'),
    ).toEqual({
      kind: 'allow',
      clearSavedPath: true,
    });
  });

  it('is not restored before the profile is complete', () => {
    expect(
      decideRoute(dashboard, incomplete, at('/dashboard/intro'), '/dashboard/sessions'),
    ).toMatchObject({
      to: '/setup-account',
    });
  });

  it('ignores unsafe saved paths', () => {
    expect(decideRoute(dashboard, instructor, at('/dashboard/intro'), '//evil.test/x')).toEqual({
      kind: 'allow',
    });
  });

  it('is restored only by pages that restore it', () => {
    expect(
      decideRoute(
        { need: 'instructor' },
        instructor,
        at('/dashboard/intro'),
        '/dashboard/sessions',
      ),
    ).toEqual({ kind: 'allow' });
  });

  it('full flow: anonymous → signup → setup-account → dashboard → wanted page', () => {
    const wanted = '/dashboard/templates?template=t9';
    const first = decideRoute(dashboard, anonymous, at(wanted), null);
    expect(first).toMatchObject({ kind: 'redirect', to: '/signup', savePath: wanted });
    const saved = first.kind === 'redirect' ? (first.savePath ?? null) : null;
    expect(decideRoute(guest, incomplete, at('/signup'), saved)).toMatchObject({
      to: '/setup-account',
    });
    expect(decideRoute(account, incomplete, at('/setup-account'), saved)).toEqual({
      kind: 'allow',
    });
    expect(decideRoute(dashboard, instructor, at('/dashboard/intro'), saved)).toEqual({
      kind: 'redirect',
      to: wanted,
      clearSavedPath: true,
    });
  });
});

describe('helpers', () => {
  it('picks the signup message from the query', () => {
    expect(signupMessageFor('?joinTeam=t1')).toBe('auth.guard.messSignupToJoinTeam');
    expect(signupMessageFor('?startTrial=beer')).toBe('auth.guard.messLoginToStartTrial');
    expect(signupMessageFor('')).toBe('auth.guard.loginToAccess');
  });
  it('accepts only same-origin absolute paths', () => {
    expect(isSafeInternalPath('/dashboard')).toBe(true);
    expect(isSafeInternalPath('//x.test')).toBe(false);
    expect(isSafeInternalPath('/\\x.test')).toBe(false);
    expect(isSafeInternalPath('https://x.test')).toBe(false);
    expect(isSafeInternalPath(null)).toBe(false);
  });
});
