/**
 * The authoritative state of the local document store: every document in memory (loaded from
 * the database at start), commits applied one at a time in a queue, each written to the
 * database before listeners hear of it and before it is acknowledged.
 */
import type { DocData, QuerySpec } from '@sim/core/port/data-port';
import { PortError } from '@sim/core/port/data-port';
import { docId, parentCollection, assertDocPath, assertCollectionPath } from '@sim/core/port/paths';
import { applyWrite, type Write } from '../engine/document-writes';
import { runQuery, type Cursor, type StoredDoc } from '../engine/query-eval';
import type { Precondition } from '../protocol';
import type { Database } from './database';

export interface ChangedDoc {
  readonly path: string;
  readonly collection: string;
  readonly before: StoredDoc | undefined;
  readonly after: StoredDoc | undefined;
}

export type CommitListener = (seq: number, changes: readonly ChangedDoc[]) => void;

export type WriteOperation = 'create' | 'update' | 'delete';

/** Decides whether a write may happen; throws a PortError('permission-denied') when not. */
export type WriteAuthorizer = (
  op: WriteOperation,
  path: string,
  existing: DocData | undefined,
  incoming: DocData | undefined,
  readBefore: (path: string) => DocData | undefined,
  readAfter: (path: string) => DocData | undefined,
) => void;

/** How long applied commit ids are remembered for idempotent retries. */
const COMMIT_ID_TTL_MS = 24 * 60 * 60 * 1000;

export class DocumentStore {
  private readonly docs = new Map<string, StoredDoc>();
  private readonly collections = new Map<string, Map<string, StoredDoc>>();
  private readonly listeners = new Set<CommitListener>();
  private readonly appliedCommits: Map<string, { seq: number; at: number }>;
  private queue: Promise<unknown> = Promise.resolve();
  private seqValue: number;

  private constructor(
    private readonly db: Database,
    rows: readonly StoredDoc[],
    seq: number,
    appliedCommits: Map<string, { seq: number; at: number }>,
    private readonly clock: () => number,
  ) {
    for (const row of rows) this.index(row);
    this.seqValue = seq;
    this.appliedCommits = appliedCommits;
  }

  static async load(db: Database, clock: () => number = Date.now): Promise<DocumentStore> {
    const rows = await db.loadDocs();
    const seq = await db.lastSeq();
    const loadedAt = clock();
    const ids = await db.loadCommitIds(loadedAt - COMMIT_ID_TTL_MS);
    const commits = new Map([...ids].map(([id, s]) => [id, { seq: s, at: loadedAt }]));
    return new DocumentStore(db, rows, seq, commits, clock);
  }

  get seq(): number {
    return this.seqValue;
  }

  get database(): Database {
    return this.db;
  }

  onCommit(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get(path: string): StoredDoc | undefined {
    assertDocPath(path);
    return this.docs.get(path);
  }

  query(spec: QuerySpec, cursor?: Cursor): StoredDoc[] {
    assertCollectionPath(spec.collection);
    const coll = this.collections.get(spec.collection);
    return runQuery(coll ? coll.values() : [], spec, cursor);
  }

  /**
   * Applies the writes atomically after checking the preconditions and the authorizer.
   * A commit id seen before returns the sequence it was applied at, without applying again.
   */
  commit(
    commitId: string,
    writes: readonly Write[],
    preconditions: readonly Precondition[],
    authorize: WriteAuthorizer | null,
  ): Promise<number> {
    const run = this.queue.then(() => this.applyCommit(commitId, writes, preconditions, authorize));
    // The queue continues whatever the outcome of this commit.
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async applyCommit(
    commitId: string,
    writes: readonly Write[],
    preconditions: readonly Precondition[],
    authorize: WriteAuthorizer | null,
  ): Promise<number> {
    const applied = this.appliedCommits.get(commitId);
    if (applied !== undefined) return applied.seq;
    if (writes.length === 0) throw new PortError('invalid-argument', 'A commit needs writes');
    if (writes.length > 500) throw new PortError('invalid-argument', 'At most 500 writes a commit');

    for (const pre of preconditions) {
      const current = this.docs.get(pre.path)?.version ?? 0;
      if (current !== pre.version) {
        throw new PortError('aborted', `Document changed since it was read: ${pre.path}`);
      }
    }

    const now = this.clock();
    const staged = new Map<string, DocData | null>();
    for (const write of writes) {
      assertDocPath(write.path);
      const current = staged.has(write.path)
        ? (staged.get(write.path) ?? undefined)
        : this.docs.get(write.path)?.data;
      staged.set(write.path, applyWrite(current, write, now));
    }

    if (authorize) {
      const readBefore = (p: string) => this.docs.get(p)?.data;
      const readAfter = (p: string) =>
        staged.has(p) ? (staged.get(p) ?? undefined) : readBefore(p);
      for (const [path, after] of staged) {
        const before = this.docs.get(path)?.data;
        const op: WriteOperation =
          after === null ? 'delete' : before === undefined ? 'create' : 'update';
        authorize(op, path, before, after ?? undefined, readBefore, readAfter);
      }
    }

    const seq = this.seqValue + 1;
    const docs = [...staged].map(([path, data]) => ({
      path,
      collection: parentCollection(path),
      id: docId(path),
      data,
    }));
    await this.db.writeCommit({ seq, commitId, at: now, docs });

    this.seqValue = seq;
    this.appliedCommits.set(commitId, { seq, at: now });
    const changes: ChangedDoc[] = [];
    for (const doc of docs) {
      const before = this.docs.get(doc.path);
      let after: StoredDoc | undefined;
      if (doc.data === null) {
        this.unindex(doc.path, doc.collection, doc.id);
      } else {
        after = { path: doc.path, id: doc.id, data: doc.data, version: seq };
        this.index(after);
      }
      changes.push({ path: doc.path, collection: doc.collection, before, after });
    }
    for (const listener of this.listeners) listener(seq, changes);
    return seq;
  }

  /** Forgets old commit ids and change-log rows; safe to call at any time. */
  async prune(): Promise<void> {
    const cutoff = this.clock() - COMMIT_ID_TTL_MS;
    for (const [id, entry] of this.appliedCommits)
      if (entry.at < cutoff) this.appliedCommits.delete(id);
    await this.db.prune(cutoff);
  }

  private index(doc: StoredDoc): void {
    this.docs.set(doc.path, doc);
    const collection = parentCollection(doc.path);
    let coll = this.collections.get(collection);
    if (!coll) {
      coll = new Map();
      this.collections.set(collection, coll);
    }
    coll.set(doc.id, doc);
  }

  private unindex(path: string, collection: string, id: string): void {
    this.docs.delete(path);
    const coll = this.collections.get(collection);
    coll?.delete(id);
    if (coll && coll.size === 0) this.collections.delete(collection);
  }
}
