/**
 * Runs the file cases of the access-policy table against `storage.rules` in the Storage emulator.
 * Runs only when FIREBASE_STORAGE_EMULATOR_HOST is set; otherwise it says so in one line and
 * registers only skipped tests.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { FILE_CASES } from './cases';
import { contextFor, runFileOperation } from './emulator-adapter';

const emulatorHost = process.env['FIREBASE_STORAGE_EMULATOR_HOST'];
const enabled = emulatorHost !== undefined && emulatorHost !== '';
if (!enabled)
  console.log('policy: Storage rules leg not run (FIREBASE_STORAGE_EMULATOR_HOST not set)');

const rulesPath = fileURLToPath(new URL('../../storage.rules', import.meta.url));

describe.runIf(enabled)('storage.rules against the case table', () => {
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: 'demo-policy',
      storage: { rules: readFileSync(rulesPath, 'utf8') },
    });
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  for (const c of FILE_CASES) {
    it(`${c.name} → ${c.expect}`, async () => {
      await env.clearStorage();
      if (c.op !== 'write') {
        await env.withSecurityRulesDisabled(async (ctx) => {
          await ctx.storage().ref(c.path).put(new Uint8Array(10), { contentType: 'image/png' });
        });
      }
      const op = runFileOperation(contextFor(env, c.who), c);
      if (c.expect === 'allow') await assertSucceeds(op);
      else await assertFails(op);
    });
  }
});
