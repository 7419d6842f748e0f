/**
 * The data port on the Firebase browser SDK (`firebase/firestore`; files through
 * `firebase/storage`, in a chunk of its own loaded on the first file call, so pages that never
 * touch a logo do not download the Storage SDK).
 *
 * Thin and mechanical: sentinels become SDK field values, SDK Timestamps read back as epoch
 * milliseconds, SDK errors become `PortError`s. Pending server timestamps of local writes read
 * as the SDK's estimate, so a listener never sees `null` where a time will be.
 *
 * Known gap: a field written with `serverTimestamp()` is a Firestore Timestamp, so a `where`
 * filter comparing it with a number matches nothing here (the local store stores numbers).
 * Order by such fields instead, or store epoch milliseconds explicitly.
 */
import type { FirebaseApp } from 'firebase/app';
import {
  Bytes,
  DocumentReference,
  Timestamp,
  addDoc,
  arrayRemove,
  arrayUnion,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  increment,
  limit,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  startAfter,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type DocumentSnapshot as FsDocumentSnapshot,
  type EmulatorMockTokenOptions,
  type FieldValue,
  type Firestore,
  type Query,
  type QueryConstraint,
} from 'firebase/firestore';
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

export interface FirestorePortOptions {
  /**
   * Connect to emulators (tests, the local stack on Firestore); production leaves these out. A
   * `mockUserToken` makes every request run as that user under the rules, without Auth.
   */
  readonly firestoreEmulator?: {
    readonly host: string;
    readonly port: number;
    readonly mockUserToken?: EmulatorMockTokenOptions;
  };
  readonly storageEmulator?: { readonly host: string; readonly port: number };
}

/** The native snapshot rides along on the port's snapshot, hidden, for `startAfter` cursors. */
const NATIVE = Symbol('firestore.snapshot');

type WithNative = DocSnapshot & { readonly [NATIVE]?: FsDocumentSnapshot };

const DEFAULT_MAX_ATTEMPTS = 5;

const PORT_CODES: ReadonlySet<string> = new Set<PortErrorCode>([
  'permission-denied',
  'unauthenticated',
  'not-found',
  'already-exists',
  'aborted',
  'invalid-argument',
  'failed-precondition',
  'unavailable',
  'internal',
]);

const FIRESTORE_CODE_FALLBACK: Readonly<Record<string, PortErrorCode>> = {
  'deadline-exceeded': 'unavailable',
  'resource-exhausted': 'unavailable',
  cancelled: 'aborted',
  'out-of-range': 'invalid-argument',
};

const STORAGE_CODES: Readonly<Record<string, PortErrorCode>> = {
  'storage/unauthorized': 'permission-denied',
  'storage/unauthenticated': 'unauthenticated',
  'storage/object-not-found': 'not-found',
  'storage/bucket-not-found': 'not-found',
  'storage/project-not-found': 'not-found',
  'storage/retry-limit-exceeded': 'unavailable',
  'storage/canceled': 'aborted',
  'storage/invalid-argument': 'invalid-argument',
  'storage/invalid-format': 'invalid-argument',
  'storage/invalid-url': 'invalid-argument',
  'storage/no-default-bucket': 'failed-precondition',
  'storage/cannot-slice-blob': 'invalid-argument',
  'storage/server-file-wrong-size': 'internal',
};

/**
 * SDK error → PortError. Matched on the `code` string rather than the class: FirebaseError resets
 * its prototype, so `instanceof FirestoreError` does not hold. Storage codes carry `storage/`.
 */
export function toPortError(err: unknown): PortError {
  if (err instanceof PortError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const code =
    typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  if (typeof code !== 'string') return new PortError('internal', message);
  if (code.startsWith('storage/')) return new PortError(STORAGE_CODES[code] ?? 'internal', message);
  const mapped: PortErrorCode = PORT_CODES.has(code)
    ? (code as PortErrorCode)
    : (FIRESTORE_CODE_FALLBACK[code] ?? 'internal');
  return new PortError(mapped, message);
}

export async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toPortError(err);
  }
}

function transformToSdk(t: FieldTransform, toSdkValue: (value: unknown) => unknown): FieldValue {
  switch (t.$transform) {
    case 'serverTimestamp':
      return serverTimestamp();
    case 'increment':
      return increment(t.by);
    case 'arrayUnion':
      return arrayUnion(...t.values.map(toSdkValue));
    case 'arrayRemove':
      return arrayRemove(...t.values.map(toSdkValue));
    case 'delete':
      return deleteField();
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
    if (v instanceof Bytes) return v.toUint8Array();
    return NOT_SDK_CLASS;
  });
}

function toSnapshot(snap: FsDocumentSnapshot): DocSnapshot {
  const exists = snap.exists();
  const out: DocSnapshot = {
    id: snap.id,
    path: snap.ref.path,
    exists,
    data: exists
      ? (fromSdkValue(snap.data({ serverTimestamps: 'estimate' })) as DocData)
      : undefined,
  };
  Object.defineProperty(out, NATIVE, { value: snap, enumerable: false });
  return out;
}

