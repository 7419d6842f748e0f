/**
 * Beer game play figures: 50 games of 4 simulated players at once. The local document store runs
 * in a process of its own (as `npm start` runs it; `scripts/bench/store-process.ts`), the
 * callables' handlers are called in this process with the service credential, as a functions
 * instance does. Each player has its own signed-in store client: it thinks 0.5 to 3 s, places its
 * order with one placeOrder call (as the play page does; the last order of a week turns it), and
 * listens to its facility document. Measured: from the start of the last order of a week (the
 * last player's click) to every player of that game having received the next week on its
 * listener.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { LocalStoreClient } from '@sim/store/client/local-client';
import { nodeSocketFactory } from '@sim/store/client/node-socket';
import { mintEmulatorToken, type TokenClaims } from '@sim/store/testing/emulator-token';
import { TEST_PROJECT_ID } from '@sim/store/testing/test-store';
import type { DataPort } from '@sim/core/port/data-port';
import { buildBeerGameDocs, defaultBeerTemplate } from '@sim/core/beer/game-docs';
import type { CallableContext } from '../../functions/src/callable';
import { noTimer } from '../../functions/src/beer/beer-game';
import * as joinAs from '../../functions/src/callables/join-as';
import * as placeOrder from '../../functions/src/callables/place-order';
import { writeBeerGame } from '../seed-beer-game';

const root = resolve(import.meta.dirname, '../..');

export async function startStoreProcess(): Promise<{
  url: string;
  secret: string;
  child: ChildProcess;
}> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/store-process.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    if (line.startsWith('{')) {
      const { url, secret } = JSON.parse(line) as { url: string; secret: string };
      return { url, secret, child };
    }
  }
  throw new Error('the benchmark store did not start');
}

export function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? NaN;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Store clients of the benchmark store: the service's and signed-in users', closed together. */
export function storeClients(
  url: string,
  secret: string,
): {
  service(): LocalStoreClient;
  as(claims: TokenClaims): LocalStoreClient;
  closeAll(): void;
} {
  const clients: LocalStoreClient[] = [];
  const keep = (c: LocalStoreClient) => (clients.push(c), c);
  return {
    service: () =>
      keep(
        new LocalStoreClient({
          url,
          credentials: { kind: 'service', secret },
          socketFactory: nodeSocketFactory,
        }),
      ),
    as: (claims) =>
      keep(
        new LocalStoreClient({
          url,
          credentials: {
            kind: 'user',
            getToken: () => Promise.resolve(mintEmulatorToken(TEST_PROJECT_ID, claims)),
          },
          socketFactory: nodeSocketFactory,
        }),
      ),
    closeAll: () => {
      for (const c of clients.splice(0)) c.close();
    },
  };
}

function ctx(port: DataPort, uid: string): CallableContext {
  return {
    auth: { uid, token: { uid, firebase: { sign_in_provider: 'anonymous' } } },
    port,
    now: () => Date.now(),
  };
}

export interface BeerPlayBenchOptions {
  games?: number;
  weeks?: number;
  /** A player thinks a random time in [thinkMinMs, thinkMaxMs] before it validates. */
  thinkMinMs?: number;
  thinkMaxMs?: number;
}

