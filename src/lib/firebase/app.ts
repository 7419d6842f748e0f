/**
 * The Firebase app and its Auth and Functions instances, created once from `@/lib/config`.
 * Auth is connected to the Auth emulator and Functions to the Functions emulator when the
 * configuration says so. Data (Firestore, Storage) is reached only through the data port.
 */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import type { Functions } from 'firebase/functions';
import { config } from '@/lib/config';

let app: FirebaseApp | undefined;
let auth: Auth | undefined;
let functionsPromise: Promise<Functions> | undefined;

export function getFirebaseApp(): FirebaseApp {
  app ??= initializeApp({
    projectId: config.firebase.projectId,
    apiKey: config.firebase.apiKey,
    authDomain: config.firebase.authDomain,
    ...(config.firebase.appId ? { appId: config.firebase.appId } : {}),
    ...(config.firebase.measurementId ? { measurementId: config.firebase.measurementId } : {}),
  });
  return app;
}

/** Auth without the popup/redirect resolver: the app signs in with email/password, anonymously or with custom tokens only. */
export function getFirebaseAuth(): Auth {
  if (!auth) {
    auth = initializeAuth(getFirebaseApp(), {
      persistence: [indexedDBLocalPersistence, browserLocalPersistence],
    });
    if (config.useEmulators) {
      connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
    }
  }
  return auth;
}

/** The Functions SDK is loaded on first use, so pages that call no function do not download it. */
export function getFirebaseFunctions(): Promise<Functions> {
  functionsPromise ??= import('firebase/functions').then(
    ({ connectFunctionsEmulator, getFunctions }) => {
      const functions = getFunctions(getFirebaseApp(), config.functionsRegion);
      if (config.useEmulators) {
        connectFunctionsEmulator(
          functions,
          config.functionsEmulator.host,
          config.functionsEmulator.port,
        );
      }
      return functions;
    },
  );
  return functionsPromise;
}
