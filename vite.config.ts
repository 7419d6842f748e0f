import { Agent } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin, type ProxyOptions } from 'vite';
import { describe as describeRoutes, measureBuild, overBudget } from './scripts/route-bytes.ts';
import { CALLABLE_PREFIX, emulatorPath, emulatorTarget } from './scripts/callable-routes.ts';
import { prerenderHome } from './scripts/prerender-home.ts';
import { routePreload } from './scripts/route-preload.ts';

/**
 * Fails the build when `/` or the player's page needs more gzip JavaScript to first render than
 * scripts/route-budgets.json allows, so bytes never creep back unnoticed.
 */
function routeByteBudgets(): Plugin {
  let outDir = 'dist';
  let info: (message: string) => void = () => undefined;
  return {
    name: 'route-byte-budgets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      info = (message) => config.logger.info(message);
    },
    // After the files are written, which a failed build never reaches: its own error shows.
    writeBundle() {
      const measured = measureBuild(outDir);
      for (const text of describeRoutes(measured)) info(text);
      if (overBudget(measured).length > 0) {
        throw new Error(
          `JavaScript over budget (scripts/route-budgets.json):\n${describeRoutes(measured).join('\n')}`,
        );
      }
    },
  };
}

/**
 * Fails a build not made for the end-to-end tests if any of its files carries their probes
 * (src/lib/perf/test-probes.ts), which must be statically removed from every other build.
 */
function noTestProbes(env: Record<string, string>): Plugin {
  return {
    name: 'no-test-probes',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (env['VITE_TEST_PROBES'] === 'true') return;
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && file.code.includes('__probes')) {
          throw new Error(`${file.fileName} carries the end-to-end tests' probes`);
        }
      }
    },
  };
}

/**
 * `/api/<name>` to the Functions emulator, as Hosting's rewrites do in production: the SPA calls
 * its callables on its own origin and the browser sends no CORS preflight (decision 0026).
 */
function callableProxy(env: Record<string, string>): Record<string, ProxyOptions> {
  const { target, projectId, region } = emulatorTarget(env);
  return {
    [CALLABLE_PREFIX]: {
      target,
      changeOrigin: true,
      // A connection per call: Node's client does not send a POST again when the server closed
      // the kept-alive connection it went out on (the functions host's 5 s idle limit), so a
      // player's join or order could be done by the backend and still fail in the page.
      agent: new Agent({ keepAlive: false }),
      rewrite: (path) => emulatorPath(path, projectId, region),
    },
  };
}

export default defineConfig(({ mode }) => {
  // The local stack passes its emulator's address in VITE_* variables of the environment.
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const proxy = callableProxy(env);
  const alias = [
    { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    // Firestore's pipeline regular expressions, which the app never runs (the stand-in says why).
    {
      find: /^re2js$/,
      replacement: fileURLToPath(new URL('./src/lib/data/re2js-stand-in.ts', import.meta.url)),
    },
  ];
  return {
    plugins: [
      react(),
      routeByteBudgets(),
      noTestProbes(env),
      prerenderHome({ alias, env }),
      routePreload({ env }),
    ],
    resolve: { alias },
    // Scan every page for dependencies at start-up: a dependency found later, on a lazy page,
    // makes the dev server re-bundle and reload the page in the middle of a class.
    optimizeDeps: { entries: ['index.html', 'src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}'] },
    // The local stack gives each of its dev servers a cache of its own (scripts/local-stack.ts).
    cacheDir: process.env.SIMGAMES_VITE_CACHE_DIR ?? 'node_modules/.vite',
    // The manifest says which chunks each module needs: the byte budgets are computed from it.
    build: {
      manifest: true,
      rolldownOptions: {
        output: {
          // Every module the entry needs before it runs in one chunk (decision 0041): the automatic
          // split gave it 41 chunks besides its own, each a request, each compressed alone.
          codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
        },
      },
    },
    server: { port: 5173, strictPort: true, host: '127.0.0.1', proxy },
    preview: { port: 5173, strictPort: true, host: '127.0.0.1', proxy },
  };
});
