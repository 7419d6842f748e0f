/**
 * The port contract against the Firestore emulator through the firebase-admin adapter. The
 * integration run starts the emulator (tests/firestore-emulator.ts); only where it cannot (no
 * emulator or no Java, never on CI) is this file skipped, and the run says so in one line.
 */
import { describe } from 'vitest';
import { definePortContract } from './port-contract';

const host = process.env.FIRESTORE_EMULATOR_HOST;

describe.runIf(Boolean(host))('data port contract: Firestore emulator', () => {
  definePortContract(
    'Firestore emulator',
    async () => {
      const { initializeApp } = await import('firebase-admin/app');
      const { createAdminPort } = await import('../../functions/src/data/admin-adapter');
      const projectId = process.env.GCLOUD_PROJECT ?? 'demo-simgames-contract';
      const app = initializeApp(
        { projectId, storageBucket: `${projectId}.appspot.com` },
        `contract-${Date.now()}`,
      );
      const port = createAdminPort(app);
      return { port, other: port, close: async () => undefined };
    },
    { files: Boolean(process.env.FIREBASE_STORAGE_EMULATOR_HOST) },
  );
});
