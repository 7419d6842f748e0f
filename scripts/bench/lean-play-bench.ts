/**
 * Lean game play figures (issue 11 item 7): 20 games of 8 stations (a warehouse and 7 painting
 * stations), every station a simulated human who acts once every 2 seconds, for 3 minutes of
 * game time in real time. The local document store runs in a process of its own (as `npm start`
 * runs it); the lean callables' handlers and the ticks (`leanTick`, scheduled with timers as
 * Cloud Tasks would) run in this process with the service credential, as a functions instance
 * does. Each player has its own signed-in store client and listens to its facility document;
 * it chooses a valid action from what its screen shows (its stored view, or the one its last
 * action returned): the warehouse launches, sends and ships; a station loads, paints its dots
 * with the right tool and sends, as a computer station would.
 *
 * Measured:
 * - action → the acting player's screen: from sending the action until its result (the view
 *   after it, or the refusal) is back, which the screen shows at once (decision 0012); and until
 *   the player's own listener receives the flush that includes it.
 * - action → every other player's screen: from sending an accepted action until each other
 *   player of the game whose view that action's flush rewrites has it on its listener.
 * - writes per document during the run, counted on every write of the backend; the busiest
 *   document's writes per second.
 */
import os from 'node:os';
import type { DataPort, DocData, Transaction, WriteBatch } from '@sim/core/port/data-port';
import { buildLeanGameDocs } from '@sim/core/lean/game-docs';
import type { LeanGameInput } from '@sim/core/lean/model';
import type { LeanPlayerView } from '@sim/core/lean/view';
import type { TokenClaims } from '@sim/store/testing/emulator-token';
import type { CallableContext } from '../../functions/src/callable';
import * as joinAs from '../../functions/src/callables/join-as';
import * as turn from '../../functions/src/callables/create-new-turn-task';
import * as leanAction from '../../functions/src/callables/lean-action';
import type { LeanTicker } from '../../functions/src/lean/lean-game';
import { handleLeanTick } from '../../functions/src/tasks/lean-tick';
import { withUnlimitedPlans } from '../../tests/handlers/helpers';
import { percentile, startStoreProcess, storeClients } from './beer-play-bench';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function ctx(port: DataPort, uid: string): CallableContext {
  return {
    auth: { uid, token: { uid, firebase: { sign_in_provider: 'anonymous' } } },
    port,
    now: () => Date.now(),
  };
}

const DOTS = [
  ['circle', 'yellow'],
  ['square', 'yellow'],
  ['circle', 'grey'],
  ['square', 'grey'],
  ['triangle', 'grey'],
  ['circle', 'blue'],
  ['square', 'blue'],
] as const;
const STATIONS = DOTS.map((_, i) => `s${i + 1}`);
const FIDS = ['w', ...STATIONS];

/**
 * A warehouse and 7 stations in a row; a car of 7 dots, one per station; an order of 2 cars
 * every 0.1 min, more than players acting every 2 s can make, so every station has work.
 */
function eightStationLine(minutes: number): LeanGameInput {
  const facilities: LeanGameInput['facilities'] = {
    w: { type: 'warehouse', name: 'Warehouse', line: 0, position: [0, 0], batchSize: 2 },
  };
  STATIONS.forEach((id, i) => {
    facilities[id] = {
      type: 'station',
      name: `Station ${i + 1}`,
      line: i + 1,
      position: [i + 1, 0],
      batchSize: 2,
    };
  });
  const opAssignment: Record<string, string> = {};
  DOTS.forEach(([shape, color], i) => (opAssignment[`${shape}:${color}`] = STATIONS[i]!));
  return {
    params: {
      consumerDemand: Array.from({ length: Math.floor(minutes / 0.1) }, (_, k) => ({
        created_min: k / 10,
        template_id: 'car',
        qty: 2,
      })),
      consumerDemandParams: { visibility: false, totalDuration: minutes, dueDelay: 1 },
      productsTemplates: {
        car: { name: 'Car', ops: DOTS.map(([shape, color]) => ({ shape, color, time: 0.05 })) },
      },
      opAssignment,
      mapSize: { rows: 5, cols: 8 },
      seed: 3,
    },
    facilities,
  };
}

type Detail = LeanPlayerView['details'][number];

