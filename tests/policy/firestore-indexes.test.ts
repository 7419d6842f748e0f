/**
 * `firestore.indexes.json` holds the composite index of every query the app and the functions
 * run. The emulator (and so every other test) serves queries without composite indexes; in
 * production such a query fails. The queries come from the code itself (query-scan.ts), the
 * rules for what needs an index from composite-indexes.ts.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  asIndexEntry,
  describeIndex,
  requirement,
  servingIndexes,
  type CompositeIndex,
  type IndexFile,
  type QueryShape,
} from './composite-indexes';
import { scanQueries, type ScanResult } from './query-scan';

const root = fileURLToPath(new URL('../..', import.meta.url));
const indexFile = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../firestore.indexes.json', import.meta.url)), 'utf8'),
) as IndexFile;

/** The queries whose index the file lacks, as messages. */
function missingIndexes(file: IndexFile, queries: readonly QueryShape[]): string[] {
  const missing: string[] = [];
  for (const q of queries) {
    const req = requirement(q);
    if (req === null) continue;
    if (q.collectionGroup === '?') {
      missing.push(`${q.source}: needs a composite index, but its collection cannot be read`);
    } else if (servingIndexes(file, req) === undefined) {
      missing.push(`${q.source}: needs ${JSON.stringify(asIndexEntry(req))}`);
    }
  }
  return [...new Set(missing)];
}

describe('composite index rules', () => {
  const q = (
    where: QueryShape['where'],
    orderBy: QueryShape['orderBy'] = [],
    collectionGroup = 'games',
  ): QueryShape => ({ collectionGroup, where, orderBy, source: 'test' });
  const index = (...fields: CompositeIndex['fields']): CompositeIndex => ({
    collectionGroup: 'games',
    queryScope: 'COLLECTION',
    fields,
  });

  it('needs nothing for one field, or for equality filters with no order', () => {
    expect(requirement(q([{ field: 'creator', op: '==' }]))).toBeNull();
    expect(
      requirement(q([{ field: 'week', op: '>' }], [{ field: 'week', direction: 'desc' }])),
    ).toBeNull();
    expect(requirement(q([{ field: 'players', op: 'array-contains' }]))).toBeNull();
    expect(
      requirement(
        q([
          { field: 'creator', op: '==' },
          { field: 'archived', op: 'in' },
        ]),
      ),
    ).toBeNull();
  });

  it('needs equality fields, then the order, for an ordered or ranged query', () => {
    const req = requirement(
      q([{ field: 'creator', op: '==' }], [{ field: 'created_at', direction: 'desc' }]),
    );
    expect(req && asIndexEntry(req).fields).toEqual([
      { fieldPath: 'creator', order: 'ASCENDING' },
      { fieldPath: 'created_at', order: 'DESCENDING' },
    ]);
    const range = requirement(
      q([
        { field: 'team', op: '==' },
        { field: 'week', op: '>=' },
      ]),
    );
    expect(range && asIndexEntry(range).fields).toEqual([
      { fieldPath: 'team', order: 'ASCENDING' },
      { fieldPath: 'week', order: 'ASCENDING' },
    ]);
    const contains = requirement(
      q([
        { field: 'players', op: 'array-contains' },
        { field: 'deleted', op: '==' },
      ]),
    );
    expect(contains && asIndexEntry(contains).fields).toEqual([
      { fieldPath: 'players', arrayConfig: 'CONTAINS' },
      { fieldPath: 'deleted', order: 'ASCENDING' },
    ]);
    const twoOrders = requirement(
      q(
        [],
        [
          { field: 'week', direction: 'asc' },
          { field: 'name', direction: 'asc' },
        ],
      ),
    );
    expect(twoOrders).not.toBeNull();
  });

  it('matches equality fields in any order, the order exactly, and merges equality indexes', () => {
    const req = requirement(
      q(
        [
          { field: 'creator', op: '==' },
          { field: 'deleted', op: '==' },
        ],
        [{ field: 'created_at', direction: 'desc' }],
      ),
    );
    if (req === null) throw new Error('an index is needed');
    const file = (...indexes: CompositeIndex[]): IndexFile => ({ indexes });
    const desc = { fieldPath: 'created_at', order: 'DESCENDING' } as const;
    const asc = { fieldPath: 'created_at', order: 'ASCENDING' } as const;
    const creator = { fieldPath: 'creator', order: 'ASCENDING' } as const;
    const deleted = { fieldPath: 'deleted', order: 'DESCENDING' } as const;
    expect(servingIndexes(file(index(deleted, creator, desc)), req)).toHaveLength(1);
    expect(servingIndexes(file(index(creator, deleted, asc)), req)).toBeUndefined();
    expect(servingIndexes(file(index(creator, desc)), req)).toBeUndefined();
    expect(servingIndexes(file(index(creator, desc), index(deleted, desc)), req)).toHaveLength(2);
    expect(
      servingIndexes(file({ ...index(creator, deleted, desc), collectionGroup: 'sessions' }), req),
    ).toBeUndefined();
  });
});

