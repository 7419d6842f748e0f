/**
 * Durable storage of the local document store: documents as JSON rows in embedded PGlite, the
 * ids of applied commits (idempotent retries), and file metadata. A commit returns only after
 * PGlite has written it.
 *
 * Documents are `json`, not `jsonb`: Firestore stores strings (and field names) holding U+0000,
 * which `jsonb` refuses ("unsupported Unicode escape sequence"); `json` keeps the text as given,
 * and each document travels to it as JSON text inside a string, so nothing unescapes it on the
 * way.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { DocData } from '@sim/core/port/data-port';

export interface DocRow {
  readonly path: string;
  readonly collection: string;
  readonly id: string;
  readonly data: DocData;
  readonly version: number;
}

export interface CommitRecord {
  readonly seq: number;
  readonly commitId: string;
  readonly at: number;
  /** Final state of each written document; null when deleted. */
  readonly docs: readonly { path: string; collection: string; id: string; data: DocData | null }[];
}

export interface FileMeta {
  readonly path: string;
  readonly contentType: string;
  readonly size: number;
  readonly updatedAt: number;
}

export class Database {
  private constructor(private readonly pg: PGlite) {}

  /** Opens (or creates) the database; `dataDir` undefined keeps it in memory (tests). */
  static async open(dataDir: string | undefined): Promise<Database> {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    const pg = dataDir ? new PGlite(dataDir) : new PGlite();
    await pg.waitReady;
    await pg.exec(`
      CREATE TABLE IF NOT EXISTS docs (
        path text PRIMARY KEY,
        collection text NOT NULL,
        id text NOT NULL,
        data json NOT NULL,
        version bigint NOT NULL
      );
      -- Documents are rewritten whole on every change: compressing them costs more than it saves.
      ALTER TABLE docs ALTER COLUMN data SET STORAGE EXTERNAL;
      CREATE TABLE IF NOT EXISTS commits (
        commit_id text PRIMARY KEY,
        seq bigint NOT NULL,
        at bigint NOT NULL
      );
      CREATE TABLE IF NOT EXISTS files (
        path text PRIMARY KEY,
        content_type text NOT NULL,
        size bigint NOT NULL,
        updated_at bigint NOT NULL
      );
    `);
    await migrateDocsToJson(pg);
    return new Database(pg);
  }

  async loadDocs(): Promise<DocRow[]> {
    const res = await this.pg.query<{
      path: string;
      collection: string;
      id: string;
      data: DocData;
      version: string | number;
    }>('SELECT path, collection, id, data, version FROM docs');
    return res.rows.map((r) => ({ ...r, version: Number(r.version) }));
  }

  async lastSeq(): Promise<number> {
    const res = await this.pg.query<{ s: string | number | null }>(
      'SELECT GREATEST((SELECT max(version) FROM docs), (SELECT max(seq) FROM commits)) AS s',
    );
    return Number(res.rows[0]?.s ?? 0);
  }

  async loadCommitIds(since: number): Promise<Map<string, number>> {
    const res = await this.pg.query<{ commit_id: string; seq: string | number }>(
      'SELECT commit_id, seq FROM commits WHERE at >= $1',
      [since],
    );
    return new Map(res.rows.map((r) => [r.commit_id, Number(r.seq)]));
  }

  /**
   * Writes a group of commits in one statement (so it is atomic without a transaction block,
   * which costs several round trips in PGlite): the final state of each document and the
   * commit ids.
   */
  async writeCommits(commits: readonly CommitRecord[]): Promise<void> {
    const finalState = new Map<
      string,
      { collection: string; id: string; data: DocData | null; version: number }
    >();
    for (const commit of commits) {
      for (const doc of commit.docs) finalState.set(doc.path, { ...doc, version: commit.seq });
    }
    const upserts = [...finalState]
      .filter(([, d]) => d.data !== null)
      .map(([path, d]) => ({
        path,
        collection: d.collection,
        id: d.id,
        // JSON text in a string: the recordset below unescapes the string, not the document.
        data: JSON.stringify(d.data),
        version: d.version,
      }));
    const deletes = [...finalState].filter(([, d]) => d.data === null).map(([path]) => path);
    const ids = commits.map((c) => ({ commit_id: c.commitId, seq: c.seq, at: c.at }));
    await this.pg.query(
      `WITH
         up AS (
           INSERT INTO docs (path, collection, id, data, version)
           SELECT path, collection, id, data::json, version
           FROM jsonb_to_recordset($1::jsonb) AS x(path text, collection text, id text, data text, version bigint)
           ON CONFLICT (path) DO UPDATE SET data = EXCLUDED.data, version = EXCLUDED.version
         ),
         del AS (DELETE FROM docs WHERE path = ANY($2::text[]))
       INSERT INTO commits (commit_id, seq, at)
       SELECT commit_id, seq, at FROM jsonb_to_recordset($3::jsonb) AS z(commit_id text, seq bigint, at bigint)`,
      [JSON.stringify(upserts), deletes, JSON.stringify(ids)],
    );
  }

  /** Drops commit ids nobody can still retry. */
  async prune(commitIdsBefore: number): Promise<void> {
    await this.pg.query('DELETE FROM commits WHERE at < $1', [commitIdsBefore]);
  }

  async putFile(meta: FileMeta): Promise<void> {
    await this.pg.query(
      `INSERT INTO files (path, content_type, size, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (path) DO UPDATE SET content_type = EXCLUDED.content_type, size = EXCLUDED.size, updated_at = EXCLUDED.updated_at`,
      [meta.path, meta.contentType, meta.size, meta.updatedAt],
    );
  }

  async getFile(path: string): Promise<FileMeta | undefined> {
    const res = await this.pg.query<{
      path: string;
      content_type: string;
      size: string | number;
      updated_at: string | number;
    }>('SELECT path, content_type, size, updated_at FROM files WHERE path = $1', [path]);
    const row = res.rows[0];
    return row
      ? {
          path: row.path,
          contentType: row.content_type,
          size: Number(row.size),
          updatedAt: Number(row.updated_at),
        }
      : undefined;
  }

  async deleteFile(path: string): Promise<void> {
    await this.pg.query('DELETE FROM files WHERE path = $1', [path]);
  }

  async close(): Promise<void> {
    await this.pg.close();
  }
}

/** Data folders made before documents were `json` hold them as `jsonb`; convert them once. */
async function migrateDocsToJson(pg: PGlite): Promise<void> {
  const res = await pg.query<{ data_type: string }>(
    `SELECT data_type FROM information_schema.columns WHERE table_name = 'docs' AND column_name = 'data'`,
  );
  if (res.rows[0]?.data_type === 'jsonb') {
    await pg.exec(`
      ALTER TABLE docs ALTER COLUMN data TYPE json USING data::json;
      ALTER TABLE docs ALTER COLUMN data SET STORAGE EXTERNAL;
    `);
  }
}
