/**
 * Finds and starts the Cloud Firestore emulator of the Cloud SDK (Debian package
 * `google-cloud-cli-firestore-emulator`) directly with the machine's Java: firebase-tools refuses
 * Java below 21, the emulator itself runs on 17. Used by the integration and end-to-end test runs
 * and by `npm start -- --firestore`.
 *
 * Where it looks: FIRESTORE_EMULATOR_LAUNCHER (the `cloud_firestore_emulator` script or the jar),
 * then the Cloud SDK's usual install folders.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

/** host:port the emulator listening on `host:port` answers on (FIRESTORE_EMULATOR_HOST). */
export function firestoreEmulatorAddress(host: string, port: number): string {
  return `${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
}

const SDK_FOLDERS = [
  '/usr/lib/google-cloud-sdk',
  '/usr/share/google-cloud-sdk',
  '/opt/google-cloud-sdk',
  join(process.env.HOME ?? '/root', 'google-cloud-sdk'),
];
const JAR_IN_SDK = 'platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';

export interface EmulatorLocation {
  readonly jar: string;
  readonly java: string;
}

/** The emulator's jar and a Java to run it, or a one-line reason why there is none. */
export function findFirestoreEmulator(): EmulatorLocation | { readonly missing: string } {
  const named = process.env.FIRESTORE_EMULATOR_LAUNCHER?.trim();
  const candidates = named
    ? [named.endsWith('.jar') ? named : join(dirname(named), 'cloud-firestore-emulator.jar')]
    : SDK_FOLDERS.map((folder) => join(folder, JAR_IN_SDK));
  const jar = candidates.find((path) => existsSync(path));
  if (!jar) {
    return {
      missing: named
        ? `no emulator jar beside FIRESTORE_EMULATOR_LAUNCHER (${named})`
        : 'the Cloud Firestore emulator is not installed (Debian: google-cloud-cli-firestore-emulator)',
    };
  }
  const java = process.env.JAVA ?? 'java';
  const probe = spawnSync(java, ['-version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) return { missing: `no Java to run it (${java})` };
  return { jar, java };
}

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

export interface RunningFirestoreEmulator {
  /** host:port, the value of FIRESTORE_EMULATOR_HOST. */
  readonly host: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the emulator on `host:port` (a free loopback port by default) and resolves once it
 * answers. `rules` loads a rules file for every project; without it the emulator allows all.
 */
export async function startFirestoreEmulator(
  location: EmulatorLocation,
  options: {
    readonly port?: number;
    readonly host?: string;
    readonly rules?: string;
    /** Further emulator flags, e.g. `--seed_from_export=…` to start from an export. */
    readonly extraArgs?: readonly string[];
    readonly log?: (line: string) => void;
  } = {},
): Promise<RunningFirestoreEmulator> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort());
  const args = [
    '-Duser.language=en',
    '-cp',
    location.jar,
    MAIN_CLASS,
    'start',
    `--host=${host}`,
    `--port=${port}`,
    ...(options.rules ? [`--rules=${options.rules}`] : []),
    ...(options.extraArgs ?? []),
  ];
  const child = spawn(location.java, args, {
    // Own process group, so Ctrl-C on a launcher stops it in order, not mid-write.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        output.push(line);
        if (output.length > 40) output.shift();
        options.log?.(`[firestore] ${line}`);
      }
    });
  }
  const address = firestoreEmulatorAddress(host, port);
  const stop = (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((done) => {
      const hard = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(hard);
        done();
      });
      child.kill('SIGTERM');
    });
  };
  process.once('exit', () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(
        `the Firestore emulator exited with code ${child.exitCode}:\n${output.join('\n')}`,
      );
    }
    try {
      const res = await fetch(`http://${address}/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) {
      await stop();
      throw new Error(`the Firestore emulator did not answer on ${address}:\n${output.join('\n')}`);
    }
    await new Promise((ok) => setTimeout(ok, 200));
  }
  return { host: address, child, stop };
}
