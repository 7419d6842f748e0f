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
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type firebase from 'firebase/compat/app';
import { DOC_CASES, type Actor } from './cases';
import {
  contextFor,
  openRulesDisabledFirestore,
  runDocOperation,
  seedFirestore,
} from './emulator-adapter';

const emulatorHost = process.env['FIRESTORE_EMULATOR_HOST'];
const enabled = emulatorHost !== undefined && emulatorHost !== '';

const rulesPath = fileURLToPath(new URL('../../firestore.rules', import.meta.url));

describe.runIf(enabled)('firestore.rules against the case table', () => {
  let env: RulesTestEnvironment;
  // One rules-disabled Firestore and one context per actor for the whole table: a context per
  // case would open a new app and connection each time.
  let owner: { db: firebase.firestore.Firestore; close: () => Promise<void> } | undefined;
  const contexts = new Map<Actor, RulesTestContext>();
  const contextOf = (who: Actor): RulesTestContext => {
    let ctx = contexts.get(who);
    if (!ctx) {
      ctx = contextFor(env, who);
      contexts.set(who, ctx);
    }
    return ctx;
  };

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: 'demo-policy',
      firestore: { rules: readFileSync(rulesPath, 'utf8') },
    });
    owner = await openRulesDisabledFirestore(env);
  });

  afterAll(async () => {
    await owner?.close();
    await env?.cleanup();
  });

  for (const c of DOC_CASES) {
    it(`${c.name} → ${c.expect}`, async () => {
      await seedFirestore(env, c, owner?.db);
      if (c.who === 'admin') {
        // A service credential bypasses rules, like firebase-admin in functions.
        await env.withSecurityRulesDisabled(async (ctx) => {
          await assertSucceeds(runDocOperation(ctx, c));
        });
        return;
      }
      const op = runDocOperation(contextOf(c.who), c);
      if (c.expect === 'allow') await assertSucceeds(op);
      else await assertFails(op);
    });
  }
});
