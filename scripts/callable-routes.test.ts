import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  callableRewrite,
  emulatorPath,
  emulatorTarget,
  exportedCallables,
  FUNCTIONS_REGION,
} from './callable-routes';

const root = new URL('..', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

describe('callables on the app origin', () => {
  const callables = exportedCallables(read('functions/src/index.ts'));
  const hosting = (
    JSON.parse(read('firebase.json')) as {
      hosting: { rewrites: { source: string; destination?: string }[] };
    }
  ).hosting;

  it('Hosting rewrites /api/<name> to every exported callable, before the SPA fallback', () => {
    expect(callables).toContain('placeOrder');
    expect(callables).toContain('createNewTurnTask');
    const fallback = hosting.rewrites.findIndex((r) => r.source === '**');
    expect(fallback).toBe(hosting.rewrites.length - 1);
    const apiRewrites = hosting.rewrites.slice(0, fallback);
    expect(apiRewrites).toEqual(expect.arrayContaining(callables.map(callableRewrite)));
    // No rewrite names a function that is not exported.
    expect(apiRewrites.map((r) => r.source).sort()).toEqual(
      callables.map((n) => `/api/${n}`).sort(),
    );
  });

  it('proxies /api/<name> to the emulator path of the stack project', () => {
    const env = {
      VITE_FUNCTIONS_EMULATOR_HOST: '10.0.0.7',
      VITE_FUNCTIONS_EMULATOR_PORT: '5123',
      VITE_FIREBASE_PROJECT_ID: 'demo-e2e',
    };
    const { target, projectId, region } = emulatorTarget(env);
    expect(target).toBe('http://10.0.0.7:5123');
    expect(region).toBe(FUNCTIONS_REGION);
    expect(emulatorPath('/api/placeOrder', projectId, region)).toBe(
      '/demo-e2e/us-central1/placeOrder',
    );
    expect(emulatorPath('/other', projectId, region)).toBe('/other');
    // Without the stack's variables: the emulator's default address and project.
    expect(emulatorTarget({})).toEqual({
      target: 'http://127.0.0.1:5001',
      projectId: 'demo-simgames',
      region: 'us-central1',
    });
  });
});
