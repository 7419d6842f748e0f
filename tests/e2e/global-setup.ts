/**
 * Starts the real local stack once for the end-to-end tests: a fresh data folder, the test
 * ports (so a running `npm start` is not disturbed), Vite's dev server for the SPA.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePorts, startLocalStack, type RunningStack } from '../../scripts/local-stack';

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

let stack: RunningStack | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  dataDir = mkdtempSync(join(tmpdir(), 'simgames-e2e-'));
  const lines: string[] = [];
  // Free ports of the moment, so several test runs (or `npm start`) never collide.
  const ports = await freePorts();
  // A project id of its own too: the emulators keep one hub per project id.
  const projectId = `demo-simgames-e2e-${ports.hub}`;
  try {
    stack = await startLocalStack({
      root: resolve(import.meta.dirname, '../..'),
      dataDir,
      ports,
      projectId,
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
    projectId,
    authEmulatorHost: `127.0.0.1:${ports.auth}`,
  });
}

export async function teardown(): Promise<void> {
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