/** A valid next action from what the player's screen shows, as a computer station would choose. */
function nextAction(
  view: LeanPlayerView,
  fid: string,
  gameMs: number,
): leanAction.LeanActionData['action'] | null {
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

/** Flushes of a game's run: the state's sequence number at each, by server time. */
interface Flush {
  updatedAt: number;
  seq: number;
}

/** Counts every write of the backend by path (server ms), and records each flush of a run. */
function countingPort(
  inner: DataPort,
  writes: Map<string, number[]>,
  flushes: Map<string, Flush[]>,
): DataPort {
  const stateOf = /^games\/([^/]+)\/private\/state$/;
  const record = (entries: readonly [string, DocData | null][]) => {
    const now = Date.now();
    for (const [path, data] of entries) {
      const list = writes.get(path) ?? [];
      list.push(now);
      writes.set(path, list);
      const m = stateOf.exec(path);
      if (m && data && typeof data.seq === 'number' && typeof data.updated_at === 'number') {
        const list2 = flushes.get(m[1]!) ?? [];
        list2.push({ updatedAt: data.updated_at, seq: data.seq });
        flushes.set(m[1]!, list2);
      }
    }
  };
  const docs = inner.docs;
  return {
    files: inner.files,
    docs: {
      ...docs,
      get: (p) => docs.get(p),
      query: (q) => docs.query(q),
      onDoc: (p, n, e) => docs.onDoc(p, n, e),
      onQuery: (q, n, e) => docs.onQuery(q, n, e),
      newId: () => docs.newId(),
      set: async (p, d, o) => {
        await docs.set(p, d, o);
        record([[p, d]]);
      },
      update: async (p, d) => {
        await docs.update(p, d);
        record([[p, null]]);
      },
      delete: async (p) => {
        await docs.delete(p);
        record([[p, null]]);
      },
      add: async (c, d) => {
        const id = await docs.add(c, d);
        record([[`${c}/${id}`, d]]);
        return id;
      },
      batch: () => {
        const b0 = docs.batch();
        const entries: [string, DocData | null][] = [];
        const b: WriteBatch = {
          set: (p, d, o) => (b0.set(p, d, o), entries.push([p, d]), b),
          update: (p, d) => (b0.update(p, d), entries.push([p, null]), b),
          delete: (p) => (b0.delete(p), entries.push([p, null]), b),
          commit: async () => {
            await b0.commit();
            record(entries);
          },
        };
        return b;
      },
      runTransaction: async (work, options) => {
        let entries: [string, DocData | null][] = [];
        const result = await docs.runTransaction(async (tx) => {
          entries = [];
          const t: Transaction = {
            get: (p) => tx.get(p),
            set: (p, d, o) => (tx.set(p, d, o), entries.push([p, d]), t),
            update: (p, d) => (tx.update(p, d), entries.push([p, null]), t),
            delete: (p) => (tx.delete(p), entries.push([p, null]), t),
          };
          return work(t);
        }, options);
        record(entries);
        return result;
      },
    },
  };
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

export interface LeanPlayBenchOptions {
  games?: number;
  minutes?: number;
  /** Each player acts once every this many ms. */
  everyMs?: number;
}

export async function benchLeanPlay(options: LeanPlayBenchOptions = {}): Promise<string[]> {
  const games = options.games ?? 20;
  const minutes = options.minutes ?? 3;
  const everyMs = options.everyMs ?? 2000;
  const { url, secret, child } = await startStoreProcess();
  const store = storeClients(url, secret);
  const writes = new Map<string, number[]>();
  const flushes = new Map<string, Flush[]>();
  const ownCall: number[] = [];
  const sent: Sent[] = [];
  /** By game, then facility: what its listener received. */
  const seen = new Map<string, Map<string, Seen[]>>();
  let refused = 0;
  let idle = 0;
  let tickErrors = 0;
  const timers = new Set<NodeJS.Timeout>();
  let runStart = Infinity;
  let runEnd = 0;
  try {
    // A few backend connections, as several function instances would have.
    const backends = Array.from({ length: 4 }, () =>
      countingPort(store.service(), writes, flushes),
    );
    const ticker: LeanTicker = {
      schedule(payload, at) {
        const backend = backends[Math.floor(Math.random() * backends.length)]!;
        const deps = { port: backend, clock: () => Date.now(), ticker, sleep };
        const timer = setTimeout(
          () => {
            timers.delete(timer);
            handleLeanTick(deps, payload).catch(() => (tickErrors += 1));
          },
          Math.max(0, at - Date.now()),
        );
        timers.add(timer);
        return Promise.resolve();
      },
    };
    const startRun = turn.createLeanHandler({ ticker });
    const creatorClaims: TokenClaims = {
      uid: 'bench-lean-creator',
      provider: 'password',
      email: 'lean@bench.org',
    };
    const creator = store.as(creatorClaims);
    await withUnlimitedPlans(store.service(), creatorClaims.uid);

    const prepare = async (g: number) => {
      const backend = backends[g % backends.length]!;
      const gid = `lean-bench-${g}-${creator.docs.newId()}`;
      const docs = buildLeanGameDocs({
        gid,
        creator: creatorClaims.uid,
        creatorName: 'Bench',
        name: `Lean bench ${g}`,
        config: eightStationLine(minutes),
        now: Date.now(),
      });
      await creator.docs.set(`games/${gid}`, { ...docs.game });
      await creator.docs.set(`games/${gid}/private/params`, { ...docs.privateParams });
      const byFacility = new Map<string, Seen[]>();
      seen.set(gid, byFacility);
      const join = async (fid: string) => {
        const uid = `${gid}-${fid}`;
        const client = store.as({ uid, provider: 'anonymous' });
        await joinAs.handle(ctx(backend, uid), { gid, roleId: fid, playerName: fid });
        const received: Seen[] = [];
        byFacility.set(fid, received);
        const player = { fid, uid, client, view: null as LeanPlayerView | null };
        client.docs.onDoc(`games/${gid}/facilities/${fid}`, (snap) => {
          const d = snap.data;
          if (!d || typeof d.updated_at !== 'number') return;
          received.push({ updatedAt: d.updated_at, arrivedAt: performance.now() });
          const view = d.view as LeanPlayerView | undefined;
          if (view && (player.view === null || view.now >= player.view.now)) player.view = view;
        });
        return player;
      };
      // One after the other, as a class joins: joins at once would retry on the game document.
      const players: Awaited<ReturnType<typeof join>>[] = [];
      for (const fid of FIDS) players.push(await join(fid));
      return { gid, backend, players };
    };
    const prepared = await Promise.all(Array.from({ length: games }, (_, g) => prepare(g)));

    const play = async ({ gid, backend, players }: (typeof prepared)[number]) => {
      const res = await startRun(ctx(backend, creatorClaims.uid), { gid, type: 'leangame' });
      const start = res.game_start_at as number;
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
              const out = await leanAction.handle(ctx(backend, p.uid), {
                gid,
                fid: p.fid,
                action,
              });
              ownCall.push(performance.now() - t);
              sent.push({ gid, fid: p.fid, seq: out.seq, sentAt: t });
              if (p.view === null || out.view.now >= p.view.now) p.view = out.view;
            } catch {
              // A refusal is on the screen as soon as the call returns, like a result.
              ownCall.push(performance.now() - t);
              refused += 1;
            }
          }
        }),
      );
    };
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const load0 = os.loadavg()[0] ?? 0;
    await Promise.all(prepared.map((g) => play(g)));
    // The end tasks end every run; wait for them and the last flushes to arrive.
    while (timers.size > 0 && performance.now() - t0 < minutes * 60000 + 30000) await sleep(200);
    await sleep(1000);
    const wall = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;

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
    for (const [path, times] of writes) {
      const n = times.filter((t) => t >= runStart && t < runEnd).length;
      if (n > busiest.n) busiest = { path, n };
    }
    const kind = busiest.path
      .replace(/^games\/[^/]+/, 'games/{gid}')
      .replace(/\/(facilities|actions|products)\/[^/]+$/, '/$1/{id}');
    const f = (x: number) => x.toFixed(1);
    const sorted = (xs: number[]) => xs.slice().sort((a, b) => a - b);
    const own = sorted(ownCall);
    const ownL = sorted(ownListener);
    const oth = sorted(others);
    const actions = sent.length + refused;
    return [
      `lean play: ${games} games x ${FIDS.length} stations, each a player acting every ${everyMs / 1000} s, ` +
        `${minutes} min of game time (local store in its own process; the lean callables' handlers ` +
        `and the ticks in-process with the service credential, as a functions instance runs them; ` +
        `no HTTP hop for the callable), ${actions} actions sent in ${f(wall)} s ` +
        `(${sent.length} accepted, ${refused} refused; ${idle} turns with nothing to do), ${tickErrors} failed ticks`,
      `lean play: action -> acting player's screen (the call's result, shown at once) p50 ` +
        `${f(percentile(own, 50))} ms, p95 ${f(percentile(own, 95))} ms, max ${f(own.at(-1) ?? NaN)} ms (goal p95 <= 150 ms)`,
      `lean play: action -> acting player's own listener (the flush that includes it) p50 ` +
        `${f(percentile(ownL, 50))} ms, p95 ${f(percentile(ownL, 95))} ms (${ownL.length} actions)`,
      `lean play: action -> every other player's screen whose view it changes p50 ` +
        `${f(percentile(oth, 50))} ms, p95 ${f(percentile(oth, 95))} ms, max ${f(oth.at(-1) ?? NaN)} ms ` +
        `(goal p95 <= 1000 ms; ${oth.length} player-actions; ${unflushed} actions only in the final documents)`,
      `lean play: busiest document ${kind}: ${busiest.n} writes in ${seconds} s = ` +
        `${(busiest.n / seconds).toFixed(3)} writes/s (goal <= 1)`,
      `lean play: CPU of this process (handlers, ticks and the players' clients) ` +
        `${f(cpuSeconds)} s in ${f(wall)} s, ${f((cpuSeconds * 1000) / wall / games)} ms per game per second; ` +
        `above 1000 ms per second in all the process cannot keep up and the figures above measure its queue, ` +
        `not the design (load average at the start ${load0.toFixed(1)} on ${os.cpus().length} cores)`,
    ];
  } finally {
    for (const t of timers) clearTimeout(t);
    store.closeAll();
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchLeanPlay()) console.log(line);
  process.exit(0);
}
