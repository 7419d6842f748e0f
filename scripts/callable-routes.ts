/**
 * Callables on the app's own origin (decision 0026): the SPA calls `/api/<name>`. In production
 * Firebase Hosting rewrites that path to the function (`firebase.json`, one rewrite per callable);
 * on the local stack Vite's dev server and `vite preview` proxy it to the Functions emulator's
 * `/<project>/<region>/<name>`. A same-origin call needs no CORS preflight.
 */

/** The path prefix of the callables on the app's origin. */
export const CALLABLE_PREFIX = '/api/';

/** The region of every function (firebase-tools' default; the functions name none). */
export const FUNCTIONS_REGION = 'us-central1';

/** The callables `functions/src/index.ts` exports (`export const <name> = defineCallable(`). */
export function exportedCallables(indexSource: string): string[] {
  return [...indexSource.matchAll(/^export const (\w+) = defineCallable\(/gm)].map((m) => m[1]!);
}

/** A Hosting rewrite of `/api/<name>` to the function `<name>`. */
export interface CallableRewrite {
  readonly source: string;
  readonly function: { readonly functionId: string; readonly region: string };
}

export function callableRewrite(name: string): CallableRewrite {
  return {
    source: `${CALLABLE_PREFIX}${name}`,
    function: { functionId: name, region: FUNCTIONS_REGION },
  };
}

/** The Functions emulator's path of an `/api/<name>` request (the query string kept). */
export function emulatorPath(path: string, projectId: string, region: string): string {
  return path.startsWith(CALLABLE_PREFIX)
    ? `/${projectId}/${region}/${path.slice(CALLABLE_PREFIX.length)}`
    : path;
}

/** The emulator's address and project, from the variables the local stack gives Vite. */
export interface EmulatorTarget {
  readonly target: string;
  readonly projectId: string;
  readonly region: string;
}

export function emulatorTarget(env: Readonly<Record<string, string | undefined>>): EmulatorTarget {
  const host = env.VITE_FUNCTIONS_EMULATOR_HOST?.trim() || '127.0.0.1';
  const port = Number(env.VITE_FUNCTIONS_EMULATOR_PORT);
  return {
    target: `http://${host}:${Number.isInteger(port) && port > 0 ? port : 5001}`,
    projectId: env.VITE_FIREBASE_PROJECT_ID?.trim() || 'demo-simgames',
    region: env.VITE_FUNCTIONS_REGION?.trim() || FUNCTIONS_REGION,
  };
}