describe('the query scan', () => {
  it('reads literal queries and reports those it cannot read', () => {
    const scan = scanQueries(root, ['tests/policy/query-scan-fixture']);
    expect(scan.queries.map((q) => q.where.map((w) => w.field).join())).toEqual([
      'creator',
      'team',
    ]);
    expect(scan.unaccounted).toEqual([
      expect.stringMatching(/queries\.ts:\d+: a list that is not an array literal/),
      expect.stringMatching(/queries\.ts:\d+: 'field' is not a literal/),
      expect.stringMatching(/queries\.ts:\d+: a query built in a way the scan cannot read/),
      expect.stringMatching(/queries\.ts:\d+: a Firestore SDK query outside the port adapters/),
    ]);
  }, 120_000);
});

describe('firestore.indexes.json against the queries of src/ and functions/src/', () => {
  let scan: ScanResult;
  beforeAll(() => {
    scan = scanQueries(root);
  }, 240_000);

  it('accounts for every query the code builds', () => {
    expect(scan.unaccounted).toEqual([]);
    // The scan sees the queries it should: the games list by creator or team among them.
    expect(scan.literals).toBeGreaterThanOrEqual(10);
    const gamesPage = scan.queries.filter(
      (q) => q.collectionGroup === 'games' && q.orderBy.some((o) => o.field === 'created_at'),
    );
    expect(gamesPage.map((q) => q.where[0]?.field).sort()).toEqual(['creator', 'team']);
  });

  it('holds the composite index each query needs', () => {
    expect(missingIndexes(indexFile, scan.queries)).toEqual([]);
  });

  it('fails for each needed index taken out of the file', () => {
    const needed = new Set<CompositeIndex>();
    for (const q of scan.queries) {
      const req = requirement(q);
      for (const index of (req && servingIndexes(indexFile, req)) ?? []) needed.add(index);
    }
    expect(needed.size).toBeGreaterThan(0);
    for (const index of needed) {
      const without = { ...indexFile, indexes: indexFile.indexes.filter((i) => i !== index) };
      expect(missingIndexes(without, scan.queries), describeIndex(index)).not.toEqual([]);
    }
  });

  it('has no single-field override that could take away an automatic index', () => {
    expect(indexFile.fieldOverrides ?? []).toEqual([]);
  });

  it('lists the indexes no query needs (a report, not a failure)', () => {
    const used = new Set<CompositeIndex>();
    for (const q of scan.queries) {
      const req = requirement(q);
      for (const index of (req && servingIndexes(indexFile, req)) ?? []) used.add(index);
    }
    const unused = indexFile.indexes.filter((i) => !used.has(i)).map(describeIndex);
    if (unused.length > 0) {
      console.log(`indexes: ${unused.length} no query needs:\n  ${unused.join('\n  ')}`);
    }
    expect(used.size + unused.length).toBe(indexFile.indexes.length);
  });
});
