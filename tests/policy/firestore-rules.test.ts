/**
 * Runs the access-policy case table against `firestore.rules` in the Firestore emulator, through
 * @firebase/rules-unit-testing, in the emulator the integration run starts
 * (tests/firestore-emulator.ts). Only where it cannot (no emulator or no Java, never on CI) are
 * these tests skipped, and the run says so in one line.
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
import { DOC_CASES } from './cases';
import { contextFor, runDocOperation, seedFirestore } from './emulator-adapter';

const emulatorHost = process.env['FIRESTORE_EMULATOR_HOST'];
const enabled = emulatorHost !== undefined && emulatorHost !== '';

const rulesPath = fileURLToPath(new URL('../../firestore.rules', import.meta.url));

describe.runIf(enabled)('firestore.rules against the case table', () => {
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: 'demo-policy',
      firestore: { rules: readFileSync(rulesPath, 'utf8') },
    });
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  for (const c of DOC_CASES) {
    it(`${c.name} → ${c.expect}`, async () => {
      await seedFirestore(env, c);
      if (c.who === 'admin') {
        // A service credential bypasses rules, like firebase-admin in functions.
        await env.withSecurityRulesDisabled(async (ctx) => {
          await assertSucceeds(runDocOperation(ctx, c));
        });
        return;
      }
      const op = runDocOperation(contextFor(env, c.who), c);
      if (c.expect === 'allow') await assertSucceeds(op);
      else await assertFails(op);
    });
  }
});
