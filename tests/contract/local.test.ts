/** The port contract against the local document store, plus what only the local store promises. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocSnapshot } from '@sim/core/port/data-port';
import {
  LocalStoreClient,
  type SocketFactory,
  type SocketLike,
} from '@sim/store/client/local-client';
import { nodeSocketFactory } from '@sim/store/client/node-socket';
import { mintEmulatorToken } from '@sim/store/testing/emulator-token';
import { startTestStore, TEST_PROJECT_ID } from '@sim/store/testing/test-store';
import { definePortContract } from './port-contract';

definePortContract(
  'local store',
  async () => {
    const store = await startTestStore();
    return { port: store.service(), other: store.service(), close: () => store.close() };
  },
  { files: true },
);

describe('local store guarantees', () => {
  it('a request right after a sign-in runs as the new user', async () => {
    const store = await startTestStore();
    try {
      await store.service().docs.set('users/alice', { firstname: 'Alice' });
      let token: string | null = null;
      const client = new LocalStoreClient({
        url: store.url,
        credentials: { kind: 'user', getToken: async () => token },
        socketFactory: nodeSocketFactory,
      });
      try {
        await expect(client.docs.get('users/alice')).rejects.toMatchObject({
          code: 'permission-denied',
        });
        // No refreshAuth call: the client notices the new credential on its own.
        token = mintEmulatorToken(TEST_PROJECT_ID, { uid: 'alice', email: 'alice@example.com' });
        expect((await client.docs.get('users/alice')).data).toEqual({ firstname: 'Alice' });
        token = null;
        await expect(client.docs.get('users/alice')).rejects.toMatchObject({
          code: 'permission-denied',
        });
      } finally {
        client.close();
      }
    } finally {
      await store.close();
    }
  });

  it('a request waiting on a token fetch reaches the store when the connection drops meanwhile', async () => {
    const store = await startTestStore();
    try {
      await store.service().docs.set('users/alice', { firstname: 'Alice' });
      // Sockets that stay "connecting" until let open, as a slow network's would.
      let holdOpen = false;
      const held: (() => void)[] = [];
      let created = 0;
      const factory: SocketFactory = (url) => {
        created += 1;
        const real = nodeSocketFactory(url);
        let open = !holdOpen;
        const socket: SocketLike = {
          get readyState() {
            return real.readyState === 1 && !open ? 0 : real.readyState;
          },
          send: (data) => real.send(data),
          close: () => real.close(),
          onopen: null,
          onclose: null,
          onerror: null,
          onmessage: null,
        };
        real.onopen = (ev) => {
          const opened = () => {
            open = true;
            socket.onopen?.(ev);
          };
          if (open) opened();
          else held.push(opened);
        };
        real.onclose = (ev) => socket.onclose?.(ev);
        real.onerror = (ev) => socket.onerror?.(ev);
        real.onmessage = (ev) => socket.onmessage?.(ev);
        return socket;
      };
      let token = mintEmulatorToken(TEST_PROJECT_ID, { uid: 'alice', email: 'alice@example.com' });
      let tokenFetched: Promise<void> = Promise.resolve();
      const client = new LocalStoreClient({
        url: store.url,
        credentials: {
          kind: 'user',
          getToken: async () => {
            await tokenFetched;
            return token;
          },
        },
        socketFactory: factory,
      });
      try {
        expect((await client.docs.get('users/alice')).data).toEqual({ firstname: 'Alice' });
        // A refreshed token that is slow to come: the next read waits behind it.
        let release: () => void = () => undefined;
        tokenFetched = new Promise((resolve) => (release = resolve));
        token = mintEmulatorToken(TEST_PROJECT_ID, {
          uid: 'alice',
          email: 'alice@example.com',
          emailVerified: true,
        });
        const read = client.docs.get('users/alice');
        // The connection drops; the token comes while the next one is still connecting.
        holdOpen = true;
        for (const ws of store.running.sockets()) ws.terminate();
        await until(() => created === 2 && held.length === 1);
        release();
        await new Promise((resolve) => setTimeout(resolve, 50));
        for (const open of held) open();
        const answered = await Promise.race([
          read.then((snap) => snap.data),
          new Promise((resolve) => setTimeout(() => resolve('no answer within 5 s'), 5000)),
        ]);
        expect(answered).toEqual({ firstname: 'Alice' });
      } finally {
        client.close();
      }
    } finally {
      await store.close();
    }
  });

  it('retries a transaction after a conflicting write, then sees the new value', async () => {
    const store = await startTestStore();
    try {
      const port = store.service();
      const other = store.service();
      await port.docs.set('counters/c', { n: 0 });
      let attempts = 0;
      await port.docs.runTransaction(async (tx) => {
        attempts += 1;
        const snap = await tx.get('counters/c');
        if (attempts === 1) await other.docs.update('counters/c', { n: 100 });
        tx.update('counters/c', { n: (snap.data?.n as number) + 1 });
      });
      expect(attempts).toBe(2);
      expect((await port.docs.get('counters/c')).data).toEqual({ n: 101 });
    } finally {
      await store.close();
    }
  });

  it('gives up with aborted when every attempt conflicts', async () => {
    const store = await startTestStore();
    try {
      const port = store.service();
      const other = store.service();
      await port.docs.set('counters/c', { n: 0 });
      let attempts = 0;
      await expect(
        port.docs.runTransaction(
          async (tx) => {
            attempts += 1;
            await tx.get('counters/c');
            await other.docs.update('counters/c', { n: attempts });
            tx.update('counters/c', { touched: true });
          },
          { maxAttempts: 3 },
        ),
      ).rejects.toMatchObject({ code: 'aborted' });
      expect(attempts).toBe(3);
      expect((await port.docs.get('counters/c')).data).toEqual({ n: 3 });
    } finally {
      await store.close();
    }
  });

  it('keeps acknowledged writes across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'store-durable-'));
    try {
      const first = await startTestStore({ dataDir: dir });
      const port = first.service();
      await port.docs.set('games/g1', { name: 'Kept' });
      await port.docs.update('games/g1', { week: 3 });
      await first.close();
      const second = await startTestStore({ dataDir: dir });
      expect((await second.service().docs.get('games/g1')).data).toEqual({ name: 'Kept', week: 3 });
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a listener hears every change, with no gap, across dropped connections', async () => {
    const store = await startTestStore();
    try {
      const writer = store.service();
      const reader = store.service();
      await writer.docs.set('games/g1', { week: 0 });
      const weeks: number[] = [];
      const stop = reader.docs.onDoc('games/g1', (s: DocSnapshot) =>
        weeks.push(s.data?.week as number),
      );
      for (let week = 1; week <= 60; week++) {
        await writer.docs.update('games/g1', { week });
        // Drop every connection now and then; the writer's commits are re-sent and the
        // reader resumes after the last change it heard.
        if (week % 15 === 0) for (const ws of store.running.sockets()) ws.terminate();
      }
      const deadline = Date.now() + 5000;
      while (weeks[weeks.length - 1] !== 60 && Date.now() < deadline) {
        await new Promise((ok) => setTimeout(ok, 10));
      }
      expect(weeks).toEqual(Array.from({ length: 61 }, (_, i) => i));
      stop();
    } finally {
      await store.close();
    }
  });

  it('a commit re-sent after a dropped connection is applied once', async () => {
    const store = await startTestStore();
    try {
      const port = store.service();
      await port.docs.set('counters/c', { n: 0 });
      const { increment } = await import('@sim/core/port/field-values');
      const writes = Array.from({ length: 30 }, () =>
        port.docs.update('counters/c', { n: increment(1) }),
      );
      for (const ws of store.running.sockets()) ws.terminate();
      await Promise.all(writes);
      expect((await port.docs.get('counters/c')).data).toEqual({ n: 30 });
    } finally {
      await store.close();
    }
  });
});

/** Waits until `done()` holds, for at most 5 s. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('the condition did not come within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
