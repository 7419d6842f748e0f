/**
 * The functions host process, started by scripts/local-stack.ts: serves the built functions
 * bundle on one port (see ./host.ts). Reads its settings from the environment:
 *
 *   GCLOUD_PROJECT              the demo- project
 *   FUNCTIONS_HOST_BIND         the address to listen on
 *   FUNCTIONS_HOST_PORT         the port (the one the SPA's `connectFunctionsEmulator` uses)
 *   FUNCTIONS_HOST_INTERNAL     the address the Tasks emulator posts tasks to
 *   CLOUD_TASKS_EMULATOR_HOST   where to start the Tasks emulator (host:port)
 *   FUNCTIONS_DIR               the functions package (its lib/index.js and .env files)
 *
 * A rebuilt bundle (`npm run build:functions`) is loaded again without a restart, as the
 * Functions emulator does.
 */
import { existsSync, readFileSync, watch } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseEnv } from 'node:util';
import {
  createHostApp,
  hostEnvironment,
  hostedFunctions,
  registerTaskQueues,
  startTasksEmulator,
  type HostedFunction,
} from './host';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const projectId = required('GCLOUD_PROJECT');
const bind = required('FUNCTIONS_HOST_BIND');
const port = Number(required('FUNCTIONS_HOST_PORT'));
const internal = required('FUNCTIONS_HOST_INTERNAL');
const tasksHost = required('CLOUD_TASKS_EMULATOR_HOST');
const functionsDir = required('FUNCTIONS_DIR');
const bundle = join(functionsDir, 'lib', 'index.js');
const log = (line: string): void => console.log(`[functions host] ${line}`);

// The developer's own variables, as the emulator reads them (firebase-tools loadUserEnvs and the
// local secrets file); the emulator's own variables win over them.
for (const file of ['.env', `.env.${projectId}`, '.env.local', '.secret.local']) {
  const path = join(functionsDir, file);
  if (!existsSync(path)) continue;
  for (const [key, value] of Object.entries(parseEnv(readFileSync(path, 'utf8')))) {
    if (value !== undefined) process.env[key] = value;
  }
}
Object.assign(process.env, hostEnvironment(projectId));

let functions: readonly HostedFunction[] = [];

async function load(version: string): Promise<void> {
  // A new URL each time: the module cache would otherwise hand back the first bundle.
  const module = (await import(`${pathToFileURL(bundle).href}?v=${version}`)) as Record<
    string,
    unknown
  >;
  const next = hostedFunctions(module);
  await registerTaskQueues(tasksHost, projectId, `http://${internal}:${port}`, next);
  functions = next;
}

const [tasksBind = '127.0.0.1', tasksPort = ''] = tasksHost.split(':');
const tasks = await startTasksEmulator(tasksBind, Number(tasksPort));
await load('0');
const app = createHostApp(projectId, () => functions, log);
const server = createServer(app);
await new Promise<void>((ready, fail) => {
  server.once('error', fail);
  server.listen(port, bind, ready);
});
log(`ready on http://${bind}:${port}, ${functions.length} functions of ${bundle}`);

let reload: NodeJS.Timeout | undefined;
watch(join(functionsDir, 'lib'), (_event, file) => {
  if (file !== 'index.js') return;
  clearTimeout(reload);
  // esbuild writes the bundle in several steps: load once it has settled.
  reload = setTimeout(() => {
    load(String(Date.now())).then(
      () => log(`reloaded ${functions.length} functions`),
      (err: unknown) => log(`the rebuilt bundle did not load: ${(err as Error).message}`),
    );
  }, 500);
});

const stop = (): void => {
  void tasks.stop();
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
