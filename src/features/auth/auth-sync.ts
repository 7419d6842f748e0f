/** Keeps the auth store in step with Firebase Auth and the signed-in user's profile document. */
import { restorePreviousPlayer, watchAuthUser } from '@/features/auth/auth-api';
import {
  setAuthUser,
  setProfile,
  setProfileError,
  updateAuthUser,
  useAuthStore,
} from '@/features/auth/auth-store';
import type { AuthUser } from '@/features/auth/auth-types';
import { readPreviousPlayer } from '@/features/auth/previous-player';
import { afterFirstReads } from '@/lib/data/port';
import { afterFirstCommit } from '@/lib/perf/first-commit';
import { mayHoldSession, onAuthLoaded } from '@/lib/firebase/auth-loader';
import { storedSession } from '@/lib/firebase/stored-session';
import { reportError } from '@/lib/sentry';

let started = false;
let sessionRead: Promise<void> = Promise.resolve();

/**
 * Settles once the browser's stored session is read: its user shown, or the visitor known to be
 * signed out, or Auth loading to answer (a session Auth must restore itself). The app's first
 * render waits for it, so the auth store does not change in the middle of that render
 * (src/lib/perf/first-commit.ts says why that costs a whole render).
 */
export function storedSessionRead(): Promise<void> {
  return sessionRead;
}

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

  /** Auth has not answered yet (a stored user shown meanwhile is not its answer). */
  let first = true;

  const onUser = (user: AuthUser | null, stored = false) => {
    const wasFirst = first;
    if (!stored) first = false;
    const known = useAuthStore.getState();
    // The same user with a new token (upgraded to an account, new email, hourly refresh): the
    // profile subscription stays.
    if (user && known.ready && known.user?.uid === user.uid) {
      updateAuthUser(user);
      return;
    }
    stopProfile?.();
    stopProfile = undefined;
    const current = ++generation;
    setAuthUser(user);
    if (!user) {
      // Spec §4: a previous anonymous player of this browser whose session was lost is restored
      // (the sign-in then arrives through the watcher).
      if (wasFirst) void restorePreviousPlayer();
      return;
    }
    // The data port (and its SDK) is loaded only once someone is signed in: visitors of the
    // home page never download it.
    import('@/features/auth/profile-api')
      .then(({ watchProfile }) => {
        if (current !== generation) return;
        // The profile may arrive while the first page renders: it waits for that page's commit.
        stopProfile = watchProfile(
          user.uid,
          (profile) =>
            afterFirstCommit(() => {
              if (current === generation) setProfile(profile);
            }),
          (error) =>
            afterFirstCommit(() => {
              if (current === generation) failProfile(error);
            }),
        );
      })
      .catch((error: unknown) => {
        if (current === generation) failProfile(error);
      });
  };

  const watch = (): void => {
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
  };

  // A browser that holds no session and no previous player is signed out: the Auth SDK is not
  // loaded for it (a visitor of `/` never downloads it) until a page signs someone in, when the
  // watch starts before the sign-in goes on.
  const withoutStoredSession = (): Promise<void> => {
    if (readPreviousPlayer()) {
      watch();
      return Promise.resolve();
    }
    return mayHoldSession().then((maybe) => {
      if (maybe) {
        watch();
        return;
      }
      onAuthLoaded(watch);
      if (!useAuthStore.getState().ready) setAuthUser(null);
    });
  };

  // The user Auth stored, with a token still good, is shown at once: the page reads its
  // documents with that token (decision 0029), and Auth loads once those reads are done, its
  // answer replacing this one (the same user: nothing changes on screen).
  sessionRead = storedSession().then((session) => {
    if (!session) return withoutStoredSession();
    if (!useAuthStore.getState().ready) onUser(session.user, true);
    // Or sooner, when something loads Auth (a sign-in, a call): it is heard at once.
    let watching = false;
    const watchOnce = (): void => {
      if (watching) return;
      watching = true;
      watch();
    };
    onAuthLoaded(watchOnce);
    void afterFirstReads().then(watchOnce);
    return undefined;
  });
}
