/**
 * The JavaScript a route needs before its first render, computed from a Vite build's manifest
 * (`build.manifest`): the chunks of the modules the route names (the entry `index.html`, the
 * lazy page, the game view, the data adapter…) and every chunk they import statically, each
 * counted once, gzip-compressed. Lazy imports (`import()`) are not counted: they load when used.
 *
 * `route-budgets.json` says which modules each measured route needs and how many gzip bytes it
 * may take; the build fails when a route is over (vite.config.ts), so bytes never creep back.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of `.vite/manifest.json`, as far as this computation reads it. */
export interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}

export type Manifest = Readonly<Record<string, ManifestChunk>>;

export interface RouteBudget {
  /** Manifest keys (source paths from the project root, or `index.html`) the route renders with. */
  readonly modules: readonly string[];
  /** Gzip bytes of JavaScript allowed, in KiB (1024 bytes). */
  readonly budgetKiB: number;
}

export interface RouteBudgets {
  readonly routes: Readonly<Record<string, RouteBudget>>;
}

export interface RouteBytes {
  readonly route: string;
  /** The JavaScript files, each once, in the order they were reached. */
  readonly files: readonly string[];
  readonly gzipBytes: number;
  readonly budgetBytes: number;
}

/** A module a route names that the build does not have: a renamed file must not pass silently. */
export class UnknownModuleError extends Error {}

/**
 * The files a route's modules need, static imports followed transitively and dynamic ones left
 * out; each file once, in the order reached.
 */
export function routeFiles(manifest: Manifest, modules: readonly string[]): string[] {
  const seenKeys = new Set<string>();
  const files: string[] = [];
  const visit = (key: string): void => {
    if (seenKeys.has(key)) return;
    seenKeys.add(key);
    const chunk = Object.hasOwn(manifest, key) ? manifest[key] : undefined;
    if (!chunk) throw new UnknownModuleError(`the build has no module "${key}"`);
    if (chunk.file.endsWith('.js') && !files.includes(chunk.file)) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of modules) visit(key);
  return files;
}

/** Every route's files and gzip bytes; `sizeOf` gives a file's gzip bytes. */
export function measureRoutes(
  manifest: Manifest,
  budgets: RouteBudgets,
  sizeOf: (file: string) => number,
): RouteBytes[] {
  return Object.entries(budgets.routes).map(([route, budget]) => {
    const files = routeFiles(manifest, budget.modules);
    return {
      route,
      files,
      gzipBytes: files.reduce((sum, file) => sum + sizeOf(file), 0),
      budgetBytes: Math.round(budget.budgetKiB * 1024),
    };
  });
}

/** The routes over their budget. */
export function overBudget(measured: readonly RouteBytes[]): RouteBytes[] {
  return measured.filter((r) => r.gzipBytes > r.budgetBytes);
}

export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

/** One line per route: its gzip bytes against its budget. */
export function describe(measured: readonly RouteBytes[]): string[] {
  return measured.map(
    (r) =>
      `${r.gzipBytes > r.budgetBytes ? 'OVER' : 'ok  '} ${r.route}: ${kib(r.gzipBytes)} gzip JS ` +
      `in ${r.files.length} files to first render (budget ${kib(r.budgetBytes)})`,
  );
}

export const BUDGETS_FILE = join(import.meta.dirname, 'route-budgets.json');

/** Measures the build in `outDir` against the checked-in budgets. */
export function measureBuild(outDir: string, budgetsFile = BUDGETS_FILE): RouteBytes[] {
  const manifest = JSON.parse(
    readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const budgets = JSON.parse(readFileSync(budgetsFile, 'utf8')) as RouteBudgets;
  const gzipSizes = new Map<string, number>();
  const sizeOf = (file: string): number => {
    let size = gzipSizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
      gzipSizes.set(file, size);
    }
    return size;
  };
  return measureRoutes(manifest, budgets, sizeOf);
}