export async function benchBeerPlay(options: BeerPlayBenchOptions = {}): Promise<string[]> {
  const games = options.games ?? 50;
  const weeks = options.weeks ?? 12;
  const thinkMin = options.thinkMinMs ?? 500;
  const thinkMax = options.thinkMaxMs ?? 3000;
  const roles = ['retailer', 'wholesaler', 'distributor', 'factory'];
  const { url, secret, child } = await startStoreProcess();
  const clients: LocalStoreClient[] = [];
  const store = {
    service: (): LocalStoreClient => {
      const c = new LocalStoreClient({
        url,
        credentials: { kind: 'service', secret },
        socketFactory: nodeSocketFactory,
      });
      clients.push(c);
      return c;
    },
    as: (claims: TokenClaims): LocalStoreClient =>
      new LocalStoreClient({
        url,
        credentials: {
          kind: 'user',
          getToken: () => Promise.resolve(mintEmulatorToken(TEST_PROJECT_ID, claims)),
        },
        socketFactory: nodeSocketFactory,
      }),
  };
  const delays: number[] = [];
  const callMs: number[] = [];
  try {
    // A few backend connections, as several function instances would have.
    const backends = Array.from({ length: 4 }, () => store.service());
    const order = placeOrder.createHandler({ timer: noTimer });
    const creator = store.as({ uid: 'bench-creator', provider: 'password', email: 'c@x.org' });
    clients.push(creator);

    const runGame = async (g: number): Promise<void> => {
      const backend = backends[g % backends.length] as DataPort;
      const gid = `bench-${g}-${creator.docs.newId()}`;
      const docs = buildBeerGameDocs({
        gid,
        creator: 'bench-creator',
        creatorName: 'Bench',
        name: `Bench ${g}`,
        template: defaultBeerTemplate(4),
        now: Date.now(),
      });
      await writeBeerGame(creator, docs);

      // Players join and listen to their facility document.
      const players = roles.map((fid) => {
        const uid = `${gid}-${fid}`;
        const client = store.as({ uid, provider: 'anonymous' });
        clients.push(client);
        return { fid, uid, client, seen: new Map<number, number>(), waiters: [] as (() => void)[] };
      });
      for (const p of players) {
        await joinAs.handle(ctx(backend, p.uid), { gid, roleId: p.fid });
      }
      await Promise.all(
        players.map(
          (p) =>
            new Promise<void>((ready) => {
              p.client.docs.onDoc(`games/${gid}/facilities/${p.fid}`, (snap) => {
                const week = snap.data?.week;
                if (typeof week === 'number' && !p.seen.has(week)) {
                  p.seen.set(week, performance.now());
                  for (const w of p.waiters.splice(0)) w();
                }
                ready();
              });
            }),
        ),
      );
      const waitWeek = (p: (typeof players)[number], week: number) =>
        new Promise<void>((resolve) => {
          const check = () => (p.seen.has(week) ? resolve() : p.waiters.push(check));
          check();
        });

      for (let week = 1; week <= weeks; week++) {
        const starts: number[] = [];
        await Promise.all(
          players.map(async (p) => {
            await sleep(thinkMin + Math.random() * (thinkMax - thinkMin));
            const qty = 4 + Math.floor(Math.random() * 5);
            const t = performance.now();
            starts.push(t);
            await order(ctx(backend, p.uid), {
              gid,
              facility: p.fid,
              week,
              quantities: { [`${p.fid}-beer`]: qty },
            });
            callMs.push(performance.now() - t);
          }),
        );
        await Promise.all(players.map((p) => waitWeek(p, week + 1)));
        const last = Math.max(...starts);
        const arrived = Math.max(...players.map((p) => p.seen.get(week + 1) ?? NaN));
        delays.push(arrived - last);
      }
    };

    const t0 = performance.now();
    await Promise.all(Array.from({ length: games }, (_, g) => runGame(g)));
    const seconds = (performance.now() - t0) / 1000;
    const sorted = delays.slice().sort((a, b) => a - b);
    const calls = callMs.slice().sort((a, b) => a - b);
    return lines(sorted, calls, seconds);
  } finally {
    for (const c of clients) c.close();
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  }

  function lines(sorted: number[], calls: number[], seconds: number): string[] {
    const f = (x: number) => x.toFixed(1);
    return [
      `beer play: ${games} games x 4 players (local store in its own process, handlers called in-process, players think ${thinkMin / 1000}-${thinkMax / 1000} s), ` +
        `last order to every player's next week p50 ${f(percentile(sorted, 50))} ms, ` +
        `p95 ${f(percentile(sorted, 95))} ms, max ${f(sorted.at(-1) ?? NaN)} ms ` +
        `(goal p95 <= 100 ms; ${sorted.length} weeks in ${seconds.toFixed(1)} s)`,
      `beer play: placeOrder handler p50 ${f(percentile(calls, 50))} ms, ` +
        `p95 ${f(percentile(calls, 95))} ms (${calls.length} calls)`,
    ];
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchBeerPlay()) console.log(line);
  process.exit(0);
}
