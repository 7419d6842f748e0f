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

/** Returns how many modules and dependencies were served and how long it took (ms). */
export async function warmDevServer(
  webUrl: string,
  root: string,
): Promise<{ modules: number; dependencies: number; ms: number }> {
  const started = Date.now();
  const queue = ['/', '/@vite/client', ...appModules(root)];
  const modules = queue.length;
  const failures: string[] = [];
  // The pre-bundled dependencies the modules import: asking for them waits until the server's
  // dependency optimizer has finished, so no test's first page is served a bundle still being
  // written (its page stayed blank).
  const dependencies = new Set<string>();
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const response = await fetch(`${webUrl}${path}`).catch((err: unknown) => err);
      if (!(response instanceof Response)) failures.push(`${path}: ${String(response)}`);
      else {
        const text = await response.text();
        if (!response.ok) failures.push(`${path}: HTTP ${response.status}`);
        for (const match of text.matchAll(/["'](\/[^"'\s]*\/deps\/[^"'\s?]+\.js\?v=[\w]+)["']/g)) {
          if (match[1] && !dependencies.has(match[1])) {
            dependencies.add(match[1]);
            queue.push(match[1]);
          }
        }
      }
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  if (dependencies.size === 0) failures.push('no pre-bundled dependency was named by any module');
  // A module the server cannot transform would fail its page anyway; say which one here.
  if (failures.length > 0) throw new Error(`dev server warm-up failed:\n${failures.join('\n')}`);
  return { modules, dependencies: dependencies.size, ms: Date.now() - started };
}
