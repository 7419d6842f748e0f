/**
 * The local stack as `npm start` runs it (local store, Auth and Tasks emulators, the functions
 * host), with the SPA's production build served by `vite preview`: first the week turn measured
 * in three browsers (./week-turn-bench.ts), on a quiet stack; then the same stack under a class's
 * load (./stack-load-bench.ts).
 *
 *   STACK_BENCH_GAMES       games of the load figure (200; 0 skips it)
 *   STACK_BENCH_WEEKS       weeks each of them plays (10)
 *   WEEK_TURN_WEEKS         measured weeks in the browsers, back to back (20)
 *   WEEK_TURN_IDLE_WEEKS    and at classroom pace (8); both 0 skip the browsers
 *   STACK_BENCH_FUNCTIONS   'emulator' to serve the functions with firebase-tools' Functions
 *                           emulator instead of the host, for comparison
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePorts, startLocalStack, type RunningStack } from '../local-stack';
import { benchStackLoad } from './stack-load-bench';
import { benchWeekTurn } from './week-turn-bench';

const root = resolve(import.meta.dirname, '../..');

function count(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
}

export async function benchStack(): Promise<string[]> {
  const games = count('STACK_BENCH_GAMES', 200);
  const weeks = count('STACK_BENCH_WEEKS', 10);
  const functions = process.env.STACK_BENCH_FUNCTIONS === 'emulator' ? 'emulator' : 'host';
  const dataDir = mkdtempSync(join(tmpdir(), 'stack-bench-'));
  const ports = await freePorts();
  const projectId = `demo-simgames-stack-${ports.hub}`;
  // The last lines only: under load the services print a line per call.
  const log: string[] = [];
  let stack: RunningStack | undefined;
  try {
    stack = await startLocalStack({
      root,
      dataDir,
      ports,
      projectId,
      backend: 'local',
      web: 'preview',
      functions,
      log: (text) => {
        log.push(text);
        if (log.length > 200) log.shift();
      },
    });
    const functionsUrl = `http://127.0.0.1:${ports.functions}/${projectId}/us-central1`;
    const backToBackWeeks = count('WEEK_TURN_WEEKS', 20);
    const classroomWeeks = count('WEEK_TURN_IDLE_WEEKS', 8);
    const lines: string[] = [];
    if (backToBackWeeks + classroomWeeks > 0) {
      lines.push(...(await benchWeekTurn(stack, { backToBackWeeks, classroomWeeks })).lines);
    }
    if (games > 0) {
      const load = await benchStackLoad(stack, functionsUrl, { games, weeks });
      lines.push(...load.lines);
    }
    return lines;
  } catch (err) {
    console.error(log.slice(-40).join('\n'));
    throw err;
  } finally {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  for (const line of await benchStack()) console.log(line);
  console.log(`stack bench: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  process.exit(0);
}
