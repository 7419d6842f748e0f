/**
 * Global setup of the integration run: starts the Cloud Firestore emulator once for every test
 * file, so the port contract, the rules table and each handler test also run on the real
 * Firestore. An emulator named by FIRESTORE_EMULATOR_HOST is used as it is.
 *
 * Without the emulator or Java: on CI (CI set) the run fails with the reason; on a laptop one
 * line says the Firestore legs are not run, and the local-store legs run alone.
 */
import type { TestProject } from 'vitest/node';
import {
  findFirestoreEmulator,
  startFirestoreEmulator,
  type RunningFirestoreEmulator,
} from '../scripts/firestore-emulator';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the emulator this run started or was given; '' when there is none. */
    firestoreEmulatorHost: string;
  }
}

let running: RunningFirestoreEmulator | undefined;

function unavailable(reason: string): void {
  if (process.env.CI) {
    // Exit at once: an error thrown here reaches the output after a misleading "No test files
    // found", with a stack that says nothing more.
    console.error(`FAIL: the Firestore emulator is required on CI (CI is set): ${reason}`);
    process.exit(1);
  }
  console.log(`Firestore legs not run: ${reason}`);
}

export async function setup(project: TestProject): Promise<void> {
  const given = process.env.FIRESTORE_EMULATOR_HOST?.trim();
  if (given) {
    project.provide('firestoreEmulatorHost', given);
    return;
  }
  project.provide('firestoreEmulatorHost', '');
  const location = findFirestoreEmulator();
  if ('missing' in location) {
    unavailable(location.missing);
    return;
  }
  try {
    running = await startFirestoreEmulator(location);
  } catch (err) {
    const firstLine = (err instanceof Error ? err.message : String(err)).split('\n')[0];
    unavailable(firstLine ?? 'the emulator did not start');
    return;
  }
  // The workers read it from the provided context (tests/firestore-emulator-env.ts): setting
  // process.env here would leak into other projects of the same run.
  project.provide('firestoreEmulatorHost', running.host);
}

export async function teardown(): Promise<void> {
  await running?.stop();
  running = undefined;
}
