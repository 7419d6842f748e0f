/**
 * Seeds a local stack's backend with the billing reference data (`billing-seed.ts`) through the
 * functions' own credential: the local store's service secret, or firebase-admin on the
 * Firestore emulator (which bypasses the rules, as the functions do).
 */
import { randomBytes } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { LocalStoreClient } from '@sim/store/client/local-client';
import { nodeSocketFactory } from '@sim/store/client/node-socket';
import { createAdminPort } from '../functions/src/data/admin-adapter';
import { seedBilling, type SeedResult } from './billing-seed';

export type StackBackendAddress =
  | { readonly backend: 'local'; readonly storeUrl: string; readonly serviceSecret: string }
  | { readonly backend: 'firestore'; readonly firestoreHost: string; readonly projectId: string };

export async function seedStackBilling(address: StackBackendAddress): Promise<SeedResult> {
  if (address.backend === 'local') {
    const client = new LocalStoreClient({
      url: address.storeUrl,
      credentials: { kind: 'service', secret: address.serviceSecret },
      socketFactory: nodeSocketFactory,
    });
    try {
      return await seedBilling(client, Date.now());
    } finally {
      client.close();
    }
  }
  const app = initializeApp(
    { projectId: address.projectId },
    `billing-seed-${randomBytes(4).toString('hex')}`,
  );
  try {
    // Pointed at this stack's emulator without touching the launcher's environment.
    getFirestore(app).settings({ host: address.firestoreHost, ssl: false });
    return await seedBilling(createAdminPort(app), Date.now());
  } finally {
    await deleteApp(app).catch(() => undefined);
  }
}
