/**
 * A data port whose adapter is loaded on first use, so pages that never touch data (the home
 * page) never download an SDK, and only the configured adapter is downloaded at all.
 * Every call waits for the adapter; listeners subscribe as soon as it is there.
 *
 * With first reads (`first-read.ts`, Firestore only), reads are answered before the adapter is
 * there: a listener gets the read's snapshot first and the adapter's after it, never the other
 * way round; the adapter's first snapshot is left out when it shows the same, so the page does
 * not render twice. The adapter downloads once the first reads are quiet, at once for a write
 * or for a read they cannot answer.
 */
import type {
  DataPort,
  DocChange,
  DocSnapshot,
  DocumentPort,
  FilePort,
  QuerySnapshot,
  SetOptions,
  WriteBatch,
  WriteData,
} from '@sim/core/port/data-port';
import type { FirstReads } from '@/lib/data/first-read';
import { PortError } from '@sim/core/port/data-port';
import { makeId } from '@sim/core/port/paths';

function randomBytes(n: number): Uint8Array {
  const bytes = new Uint8Array(n);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}

type BatchOp =
  | { kind: 'set'; path: string; data: WriteData; options?: SetOptions }
  | { kind: 'update'; path: string; data: WriteData }
  | { kind: 'delete'; path: string };

/** Equal values as the port gives them: plain objects (any key order), arrays, bytes, scalars. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Uint8Array || b instanceof Uint8Array) {
    return (
      a instanceof Uint8Array &&
      b instanceof Uint8Array &&
      a.length === b.length &&
      a.every((byte, i) => byte === b[i])
    );
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every(
    (key) => Object.hasOwn(b, key) && sameValue((a as Record<string, unknown>)[key], bRecord[key]),
  );
}

function sameSnapshot(a: DocSnapshot, b: DocSnapshot): boolean {
  return a.path === b.path && a.exists === b.exists && sameValue(a.data, b.data);
}

/** The changes from `before` to `after`, as a query listener reports them. */
export function changesBetween(
  before: readonly DocSnapshot[],
  after: readonly DocSnapshot[],
): DocChange[] {
  const oldIndex = new Map(before.map((doc, i) => [doc.path, i]));
  const newIndex = new Map(after.map((doc, i) => [doc.path, i]));
  const changes: DocChange[] = [];
  before.forEach((doc, i) => {
    if (!newIndex.has(doc.path)) changes.push({ type: 'removed', doc, oldIndex: i, newIndex: -1 });
  });
  after.forEach((doc, i) => {
    const was = oldIndex.get(doc.path);
    if (was === undefined) changes.push({ type: 'added', doc, oldIndex: -1, newIndex: i });
    else if (was !== i || !sameSnapshot(before[was] as DocSnapshot, doc)) {
      changes.push({ type: 'modified', doc, oldIndex: was, newIndex: i });
    }
  });
  return changes;
}

/** The deferred port, and the start of its adapter's download ahead of the first use. */
export interface DeferredPort extends DataPort {
  /**
   * Starts loading the adapter, after the first reads as any other use would: pages that will
   * read start it beside their own code. A failure shows on the first use.
   */
  preload(): void;
}

