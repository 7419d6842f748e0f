import { describe, expect, it } from 'vitest';
import { readConfig } from '@/lib/config';
import { functionUrl } from '@/lib/firebase/function-url';

describe('functionUrl', () => {
  it('reaches the Functions emulator on the local stack, on the page host in LAN mode', () => {
    expect(functionUrl(readConfig({}), 'exportExcel')).toBe(
      'http://127.0.0.1:5001/demo-simgames/us-central1/exportExcel',
    );
    const lan = readConfig(
      { VITE_LAN_URL: 'http://192.168.1.20:5173', VITE_FUNCTIONS_EMULATOR_PORT: '5001' },
      '192.168.1.20',
    );
    expect(functionUrl(lan, 'exportExcel')).toBe(
      'http://192.168.1.20:5001/demo-simgames/us-central1/exportExcel',
    );
  });

  it('uses the region address of the project in production', () => {
    const config = readConfig({
      VITE_FIREBASE_PROJECT_ID: 'simgames-prod',
      VITE_FUNCTIONS_REGION: 'europe-west1',
    });
    expect(functionUrl(config, 'exportExcel')).toBe(
      'https://europe-west1-simgames-prod.cloudfunctions.net/exportExcel',
    );
  });
});
