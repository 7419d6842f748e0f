/**
 * The end-to-end stack on the Cloud Firestore emulator (project e2e-firestore): the functions on
 * firebase-admin, the SPA on the web SDK under `firestore.rules`.
 *
 * Without the emulator or Java: on CI (CI set) the run fails with the reason; elsewhere one line
 * says so and the tests are skipped.
 */
import type { TestProject } from 'vitest/node';
import { findFirestoreEmulator } from '../../scripts/firestore-emulator';
import { startStackFor } from './global-setup';

export { teardown } from './global-setup';

export async function setup(project: TestProject): Promise<void> {
  const location = findFirestoreEmulator();
  if ('missing' in location) {
    if (process.env.CI) {
      // Exit at once, with the reason: an error thrown here reaches the output after a misleading
      // "No test files found".
      console.error(
        `FAIL: the Firestore emulator is required on CI (CI is set): ${location.missing}`,
      );
      process.exit(1);
    }
    console.log(`End-to-end tests on Firestore not run: ${location.missing}`);
    project.provide('stack', {
      backend: 'firestore',
      webUrl: '',
      storeUrl: '',
      serviceSecret: '',
      firestoreEmulatorHost: '',
      projectId: '',
      authEmulatorHost: '',
      functionsBaseUrl: '',
      unavailable: location.missing,
    });
    return;
  }
  await startStackFor(project, 'firestore');
}
