/**
 * The data port on `firebase-admin` (Firestore and Storage), for function handlers in production.
 *
 * Thin and mechanical, like the browser adapter: sentinels become `FieldValue`s, Timestamps read
 * back as epoch milliseconds, SDK errors (gRPC status numbers for Firestore, HTTP statuses for
 * Storage) become `PortError`s. The admin SDK bypasses security rules, as the local store's
 * service credential bypasses its policy.
 */
import type { App } from 'firebase-admin/app';
import {
  DocumentReference,
  FieldValue,
  Timestamp,
  getFirestore,
  type DocumentData,
  type DocumentSnapshot as FsDocumentSnapshot,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import { getDownloadURL, getStorage } from 'firebase-admin/storage';
import type {
  DataPort,
  DocData,
  DocSnapshot,
  DocumentPort,
  FilePort,
  PortErrorCode,
  QuerySpec,
  SetOptions,
  Transaction,
  TransactionOptions,
  WriteBatch,
  WriteData,
} from '@sim/core/port/data-port';
import { PortError } from '@sim/core/port/data-port';
import type { FieldTransform } from '@sim/core/port/field-values';
import { NOT_SDK_CLASS, portDataToSdk, sdkValueToPort } from '@sim/core/port/sdk-values';
import { assertCollectionPath, assertDocPath } from '@sim/core/port/paths';
import {
  closedTransactionDelayMs,
  rethrowSdkError,
  retryClosedTransaction,
  runTransactionWork,
  transactionError,
} from '@sim/core/port/transaction-work';

const NATIVE = Symbol('firestore.snapshot');

type WithNative = DocSnapshot & { readonly [NATIVE]?: FsDocumentSnapshot };

const DEFAULT_MAX_ATTEMPTS = 5;

/** gRPC status numbers (Firestore) and HTTP statuses (Cloud Storage) → port codes. */
const NUMERIC_CODES: Readonly<Record<number, PortErrorCode>> = {
  1: 'aborted', // CANCELLED
  3: 'invalid-argument',
  4: 'unavailable', // DEADLINE_EXCEEDED
  5: 'not-found',
  6: 'already-exists',
  7: 'permission-denied',
  8: 'unavailable', // RESOURCE_EXHAUSTED
  9: 'failed-precondition',
  10: 'aborted',
  11: 'invalid-argument', // OUT_OF_RANGE
  14: 'unavailable',
  16: 'unauthenticated',
  400: 'invalid-argument',
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'not-found',
  409: 'already-exists',
  412: 'failed-precondition',
  429: 'unavailable',
  503: 'unavailable',
};

export function toPortError(err: unknown): PortError {
  if (err instanceof PortError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const code =
    typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return new PortError(
    typeof code === 'number' ? (NUMERIC_CODES[code] ?? 'internal') : 'internal',
    message,
  );
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toPortError(err);
  }
}

function transformToSdk(t: FieldTransform, toSdkValue: (value: unknown) => unknown): FieldValue {
  switch (t.$transform) {
    case 'serverTimestamp':
      return FieldValue.serverTimestamp();
    case 'increment':
      return FieldValue.increment(t.by);
    case 'arrayUnion':
      return FieldValue.arrayUnion(...t.values.map(toSdkValue));
    case 'arrayRemove':
      return FieldValue.arrayRemove(...t.values.map(toSdkValue));
    case 'delete':
      return FieldValue.delete();
  }
}

export function toSdkData(data: Readonly<Record<string, unknown>>): DocumentData {
  return portDataToSdk(data, transformToSdk) as DocumentData;
}

/** SDK value → port value: Timestamps become epoch milliseconds, references their paths. */
export function fromSdkValue(value: unknown): unknown {
  return sdkValueToPort(value, (v) => {
    if (v instanceof Timestamp) return v.toMillis();
    if (v instanceof DocumentReference) return v.path;
    if (v instanceof Uint8Array) return v;
    return NOT_SDK_CLASS;
  });
}

function toSnapshot(snap: FsDocumentSnapshot): DocSnapshot {
  const data = snap.data();
  const out: DocSnapshot = {
    id: snap.id,
    path: snap.ref.path,
    exists: snap.exists,
    data: snap.exists && data ? (fromSdkValue(data) as DocData) : undefined,
  };
  Object.defineProperty(out, NATIVE, { value: snap, enumerable: false });
  return out;
}

function docRef(db: Firestore, path: string): DocumentReference {
  assertDocPath(path);
  return db.doc(path);
}

function buildQuery(db: Firestore, spec: QuerySpec): Query {
  assertCollectionPath(spec.collection);
  let q: Query = db.collection(spec.collection);
  for (const f of spec.where ?? []) q = q.where(f.field, f.op, f.value);
  for (const o of spec.orderBy ?? []) q = q.orderBy(o.field, o.direction ?? 'asc');
  if (spec.startAfter !== undefined) {
    if (Array.isArray(spec.startAfter)) {
      q = q.startAfter(...(spec.startAfter as readonly unknown[]));
    } else {
      const native = (spec.startAfter as WithNative)[NATIVE];
      if (!native) {
        throw new PortError(
          'invalid-argument',
          'startAfter needs a snapshot read through this adapter, or the orderBy values',
        );
      }
      q = q.startAfter(native);
    }
  }
  if (spec.limit !== undefined) q = q.limit(spec.limit);
  return q;
}

function makeDocumentPort(db: Firestore): DocumentPort {
  return {
    get: (path) => guard(async () => toSnapshot(await docRef(db, path).get())),

    query: (spec) =>
      guard(async () => {
        const result = await buildQuery(db, spec).get();
        return result.docs.map(toSnapshot);
      }),

    onDoc(path, next, onError) {
      return docRef(db, path).onSnapshot(
        (snap) => next(toSnapshot(snap)),
        (err) => onError?.(toPortError(err)),
      );
    },

    onQuery(spec, next, onError) {
      return buildQuery(db, spec).onSnapshot(
        (snap) =>
          next({
            docs: snap.docs.map(toSnapshot),
            changes: snap.docChanges().map((c) => ({
              type: c.type,
              doc: toSnapshot(c.doc),
              oldIndex: c.oldIndex,
              newIndex: c.newIndex,
            })),
          }),
        (err) => onError?.(toPortError(err)),
      );
    },

    set: (path, data, options) =>
      guard(async () => {
        await docRef(db, path).set(toSdkData(data), { merge: options?.merge === true });
      }),

    add: (collectionPath, data) =>
      guard(async () => {
        assertCollectionPath(collectionPath);
        const created = await db.collection(collectionPath).add(toSdkData(data));
        return created.id;
      }),

    // Dotted keys are field paths in `update`, exactly as the port specifies.
    update: (path, data) =>
      guard(async () => {
        await docRef(db, path).update(toSdkData(data));
      }),

    delete: (path) =>
      guard(async () => {
        await docRef(db, path).delete();
      }),

    batch() {
      const native = db.batch();
      const wrapped: WriteBatch = {
        set(path: string, data: WriteData, options?: SetOptions) {
          native.set(docRef(db, path), toSdkData(data), { merge: options?.merge === true });
          return wrapped;
        },
        update(path: string, data: WriteData) {
          native.update(docRef(db, path), toSdkData(data));
          return wrapped;
        },
        delete(path: string) {
          native.delete(docRef(db, path));
          return wrapped;
        },
        commit: () =>
          guard(async () => {
            await native.commit();
          }),
      };
      return wrapped;
    },

    runTransaction<T>(work: (tx: Transaction) => Promise<T>, options?: TransactionOptions) {
      const sdkErrors = new WeakSet<object>();
      const attempts = options?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
      const once = () =>
        db.runTransaction(
          async (native) => {
            const tx: Transaction = {
              get: async (path) =>
                toSnapshot(
                  await native
                    .get(docRef(db, path))
                    .catch((err: unknown) => rethrowSdkError(err, sdkErrors)),
                ),
              set(path, data, setOptions) {
                native.set(docRef(db, path), toSdkData(data), {
                  merge: setOptions?.merge === true,
                });
                return tx;
              },
              update(path, data) {
                native.update(docRef(db, path), toSdkData(data));
                return tx;
              },
              delete(path) {
                native.delete(docRef(db, path));
                return tx;
              },
            };
            return runTransactionWork(() => work(tx), sdkErrors);
          },
          { maxAttempts: attempts },
        );
      return retryClosedTransaction(once, attempts, pauseAfterClosed).catch((err: unknown) => {
        throw transactionError(err, toPortError);
      });
    },

    newId: () => db.collection('_ids').doc().id,
  };
}

function makeFilePort(app: App): FilePort {
  const bucket = () => getStorage(app).bucket();
  return {
    upload: (path, bytes, contentType) =>
      guard(async () => {
        await bucket().file(path).save(Buffer.from(bytes), { contentType, resumable: false });
      }),
    downloadUrl: (path) => guard(() => getDownloadURL(bucket().file(path))),
    delete: (path) =>
      guard(async () => {
        await bucket().file(path).delete();
      }),
  };
}

export function createAdminPort(app: App): DataPort {
  return { docs: makeDocumentPort(getFirestore(app)), files: makeFilePort(app) };
}

/** Waits before a closed transaction's next attempt (`retryClosedTransaction`). */
function pauseAfterClosed(attempt: number): Promise<void> {
  return new Promise((done) => setTimeout(done, closedTransactionDelayMs(attempt, Math.random())));
}
