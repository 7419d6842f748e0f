/**
 * Starts the real local stack once for the end-to-end tests: a fresh data folder, the test
 * ports (so a running `npm start` is not disturbed), Vite's dev server for the SPA.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack, TEST_PORTS, type RunningStack } from '../../scripts/local-stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: {
      webUrl: string;
      storeUrl: string;
      serviceSecret: string;
      projectId: string;
      authEmulatorHost: string;
    };
  }
}

export const E2E_PROJECT_ID = 'demo-simgames-e2e';

let stack: RunningStack | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  dataDir = mkdtempSync(join(tmpdir(), 'simgames-e2e-'));
  const lines: string[] = [];
  try {
    stack = await startLocalStack({
      root: resolve(import.meta.dirname, '../..'),
      dataDir,
      ports: TEST_PORTS,
      projectId: E2E_PROJECT_ID,
      web: 'dev',
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
    webUrl: stack.webUrl,
    storeUrl: stack.storeUrl,
    serviceSecret: stack.serviceSecret,
    projectId: E2E_PROJECT_ID,
    authEmulatorHost: `127.0.0.1:${TEST_PORTS.auth}`,
  });
}

export async function teardown(): Promise<void> {
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
