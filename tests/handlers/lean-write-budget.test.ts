/**
 * The write budget of a lean run (decision 0012): Firestore sustains about one write per second
 * per document. Eight players each act every 2 seconds (4 actions a second) on an 8-facility
 * line, the ticks run every second, and every write of the backend is counted per document. No
 * document may be written more than once a second on average, and no two writes of one document
 * during the run may be less than a second apart. The figures are printed: decision 0012 quotes
 * them.
 */
import { expect, it } from 'vitest';
import type { DataPort, Transaction, WriteBatch } from '@sim/core/port/data-port';
import type { LeanPlayerView } from '@sim/core/lean/view';
import * as turn from '../../functions/src/callables/create-new-turn-task';
import * as leanAction from '../../functions/src/callables/lean-action';
import { FLUSH_MS } from '../../functions/src/lean/lean-game';
import { handleLeanTick } from '../../functions/src/tasks/lean-tick';
import { describeBackends } from '../backends';
import { eightStationLine } from './eight-station-line';
import { leanFixtures, recordingTicker, type TestClock } from './lean-fixtures';

/** Every document write of the backend, by path, at the clock's time of the commit. */
function countingPort(inner: DataPort, clock: TestClock, writes: Map<string, number[]>): DataPort {
  const record = (paths: readonly string[]) => {
    for (const p of paths) {
      const list = writes.get(p) ?? [];
      list.push(clock.now);
      writes.set(p, list);
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
        record([p]);
      },
      update: async (p, d) => {
        await docs.update(p, d);
        record([p]);
      },
      delete: async (p) => {
        await docs.delete(p);
        record([p]);
      },
      add: async (c, d) => {
        const id = await docs.add(c, d);
        record([`${c}/${id}`]);
        return id;
      },
      batch: () => {
        const inner2 = docs.batch();
        const paths: string[] = [];
        const b: WriteBatch = {
          set: (p, d, o) => (inner2.set(p, d, o), paths.push(p), b),
          update: (p, d) => (inner2.update(p, d), paths.push(p), b),
          delete: (p) => (inner2.delete(p), paths.push(p), b),
          commit: async () => {
            await inner2.commit();
            record(paths);
          },
        };
        return b;
      },
      runTransaction: async (work, options) => {
        let paths: string[] = [];
        const result = await docs.runTransaction(async (tx) => {
          paths = [];
          const t: Transaction = {
            get: (p) => tx.get(p),
            set: (p, d, o) => (tx.set(p, d, o), paths.push(p), t),
            update: (p, d) => (tx.update(p, d), paths.push(p), t),
            delete: (p) => (tx.delete(p), paths.push(p), t),
          };
          return work(t);
        }, options);
        record(paths);
        return result;
      },
    },
  };
}

type Detail = LeanPlayerView['details'][number];

/** What a player does next, from what its screen shows: a plausible human. */
function nextAction(view: LeanPlayerView, fid: string): leanAction.LeanActionData['action'] | null {
  const own = view.details.find((d: Detail) => d.id === fid);
  if (!own) return null;
  if (own.type === 'warehouse') {
    if (own.out.length > 0) return { kind: 'send' };
    const ship = view.orders.find(
      (o) => o.fulfilled_qty < o.qty && o.created_min * 60000 <= view.now,
    );
    if (ship && own.in.length > 0) return { kind: 'ship', order: ship.index };
    const launch = view.orders.find((o) => o.prod_started_qty < o.qty);
    return launch ? { kind: 'launch', order: launch.index } : null;
  }
  if (own.task === null) {
    for (const u of own.desk) {
      const op = u.ops.findIndex((o) => o.state === 'todo');
      if (op >= 0) return { kind: 'paint', unit: u.rank, op };
    }
    if (own.desk.length === 0 && own.in.length > 0) return { kind: 'load' };
  }
  return own.out.length > 0 ? { kind: 'send' } : null;
}

