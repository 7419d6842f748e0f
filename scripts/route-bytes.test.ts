/** The JavaScript a route needs to first render, from a build manifest (scripts/route-bytes.ts). */
import { describe, expect, it } from 'vitest';
import {
  describe as describeRoutes,
  measureRoutes,
  overBudget,
  routeFiles,
  UnknownModuleError,
  type Manifest,
} from './route-bytes';

/**
 * A build's manifest in small: the entry imports React and a shared chunk; the play page imports
 * the shared chunk and the view, which imports back into the entry (as Vite's chunks do); the
 * editor and the adapter are lazy; CSS is not JavaScript.
 */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react.js', '_shared.js'],
    dynamicImports: ['src/play-page.tsx', 'src/editor.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  'src/play-page.tsx': {
    file: 'assets/play-page.js',
    src: 'src/play-page.tsx',
    isDynamicEntry: true,
    imports: ['_shared.js', '_view.js', '_page.css'],
    dynamicImports: ['src/adapter.ts'],
  },
  '_view.js': { file: 'assets/view.js', imports: ['index.html'] },
  '_page.css': { file: 'assets/page.css' },
  'src/editor.tsx': { file: 'assets/editor.js', isDynamicEntry: true, imports: ['_heavy.js'] },
  '_heavy.js': { file: 'assets/heavy.js' },
  'src/adapter.ts': { file: 'assets/adapter.js', isDynamicEntry: true, imports: ['_sdk.js'] },
  '_sdk.js': { file: 'assets/sdk.js' },
};

const sizes: Record<string, number> = {
  'assets/index.js': 1000,
  'assets/react.js': 4000,
  'assets/shared.js': 500,
  'assets/play-page.js': 700,
  'assets/view.js': 300,
  'assets/page.css': 9999,
  'assets/editor.js': 2000,
  'assets/heavy.js': 50_000,
  'assets/adapter.js': 100,
  'assets/sdk.js': 6000,
};
const sizeOf = (file: string): number => sizes[file] ?? NaN;

describe('route bytes', () => {
  it('counts the named modules and their static imports once each, not lazy ones or CSS', () => {
    expect(routeFiles(manifest, ['index.html'])).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/shared.js',
    ]);
    expect(routeFiles(manifest, ['index.html', 'src/play-page.tsx'])).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/shared.js',
      'assets/play-page.js',
      'assets/view.js',
    ]);
  });

  it('counts a lazy module the route names, with what it imports', () => {
    const [play] = measureRoutes(
      manifest,
      {
        routes: {
          play: { modules: ['index.html', 'src/play-page.tsx', 'src/adapter.ts'], budgetKiB: 12 },
        },
      },
      sizeOf,
    );
    expect(play?.gzipBytes).toBe(1000 + 4000 + 500 + 700 + 300 + 100 + 6000);
    expect(play?.budgetBytes).toBe(12 * 1024);
  });

  it('tells the routes over their budget', () => {
    const measured = measureRoutes(
      manifest,
      {
        routes: {
          '/': { modules: ['index.html'], budgetKiB: 5.5 },
          '/game/:id/play': { modules: ['index.html', 'src/play-page.tsx'], budgetKiB: 6 },
        },
      },
      sizeOf,
    );
    // 5500 bytes against 5632; 6500 against 6144.
    expect(overBudget(measured).map((r) => r.route)).toEqual(['/game/:id/play']);
    expect(describeRoutes(measured)).toEqual([
      'ok   /: 5.4 KiB gzip JS in 3 files to first render (budget 5.5 KiB)',
      'OVER /game/:id/play: 6.3 KiB gzip JS in 5 files to first render (budget 6.0 KiB)',
    ]);
  });

  it('refuses a module the build does not have, even one named like an object property', () => {
    expect(() => routeFiles(manifest, ['src/renamed-page.tsx'])).toThrow(UnknownModuleError);
    expect(() => routeFiles(manifest, ['constructor'])).toThrow(UnknownModuleError);
  });
});
