/**
 * Asks Vite's dev server for every module of the SPA once before the first test, so no test's
 * first page waits for the server to transform hundreds of modules on a machine still busy
 * starting the other stack (a first page's field then outlived its 30 s wait).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Requests at once: enough to keep two cores busy without queueing the server's own work. */
const AT_ONCE = 4;

function appModules(root: string): string[] {
  return readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .map((path) => path.replaceAll('\\', '/'))
    .filter((path) => /\.(ts|tsx)$/.test(path) && !/\.(test|d)\.tsx?$/.test(path))
    .map((path) => `/src/${path}`);
}

/** Returns how many modules were transformed and how long it took (ms). */
export async function warmDevServer(
  webUrl: string,
  root: string,
): Promise<{ modules: number; ms: number }> {
  const started = Date.now();
  const queue = ['/', '/@vite/client', ...appModules(root)];
  const modules = queue.length;
  const failures: string[] = [];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const response = await fetch(`${webUrl}${path}`).catch((err: unknown) => err);
      if (!(response instanceof Response)) failures.push(`${path}: ${String(response)}`);
      else {
        await response.arrayBuffer();
        if (!response.ok) failures.push(`${path}: HTTP ${response.status}`);
      }
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  // A module the server cannot transform would fail its page anyway; say which one here.
  if (failures.length > 0) throw new Error(`dev server warm-up failed:\n${failures.join('\n')}`);
  return { modules, ms: Date.now() - started };
}
