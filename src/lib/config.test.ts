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

  it('reads the Firestore emulator as host:port, ignoring malformed values', () => {
    expect(readConfig({}).firestoreEmulator).toBeUndefined();
    expect(
      readConfig({ VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8810' }).firestoreEmulator,
    ).toEqual({ host: '127.0.0.1', port: 8810 });
    expect(readConfig({ VITE_FIRESTORE_EMULATOR_HOST: '[::1]:8810' }).firestoreEmulator).toEqual({
      host: '[::1]',
      port: 8810,
    });
    for (const bad of ['127.0.0.1', 'host:port', ':8810', 'a:99999']) {
      expect(readConfig({ VITE_FIRESTORE_EMULATOR_HOST: bad }).firestoreEmulator).toBeUndefined();
    }
  });

  const lanEnv = {
    VITE_LAN_URL: 'http://192.168.1.20:5173',
    VITE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
    VITE_FUNCTIONS_EMULATOR_HOST: '127.0.0.1',
    VITE_FUNCTIONS_EMULATOR_PORT: '5001',
    VITE_STORE_URL: 'http://127.0.0.1:8787',
    VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8810',
  };

  it('in LAN mode reaches every local service on the page host, ports kept', () => {
    const phone = readConfig(lanEnv, '192.168.1.20');
    expect(phone.lan).toEqual({ url: 'http://192.168.1.20:5173' });
    expect(phone.authEmulatorUrl).toBe('http://192.168.1.20:9099');
    expect(phone.functionsEmulator).toEqual({ host: '192.168.1.20', port: 5001 });
    expect(phone.storeUrl).toBe('http://192.168.1.20:8787');
    expect(phone.firestoreEmulator).toEqual({ host: '192.168.1.20', port: 8810 });
    // The instructor's own browser on loopback keeps loopback.
    const teacher = readConfig(lanEnv, '127.0.0.1');
    expect(teacher.storeUrl).toBe('http://127.0.0.1:8787');
    expect(teacher.lan).toEqual({ url: 'http://192.168.1.20:5173' });
  });

  it('outside LAN mode keeps the configured hosts whatever the page host', () => {
    const { VITE_LAN_URL: _lan, ...env } = lanEnv;
    const config = readConfig(env, '192.168.1.20');
    expect(config.lan).toBeUndefined();
    expect(config.storeUrl).toBe('http://127.0.0.1:8787');
    expect(config.functionsEmulator.host).toBe('127.0.0.1');
  });

  it('has no file storage only on the emulators with Firestore (no Storage emulator)', () => {
    expect(readConfig({}).filesAvailable).toBe(true);
    expect(readConfig({ VITE_DATA_BACKEND: 'firestore' }).filesAvailable).toBe(false);
    expect(
      readConfig({ VITE_DATA_BACKEND: 'firestore', VITE_FIREBASE_PROJECT_ID: 'prod-sim' })
        .filesAvailable,
    ).toBe(true);
  });

  it('accepts only an http(s) LAN URL', () => {
    expect(readConfig({ VITE_LAN_URL: 'javascript:alert(1)' }).lan).toBeUndefined();
    expect(readConfig({ VITE_LAN_URL: 'not a url' }).lan).toBeUndefined();
  });

  it('reads the app’s own hosts, the local ones by default (spec §2 portal hosts)', () => {
    expect(readConfig({}).appHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(readConfig({ VITE_APP_HOSTS: 'simgames.app,*.web.app' }).appHosts).toEqual([
      'simgames.app',
      '*.web.app',
    ]);
  });

  it('reads the seller’s country for the tax preview, FR by default (business.md §5.1)', () => {
    expect(readConfig({}).sellerCountry).toBe('FR');
    expect(readConfig({ VITE_BILLING_SELLER_COUNTRY: ' dk ' }).sellerCountry).toBe('DK');
    expect(readConfig({ VITE_BILLING_SELLER_COUNTRY: 'Denmark' }).sellerCountry).toBe('FR');
  });
});
