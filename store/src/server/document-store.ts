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
import type { CommitRecord, Database } from './database';

interface PendingCommit {
  readonly commitId: string;
  readonly writes: readonly Write[];
  readonly preconditions: readonly Precondition[];
  readonly authorize: WriteAuthorizer | null;
  resolve(seq: number): void;
  reject(err: unknown): void;
}

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

/** How many recent document changes are kept for listeners that resume. */
const CHANGE_LOG_KEEP = 100_000;

/** Firestore's limit of writes in one commit. */
export const MAX_WRITES_PER_COMMIT = 500;

/** How long applied commit ids are remembered for idempotent retries. */
const COMMIT_ID_TTL_MS = 24 * 60 * 60 * 1000;

/** Throws aborted when a document is no longer at the version a transaction read. */
function assertUnchanged(pre: Precondition, version: number): void {
  if (version !== pre.version) {
    throw new PortError('aborted', `Document changed since it was read: ${pre.path}`);
  }
}

export class DocumentStore {
  private readonly docs = new Map<string, StoredDoc>();
  private readonly collections = new Map<string, Map<string, StoredDoc>>();
  private readonly listeners = new Set<CommitListener>();
  private readonly appliedCommits: Map<string, { seq: number; at: number }>;
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
    this.changeLogFloor = seq;
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
   * Commits that arrive while the database is busy are written together (group commit); each
   * still succeeds or fails on its own, and each is acknowledged only once written.
   */
  commit(
    commitId: string,
    writes: readonly Write[],
    preconditions: readonly Precondition[],
    authorize: WriteAuthorizer | null,
  ): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.waiting.push({ commitId, writes, preconditions, authorize, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private readonly waiting: PendingCommit[] = [];
  /**
   * Recent changes, oldest first, for listeners that resume after a dropped connection. Kept in
   * memory: after a restart a resuming listener gets the current state instead.
   */
  private readonly changeLog: { seq: number; path: string; doc: StoredDoc | undefined }[] = [];
  private changeLogFloor = 0;
  private flushing = false;

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0, 200);
        await this.applyGroup(group);
      }
    } finally {
      this.flushing = false;
    }
  }

  private async applyGroup(group: readonly PendingCommit[]): Promise<void> {
    const now = this.clock();
    // State as the group's accepted commits leave it, on top of the committed state.
    const overlay = new Map<string, { data: DocData | null; version: number }>();
    const current = (path: string): { data: DocData | undefined; version: number } => {
      const o = overlay.get(path);
      if (o) return { data: o.data ?? undefined, version: o.data === null ? 0 : o.version };
      const d = this.docs.get(path);
      return { data: d?.data, version: d?.version ?? 0 };
    };
    const accepted: { pending: PendingCommit; record: CommitRecord }[] = [];
    const duplicates: { pending: PendingCommit; seq: number }[] = [];
    const seenInGroup = new Map<string, number>();
    let seq = this.seqValue;

    for (const pending of group) {
      const applied =
        this.appliedCommits.get(pending.commitId)?.seq ?? seenInGroup.get(pending.commitId);
      if (applied !== undefined) {
        duplicates.push({ pending, seq: applied });
        continue;
      }
      try {
        const staged = this.stage(pending, now, current);
        seq += 1;
        const docs = [...staged].map(([path, data]) => ({
          path,
          collection: parentCollection(path),
          id: docId(path),
          data,
        }));
        for (const doc of docs) overlay.set(doc.path, { data: doc.data, version: seq });
        seenInGroup.set(pending.commitId, seq);
        accepted.push({ pending, record: { seq, commitId: pending.commitId, at: now, docs } });
      } catch (err) {
        pending.reject(err);
      }
    }

    if (accepted.length > 0) {
      try {
        await this.db.writeCommits(accepted.map((a) => a.record));
      } catch (err) {
        const failure = new PortError(
          'unavailable',
          `The store could not write: ${(err as Error).message}`,
        );
        for (const a of accepted) a.pending.reject(failure);
        for (const d of duplicates)
          if (seenInGroup.has(d.pending.commitId)) d.pending.reject(failure);
        return;
      }
    }

    for (const { pending, record } of accepted) {
      this.seqValue = record.seq;
      this.appliedCommits.set(record.commitId, { seq: record.seq, at: now });
      const changes: ChangedDoc[] = [];
      for (const doc of record.docs) {
        const before = this.docs.get(doc.path);
        let after: StoredDoc | undefined;
        if (doc.data === null) {
          this.unindex(doc.path, doc.collection, doc.id);
        } else {
          after = { path: doc.path, id: doc.id, data: doc.data, version: record.seq };
          this.index(after);
        }
        changes.push({ path: doc.path, collection: doc.collection, before, after });
        this.changeLog.push({ seq: record.seq, path: doc.path, doc: after });
      }
      this.trimChangeLog();
      for (const listener of this.listeners) listener(record.seq, changes);
      pending.resolve(record.seq);
    }
    for (const d of duplicates) d.pending.resolve(d.seq);
  }

  /** Checks one commit against the state before it and returns the documents it leaves. */
  private stage(
    pending: PendingCommit,
    now: number,
    current: (path: string) => { data: DocData | undefined; version: number },
  ): Map<string, DocData | null> {
    const { writes, preconditions, authorize } = pending;
    if (writes.length === 0) throw new PortError('invalid-argument', 'A commit needs writes');
    if (writes.length > MAX_WRITES_PER_COMMIT) {
      throw new PortError('invalid-argument', `At most ${MAX_WRITES_PER_COMMIT} writes a commit`);
    }
    for (const pre of preconditions) assertUnchanged(pre, current(pre.path).version);
    const staged = new Map<string, DocData | null>();
    for (const write of writes) {
      assertDocPath(write.path);
      const before = staged.has(write.path)
        ? (staged.get(write.path) ?? undefined)
        : current(write.path).data;
      staged.set(write.path, applyWrite(before, write, now));
    }
    if (authorize) {
      const readBefore = (p: string): DocData | undefined => current(p).data;
      const readAfter = (p: string): DocData | undefined =>
        staged.has(p) ? (staged.get(p) ?? undefined) : readBefore(p);
      for (const [path, after] of staged) {
        const before = current(path).data;
        const op: WriteOperation =
          after === null ? 'delete' : before === undefined ? 'create' : 'update';
        authorize(op, path, before, after ?? undefined, readBefore, readAfter);
      }
    }
    return staged;
  }

  /**
   * Ends a transaction that wrote nothing: throws aborted unless every document read is still at
   * the version read. `assertRead` sees each document first, so a caller who may not read one
   * learns nothing of its version.
   */
  verifyReads(
    preconditions: readonly Precondition[],
    assertRead: (path: string, data: DocData | undefined) => void,
  ): void {
    for (const pre of preconditions) {
      const doc = this.get(pre.path);
      assertRead(pre.path, doc?.data);
      assertUnchanged(pre, doc?.version ?? 0);
    }
  }

  /**
   * Changes of one document after `seq`, oldest first; null when the log does not reach back
   * that far.
   */
  changesSince(path: string, seq: number): { seq: number; doc: StoredDoc | undefined }[] | null {
    if (seq < this.changeLogFloor) return null;
    return this.changeLog.filter((c) => c.path === path && c.seq > seq);
  }

  private trimChangeLog(): void {
    const excess = this.changeLog.length - CHANGE_LOG_KEEP;
    if (excess <= 0) return;
    const dropped = this.changeLog.splice(0, excess);
    this.changeLogFloor = dropped[dropped.length - 1]?.seq ?? this.changeLogFloor;
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
