/** Application state of the signed-in user (spec §4): who is signed in and their profile. */
import { create } from 'zustand';
import type { AuthUser, UserProfile } from '@/features/auth/auth-types';
import type { ProfileStatus } from '@/features/auth/route-guard';

export interface AuthState {
  /** The first auth state has been received (signed in or not). */
  readonly ready: boolean;
  readonly user: AuthUser | null;
  readonly profile: UserProfile | null;
  readonly profileStatus: ProfileStatus;
}

export const useAuthStore = create<AuthState>()(() => ({
  // Rendered outside a browser (the home page's prerendered markup) no one can be signed in: the
  // navbar shows a signed-out visitor's, as the app does once Auth has answered.
  ready: typeof window === 'undefined',
  user: null,
  profile: null,
  profileStatus: 'idle',
}));

export function setAuthUser(user: AuthUser | null): void {
  useAuthStore.setState({
    ready: true,
    user,
    profile: null,
    profileStatus: user ? 'loading' : 'idle',
  });
}

/** The same user (same uid) changed: an anonymous player became an account, or a new email. */
export function updateAuthUser(user: AuthUser): void {
  const known = useAuthStore.getState().user;
  // Auth's answer for the user restored from storage is usually that same user: every page and
  // the navbar would render again for nothing.
  if (
    known?.uid === user.uid &&
    known.isAnonymous === user.isAnonymous &&
    known.email === user.email
  ) {
    return;
  }
  useAuthStore.setState({ user });
}

export function setProfile(profile: UserProfile): void {
  useAuthStore.setState({ profile, profileStatus: 'ready' });
}

export function setProfileError(): void {
  useAuthStore.setState({ profile: null, profileStatus: 'error' });
}
