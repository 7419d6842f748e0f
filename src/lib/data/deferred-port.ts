/**
 * A data port whose adapter is loaded on first use, so pages that never touch data (the home
 * page) never download an SDK, and only the configured adapter is downloaded at all.
 * Every call waits for the adapter; listeners subscribe as soon as it is there.
 */
import type {
  DataPort,
  DocumentPort,
  FilePort,
  SetOptions,
  WriteBatch,
  WriteData,
} from '@sim/core/port/data-port';
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

export function createDeferredPort(load: () => Promise<DataPort>): DataPort {
  let loading: Promise<DataPort> | undefined;
  const port = (): Promise<DataPort> => (loading ??= load());

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

  const docs: DocumentPort = {
    get: async (path) => (await port()).docs.get(path),
    query: async (spec) => (await port()).docs.query(spec),
    onDoc: (path, next, onError) => listen((p) => p.docs.onDoc(path, next, onError), onError),
    onQuery: (spec, next, onError) => listen((p) => p.docs.onQuery(spec, next, onError), onError),
    set: async (path, data, options) => (await port()).docs.set(path, data, options),
    add: async (collection, data) => (await port()).docs.add(collection, data),
    update: async (path, data) => (await port()).docs.update(path, data),
    delete: async (path) => (await port()).docs.delete(path),
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
          const real = (await port()).docs.batch();
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
    runTransaction: async (work, options) => (await port()).docs.runTransaction(work, options),
    newId: () => makeId(randomBytes),
  };

  const files: FilePort = {
    upload: async (path, bytes, contentType) =>
      (await port()).files.upload(path, bytes, contentType),
    downloadUrl: async (path) => (await port()).files.downloadUrl(path),
    delete: async (path) => (await port()).files.delete(path),
  };

  return { docs, files };
}
