/**
 * The local stack under a class's load, through its real HTTP paths: N games of 4 players (200
 * unless `STACK_BENCH_GAMES` says otherwise), each player signed in anonymously by the Auth
 * emulator, joined with the `joinAs` callable, listening to its facility document on the store
 * with its own ID token, and ordering as the player's page does: the `placeOrder` callable when
 * the functions have it, else the order batch on the store and then `createNewTurnTask`. Players
 * think 0.5 to 3 s before each order (fast play).
 *
 * Measured: from the start of the last order of a week to every player of that game having the
 * next week on its listener; the callables' round trips; the peak resident memory of the
 * firebase-tools emulators (with any Functions emulator workers) and of the functions host.
 */
import { loadavg } from 'node:os';
import { serverTimestamp } from '@sim/core/port/field-values';
import { buildBeerGameDocs, defaultBeerTemplate } from '@sim/core/beer/game-docs';
import { LocalStoreClient } from '@sim/store/client/local-client';
import { nodeSocketFactory } from '@sim/store/client/node-socket';
import type { RunningStack } from '../local-stack';
import { writeBeerGame } from '../seed-beer-game';
import { percentile } from './beer-play-bench';
import { mib, sampleMemory, treeCpuSeconds } from './process-memory';

const ROLES = ['retailer', 'wholesaler', 'distributor', 'factory'] as const;
const INSTRUCTOR = 'bench-instructor';
const TEAM = 'bench-load-team';
/** A week that has not turned after this long is counted as stalled, and its game stops. */
const WEEK_STALL_MS = 60_000;

export type OrderPath = 'placeOrder' | 'batch+createNewTurnTask';

export interface StackLoadOptions {
  readonly games?: number;
  readonly weeks?: number;
  readonly thinkMinMs?: number;
  readonly thinkMaxMs?: number;
}

export interface StackLoadResult {
  readonly lines: string[];
  readonly p95Ms: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `task` over `items`, `width` at a time. */
export async function inBatches<T>(
  items: readonly T[],
  width: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await task(items[next++] as T);
    }),
  );
}

export class CallError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`${status} ${body.slice(0, 300)}`);
  }
}