function buildQuery(db: Firestore, spec: QuerySpec): Query {
  assertCollectionPath(spec.collection);
  const constraints: QueryConstraint[] = [];
  for (const f of spec.where ?? []) constraints.push(where(f.field, f.op, f.value));
  for (const o of spec.orderBy ?? []) constraints.push(orderBy(o.field, o.direction ?? 'asc'));
  if (spec.startAfter !== undefined) {
    if (Array.isArray(spec.startAfter)) {
      constraints.push(startAfter(...(spec.startAfter as readonly unknown[])));
    } else {
      const native = (spec.startAfter as WithNative)[NATIVE];
      if (!native) {
        throw new PortError(
          'invalid-argument',
          'startAfter needs a snapshot read through this adapter, or the orderBy values',
        );
      }
      constraints.push(startAfter(native));
    }
  }
  if (spec.limit !== undefined) constraints.push(limit(spec.limit));
  return query(collection(db, spec.collection), ...constraints);
}

function docRef(db: Firestore, path: string): DocumentReference {
  assertDocPath(path);
  return doc(db, path);
}

function makeDocumentPort(db: Firestore): DocumentPort {
  const port: DocumentPort = {
    get: (path) => guard(async () => toSnapshot(await getDoc(docRef(db, path)))),

    query: (spec) =>
      guard(async () => {
        const result = await getDocs(buildQuery(db, spec));
        return result.docs.map(toSnapshot);
      }),

    onDoc(path, next, onError) {
      const target = docRef(db, path);
      return onSnapshot(
        target,
        (snap) => next(toSnapshot(snap)),
        (err) => onError?.(toPortError(err)),
      );
    },

    onQuery(spec, next, onError) {
      let target: Query;
      try {
        target = buildQuery(db, spec);
      } catch (err) {
        throw toPortError(err);
      }
      return onSnapshot(
        target,
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
      guard(() => setDoc(docRef(db, path), toSdkData(data), options?.merge ? { merge: true } : {})),

    add: (collectionPath, data) =>
      guard(async () => {
        assertCollectionPath(collectionPath);
        const created = await addDoc(collection(db, collectionPath), toSdkData(data));
        return created.id;
      }),

    // Dotted keys are field paths in `updateDoc`, exactly as the port specifies.
    update: (path, data) => guard(() => updateDoc(docRef(db, path), toSdkData(data))),

    delete: (path) => guard(() => deleteDoc(docRef(db, path))),

    batch() {
      const native = writeBatch(db);
      const wrapped: WriteBatch = {
        set(path: string, data: WriteData, options?: SetOptions) {
          native.set(docRef(db, path), toSdkData(data), options?.merge ? { merge: true } : {});
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
        commit: () => guard(() => native.commit()),
      };
      return wrapped;
    },

    runTransaction<T>(work: (tx: Transaction) => Promise<T>, options?: TransactionOptions) {
      const sdkErrors = new WeakSet<object>();
      const attempts = options?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
      const once = () =>
        runTransaction(
          db,
          async (native) => {
            const tx: Transaction = {
              get: async (path) =>
                toSnapshot(
                  await native
                    .get(docRef(db, path))
                    .catch((err: unknown) => rethrowSdkError(err, sdkErrors)),
                ),
              set(path, data, setOptions) {
                native.set(
                  docRef(db, path),
                  toSdkData(data),
                  setOptions?.merge ? { merge: true } : {},
                );
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

    newId: () => doc(collection(db, '_ids')).id,
  };
  return port;
}

/** Files on Cloud Storage, its SDK loaded on the first call. */
function makeFilePort(app: FirebaseApp, options: FirestorePortOptions): FilePort {
  let loading: Promise<FilePort> | undefined;
  const files = (): Promise<FilePort> =>
    (loading ??= import('./storage-adapter').then(({ createStoragePort }) =>
      createStoragePort(app, options.storageEmulator),
    ));
  return {
    upload: async (path, bytes, contentType) => (await files()).upload(path, bytes, contentType),
    downloadUrl: async (path) => (await files()).downloadUrl(path),
    delete: async (path) => (await files()).delete(path),
  };
}

export function createFirestorePort(
  app: FirebaseApp,
  options: FirestorePortOptions = {},
): DataPort {
  const db = getFirestore(app);
  if (options.firestoreEmulator) {
    const { host, port, mockUserToken } = options.firestoreEmulator;
    connectFirestoreEmulator(db, host, port, mockUserToken ? { mockUserToken } : {});
  }
  return { docs: makeDocumentPort(db), files: makeFilePort(app, options) };
}

/** Waits before a closed transaction's next attempt (`retryClosedTransaction`). */
function pauseAfterClosed(attempt: number): Promise<void> {
  return new Promise((done) => setTimeout(done, closedTransactionDelayMs(attempt, Math.random())));
}
