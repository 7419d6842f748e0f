/**
 * The deferred port with first reads (decision 0029): a listener hears the first read, then the
 * adapter, never a first read after the adapter; the adapter's first snapshot is left out when
 * it shows the same; a query's first live changes are told against the first read; writes and
 * reads the first reads cannot answer send for the adapter at once.
 */
import { describe, expect, it, vi } from 'vitest';
import type { DataPort, DocSnapshot, QuerySnapshot, QuerySpec } from '@sim/core/port/data-port';
import { changesBetween, createDeferredPort, sameValue } from '@/lib/data/deferred-port';
import type { FirstReads } from '@/lib/data/first-read';

function snap(path: string, data: Record<string, unknown> | undefined): DocSnapshot {
  return { id: path.split('/').pop() ?? '', path, exists: data !== undefined, data };
}

/** A promise with its resolver. */
function later<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** First reads answered by hand, and an adapter whose listeners the test drives. */
function harness() {
  const docRead = later<DocSnapshot | null>();
  const queryRead = later<readonly DocSnapshot[] | null>();
  const settled = later<void>();
  const released = vi.fn(() => settled.resolve());
  const reads: FirstReads = {
    readDoc: () => docRead.promise,
    readQuery: () => queryRead.promise,
    prefetchDoc: vi.fn(),
    answeredPaths: () => [],
    settled: () => settled.promise,
    release: released,
    end: vi.fn(),
  };
  const docListeners: ((s: DocSnapshot) => void)[] = [];
  const queryListeners: ((s: QuerySnapshot) => void)[] = [];
  const adapter = {
    docs: {
      onDoc: (_path: string, next: (s: DocSnapshot) => void) => {
        docListeners.push(next);
        return () => undefined;
      },
      onQuery: (_spec: QuerySpec, next: (s: QuerySnapshot) => void) => {
        queryListeners.push(next);
        return () => undefined;
      },
      get: vi.fn(async (path: string) => snap(path, { from: 'adapter' })),
      set: vi.fn(async () => undefined),
    },
  } as unknown as DataPort;
  const load = vi.fn(async () => adapter);
  const port = createDeferredPort(load, reads);
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return {
    port,
    load,
    docRead,
    queryRead,
    settled,
    released,
    reads,
    docListeners,
    queryListeners,
    adapter,
    flush,
  };
}

