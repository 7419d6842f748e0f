/**
 * The local stack's functions, served by one Node process (docs/decisions/0025-functions-host.md).
 *
 * firebase-tools' Functions emulator starts one worker process per function and per call in
 * flight (its v2 `concurrency` option is not honoured), so a class of players ordering at once
 * held dozens of ~135 MiB workers. This host mounts every function of the built bundle
 * (`functions/lib/index.js`) in one HTTP server, as Cloud Functions (2nd gen) serve up to 80
 * calls at once per instance: the same URLs (`/<project>/<region>/<name>`), the same body parsing
 * and environment as the emulator's worker runtime, and firebase-tools' own Tasks emulator, which
 * firebase-tools starts only beside its Functions emulator, with the task queues registered so
 * their tasks come back here.
 */
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The region firebase-tools gives a function that names none. */
export const DEFAULT_REGION = 'us-central1';

/** What firebase-functions v2 attaches to each exported function (`__endpoint`). */
interface EndpointManifest {
  readonly region?: unknown;
  readonly httpsTrigger?: object;
  readonly callableTrigger?: object;
  readonly taskQueueTrigger?: {
    readonly retryConfig?: Readonly<Record<string, number | null | undefined>>;
    readonly rateLimits?: Readonly<Record<string, number | null | undefined>>;
  };
  readonly [key: string]: unknown;
}

/** A function as the Cloud Functions runtime calls it: an Express-style request handler. */
export type FunctionHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export interface HostedFunction {
  readonly name: string;
  readonly region: string;
  readonly kind: 'callable' | 'https' | 'taskQueue';
  readonly handler: FunctionHandler;
  /** The queue's settings as the emulator registers them (task queue functions only). */
  readonly taskQueue?: NonNullable<EndpointManifest['taskQueueTrigger']>;
}

function regionOf(endpoint: EndpointManifest): string {
  const region = Array.isArray(endpoint.region) ? endpoint.region[0] : endpoint.region;
  return typeof region === 'string' && region !== '' ? region : DEFAULT_REGION;
}

/**
 * The functions a module exports. A trigger this host cannot serve (Firestore, Auth blocking,
 * schedules…) is refused: serving the others and dropping it would hide a missing behaviour.
 */
export function hostedFunctions(module: Readonly<Record<string, unknown>>): HostedFunction[] {
  const hosted: HostedFunction[] = [];
  for (const [name, value] of Object.entries(module)) {
    if (typeof value !== 'function') continue;
    const endpoint = (value as { __endpoint?: EndpointManifest }).__endpoint;
    if (!endpoint) continue;
    const handler = value as FunctionHandler;
    const region = regionOf(endpoint);
    if (endpoint.callableTrigger) hosted.push({ name, region, kind: 'callable', handler });
    else if (endpoint.httpsTrigger) hosted.push({ name, region, kind: 'https', handler });
    else if (endpoint.taskQueueTrigger) {
      hosted.push({
        name,
        region,
        kind: 'taskQueue',
        handler,
        taskQueue: endpoint.taskQueueTrigger,
      });
    } else {
      const trigger = Object.keys(endpoint).find((key) => key.endsWith('Trigger')) ?? 'unknown';
      throw new Error(`${name}: the local functions host cannot serve a ${trigger}`);
    }
  }
  return hosted;
}

/** The URL path a function answers on, as the Functions emulator and `connectFunctionsEmulator` use. */
export function functionPath(
  projectId: string,
  fn: Pick<HostedFunction, 'region' | 'name'>,
): string {
  return `/${projectId}/${fn.region}/${fn.name}`;
}

/**
 * The environment the emulator's worker runtime gives functions (firebase-tools
 * `getSystemEnvs`, `getEmulatorEnvs`, `getFirebaseConfig`): callables take the Auth emulator's
 * unsigned ID tokens (`skipTokenVerification`) and answer any origin, and code that must never run
 * in production (fake payments, the mail outbox) sees `FUNCTIONS_EMULATOR`.
 */
export function hostEnvironment(projectId: string): Record<string, string> {
  return {
    GCLOUD_PROJECT: projectId,
    GOOGLE_CLOUD_QUOTA_PROJECT: projectId,
    K_REVISION: '1',
    FUNCTIONS_EMULATOR: 'true',
    TZ: 'UTC',
    FIREBASE_DEBUG_MODE: 'true',
    FIREBASE_DEBUG_FEATURES: JSON.stringify({ skipTokenVerification: true, enableCors: true }),
    FIREBASE_CONFIG: JSON.stringify({ projectId }),
    METADATA_SERVER_DETECTION: 'none',
  };
}

interface ExpressApp {
  (req: IncomingMessage, res: ServerResponse): void;
  enable(setting: string): void;
  use(...handlers: unknown[]): void;
  all(path: string, handler: (req: HostRequest, res: HostResponse) => void): void;
}
interface HostRequest extends IncomingMessage {
  url: string;
  readonly path: string;
  rawBody?: Buffer;
}
interface HostResponse extends ServerResponse {
  status(code: number): HostResponse;
  send(body: string): void;
}
type BodyParserFactory = (options: Record<string, unknown>) => unknown;

