/**
 * Starts the real local stack once for the end-to-end tests: a fresh data folder, the test
 * ports (so a running `npm start` is not disturbed), the SPA's production build served by
 * `vite preview` (with the tests' probes, src/lib/perf/test-probes.ts): the code players get,
 * and a page load of a few chunks instead of the dev server's hundreds of modules. This file
 * starts it on the local store (project e2e); `global-setup-firestore.ts` on the Cloud Firestore
 * emulator (project e2e-firestore).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  freePorts,
  startLocalStack,
  type RunningStack,
  type StackBackend,
} from '../../scripts/local-stack';
import { createPhoneNetwork, removePhoneNetwork, type PhoneNetwork } from './phone-network';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: {
      backend: StackBackend;
      webUrl: string;
      /** The local store and its service credential; '' on Firestore. */
      storeUrl: string;
      serviceSecret: string;
      /** host:port of the Firestore emulator; '' on the local store. */
      firestoreEmulatorHost: string;
      projectId: string;
      authEmulatorHost: string;
      /** Where the stack's HTTP functions are served (`…/<project>/us-central1`). */
      functionsBaseUrl: string;
      /** Why the stack could not start ('' when it runs): its tests are skipped. */
      unavailable: string;
    };
    /** The LAN test's second machine (project e2e only). */
    phoneNetwork: PhoneNetwork;
  }
}

let stack: RunningStack | undefined;
let dataDir: string | undefined;

export async function startStackFor(project: TestProject, backend: StackBackend): Promise<void> {
  dataDir = mkdtempSync(join(tmpdir(), `simgames-e2e-${backend}-`));
  const lines: string[] = [];
  // Free ports of the moment, so several test runs (or `npm start`) never collide.
  const ports = await freePorts();
  // A project id of its own too: the emulators keep one hub per project id.
  const projectId = `demo-simgames-e2e-${ports.hub}`;
  const root = resolve(import.meta.dirname, '../..');
  try {
    stack = await startLocalStack({
      root,
      dataDir,
      ports,
      projectId,
      backend,
      web: 'preview',
      testProbes: true,
      log: (line) => {
        lines.push(line);
        if (process.env.E2E_VERBOSE) console.log(line);
      },
    });
  } catch (err) {
    console.error(lines.slice(-40).join('\n'));
    throw err;
  }
  project.provide('stack', {
    backend,
    webUrl: stack.webUrl,
    storeUrl: stack.storeUrl ?? '',
    serviceSecret: stack.serviceSecret ?? '',
    firestoreEmulatorHost: stack.firestoreEmulatorHost ?? '',
    projectId,
    authEmulatorHost: stack.authEmulatorHost,
    functionsBaseUrl: stack.env.FUNCTIONS_BASE_URL ?? '',
    unavailable: '',
  });
}

let phoneNetwork: PhoneNetwork | undefined;

export async function setup(project: TestProject): Promise<void> {
  // Before any browser starts, and removed after every file has run (phone-network.ts).
  phoneNetwork = createPhoneNetwork();
  project.provide('phoneNetwork', phoneNetwork);
  await startStackFor(project, 'local');
}

export async function teardown(): Promise<void> {
  if (phoneNetwork && !phoneNetwork.unavailable) removePhoneNetwork(phoneNetwork);
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
