import { describe, expect, it } from 'vitest';
import { readConfig } from '@/lib/config';

describe('readConfig', () => {
  it('targets the local stack by default', () => {
    const config = readConfig({});
    expect(config.firebase.projectId).toBe('demo-simgames');
    expect(config.firebase.apiKey).toBe('demo-key');
    expect(config.useEmulators).toBe(true);
    expect(config.authEmulatorUrl).toBe('http://127.0.0.1:9099');
    expect(config.functionsEmulator).toEqual({ host: '127.0.0.1', port: 5001 });
    expect(config.functionsRegion).toBe('us-central1');
    expect(config.dataBackend).toBe('local');
    expect(config.storeUrl).toBe('http://127.0.0.1:8787');
    expect(config.sentryDsn).toBeUndefined();
  });

  it('reads every VITE_ variable', () => {
    const config = readConfig({
      VITE_FIREBASE_PROJECT_ID: 'prod-sim',
      VITE_FIREBASE_API_KEY: 'k',
      VITE_USE_EMULATORS: 'false',
      VITE_AUTH_EMULATOR_URL: 'http://localhost:1',
      VITE_FUNCTIONS_EMULATOR_HOST: 'localhost',
      VITE_FUNCTIONS_EMULATOR_PORT: '6001',
      VITE_FUNCTIONS_REGION: 'europe-west1',
      VITE_DATA_BACKEND: 'firestore',
      VITE_STORE_URL: 'http://localhost:2',
      VITE_SENTRY_DSN: 'https://x@sentry.test/1',
    });
    expect(config.firebase.projectId).toBe('prod-sim');
    expect(config.useEmulators).toBe(false);
    expect(config.functionsEmulator).toEqual({ host: 'localhost', port: 6001 });
    expect(config.functionsRegion).toBe('europe-west1');
    expect(config.dataBackend).toBe('firestore');
    expect(config.sentryDsn).toBe('https://x@sentry.test/1');
  });

  it('uses the emulators in dev or for a demo- project unless told otherwise', () => {
    expect(readConfig({ VITE_FIREBASE_PROJECT_ID: 'prod-sim' }).useEmulators).toBe(false);
    expect(readConfig({ VITE_FIREBASE_PROJECT_ID: 'prod-sim', DEV: true }).useEmulators).toBe(true);
    expect(readConfig({ VITE_USE_EMULATORS: '0' }).useEmulators).toBe(false);
  });

  it('ignores blank values and bad ports', () => {
    const config = readConfig({ VITE_SENTRY_DSN: '  ', VITE_FUNCTIONS_EMULATOR_PORT: 'abc' });
    expect(config.sentryDsn).toBeUndefined();
    expect(config.functionsEmulator.port).toBe(5001);
  });
});