/** The callables as the Firebase SDK calls them: POST `{data}`, the ID token as bearer. */
export function callables(functionsUrl: string) {
  return async function call<Res>(name: string, data: unknown, idToken: string): Promise<Res> {
    const res = await fetch(`${functionsUrl}/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify({ data }),
    });
    const text = await res.text();
    if (!res.ok) throw new CallError(res.status, text);
    return (JSON.parse(text) as { result: Res }).result;
  };
}

/** placeOrder when the functions serve it (anything but "no such function"). */
export async function orderPathOf(functionsUrl: string): Promise<OrderPath> {
  const res = await fetch(`${functionsUrl}/placeOrder`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: {} }),
  });
  await res.text();
  return res.status === 404 ? 'batch+createNewTurnTask' : 'placeOrder';
}

export async function signInAnonymously(
  authHost: string,
): Promise<{ uid: string; idToken: string }> {
  const res = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`Auth emulator sign-in failed: ${res.status}`);
  const body = (await res.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken };
}

interface Player {
  readonly fid: string;
  readonly idToken: string;
  readonly client: LocalStoreClient;
  /** When this player's listener first had each week (performance.now()). */
  readonly seen: Map<number, number>;
  readonly waiters: (() => void)[];
}

export async function benchStackLoad(
  stack: RunningStack,
  functionsUrl: string,
  options: StackLoadOptions = {},
): Promise<StackLoadResult> {
  const games = options.games ?? 200;
  const weeks = options.weeks ?? 10;
  const thinkMin = options.thinkMinMs ?? 500;
  const thinkMax = options.thinkMaxMs ?? 3000;
  if (stack.backend !== 'local' || !stack.storeUrl || !stack.serviceSecret) {
    throw new Error('the load figure runs on the local store stack');
  }
  const storeUrl = stack.storeUrl;
  const path = await orderPathOf(functionsUrl);
  const call = callables(functionsUrl);
  // What serves the functions (firebase-tools with any workers, the host), and the store apart.
  const memory = sampleMemory({
    emulators: stack.pids.emulators ?? 0,
    ...(stack.pids.functions ? { functions: stack.pids.functions } : {}),
  });
  const storeMemory = sampleMemory({ store: stack.pids.store ?? 0 });
  const service = new LocalStoreClient({
    url: storeUrl,
    credentials: { kind: 'service', secret: stack.serviceSecret },
    socketFactory: nodeSocketFactory,
  });
  const clients: LocalStoreClient[] = [service];
  const delays: number[] = [];
  const callMs: number[] = [];
  const errors = new Map<string, number>();
  let stalled = 0;
  const noteError = (err: unknown): void => {
    const key = err instanceof CallError ? `HTTP ${err.status}` : (err as Error).message;
    errors.set(key, (errors.get(key) ?? 0) + 1);
  };
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    callMs.push(performance.now() - started);
    return result;
  };

  try {
    // ---- set-up, not measured: the games (of a team whose plan seats any number of players),
    // their players signed in, joined and listening
    const unlimited = {
      active: true,
      until: Date.now() + 365 * 24 * 60 * 60 * 1000,
      planName: 'Unlimited',
      players: null,
      unlimitedPlayers: true,
      licenses: 1,
      periodStart: 0,
    };
    await service.docs.set(`teams/${TEAM}`, {
      id: TEAM,
      name: 'Load',
      createdBy: INSTRUCTOR,
      created_at: Date.now(),
      members: { [INSTRUCTOR]: { name: 'Bench', email: '', role: 'admin', games: ['beergame'] } },
      memberIds: [INSTRUCTOR],
      plans: { beergame: unlimited },
    });
    const tables: { gid: string; players: Player[] }[] = [];
    await inBatches(
      Array.from({ length: games }, (_, g) => g),
      16,
      async (g) => {
        const gid = `load-${g}-${service.docs.newId()}`;
        const template = structuredClone(defaultBeerTemplate(4));
        template.config.params.weeks = weeks + 2;
        const docs = buildBeerGameDocs({
          gid,
          creator: INSTRUCTOR,
          creatorName: 'Bench',
          team: TEAM,
          name: `Load ${g}`,
          template,
          now: Date.now(),
        });
        await writeBeerGame(service, docs);
        const players: Player[] = [];
        for (const fid of ROLES) {
          const { idToken } = await signInAnonymously(stack.authEmulatorHost);
          await call('joinAs', { gid, roleId: fid, playerName: `Player ${fid}` }, idToken);
          const client = new LocalStoreClient({
            url: storeUrl,
            credentials: { kind: 'user', getToken: () => Promise.resolve(idToken) },
            socketFactory: nodeSocketFactory,
          });
          clients.push(client);
          const player: Player = { fid, idToken, client, seen: new Map(), waiters: [] };
          await new Promise<void>((ready) => {
            client.docs.onDoc(`games/${gid}/facilities/${fid}`, (snap) => {
              const week = snap.data?.week;
              if (typeof week === 'number' && !player.seen.has(week)) {
                player.seen.set(week, performance.now());
                for (const wake of player.waiters.splice(0)) wake();
              }
              ready();
            });
          });
          players.push(player);
        }
        tables.push({ gid, players });
      },
    );

    const order = async (gid: string, p: Player, week: number, qty: number): Promise<void> => {
      const cid = `${p.fid}-beer`;
      if (path === 'placeOrder') {
        await timed(() =>
          call('placeOrder', { gid, facility: p.fid, week, quantities: { [cid]: qty } }, p.idToken),
        );
        return;
      }
      // The page's two requests: its order batch (beer-api.ts placeOrder), then the call.
      const batch = p.client.docs.batch();
      batch.set(`games/${gid}/orders/${p.fid}_${cid}_${week}`, {
        game_id: gid,
        faci_id: p.fid,
        capa_id: cid,
        orderQty: qty,
        week,
        created_at: serverTimestamp(),
      });
      batch.update(`games/${gid}/facilities/${p.fid}`, {
        validatedOrder: true,
        validatedWeek: week,
        [`capabilities.${cid}.validatedOrder`]: true,
        [`capabilities.${cid}.validatedOrderQty`]: qty,
      });
      await batch.commit();
      await timed(() => call('createNewTurnTask', { gid, type: 'beergame', week }, p.idToken));
    };
    const waitWeek = (p: Player, week: number): Promise<boolean> =>
      new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), WEEK_STALL_MS);
        const check = (): void => {
          if (p.seen.has(week)) {
            clearTimeout(timer);
            resolve(true);
          } else p.waiters.push(check);
        };
        check();
      });

    // ---- the class: every game plays its weeks at once
    const services = {
      store: stack.pids.store ?? 0,
      functions: stack.pids.functions ?? stack.pids.emulators ?? 0,
      players: process.pid,
    };
    const cpuBefore = Object.fromEntries(
      Object.entries(services).map(([name, pid]) => [name, treeCpuSeconds(pid)]),
    );
    const t0 = performance.now();
    await Promise.all(
      tables.map(async ({ gid, players }) => {
        for (let week = 1; week <= weeks; week += 1) {
          const starts: number[] = [];
          await Promise.all(
            players.map(async (p) => {
              await sleep(thinkMin + Math.random() * (thinkMax - thinkMin));
              starts.push(performance.now());
              await order(gid, p, week, 4 + Math.floor(Math.random() * 5)).catch(noteError);
            }),
          );
          const turned = await Promise.all(players.map((p) => waitWeek(p, week + 1)));
          if (!turned.every(Boolean)) {
            stalled += 1;
            return;
          }
          const arrived = Math.max(...players.map((p) => p.seen.get(week + 1) ?? NaN));
          delays.push(arrived - Math.max(...starts));
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    // Share of one core each used while the class played (100 % = one core busy all along).
    const cpu = Object.entries(services)
      .map(
        ([name, pid]) =>
          `${name} ${(((treeCpuSeconds(pid) - (cpuBefore[name] ?? 0)) / seconds) * 100).toFixed(0)} %`,
      )
      .join(', ');
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(', ');
    const { peaks, peakTotal } = memory.stop();
    const store = storeMemory.stop().peaks.store;
    const sorted = delays.slice().sort((a, b) => a - b);
    const calls = callMs.slice().sort((a, b) => a - b);
    const f = (x: number) => x.toFixed(1);
    const p95 = percentile(sorted, 95);
    const emulators = peaks.emulators;
    const host = peaks.functions;
    const functionsRuntime = host ? 'one functions host process' : 'the Functions emulator';
    const errorText =
      errors.size === 0 ? 'no errors' : [...errors].map(([what, n]) => `${n} x ${what}`).join('; ');
    return {
      p95Ms: p95,
      lines: [
        `stack load: ${games} games x 4 players over HTTP (${functionsRuntime}; order = ${path}; ` +
          `players think ${thinkMin / 1000}-${thinkMax / 1000} s), last order to every player's ` +
          `next week p50 ${f(percentile(sorted, 50))} ms, p95 ${f(p95)} ms, max ${f(sorted.at(-1) ?? NaN)} ms ` +
          `(goal p95 <= 150 ms; ${sorted.length} weeks in ${seconds.toFixed(1)} s, ${stalled} games stalled)`,
        `stack load: callables' round trip p50 ${f(percentile(calls, 50))} ms, p95 ${f(percentile(calls, 95))} ms ` +
          `(${calls.length} calls; ${errorText})`,
        `stack load: peak memory of the emulators and functions ${mib(peakTotal)} ` +
          `(firebase-tools ${mib(emulators?.bytes ?? 0)} in ${emulators?.processes ?? 0} processes` +
          `${host ? `, functions host ${mib(host.bytes)}` : ''}); store ${mib(store?.bytes ?? 0)}; ` +
          `load average ${load}`,
        `stack load: CPU while playing (share of one core): ${cpu}`,
      ],
    };
  } finally {
    memory.stop();
    storeMemory.stop();
    for (const client of clients) client.close();
  }
}
