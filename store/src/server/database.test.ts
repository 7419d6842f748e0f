import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocData } from '@sim/core/port/data-port';
import { Database } from './database';

const NUL = '\u0000';
/** U+0000 in a value, a field name, a nested map and a list, as Firestore stores them. */
const withNul: DocData = {
  name: `a${NUL}b`,
  [`key${NUL}`]: 1,
  nested: { [`m${NUL}`]: `${NUL}` },
  list: [`x${NUL}`, NUL],
};

let dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  dirs = [];
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'store-db-'));
  dirs.push(dir);
  return dir;
}

function commitOf(seq: number, path: string, data: DocData) {
  const id = path.slice(path.lastIndexOf('/') + 1);
  const collection = path.slice(0, path.lastIndexOf('/'));
  return { seq, commitId: `c${seq}`, at: seq, docs: [{ path, collection, id, data }] };
}

// Creating a PGlite data folder takes seconds on a busy machine.
describe('Database', { timeout: 60_000 }, () => {
  it('writes and reloads strings and field names holding U+0000 exactly', async () => {
    const dir = await tempDir();
    const db = await Database.open(dir);
    await db.writeCommits([commitOf(1, 'games/g1', withNul)]);
    await db.close();
    const again = await Database.open(dir);
    const [row] = await again.loadDocs();
    expect(row?.data).toEqual(withNul);
    await again.close();
  });

  it('converts a data folder that stored documents as jsonb, keeping them', async () => {
    const dir = await tempDir();
    // The schema of folders made before documents were json.
    const old = new PGlite(dir);
    await old.exec(`
      CREATE TABLE docs (path text PRIMARY KEY, collection text NOT NULL, id text NOT NULL,
        data jsonb NOT NULL, version bigint NOT NULL);
      INSERT INTO docs VALUES ('games/g1', 'games', 'g1', '{"name":"Kept","week":3}', 1);
    `);
    await old.close();

    const db = await Database.open(dir);
    expect((await db.loadDocs()).map((r) => r.data)).toEqual([{ name: 'Kept', week: 3 }]);
    await db.writeCommits([commitOf(2, 'games/g2', withNul)]);
    const rows = await db.loadDocs();
    expect(rows.find((r) => r.path === 'games/g2')?.data).toEqual(withNul);
    await db.close();
  });
});