/** Loads a module as firebase-tools does: its own dependencies and files. */
function requireFromTools(id: string): unknown {
  const fromProject = createRequire(import.meta.url);
  return createRequire(fromProject.resolve('firebase-tools/package.json'))(id);
}

/**
 * Express and body-parser as firebase-tools' worker runtime loads them (its own dependencies),
 * so requests reach the functions parsed exactly as under the emulator.
 */
function emulatorRuntimeModules(): {
  express: () => ExpressApp;
  bodyParser: Record<'json' | 'text' | 'urlencoded' | 'raw', BodyParserFactory>;
} {
  const fromTools = requireFromTools;
  return {
    express: fromTools('express') as () => ExpressApp,
    bodyParser: fromTools('body-parser') as Record<
      'json' | 'text' | 'urlencoded' | 'raw',
      BodyParserFactory
    >,
  };
}

/** Keeps the raw bytes (a webhook's signature is checked over them), as the emulator does. */
function keepRawBody(req: HostRequest, _res: ServerResponse, buf: Buffer): void {
  req.rawBody = buf;
}

const ROUTE = /^\/([^/]+)\/([^/]+)\/([^/]+)(\/.*)?$/;

/**
 * The HTTP handler serving `functions()` (read on every request, so a rebuilt bundle takes over
 * without a restart). A function's own path starts after its name, as under the emulator.
 */
export function createHostApp(
  projectId: string,
  functions: () => readonly HostedFunction[],
  log: (line: string) => void,
): ExpressApp {
  const { express, bodyParser } = emulatorRuntimeModules();
  const app = express();
  app.enable('trust proxy');
  const limit = '32mb';
  app.use(bodyParser.json({ limit, verify: keepRawBody }));
  app.use(bodyParser.text({ limit, verify: keepRawBody }));
  app.use(bodyParser.urlencoded({ extended: true, limit, verify: keepRawBody }));
  app.use(bodyParser.raw({ type: '*/*', limit, verify: keepRawBody }));
  app.all('*', (req, res) => {
    const match = ROUTE.exec(req.path);
    const all = functions();
    const fn =
      match && match[1] === projectId
        ? all.find((f) => f.region === match[2] && f.name === match[3])
        : undefined;
    if (!match || !fn) {
      res
        .status(404)
        .send(
          `Function ${match ? `${match[2]}-${match[3]}` : req.path} does not exist, valid functions are: ` +
            all.map((f) => `${f.region}-${f.name}`).join(', '),
        );
      return;
    }
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    req.url = `${match[4] ?? '/'}${query}`;
    Promise.resolve()
      .then(() => fn.handler(req, res))
      .catch((err: unknown) => {
        log(
          `${fn.name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
        );
        if (!res.headersSent) res.status(500).send(String((err as Error)?.message ?? err));
        else res.end();
      });
  });
  return app;
}

/**
 * Registers each task queue function's queue with the Tasks emulator, its tasks to be posted to
 * `baseUrl` + the function's path (what the Functions emulator does when it loads a bundle).
 */
export async function registerTaskQueues(
  tasksEmulatorHost: string,
  projectId: string,
  baseUrl: string,
  functions: readonly HostedFunction[],
): Promise<void> {
  for (const fn of functions) {
    if (fn.kind !== 'taskQueue') continue;
    const res = await postAgainIfDropped(
      `http://${tasksEmulatorHost}/projects/${projectId}/locations/${fn.region}/queues/${fn.name}`,
      JSON.stringify({ ...fn.taskQueue, defaultUri: `${baseUrl}${functionPath(projectId, fn)}` }),
    );
    if (!res.ok) throw new Error(`the Tasks emulator refused queue ${fn.name}: ${res.status}`);
  }
}

/**
 * Posts JSON, sent again (up to three times) when the connection fails before an answer. Loading
 * the bundle blocks the process for seconds on a busy machine, so the Tasks emulator in the same
 * process can close the kept-alive connection of its readiness probe just as the registration
 * reuses it (ECONNRESET). Registering a queue again replaces it.
 */
async function postAgainIfDropped(url: string, body: string): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    } catch (err) {
      // fetch rejects only when no answer came; an answer, even a refusal, is returned.
      if (attempt >= 3) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

interface TasksEmulatorInstance {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * firebase-tools' Cloud Tasks emulator (the same code `emulators:start` runs), listening on
 * `host:port`: firebase-admin enqueues there (CLOUD_TASKS_EMULATOR_HOST) and it posts each task
 * to its queue's registered address.
 */
export async function startTasksEmulator(
  host: string,
  port: number,
): Promise<TasksEmulatorInstance> {
  const { TasksEmulator } = requireFromTools('firebase-tools/lib/emulator/tasksEmulator') as {
    TasksEmulator: new (args: { host: string; port: number }) => TasksEmulatorInstance;
  };
  const emulator = new TasksEmulator({ host, port });
  await emulator.start();
  // start() returns before the server listens.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await fetch(`http://${host}:${port}/queueStats`);
      return emulator;
    } catch (err) {
      if (attempt >= 100) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
