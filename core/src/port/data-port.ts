/**
 * The data port: the only way feature code and function handlers reach documents and files.
 *
 * Two adapters implement it: Firestore (browser SDK or firebase-admin) and the local document
 * store client. Semantics follow Firestore for everything the app uses. Conventions:
 * - Paths are slash-separated, alternating collection and document ids: `games/g1/orders/o1`.
 * - Timestamps read back as epoch milliseconds (numbers) from every adapter.
 * - Field transforms are the plain sentinel objects of `field-values.ts`.
 */
import type { FieldTransform } from './field-values';

export type DocData = { [field: string]: unknown };

export type WhereOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'array-contains';

export interface Filter {
  readonly field: string;
  readonly op: WhereOp;
  readonly value: unknown;
}

export interface OrderBy {
  readonly field: string;
  readonly direction?: 'asc' | 'desc';
}

export interface QuerySpec {
  /** Collection path, e.g. `games` or `games/g1/orders`. */
  readonly collection: string;
  readonly where?: readonly Filter[];
  readonly orderBy?: readonly OrderBy[];
  readonly limit?: number;
  /**
   * Start strictly after this position: a snapshot from an earlier page (ties broken by document
   * id, like Firestore), or the values of the orderBy fields.
   */
  readonly startAfter?: DocSnapshot | readonly unknown[];
}

export interface DocSnapshot<T extends DocData = DocData> {
  readonly id: string;
  readonly path: string;
  readonly exists: boolean;
  readonly data: T | undefined;
}

export type ChangeType = 'added' | 'modified' | 'removed';

export interface DocChange {
  readonly type: ChangeType;
  readonly doc: DocSnapshot;
  /** Index in the previous result, -1 for added. */
  readonly oldIndex: number;
  /** Index in the new result, -1 for removed. */
  readonly newIndex: number;
}

export interface QuerySnapshot {
  readonly docs: readonly DocSnapshot[];
  /** Changes since the previous snapshot; the first snapshot lists every document as added. */
  readonly changes: readonly DocChange[];
}

export type Unsubscribe = () => void;

export interface SetOptions {
  readonly merge?: boolean;
}

/** Values may contain FieldTransform sentinels anywhere a field value may stand. */
export type WriteData = { [field: string]: unknown | FieldTransform };

export interface WriteBatch {
  set(path: string, data: WriteData, options?: SetOptions): WriteBatch;
  /** Keys may be dotted field paths (`facilities.f1.validatedOrder`). Fails if the document is missing. */
  update(path: string, data: WriteData): WriteBatch;
  delete(path: string): WriteBatch;
  /** All or nothing. */
  commit(): Promise<void>;
}

export interface Transaction {
  /** Reads must come before writes. Every read becomes a precondition of the commit. */
  get(path: string): Promise<DocSnapshot>;
  set(path: string, data: WriteData, options?: SetOptions): Transaction;
  update(path: string, data: WriteData): Transaction;
  delete(path: string): Transaction;
}

export interface TransactionOptions {
  /** Attempts before giving up with `aborted` (default 5). */
  readonly maxAttempts?: number;
}

export interface DocumentPort {
  get(path: string): Promise<DocSnapshot>;
  query(spec: QuerySpec): Promise<DocSnapshot[]>;
  /** Calls `next` with the current snapshot, then after every change, in commit order. */
  onDoc(
    path: string,
    next: (snap: DocSnapshot) => void,
    onError?: (err: PortError) => void,
  ): Unsubscribe;
  onQuery(
    spec: QuerySpec,
    next: (snap: QuerySnapshot) => void,
    onError?: (err: PortError) => void,
  ): Unsubscribe;
  set(path: string, data: WriteData, options?: SetOptions): Promise<void>;
  /** Creates a document with a new id in the collection; returns the id. */
  add(collectionPath: string, data: WriteData): Promise<string>;
  update(path: string, data: WriteData): Promise<void>;
  delete(path: string): Promise<void>;
  batch(): WriteBatch;
  /** Runs `work`, retrying it when a document it read changed before the commit. */
  runTransaction<T>(
    work: (tx: Transaction) => Promise<T>,
    options?: TransactionOptions,
  ): Promise<T>;
  /** A new random document id (20 characters, like Firestore). */
  newId(): string;
}

export interface FilePort {
  upload(path: string, bytes: Uint8Array, contentType: string): Promise<void>;
  downloadUrl(path: string): Promise<string>;
  delete(path: string): Promise<void>;
}

export interface DataPort {
  readonly docs: DocumentPort;
  readonly files: FilePort;
}

export type PortErrorCode =
  | 'permission-denied'
  | 'unauthenticated'
  | 'not-found'
  | 'already-exists'
  | 'aborted'
  | 'invalid-argument'
  | 'failed-precondition'
  | 'unavailable'
  | 'internal';

export class PortError extends Error {
  constructor(
    readonly code: PortErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PortError';
  }
}
