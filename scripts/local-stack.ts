/**
 * Starts the whole local stack as child processes: the document backend (the local document
 * store, or the Cloud Firestore emulator under `firestore.rules`), the Firebase Auth emulator (a
 * demo- project, so nothing can reach a real one), the functions and the Tasks emulator in one
 * process of their own (scripts/functions-host/, decision 0025) and the SPA. Used by `npm start` and by the
 * end-to-end tests (on other ports and another data folder, so both can run at once).
 *
 * LAN mode binds what a browser reaches (the SPA, Auth, Functions, the store or Firestore) to a
 * network address, so phones on the same network play with no internet; the SPA then reaches
 * each service on the page's own host (src/lib/config.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  findFirestoreEmulator,
  firestoreEmulatorAddress,
  startFirestoreEmulator,
  type RunningFirestoreEmulator,
} from './firestore-emulator';
import { seedStackBilling } from './seed-stack-billing';

export interface StackPorts {
  readonly web: number;
  readonly store: number;
  readonly auth: number;
  readonly functions: number;
  readonly tasks: number;
  readonly hub: number;
  readonly logging: number;
  /** The Cloud Firestore emulator (backend 'firestore' only). */
  readonly firestore: number;
}

export const DEV_PORTS: StackPorts = {
  web: 5173,
  store: 8787,
  auth: 9099,
  functions: 5001,
  tasks: 9499,
  hub: 4400,
  logging: 4500,
  firestore: 8080,
};

