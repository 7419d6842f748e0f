/**
 * Setup file of the integration project: runs in each worker before a test file is loaded and
 * hands it the emulator the global setup started (tests/firestore-emulator.ts). The Firebase SDKs
 * and tests/backends.ts read FIRESTORE_EMULATOR_HOST from the environment.
 */
import { inject } from 'vitest';

const host = inject('firestoreEmulatorHost');
if (host) process.env.FIRESTORE_EMULATOR_HOST = host;