describeBackends('lean write budget', (backend, backendName) => {
  const f = leanFixtures(backend);
  // Three minutes of play on the local store (the benchmark's length); two on the emulator.
  const minutes = backendName === 'local store' ? 3 : 2;

  it(`8 players acting every 2 s for ${minutes} min: no document above 1 write/s`, async () => {
    const gid = await f.createGame({ config: eightStationLine(minutes, 0.3) });
    const fids = ['w', 's1', 's2', 's3', 's4', 's5', 's6', 's7'];
    const players = await f.withPlayers(gid, fids);
    const writes = new Map<string, number[]>();
    const port = countingPort(f.service(), f.clock, writes);
    const ctxOf = (uid: string) => ({ ...f.ctxOf(uid), port });
    const ticker = recordingTicker();
    const startAt = f.clock.advance(1000);
    await turn.createLeanHandler({ ticker })(ctxOf('lena'), { gid, type: 'leangame' });
    const end = startAt + minutes * 60000;
    const deps = { port, clock: () => f.clock.now, ticker, sleep: () => Promise.resolve() };
    const seen: Record<string, LeanPlayerView | undefined> = {};
    let accepted = 0;
    let refused = 0;
    let step = 0;
    // Every 250 ms one of the 8 players acts, so each acts every 2 s; due ticks run first.
    while (f.clock.now < end) {
      f.clock.advance(250);
      for (const tick of ticker.ticks.splice(0)) {
        if (tick.at <= f.clock.now) await handleLeanTick(deps, tick);
        else ticker.ticks.push(tick);
      }
      const fid = fids[step++ % fids.length]!;
      const doc = (await port.docs.get(`games/${gid}/facilities/${fid}`)).data;
      const stored = doc?.view as LeanPlayerView | undefined;
      const last = seen[fid];
      const view = last && stored && last.now > stored.now ? last : (stored ?? last);
      if (f.clock.now >= end) continue;
      // A player with nothing to do still clicks: the backend refuses it and writes nothing.
      const action = (view ? nextAction(view, fid) : null) ?? { kind: 'send' as const };
      try {
        const res = await leanAction.handle(ctxOf(players[fid]!), { gid, fid, action });
        seen[fid] = res.view;
        accepted++;
      } catch {
        refused++;
      }
    }
    f.clock.advance(1000);
    for (const tick of ticker.ticks.splice(0)) await handleLeanTick(deps, tick);
    const game = (await port.docs.get(`games/${gid}`)).data;
    expect(game?.finished).toBe(true);

    // Per document: writes during the run, the smallest gap between two of them, and the
    // writes of the end (which writes the final documents once more).
    const seconds = minutes * 60;
    const rows = [...writes].map(([path, times]) => {
      const during = times.filter((t) => t < end);
      let gap = Infinity;
      for (let i = 1; i < during.length; i++) gap = Math.min(gap, during[i]! - during[i - 1]!);
      return {
        path: path.replace(`games/${gid}`, 'games/{gid}'),
        n: during.length,
        atEnd: times.length - during.length,
        gap,
      };
    });
    const kind = (p: string) => p.replace(/\/(actions|products)\/[^/]+$/, '/$1/*');
    const byKind = new Map<string, { docs: number; max: number; end: number; minGap: number }>();
    for (const r of rows) {
      const k = byKind.get(kind(r.path)) ?? { docs: 0, max: 0, end: 0, minGap: Infinity };
      k.docs += 1;
      k.max = Math.max(k.max, r.n);
      k.end = Math.max(k.end, r.atEnd);
      k.minGap = Math.min(k.minGap, r.gap);
      byKind.set(kind(r.path), k);
    }
    const table = [...byKind]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([k, v]) =>
          `${k.padEnd(30)} docs ${String(v.docs).padStart(4)}  busiest: ${String(v.max).padStart(4)} ` +
          `writes in the run (${(v.max / seconds).toFixed(3)}/s), min gap ` +
          `${v.minGap === Infinity ? '-' : `${v.minGap} ms`}, ${v.end} at the end`,
      );
    console.log(
      `lean write budget [${backendName}]: ${minutes} min, ${accepted} actions accepted, ` +
        `${refused} refused (${((accepted + refused) / seconds).toFixed(2)} actions/s)\n${table.join('\n')}`,
    );
    expect(accepted + refused).toBeGreaterThanOrEqual(4 * (seconds - 1)); // the load: 4 a second
    expect(accepted).toBeGreaterThan(seconds / 2); // the line really moves
    for (const r of rows) {
      expect(r.n / seconds, r.path).toBeLessThanOrEqual(1);
      expect(r.gap, r.path).toBeGreaterThanOrEqual(FLUSH_MS);
      expect(r.atEnd, r.path).toBeLessThanOrEqual(1);
    }
    // Each action is a document of its own, written once.
    const actions = rows.filter((r) => r.path.includes('/actions/'));
    expect(actions.length).toBe(accepted);
    expect(actions.every((r) => r.n === 1)).toBe(true);
  }, 300_000);
});
