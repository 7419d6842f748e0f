/** Keeps the auth store in step with Firebase Auth and the signed-in user's profile document. */
import { watchAuthUser } from '@/features/auth/auth-api';
import { setAuthUser, setProfile, setProfileError } from '@/features/auth/auth-store';
import type { AuthUser } from '@/features/auth/auth-types';
import { reportError } from '@/lib/sentry';

let started = false;

export function startAuthSync(): void {
  if (started) return;
  started = true;
  let stopProfile: (() => void) | undefined;
  /** Bumped on every auth change, so a late profile subscription of a previous user is dropped. */
  let generation = 0;

  const failProfile = (error: unknown) => {
    reportError(error);
    setProfileError();
  };

  const onUser = (user: AuthUser | null) => {
    stopProfile?.();
    stopProfile = undefined;
    const current = ++generation;
    setAuthUser(user);
    if (!user) return;
    // The data port (and its SDK) is loaded only once someone is signed in: visitors of the
    // home page never download it.
    import('@/features/auth/profile-api')
      .then(({ watchProfile }) => {
        if (current !== generation) return;
        stopProfile = watchProfile(user.uid, setProfile, (error) => {
          if (current === generation) failProfile(error);
        });
      })
      .catch((error: unknown) => {
        if (current === generation) failProfile(error);
      });
  };

  try {
    watchAuthUser(onUser, (error) => {
      reportError(error);
      setAuthUser(null);
    });
  } catch (error) {
    // Auth could not start (bad configuration): the app still renders, signed out.
    reportError(error);
    setAuthUser(null);
  }
}