/** Ports free right now, for a stack that must not collide with another one (tests). */
export async function freePorts(): Promise<StackPorts> {
  const servers = await Promise.all(
    Array.from(
      { length: 8 },
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
  const [web, store, auth, functions, tasks, hub, logging, firestore] = ports as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { web, store, auth, functions, tasks, hub, logging, firestore };
}

export type StackBackend = 'local' | 'firestore';

/**
 * Who serves the functions: 'host' (default), one process for every function and every call in
 * flight (scripts/functions-host/); 'emulator', firebase-tools' Functions emulator, one worker
 * process per function and call in flight (kept to measure the difference, and for
 * `--inspect-functions`-style debugging by hand).
 */
export type FunctionsRuntime = 'host' | 'emulator';

export interface LanOptions {
  /** Where the browser-facing services listen: '0.0.0.0' (every interface) or one address. */
  readonly bindHost: string;
  /** The address players open (shown, and encoded in the QR code). */
  readonly address: string;
}

export interface StackOptions {
  readonly root: string;
  /** Where documents, files and Auth emulator accounts persist between runs. */
  readonly dataDir: string;
  readonly ports: StackPorts;
  readonly projectId: string;
  /** 'local' (default): the local document store; 'firestore': the Cloud Firestore emulator. */
  readonly backend?: StackBackend;
  /**
   * 'dev' serves the SPA with Vite's dev server; 'preview' builds it for production (into
   * `<dataDir>/web-dist`, with the stack's addresses) and serves the build with `vite preview`,
   * gzip included, as measurements need; 'none' starts no web server.
   */
  readonly web: 'dev' | 'preview' | 'none';
  /**
   * The SPA gives the end-to-end tests its data port and callables on `window.__probes` and
   * counts commits (src/lib/perf/test-probes.ts, commit-count.ts).
   */
  readonly testProbes?: boolean;
  /** Serve the local network (classroom mode); loopback only without it. */
  readonly lan?: LanOptions;
  /** Who serves the functions; 'host' unless given or LOCAL_FUNCTIONS=emulator is set. */
  readonly functions?: FunctionsRuntime;
  /** Receives every line the children print, prefixed with their name. */
  readonly log: (line: string) => void;
}

export interface RunningStack {
  readonly backend: StackBackend;
  readonly webUrl: string;
  /** The URL players on the network open (LAN mode only). */
  readonly lanUrl: string | undefined;
  /** The local store and its service credential (backend 'local' only). */
  readonly storeUrl: string | undefined;
  readonly serviceSecret: string | undefined;
  /** host:port of the Firestore emulator, as the functions reach it (backend 'firestore' only). */
  readonly firestoreEmulatorHost: string | undefined;
  /** host:port of the Auth emulator, as the launcher's machine reaches it. */
  readonly authEmulatorHost: string;
  readonly env: Record<string, string>;
  /** Process ids of the services (store or firestore, emulators, functions, web), for figures. */
  readonly pids: Readonly<Record<string, number>>;
  stop(): Promise<void>;
}

/** The Firestore emulator's data export inside the data folder (see `exportFirestore`). */
const FIRESTORE_EXPORT = 'firestore_export';

/**
 * Saves the project's documents into `dir` through the emulator's export endpoint (what
 * firebase-tools' --export-on-exit does), so the next start seeds from them.
 */
async function exportFirestore(host: string, projectId: string, dir: string): Promise<void> {
  const tmp = `${dir}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}:export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      database: `projects/${projectId}/databases/(default)`,
      export_directory: tmp,
      export_name: FIRESTORE_EXPORT,
    }),
  });
  if (!res.ok) throw new Error(`export refused: ${res.status} ${await res.text()}`);
  // Swap only once the export is complete: a failed export keeps the previous one.
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
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

/** An address as the host part of a URL (IPv6 in brackets). */
export function urlHost(address: string): string {
  return address.includes(':') && !address.startsWith('[') ? `[${address}]` : address;
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
  const { root, ports, projectId, log, lan } = options;
  const backend = options.backend ?? 'local';
  const dataDir = resolve(root, options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  // Browser-facing services listen here; the launcher and the functions reach them on `internal`.
  const bindHost = lan?.bindHost ?? '127.0.0.1';
  const internal = bindHost === '0.0.0.0' ? '127.0.0.1' : bindHost;
  const serviceSecret = backend === 'local' ? readOrCreateSecret(dataDir) : undefined;
  const storeUrl = backend === 'local' ? `http://${internal}:${ports.store}` : undefined;
  const firestoreData = join(dataDir, 'firestore');
  let firestore: RunningFirestoreEmulator | undefined;
  const children: ChildProcess[] = [];
  const pids: Record<string, number> = {};
  const functionsRuntime: FunctionsRuntime =
    options.functions ?? (process.env.LOCAL_FUNCTIONS === 'emulator' ? 'emulator' : 'host');
  // The emulators read their ports from a config file; each stack gets one of its own.
  const configFile = join(root, `firebase.${projectId}.${ports.hub}.local.json`);
  // If the launcher dies without stopping them, the children go too.
  process.once('exit', () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });
  const stop = async (): Promise<void> => {
    // Reverse order: the web server first, the store last, so nothing writes to a stopped store.
    for (const child of [...children].reverse()) {
      if (firestore && child === firestore.child) {
        await exportFirestore(firestore.host, projectId, firestoreData).catch((err: unknown) =>
          log(`[firestore] documents not saved: ${(err as Error).message}`),
        );
        await firestore.stop();
      } else {
        await stopChild(child);
      }
    }
    rmSync(configFile, { force: true });
  };

  try {
    const webUrl = `http://${internal}:${ports.web}`;
    const lanUrl = lan ? `http://${urlHost(lan.address)}:${ports.web}` : undefined;
    // The SPA's build needs only the addresses, so it runs while the services start.
    const viteEnv: Record<string, string> = {
      VITE_FIREBASE_PROJECT_ID: projectId,
      VITE_USE_EMULATORS: 'true',
      VITE_AUTH_EMULATOR_URL: `http://${internal}:${ports.auth}`,
      VITE_FUNCTIONS_EMULATOR_HOST: internal,
      VITE_FUNCTIONS_EMULATOR_PORT: String(ports.functions),
      VITE_DATA_BACKEND: backend,
      // In LAN mode the SPA swaps these hosts for the page's own at run time.
      ...(storeUrl ? { VITE_STORE_URL: storeUrl } : {}),
      // The address the emulator below answers on.
      ...(backend === 'firestore'
        ? { VITE_FIRESTORE_EMULATOR_HOST: firestoreEmulatorAddress(bindHost, ports.firestore) }
        : {}),
      ...(lanUrl ? { VITE_LAN_URL: lanUrl } : {}),
      ...(options.testProbes ? { VITE_TEST_PROBES: 'true' } : {}),
      // A dependency cache per stack: two dev servers bundling into one shared cache replace
      // each other's files under a page that is loading them (vite.config.ts reads it).
      SIMGAMES_VITE_CACHE_DIR: join(dataDir, 'vite-cache'),
    };
    const viteBin = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const webDist = join(dataDir, 'web-dist');
    let building: Promise<number | null> | undefined;
    if (options.web === 'preview') {
      const build = spawn(
        process.execPath,
        [viteBin, 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'],
        {
          cwd: root,
          // A test runner's NODE_ENV=test would bundle React's development build.
          env: { ...process.env, ...viteEnv, NODE_ENV: 'production' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      // Stopped with the stack if it fails before the build is awaited.
      children.push(build);
      pipeLines(build, 'build', log);
      building = new Promise<number | null>((done) => build.once('close', done));
    }

    buildFunctions(root);

    const env: Record<string, string> = {
      FIREBASE_PROJECT_ID: projectId,
      GCLOUD_PROJECT: projectId,
      FIREBASE_AUTH_EMULATOR_HOST: `${internal}:${ports.auth}`,
      DATA_BACKEND: backend,
      // Links in emails (team invitations) lead to this stack's SPA; the LAN address in
      // classroom mode, so a colleague on the network can open them.
      APP_URL: `http://${lan ? urlHost(lan.address) : internal}:${ports.web}`,
      // Invitations are kept in mailOutbox/*, where the end-to-end tests read them.
      MAIL_PROVIDER: 'outbox',
      // The fake checkout's page is served by this stack's Functions emulator, and it posts the
      // signed payment to stripeWebhook there: the browser and the functions reach it here.
      FUNCTIONS_BASE_URL: `http://${lan ? urlHost(lan.address) : internal}:${ports.functions}/${projectId}/us-central1`,
    };

    if (backend === 'local') {
      env.STORE_URL = storeUrl as string;
      env.STORE_SERVICE_SECRET = serviceSecret as string;
      const store = spawn(process.execPath, ['--import', 'tsx', 'store/src/server/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          ...env,
          STORE_HOST: bindHost,
          STORE_PORT: String(ports.store),
          STORE_DATA_DIR: join(dataDir, 'store'),
        },
        // Own process group: Ctrl-C reaches only the launcher, which stops children in order.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(store);
      if (store.pid) pids.store = store.pid;
      pipeLines(store, 'store', log);
      await waitForHttp(`${storeUrl}/health`, 120_000, store, 'local store');
    } else {
      const location = findFirestoreEmulator();
      if ('missing' in location) throw new Error(location.missing);
      const seed = join(
        firestoreData,
        FIRESTORE_EXPORT,
        `${FIRESTORE_EXPORT}.overall_export_metadata`,
      );
      firestore = await startFirestoreEmulator(location, {
        host: bindHost,
        port: ports.firestore,
        // The production rules for every project: the SPA's reads and writes are checked as in
        // production; the functions (firebase-admin) bypass them, as in production.
        rules: join(root, 'firestore.rules'),
        extraArgs: existsSync(seed) ? [`--seed_from_export=${seed}`] : [],
        log,
      });
      children.push(firestore.child);
      if (firestore.child.pid) pids.firestore = firestore.child.pid;
      env.FIRESTORE_EMULATOR_HOST = firestore.host;
    }

    // The billing reference data (VAT rates, plan catalogue, invoice counter) on either backend.
    await seedStackBilling(
      backend === 'local'
        ? { backend, storeUrl: storeUrl as string, serviceSecret: serviceSecret as string }
        : { backend, firestoreHost: firestore?.host as string, projectId },
    );
    log('[billing] VAT rates, plan catalogue and invoice counter seeded');

    // The emulators read their ports from a config file; tests get one of their own.
    const base = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as {
      emulators: Record<string, unknown>;
    };
    base.emulators = {
      ...base.emulators,
      // Browsers reach Auth and the callables; the rest only the emulators themselves.
      auth: { host: bindHost, port: ports.auth },
      functions: { host: bindHost, port: ports.functions },
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
        // firebase-tools starts its Tasks emulator only beside its Functions emulator: the
        // functions host runs the same Tasks emulator itself.
        functionsRuntime === 'emulator' ? 'auth,functions,tasks' : 'auth',
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
          // The Auth emulator's validators compiled on first use, not all at start (the file says
          // why).
          NODE_OPTIONS: [
            process.env.NODE_OPTIONS,
            `--import ${JSON.stringify(pathToFileURL(join(root, 'scripts', 'auth-emulator-preload.mjs')).href)}`,
          ]
            .filter(Boolean)
            .join(' '),
        },
        // Own process group: Ctrl-C reaches only the launcher, which stops children in order.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(emulators);
    if (emulators.pid) pids.emulators = emulators.pid;
    pipeLines(emulators, 'emulators', log);
    await waitForLine(emulators, /All emulators ready/, 120_000, 'Firebase emulators');

    if (functionsRuntime === 'host') {
      const host = spawn(
        process.execPath,
        ['--import', 'tsx', join(root, 'scripts', 'functions-host', 'main.ts')],
        {
          cwd: root,
          env: {
            ...process.env,
            ...env,
            FUNCTIONS_HOST_BIND: bindHost,
            FUNCTIONS_HOST_PORT: String(ports.functions),
            FUNCTIONS_HOST_INTERNAL: internal,
            FUNCTIONS_DIR: join(root, 'functions'),
            // Where the host starts the Tasks emulator, which firebase-admin also reads.
            CLOUD_TASKS_EMULATOR_HOST: `127.0.0.1:${ports.tasks}`,
            FIREBASE_EMULATOR_HUB: `127.0.0.1:${ports.hub}`,
          },
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      children.push(host);
      if (host.pid) pids.functions = host.pid;
      pipeLines(host, 'functions', log);
      await waitForLine(host, /functions host\] ready/, 120_000, 'functions host');
    }

    if (options.web !== 'none') {
      if (building) {
        const code = await building;
        if (code !== 0) throw new Error(`the SPA build failed (exit code ${code})`);
      }
      const vite = spawn(
        process.execPath,
        [
          viteBin,
          ...(options.web === 'preview' ? ['preview', '--outDir', webDist] : []),
          '--host',
          bindHost,
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
      if (vite.pid) pids.web = vite.pid;
      pipeLines(vite, 'web', log);
      await waitForHttp(webUrl, 60_000, vite, 'web server');
    }

    return {
      backend,
      webUrl,
      lanUrl,
      storeUrl,
      serviceSecret,
      firestoreEmulatorHost: firestore?.host,
      authEmulatorHost: `${internal}:${ports.auth}`,
      env,
      pids,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
