import { describe, expect, it } from 'vitest';
import { DEFAULT_STORE_URL, readBackendConfig } from './port';

describe('readBackendConfig', () => {
  it('uses the local store inside the Functions emulator', () => {
    expect(
      readBackendConfig({ FUNCTIONS_EMULATOR: 'true', STORE_SERVICE_SECRET: 's3cret' }),
    ).toEqual({
      backend: 'local',
      storeUrl: DEFAULT_STORE_URL,
      serviceSecret: 's3cret',
    });
  });

  it('uses Firestore in production', () => {
    expect(readBackendConfig({})).toEqual({ backend: 'firestore' });
    expect(readBackendConfig({ FUNCTIONS_EMULATOR: 'false' })).toEqual({ backend: 'firestore' });
  });

  it('lets DATA_BACKEND override the default either way', () => {
    expect(readBackendConfig({ FUNCTIONS_EMULATOR: 'true', DATA_BACKEND: 'firestore' })).toEqual({
      backend: 'firestore',
    });
    expect(
      readBackendConfig({
        DATA_BACKEND: ' Local ',
        STORE_URL: 'http://127.0.0.1:9999',
        STORE_SERVICE_SECRET: 'x',
      }),
    ).toEqual({ backend: 'local', storeUrl: 'http://127.0.0.1:9999', serviceSecret: 'x' });
  });

  it('says clearly when the local store secret is missing', () => {
    expect(() => readBackendConfig({ FUNCTIONS_EMULATOR: 'true' })).toThrow(/STORE_SERVICE_SECRET/);
    expect(() => readBackendConfig({ DATA_BACKEND: 'local', STORE_SERVICE_SECRET: '  ' })).toThrow(
      /STORE_SERVICE_SECRET/,
    );
  });

  it('refuses an unknown backend', () => {
    expect(() => readBackendConfig({ DATA_BACKEND: 'postgres' })).toThrow(/DATA_BACKEND/);
  });
});
