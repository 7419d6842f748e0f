/**
 * Lean game play figures (issue 11 item 7) on the local stack as `npm start` runs it (local
 * store, Auth and Tasks emulators, the functions host): 20 games of 8 stations (a warehouse and 7
 * painting stations), every station a player signed in anonymously by the Auth emulator, joined
 * with `joinAs` and acting through the `leanAction` callable over HTTP once every 2 seconds, for
 * 3 minutes of game time in real time. The runs are started with `createNewTurnTask`; their ticks
 * (computer work, the flushes of the shared documents, the end) come back through the Tasks
 * emulator, as Cloud Tasks would bring them. Each player listens to its facility document with
 * its own ID token, as its page does, and chooses a valid action from what its screen shows (its
 * stored view, or the one its last action returned): the warehouse launches, sends and ships; a
 * station loads, paints its dots with the right tool and sends, as a computer station would.
 *
 * Measured:
 * - action → the acting player's screen: from sending the action until the callable's answer
 *   (the view after it, or the refusal) is back, which the screen shows at once (decision 0012);
 *   and until the player's own listener receives the flush that includes it.
 * - action → every other player's screen: from sending an accepted action until each other
 *   player of the game whose view that action's flush rewrites has it on its listener.
 * - writes per document during the run: every version of the run's documents a service listener
 *   receives (each written version carries its own `updated_at`); the busiest document's writes
 *   per second.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { buildLeanGameDocs } from '@sim/core/lean/game-docs';
import type { LeanPlayerView } from '@sim/core/lean/view';
import { LocalStoreClient } from '@sim/store/client/local-client';
import { nodeSocketFactory } from '@sim/store/client/node-socket';
import type { LeanActionData } from '../../functions/src/callables/lean-action';
import {
  EIGHT_LINE_FACILITIES as FIDS,
  eightStationLine,
} from '../../tests/handlers/eight-station-line';
import { withUnlimitedPlans } from '../../tests/handlers/helpers';
import { freePorts, startLocalStack, type RunningStack } from '../local-stack';
import { percentile } from './beer-play-bench';
import { treeCpuSeconds } from './process-memory';
import { callables, inBatches, signInAnonymously } from './stack-load-bench';

const root = resolve(import.meta.dirname, '../..');

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

type Detail = LeanPlayerView['details'][number];

/** A valid next action from what the player's screen shows, as a computer station would choose. */
function nextAction(
  view: LeanPlayerView,
  fid: string,
  gameMs: number,
): LeanActionData['action'] | null {
  const own = view.details.find((d: Detail) => d.id === fid);
  if (!own) return null;
  if (own.type === 'warehouse') {
    const ship = view.orders.find(
      (o) => o.fulfilled_qty < o.qty && o.created_min * 60000 <= gameMs,
    );
    if (ship && own.in.length > 0) return { kind: 'ship', order: ship.index };
    if (own.out.length > 0) return { kind: 'send' };
    const launch = view.orders.find((o) => o.prod_started_qty < o.qty);
    return launch ? { kind: 'launch', order: launch.index } : null;
  }
  // The screen's clock runs on between views: a task it shows may be over.
  if (own.task === null || own.task.end <= gameMs) {
    for (const u of own.desk) {
      const op = u.ops.findIndex((o) => o.state === 'todo');
      if (op >= 0) return { kind: 'paint', unit: u.rank, op };
    }
    if (own.desk.length === 0 && own.in.length > 0) return { kind: 'load' };
  }
  return own.out.length > 0 ? { kind: 'send' } : null;
}

/** An accepted action: when it was sent, its place in the log, who sent it. */
interface Sent {
  gid: string;
  fid: string;
  seq: number;
  sentAt: number;
}

/** A facility document as a player's listener received it. */
interface Seen {
  updatedAt: number;
  arrivedAt: number;
}

/** A flush of a game's run: the state's sequence number at each, by server time. */
interface Flush {
  updatedAt: number;
  seq: number;
}

export interface LeanPlayBenchOptions {
  games?: number;
  minutes?: number;
  /** Each player acts once every this many ms. */
  everyMs?: number;
}

interface Player {
  fid: string;
  idToken: string;
  view: LeanPlayerView | null;
}

