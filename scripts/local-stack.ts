/**
 * Starts the whole local stack as child processes: the local document store, the Firebase
 * Auth, Functions and Tasks emulators (a demo- project, so nothing can reach a real one) and
 * the SPA. Used by `npm start` and by the end-to-end tests (on other ports and another data
 * folder, so both can run at once).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';

export interface StackPorts {
  readonly web: number;
  readonly store: number;
  readonly auth: number;
  readonly functions: number;
  readonly tasks: number;
  readonly hub: number;
  readonly logging: number;
}

export const DEV_PORTS: StackPorts = {
  web: 5173,
  store: 8787,
  auth: 9099,
  functions: 5001,
  tasks: 9499,
  hub: 4400,
  logging: 4500,
};

/** Ports free right now, for a stack that must not collide with another one (tests). */
export async function freePorts(): Promise<StackPorts> {
  const servers = await Promise.all(
    Array.from(
      { length: 7 },
      () =>
        new Promise<Server>((ok, fail) => {
          const server = createServer();
          server.once('error', fail);
          server.listen(0, '127.0.0.1', () => ok(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((ok) => server.close(ok))));
  const [web, store, auth, functions, tasks, hub, logging] = ports as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { web, store, auth, functions, tasks, hub, logging };
}

export interface StackOptions {
  readonly root: string;
  /** Where documents, files and Auth emulator accounts persist between runs. */
  readonly dataDir: string;
  readonly ports: StackPorts;
  readonly projectId: string;
  /** 'dev' serves the SPA with Vite's dev server; 'none' starts no web server. */
  readonly web: 'dev' | 'none';
  /** Receives every line the children print, prefixed with their name. */
  readonly log: (line: string) => void;
}

export interface RunningStack {
  readonly webUrl: string;
  readonly storeUrl: string;
  readonly serviceSecret: string;
  readonly env: Record<string, string>;
  stop(): Promise<void>;
}

function pipeLines(child: ChildProcess, name: string, log: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString();
      const lines = text.split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) log(`[${name}] ${line}`);
    });
  }
}

async function waitForHttp(
  url: string,
  timeoutMs: number,
  child: ChildProcess,
  name: string,
): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${name} did not answer at ${url}`);
    await new Promise((ok) => setTimeout(ok, 200));
  }
}

function waitForLine(
  child: ChildProcess,
  pattern: RegExp,
  timeoutMs: number,
  name: string,
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} not ready after ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer): void => {
      if (pattern.test(chunk.toString())) {
        clearTimeout(timer);
        resolvePromise();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with code ${code}`));
    });
  });
}

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'service-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const hard = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(hard);
      done();
    });
    child.kill('SIGINT');
  });
}

export function buildFunctions(root: string): void {
  const res = spawnSync('npm', ['run', '--silent', 'build', '-w', 'functions'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('Building the functions failed');
}

export async function startLocalStack(options: StackOptions): Promise<RunningStack> {
  const { root, ports, projectId, log } = options;
  const dataDir = resolve(root, options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const serviceSecret = readOrCreateSecret(dataDir);
  const storeUrl = `http://127.0.0.1:${ports.store}`;
  const children: ChildProcess[] = [];
  // The emulators read their ports from a config file; each stack gets one of its own.
  const configFile = join(root, `firebase.${projectId}.${ports.hub}.local.json`);
  // If the launcher dies without stopping them, the children go too.
  process.once('exit', () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });
  const stop = async (): Promise<void> => {
    // Reverse order: the web server first, the store last, so nothing writes to a stopped store.
    for (const child of [...children].reverse()) await stopChild(child);
    rmSync(configFile, { force: true });
  };

  try {
    buildFunctions(root);

    const env: Record<string, string> = {
      FIREBASE_PROJECT_ID: projectId,
      GCLOUD_PROJECT: projectId,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
      STORE_URL: storeUrl,
      STORE_SERVICE_SECRET: serviceSecret,
      DATA_BACKEND: 'local',
    };

    const store = spawn(process.execPath, ['--import', 'tsx', 'store/src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        ...env,
        STORE_PORT: String(ports.store),
        STORE_DATA_DIR: join(dataDir, 'store'),
      },
      // Own process group: Ctrl-C reaches only the launcher, which stops children in order.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(store);
    pipeLines(store, 'store', log);
    await waitForHttp(`${storeUrl}/health`, 30_000, store, 'local store');

    // The emulators read their ports from a config file; tests get one of their own.
    const base = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as {
      emulators: Record<string, unknown>;
    };
    base.emulators = {
      ...base.emulators,
      auth: { host: '127.0.0.1', port: ports.auth },
      functions: { host: '127.0.0.1', port: ports.functions },
      tasks: { host: '127.0.0.1', port: ports.tasks },
      hub: { host: '127.0.0.1', port: ports.hub },
      logging: { host: '127.0.0.1', port: ports.logging },
    };
    writeFileSync(configFile, JSON.stringify(base, null, 2));
    const authData = join(dataDir, 'auth');
    const importArgs = existsSync(join(authData, 'firebase-export-metadata.json'))
      ? ['--import', authData]
      : [];
    const firebaseBin = join(root, 'node_modules', '.bin', 'firebase');
    const emulators = spawn(
      firebaseBin,
      [
        'emulators:start',
        '--only',
        'auth,functions,tasks',
        '--project',
        projectId,
        '--config',
        configFile,
        ...importArgs,
        '--export-on-exit',
        authData,
      ],
      {
        cwd: root,
        env: {
          ...process.env,
          ...env,
          FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
          CI: process.env.CI ?? '',
        },
        // Own process group: Ctrl-C reaches only the launcher, which stops children in order.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(emulators);
    pipeLines(emulators, 'emulators', log);
    await waitForLine(emulators, /All emulators ready/, 120_000, 'Firebase emulators');

    const webUrl = `http://127.0.0.1:${ports.web}`;
    if (options.web === 'dev') {
      const viteEnv = {
        VITE_FIREBASE_PROJECT_ID: projectId,
        VITE_USE_EMULATORS: 'true',
        VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${ports.auth}`,
        VITE_FUNCTIONS_EMULATOR_HOST: '127.0.0.1',
        VITE_FUNCTIONS_EMULATOR_PORT: String(ports.functions),
        VITE_DATA_BACKEND: 'local',
        VITE_STORE_URL: storeUrl,
      };
      const vite = spawn(
        process.execPath,
        [
          join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
          '--port',
          String(ports.web),
          '--strictPort',
        ],
        {
          cwd: root,
          env: { ...process.env, ...viteEnv },
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      children.push(vite);
      pipeLines(vite, 'web', log);
      await waitForHttp(webUrl, 60_000, vite, 'web server');
    }

    return { webUrl, storeUrl, serviceSecret, env, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
