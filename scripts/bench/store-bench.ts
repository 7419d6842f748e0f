/**
 * Local document store figures: durable writes per second, and the delay from a write to the
 * last of 200 listeners (each on its own connection) hearing it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestStore } from '@sim/store/testing/test-store';

function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? NaN;
}

export async function benchStore(): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'store-bench-'));
  const store = await startTestStore({ dataDir: join(dir, 'pg') });
  const lines: string[] = [];
  try {
    const writer = store.service();
    await writer.docs.set('bench/warmup', { v: 0 });

    // Writes per second: 8 writers, each committing one after another, for 3 seconds.
    const until = Date.now() + 3000;
    let writes = 0;
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        const client = w === 0 ? writer : store.service();
        for (let i = 0; Date.now() < until; i++) {
          await client.docs.set(`bench/w${w}_${i % 50}`, { i, w, at: Date.now() });
          writes += 1;
        }
      }),
    );
    lines.push(`local store: ${Math.round(writes / 3)} durable writes/s (8 concurrent writers)`);

    // Fan-out: 200 listeners on one document, each on its own connection.
    const listeners = 200;
    const heard = new Map<number, number>();
    const waiters = new Map<number, () => void>();
    const stops = [];
    let ready = 0;
    for (let l = 0; l < listeners; l++) {
      const client = store.service();
      stops.push(
        client.docs.onDoc('bench/hot', (snap) => {
          if (!snap.exists) {
            ready += 1;
            return;
          }
          const v = snap.data?.v as number;
          const count = (heard.get(v) ?? 0) + 1;
          heard.set(v, count);
          if (count === listeners) waiters.get(v)?.();
        }),
      );
    }
    while (ready < listeners) await new Promise((ok) => setTimeout(ok, 10));

    const delays: number[] = [];
    const rounds = 200;
    for (let v = 1; v <= rounds; v++) {
      const allHeard = new Promise<void>((ok) => waiters.set(v, ok));
      const start = performance.now();
      await writer.docs.set('bench/hot', { v });
      await allHeard;
      delays.push(performance.now() - start);
      await new Promise((ok) => setTimeout(ok, 2));
    }
    delays.sort((a, b) => a - b);
    lines.push(
      `local store: write to last of ${listeners} listeners p50 ${percentile(delays, 50).toFixed(1)} ms, p95 ${percentile(delays, 95).toFixed(1)} ms (goal p95 <= 50 ms, ${rounds} writes)`,
    );
    for (const stop of stops) stop();
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
  return lines;
}