export async function benchLeanPlay(options: LeanPlayBenchOptions = {}): Promise<string[]> {
  const games = options.games ?? 20;
  const minutes = options.minutes ?? 3;
  const everyMs = options.everyMs ?? 2000;
  const dataDir = mkdtempSync(join(os.tmpdir(), 'lean-bench-'));
  const ports = await freePorts();
  const projectId = `demo-simgames-lean-${ports.hub}`;
  const log: string[] = [];
  let stack: RunningStack | undefined;
  const clients: LocalStoreClient[] = [];
  try {
    stack = await startLocalStack({
      root,
      dataDir,
      ports,
      projectId,
      backend: 'local',
      web: 'none',
      log: (text) => {
        log.push(text);
        if (log.length > 200) log.shift();
      },
    });
    if (!stack.storeUrl || !stack.serviceSecret)
      throw new Error('the local store stack has no store');
    const storeUrl = stack.storeUrl;
    const call = callables(`http://127.0.0.1:${ports.functions}/${projectId}/us-central1`);
    const service = new LocalStoreClient({
      url: storeUrl,
      credentials: { kind: 'service', secret: stack.serviceSecret },
      socketFactory: nodeSocketFactory,
    });
    clients.push(service);
    const userClient = (idToken: string): LocalStoreClient => {
      const client = new LocalStoreClient({
        url: storeUrl,
        credentials: { kind: 'user', getToken: () => Promise.resolve(idToken) },
        socketFactory: nodeSocketFactory,
      });
      clients.push(client);
      return client;
    };

    const creator = await signInAnonymously(stack.authEmulatorHost);
    await withUnlimitedPlans(service, creator.uid);

    /** Every version of a run document the service saw, by path: its `updated_at`s. */
    const versions = new Map<string, Set<number>>();
    const flushes = new Map<string, Flush[]>();
    const noteVersion = (path: string, data: Record<string, unknown> | undefined): void => {
      const at = data?.updated_at;
      if (typeof at !== 'number') return;
      const set = versions.get(path) ?? new Set<number>();
      set.add(at);
      versions.set(path, set);
    };
    const seen = new Map<string, Map<string, Seen[]>>();
    const prepare = async (g: number) => {
      const gid = `lean-bench-${g}-${service.docs.newId()}`;
      const docs = buildLeanGameDocs({
        gid,
        creator: creator.uid,
        creatorName: 'Bench',
        name: `Lean bench ${g}`,
        // An order of 2 cars every 0.1 min: more than players acting every 2 s can make.
        config: eightStationLine(minutes, 0.1),
        now: Date.now(),
      });
      await service.docs.set(`games/${gid}`, { ...docs.game });
      await service.docs.set(`games/${gid}/private/params`, { ...docs.privateParams });
      const statePath = `games/${gid}/private/state`;
      service.docs.onDoc(statePath, (snap) => {
        const d = snap.data;
        noteVersion(statePath, d);
        if (d && typeof d.seq === 'number' && typeof d.updated_at === 'number') {
          const list = flushes.get(gid) ?? [];
          list.push({ updatedAt: d.updated_at, seq: d.seq });
          flushes.set(gid, list);
        }
      });
      const floorPath = `games/${gid}/views/floor`;
      service.docs.onDoc(floorPath, (snap) => noteVersion(floorPath, snap.data));
      const byFacility = new Map<string, Seen[]>();
      seen.set(gid, byFacility);
      const players: Player[] = [];
      // One after the other, as a class joins: joins at once would retry on the game document.
      for (const fid of FIDS) {
        const { idToken } = await signInAnonymously(stack!.authEmulatorHost);
        await call('joinAs', { gid, roleId: fid, playerName: fid }, idToken);
        const received: Seen[] = [];
        byFacility.set(fid, received);
        const player: Player = { fid, idToken, view: null };
        const path = `games/${gid}/facilities/${fid}`;
        service.docs.onDoc(path, (snap) => noteVersion(path, snap.data));
        await new Promise<void>((ready) => {
          userClient(idToken).docs.onDoc(path, (snap) => {
            ready();
            const d = snap.data;
            if (!d || typeof d.updated_at !== 'number') return;
            received.push({ updatedAt: d.updated_at, arrivedAt: performance.now() });
            const view = d.view as LeanPlayerView | undefined;
            if (view && (player.view === null || view.now >= player.view.now)) player.view = view;
          });
        });
        players.push(player);
      }
      return { gid, players };
    };
    const prepared: Awaited<ReturnType<typeof prepare>>[] = [];
    await inBatches(
      Array.from({ length: games }, (_, g) => g),
      4,
      async (g) => void prepared.push(await prepare(g)),
    );

    const ownCall: number[] = [];
    const sent: Sent[] = [];
    let refused = 0;
    let failed = 0;
    let idle = 0;
    let runStart = Infinity;
    let runEnd = 0;
    const play = async ({ gid, players }: (typeof prepared)[number]) => {
      const res = await call<{ game_start_at: number }>(
        'createNewTurnTask',
        { gid, type: 'leangame' },
        creator.idToken,
      );
      const start = res.game_start_at;
      runStart = Math.min(runStart, start);
      const end = start + minutes * 60000;
      runEnd = Math.max(runEnd, end);
      await Promise.all(
        players.map(async (p) => {
          // Players do not click in step: each starts at a random moment of its 2 s.
          let next = Date.now() + Math.random() * everyMs;
          for (;;) {
            await sleep(Math.max(0, next - Date.now()));
            next += everyMs;
            if (Date.now() >= end - 250) return;
            const action = p.view ? nextAction(p.view, p.fid, Date.now() - start) : null;
            if (!action) {
              idle += 1;
              continue;
            }
            const t = performance.now();
            try {
              const out = await call<{ seq: number; view: LeanPlayerView }>(
                'leanAction',
                { gid, fid: p.fid, action },
                p.idToken,
              );
              ownCall.push(performance.now() - t);
              sent.push({ gid, fid: p.fid, seq: out.seq, sentAt: t });
              if (p.view === null || out.view.now >= p.view.now) p.view = out.view;
            } catch (err) {
              // A refusal is on the screen as soon as the call returns, like a result.
              ownCall.push(performance.now() - t);
              if (/HTTP|^4\d\d /.test(String((err as Error).message))) refused += 1;
              else failed += 1;
            }
          }
        }),
      );
    };
    const services = {
      store: stack.pids.store ?? 0,
      functions: stack.pids.functions ?? 0,
      emulators: stack.pids.emulators ?? 0,
      players: process.pid,
    };
    const cpuBefore = Object.fromEntries(
      Object.entries(services).map(([name, pid]) => [name, treeCpuSeconds(pid)]),
    );
    const t0 = performance.now();
    const load0 = os.loadavg()[0] ?? 0;
    await Promise.all(prepared.map((g) => play(g)));
    // The end ticks end every run; wait for the games to be finished and the last flushes.
    const endWait = Date.now() + 30_000;
    for (const { gid } of prepared) {
      while (Date.now() < endWait) {
        const game = await service.docs.get(`games/${gid}`);
        if (game.data?.finished === true) break;
        await sleep(500);
      }
    }
    await sleep(1500);
    const wall = (performance.now() - t0) / 1000;
    const cpu = Object.entries(services)
      .map(
        ([name, pid]) =>
          `${name} ${(((treeCpuSeconds(pid) - (cpuBefore[name] ?? 0)) / wall) * 100).toFixed(0)} %`,
      )
      .join(', ');

    // Per accepted action: the first flush that includes it, and who received that flush.
    const ownListener: number[] = [];
    const others: number[] = [];
    let unflushed = 0;
    for (const a of sent) {
      const list = flushes.get(a.gid) ?? [];
      const flush = list.find((fl) => fl.seq >= a.seq);
      if (!flush) {
        unflushed += 1;
        continue;
      }
      for (const [fid, received] of seen.get(a.gid) ?? []) {
        const got = received.find((r) => r.updatedAt === flush.updatedAt);
        if (!got) continue; // that flush did not change this player's view
        const delay = got.arrivedAt - a.sentAt;
        (fid === a.fid ? ownListener : others).push(delay);
      }
    }
    const seconds = minutes * 60;
    let busiest = { path: '', n: 0 };
    for (const [path, times] of versions) {
      const n = [...times].filter((t) => t >= runStart && t < runEnd).length;
      if (n > busiest.n) busiest = { path, n };
    }
    const kind = busiest.path
      .replace(/^games\/[^/]+/, 'games/{gid}')
      .replace(/\/(facilities|products)\/[^/]+$/, '/$1/{id}');
    const f = (x: number) => x.toFixed(1);
    const sorted = (xs: number[]) => xs.slice().sort((a, b) => a - b);
    const own = sorted(ownCall);
    const ownL = sorted(ownListener);
    const oth = sorted(others);
    const actions = sent.length + refused + failed;
    return [
      `lean play: ${games} games x ${FIDS.length} stations on the local stack (store, functions host, ` +
        `Auth and Tasks emulators), each a player acting through leanAction over HTTP every ` +
        `${everyMs / 1000} s, ${minutes} min of game time; ${actions} actions sent in ${f(wall)} s ` +
        `(${sent.length} accepted, ${refused} refused, ${failed} failed; ${idle} turns with nothing to do)`,
      `lean play: action -> acting player's screen (the call's answer, shown at once) p50 ` +
        `${f(percentile(own, 50))} ms, p95 ${f(percentile(own, 95))} ms, max ${f(own.at(-1) ?? NaN)} ms (goal p95 <= 150 ms)`,
      `lean play: action -> acting player's own listener (the flush that includes it) p50 ` +
        `${f(percentile(ownL, 50))} ms, p95 ${f(percentile(ownL, 95))} ms (${ownL.length} actions)`,
      `lean play: action -> every other player's screen whose view it changes p50 ` +
        `${f(percentile(oth, 50))} ms, p95 ${f(percentile(oth, 95))} ms, max ${f(oth.at(-1) ?? NaN)} ms ` +
        `(goal p95 <= 1000 ms; ${oth.length} player-actions; ${unflushed} actions only in the final documents)`,
      `lean play: busiest document ${kind}: ${busiest.n} writes in ${seconds} s = ` +
        `${(busiest.n / seconds).toFixed(3)} writes/s (goal <= 1)`,
      `lean play: CPU while playing (share of one core): ${cpu}; load average at the start ` +
        `${load0.toFixed(1)} on ${os.cpus().length} cores`,
    ];
  } catch (err) {
    console.error(log.slice(-40).join('\n'));
    throw err;
  } finally {
    for (const client of clients) client.close();
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const games = Number(process.env.LEAN_BENCH_GAMES ?? 20);
  const minutes = Number(process.env.LEAN_BENCH_MINUTES ?? 3);
  for (const line of await benchLeanPlay({ games, minutes })) console.log(line);
  process.exit(0);
}