export function createDeferredPort(
  load: () => Promise<DataPort>,
  firstReads: FirstReads | null = null,
): DeferredPort {
  let loading: Promise<DataPort> | undefined;
  let loaded = false;
  const port = (): Promise<DataPort> =>
    (loading ??= (firstReads ? firstReads.settled() : Promise.resolve()).then(load).then((p) => {
      loaded = true;
      firstReads?.end();
      return p;
    }));
  /** For what only the adapter can do: it downloads now, not when the first reads are quiet. */
  const portNow = (): Promise<DataPort> => {
    firstReads?.release();
    return port();
  };
  /** First reads answer only until the adapter is there. */
  const reads = (): FirstReads | null => (loaded ? null : firstReads);

  const listen = (
    subscribe: (p: DataPort) => () => void,
    onError: ((err: PortError) => void) | undefined,
  ): (() => void) => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    port().then(
      (p) => {
        if (!cancelled) stop = subscribe(p);
      },
      (err: unknown) =>
        onError?.(
          err instanceof PortError ? err : new PortError('unavailable', (err as Error).message),
        ),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  };

  /**
   * A listener with a first read: the read's answer is delivered unless the adapter's listener
   * has already spoken, and the adapter's first snapshot is left out when `same` says it shows
   * what the read did. A read that cannot answer sends for the adapter at once.
   */
  const listenAfterFirstRead = <S>(
    reader: FirstReads,
    read: (r: FirstReads) => Promise<S | null>,
    subscribe: (p: DataPort, next: (snap: S) => void) => () => void,
    next: (snap: S) => void,
    same: (first: S, live: S) => S | null,
    onError: ((err: PortError) => void) | undefined,
  ): (() => void) => {
    let live = false;
    let cancelled = false;
    let first: S | null = null;
    read(reader).then(
      (snap) => {
        if (snap === null) reader.release();
        else if (!live && !cancelled) {
          first = snap;
          next(snap);
        }
      },
      () => reader.release(),
    );
    const stop = listen(
      (p) =>
        subscribe(p, (snap) => {
          const shown = live || first === null ? snap : same(first, snap);
          live = true;
          if (shown !== null) next(shown);
        }),
      onError,
    );
    return () => {
      cancelled = true;
      stop();
    };
  };

  const docs: DocumentPort = {
    get: async (path) => {
      const first = await reads()?.readDoc(path);
      return first ?? (await portNow()).docs.get(path);
    },
    query: async (spec) => {
      const first = await reads()?.readQuery(spec);
      return first ? [...first] : (await portNow()).docs.query(spec);
    },
    onDoc: (path, next, onError) => {
      const reader = reads();
      if (!reader) return listen((p) => p.docs.onDoc(path, next, onError), onError);
      return listenAfterFirstRead<DocSnapshot>(
        reader,
        (r) => r.readDoc(path),
        (p, deliver) => p.docs.onDoc(path, deliver, onError),
        next,
        (first, live) => (sameSnapshot(first, live) ? null : live),
        onError,
      );
    },
    onQuery: (spec, next, onError) => {
      const reader = reads();
      if (!reader) return listen((p) => p.docs.onQuery(spec, next, onError), onError);
      return listenAfterFirstRead<QuerySnapshot>(
        reader,
        async (r) => {
          const found = await r.readQuery(spec);
          if (found === null) return null;
          const added = found.map((doc, i) => ({
            type: 'added' as const,
            doc,
            oldIndex: -1,
            newIndex: i,
          }));
          return { docs: found, changes: added };
        },
        (p, deliver) => p.docs.onQuery(spec, deliver, onError),
        next,
        (first, live) => {
          // The adapter's first snapshot lists every document as added: it is told as the
          // changes since the first read instead, and left out when there are none.
          const changes = changesBetween(first.docs, live.docs);
          return changes.length === 0 ? null : { docs: live.docs, changes };
        },
        onError,
      );
    },
    set: async (path, data, options) => (await portNow()).docs.set(path, data, options),
    add: async (collection, data) => (await portNow()).docs.add(collection, data),
    update: async (path, data) => (await portNow()).docs.update(path, data),
    delete: async (path) => (await portNow()).docs.delete(path),
    batch: () => {
      const ops: BatchOp[] = [];
      const batch: WriteBatch = {
        set: (path, data, options) => {
          ops.push({ kind: 'set', path, data, ...(options ? { options } : {}) });
          return batch;
        },
        update: (path, data) => {
          ops.push({ kind: 'update', path, data });
          return batch;
        },
        delete: (path) => {
          ops.push({ kind: 'delete', path });
          return batch;
        },
        commit: async () => {
          const real = (await portNow()).docs.batch();
          for (const op of ops) {
            if (op.kind === 'set') real.set(op.path, op.data, op.options);
            else if (op.kind === 'update') real.update(op.path, op.data);
            else real.delete(op.path);
          }
          await real.commit();
        },
      };
      return batch;
    },
    runTransaction: async (work, options) => (await portNow()).docs.runTransaction(work, options),
    newId: () => makeId(randomBytes),
  };

  const files: FilePort = {
    upload: async (path, bytes, contentType) =>
      (await portNow()).files.upload(path, bytes, contentType),
    downloadUrl: async (path) => (await portNow()).files.downloadUrl(path),
    delete: async (path) => (await portNow()).files.delete(path),
  };

  const preload = () => void port().catch(() => undefined);
  return { docs, files, preload };
}
