// Bundles the functions (and the workspace code they use: @sim/core, @sim/store client, zod, ws)
// into lib/index.js for the Functions emulator and for deploy. firebase-admin and
// firebase-functions stay external: they come from functions/package.json at deploy.
// `ws` is bundled because functions/package.json does not list it; its optional native helpers
// (bufferutil, utf-8-validate) stay external and ws falls back without them.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

await build({
  absWorkingDir: root,
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'info',
  external: [
    'firebase-admin',
    'firebase-admin/*',
    'firebase-functions',
    'firebase-functions/*',
    // pdfmake reads its fonts and pdfkit's font metrics beside its own files at run time, so a
    // bundled copy cannot find them (business.md §2.1); exceljs and stripe are large and load
    // only where used. All three come from functions/package.json at deploy.
    'pdfmake',
    'pdfmake/*',
    'exceljs',
    'stripe',
    'bufferutil',
    'utf-8-validate',
  ],
  // Bundled CommonJS (ws) calls require() for Node built-ins.
  banner: {
    js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
  },
});