describe('deferred port with first reads', () => {
  it('shows the first read, waits for quiet to load the adapter, and leaves out its same snapshot', async () => {
    const h = harness();
    const seen: DocSnapshot[] = [];
    h.port.docs.onDoc('games/g1', (s) => seen.push(s));
    await h.flush();
    expect(h.load).not.toHaveBeenCalled();
    h.docRead.resolve(snap('games/g1', { week: 3, names: { a: 1, b: 2 } }));
    await h.flush();
    expect(seen.map((s) => s.data)).toEqual([{ week: 3, names: { a: 1, b: 2 } }]);
    h.settled.resolve();
    await h.flush();
    expect(h.load).toHaveBeenCalledTimes(1);
    expect(h.reads.end).toHaveBeenCalled();
    // The same document, keys in another order: not shown again.
    h.docListeners[0]?.(snap('games/g1', { names: { b: 2, a: 1 }, week: 3 }));
    h.docListeners[0]?.(snap('games/g1', { week: 4, names: { a: 1, b: 2 } }));
    expect(seen.map((s) => s.data)).toEqual([
      { week: 3, names: { a: 1, b: 2 } },
      { week: 4, names: { a: 1, b: 2 } },
    ]);
  });

  it('starts the adapter’s download on preload only once the first reads are quiet, and once', async () => {
    const h = harness();
    h.port.preload();
    h.port.preload();
    await h.flush();
    expect(h.load).not.toHaveBeenCalled();
    h.settled.resolve();
    await h.flush();
    expect(h.load).toHaveBeenCalledTimes(1);
    // A read after the preload uses the adapter it loaded.
    h.port.docs.onDoc('games/g1', () => undefined);
    await h.flush();
    expect(h.load).toHaveBeenCalledTimes(1);
    expect(h.docListeners).toHaveLength(1);
  });

  it('never shows a first read that comes after the adapter has spoken', async () => {
    const h = harness();
    const seen: unknown[] = [];
    h.port.docs.onDoc('games/g1', (s) => seen.push(s.data));
    h.settled.resolve();
    await h.flush();
    h.docListeners[0]?.(snap('games/g1', { week: 5 }));
    h.docRead.resolve(snap('games/g1', { week: 4 }));
    await h.flush();
    expect(seen).toEqual([{ week: 5 }]);
  });

  it('sends for the adapter at once when a first read cannot answer', async () => {
    const h = harness();
    const seen: unknown[] = [];
    h.port.docs.onDoc('games/g1/facilities/f1', (s) => seen.push(s.data));
    h.docRead.resolve(null);
    await h.flush();
    expect(h.released).toHaveBeenCalled();
    expect(h.load).toHaveBeenCalledTimes(1);
    h.docListeners[0]?.(snap('games/g1/facilities/f1', { stock: 12 }));
    expect(seen).toEqual([{ stock: 12 }]);
  });

  it('tells a query’s first live changes against its first read', async () => {
    const h = harness();
    const seen: QuerySnapshot[] = [];
    h.port.docs.onQuery({ collection: 'games/g1/messages' }, (s) => seen.push(s));
    const m1 = snap('games/g1/messages/m1', { text: 'hi' });
    const m2 = snap('games/g1/messages/m2', { text: 'go' });
    h.queryRead.resolve([m1]);
    await h.flush();
    expect(seen[0]?.changes).toEqual([{ type: 'added', doc: m1, oldIndex: -1, newIndex: 0 }]);
    h.settled.resolve();
    await h.flush();
    h.queryListeners[0]?.({
      docs: [m1],
      changes: [{ type: 'added', doc: m1, oldIndex: -1, newIndex: 0 }],
    });
    expect(seen).toHaveLength(1);
    h.queryListeners[0]?.({
      docs: [m1, m2],
      changes: [{ type: 'added', doc: m2, oldIndex: -1, newIndex: 1 }],
    });
    expect(seen[1]?.docs).toEqual([m1, m2]);
  });

  it('answers a one-time read from the first read, and a write from the adapter at once', async () => {
    const h = harness();
    h.docRead.resolve(snap('games/g1', { week: 1 }));
    expect((await h.port.docs.get('games/g1')).data).toEqual({ week: 1 });
    expect(h.load).not.toHaveBeenCalled();
    await h.port.docs.set('games/g1/answers/u1', { a: 1 });
    expect(h.released).toHaveBeenCalled();
    expect(h.load).toHaveBeenCalledTimes(1);
    // Loaded: reads go to the adapter.
    expect((await h.port.docs.get('games/g1')).data).toEqual({ from: 'adapter' });
  });
});

describe('values and changes', () => {
  it('compares values as the port gives them', () => {
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameValue(new Uint8Array([1]), new Uint8Array([1]))).toBe(true);
    expect(sameValue(new Uint8Array([1]), new Uint8Array([2]))).toBe(false);
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
  });

  it('lists removed, added and modified documents', () => {
    const a = snap('c/a', { v: 1 });
    const b = snap('c/b', { v: 1 });
    const b2 = snap('c/b', { v: 2 });
    const c = snap('c/c', { v: 1 });
    expect(changesBetween([a, b], [b2, c])).toEqual([
      { type: 'removed', doc: a, oldIndex: 0, newIndex: -1 },
      { type: 'modified', doc: b2, oldIndex: 1, newIndex: 0 },
      { type: 'added', doc: c, oldIndex: -1, newIndex: 1 },
    ]);
    expect(changesBetween([a], [a])).toEqual([]);
  });
});
