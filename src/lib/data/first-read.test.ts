/**
 * A page's first reads (decision 0029): REST values read back as the SDK adapter gives them,
 * queries a plain read can answer, what answers null, and when the SDKs may download. The same
 * reads against the Firestore emulator under the rules: tests/contract/first-read.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFirstReads, structuredQuery } from '@/lib/data/first-read';
import { restFieldsToPort, timestampToMillis } from '@/lib/data/rest-values';

const DOCS = 'https://firestore.test/v1/projects/demo-p/databases/(default)/documents';

function reply(status: number, body: unknown): Response {
  return new Response(status === 404 ? '{}' : JSON.stringify(body), { status });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('REST values', () => {
  it('reads every value type as the SDK adapter does', () => {
    const data = restFieldsToPort({
      n: { integerValue: '42' },
      d: { doubleValue: 2.5 },
      inf: { doubleValue: 'Infinity' },
      t: { timestampValue: '2026-01-01T00:00:00.123999Z' },
      whole: { timestampValue: '2026-01-01T00:00:01Z' },
      s: { stringValue: 'Détaillant' },
      b: { booleanValue: true },
      nil: { nullValue: null },
      bytes: { bytesValue: 'AQID' },
      ref: { referenceValue: 'projects/demo-p/databases/(default)/documents/games/g1' },
      list: { arrayValue: { values: [{ integerValue: '1' }, { stringValue: 'x' }] } },
      empty: { arrayValue: {} },
      map: { mapValue: { fields: { inner: { mapValue: {} } } } },
    });
    expect(data).toEqual({
      n: 42,
      d: 2.5,
      inf: Number.POSITIVE_INFINITY,
      t: Date.UTC(2026, 0, 1) + 123.999,
      whole: Date.UTC(2026, 0, 1) + 1000,
      s: 'Détaillant',
      b: true,
      nil: null,
      bytes: new Uint8Array([1, 2, 3]),
      ref: 'games/g1',
      list: [1, 'x'],
      empty: [],
      map: { inner: {} },
    });
  });

  it('keeps a hostile key as a plain key, never as the prototype', () => {
    const data = restFieldsToPort({
      ['__proto__']: { mapValue: { fields: { admin: { booleanValue: true } } } },
    });
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.hasOwn(data, '__proto__')).toBe(true);
    expect((data as { admin?: unknown }).admin).toBeUndefined();
  });

  it('keeps sub-millisecond digits as the SDK does, and reads zones', () => {
    expect(timestampToMillis('1970-01-01T00:00:00.0019Z')).toBe(1.9);
    expect(timestampToMillis('1970-01-01T01:00:00+01:00')).toBe(0);
    expect(timestampToMillis('not a time')).toBeNaN();
  });
});

describe('queries a plain read answers', () => {
  it('sends equality and range filters, order and limit', () => {
    expect(
      structuredQuery({
        collection: 'games/g1/messages',
        where: [
          { field: 'to', op: '==', value: 'all' },
          { field: 'week', op: '>=', value: 3 },
        ],
        orderBy: [{ field: 'week', direction: 'desc' }],
        limit: 5,
      }),
    ).toEqual({
      parent: 'games/g1',
      query: {
        from: [{ collectionId: 'messages' }],
        where: {
          compositeFilter: {
            op: 'AND',
            filters: [
              {
                fieldFilter: {
                  field: { fieldPath: 'to' },
                  op: 'EQUAL',
                  value: { stringValue: 'all' },
                },
              },
              {
                fieldFilter: {
                  field: { fieldPath: 'week' },
                  op: 'GREATER_THAN_OR_EQUAL',
                  value: { integerValue: '3' },
                },
              },
            ],
          },
        },
        orderBy: [{ field: { fieldPath: 'week' }, direction: 'DESCENDING' }],
        limit: 5,
      },
    });
  });

  it('leaves to the SDK what it does not answer', () => {
    expect(structuredQuery({ collection: 'games', startAfter: [1] })).toBeNull();
    expect(structuredQuery({ collection: 'games/g1' })).toBeNull();
    // A field name the REST API would need quoted.
    expect(
      structuredQuery({ collection: 'games', where: [{ field: 'a-b', op: '==', value: 1 }] }),
    ).toBeNull();
    expect(structuredQuery({ collection: 'games', orderBy: [{ field: 'x.1y' }] })).toBeNull();
    expect(structuredQuery({ collection: 'games//x' })).toBeNull();
    expect(
      structuredQuery({
        collection: 'games',
        where: [{ field: 'at', op: '>', value: new Date() }],
      }),
    ).toBeNull();
  });
});

describe('first reads', () => {
  it('reads a document with the stored token, once for the page’s listeners and its prefetch', async () => {
    const fetch = vi.fn(async () =>
      reply(200, [
        {
          found: {
            name: `projects/demo-p/databases/(default)/documents/games/g1`,
            fields: { week: { integerValue: '3' } },
          },
          readTime: '2026-01-01T00:00:00Z',
        },
      ]),
    );
    const reads = createFirstReads({
      origin: 'https://firestore.test',
      projectId: 'demo-p',
      idToken: async () => 'token-1',
      fetch,
    });
    reads.prefetchDoc('games/g1');
    const [a, b] = await Promise.all([reads.readDoc('games/g1'), reads.readDoc('games/g1')]);
    expect(a).toEqual({ id: 'g1', path: 'games/g1', exists: true, data: { week: 3 } });
    expect(b).toBe(a);
    // A listener that comes once it was answered (the play screen's, after the game page's).
    expect(await reads.readDoc('games/g1')).toBe(a);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    // One address for every document: the browser's preflight is asked once.
    expect(url).toBe(`${DOCS}:batchGet`);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({
      Authorization: 'Bearer token-1',
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(String(init.body))).toEqual({
      documents: ['projects/demo-p/databases/(default)/documents/games/g1'],
    });
  });

  it('tells a missing document from a token holder’s batch read', async () => {
    const fetch = vi.fn(async () =>
      reply(200, [{ missing: 'projects/demo-p/databases/(default)/documents/users/u1' }]),
    );
    const reads = createFirstReads({
      origin: 'https://firestore.test',
      projectId: 'demo-p',
      idToken: async () => 't',
      fetch,
    });
    expect(await reads.readDoc('users/u1')).toEqual({
      id: 'u1',
      path: 'users/u1',
      exists: false,
      data: undefined,
    });
  });

  it('tells a missing document, and answers null when refused, failing or malformed', async () => {
    const answers = [reply(404, null), reply(403, {}), new Error('offline')];
    const fetch = vi.fn(async () => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next as Response;
    });
    const reads = createFirstReads({
      origin: 'https://firestore.test',
      projectId: 'demo-p',
      idToken: async () => null,
      fetch,
    });
    expect(await reads.readDoc('games/gone')).toEqual({
      id: 'gone',
      path: 'games/gone',
      exists: false,
      data: undefined,
    });
    expect(await reads.readDoc('games/secret/facilities/f1')).toBeNull();
    expect(await reads.readDoc('games/g2')).toBeNull();
    expect(await reads.readDoc('games')).toBeNull();
    expect(await reads.readDoc('games//x')).toBeNull();
    // A visitor's read carries no token: a simple request, without a preflight.
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${DOCS}/games/gone`);
    expect(init.method).toBe('GET');
    expect(init.headers).toEqual({});
    expect(fetch).toHaveBeenCalledTimes(3);
    // A read that could not answer is asked again; one that did is not.
    answers.push(
      reply(200, {
        name: 'projects/demo-p/databases/(default)/documents/games/g2',
        fields: { week: { integerValue: '2' } },
      }),
    );
    expect((await reads.readDoc('games/g2'))?.data).toEqual({ week: 2 });
    expect((await reads.readDoc('games/gone'))?.exists).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(4);
    // What the page read: the documents that had an answer, missing ones included.
    expect(reads.answeredPaths()).toEqual(['games/gone', 'games/g2']);
  });

  it('runs a query under its parent, and answers nothing once ended', async () => {
    const fetch = vi.fn(async () =>
      reply(200, [
        {
          document: {
            name: 'projects/demo-p/databases/(default)/documents/games/g1/messages/m1',
            fields: {},
          },
        },
        { readTime: '2026-01-01T00:00:00Z' },
      ]),
    );
    const reads = createFirstReads({
      origin: 'https://firestore.test',
      projectId: 'demo-p',
      idToken: async () => 't',
      fetch,
    });
    const docs = await reads.readQuery({ collection: 'games/g1/messages' });
    expect(docs).toEqual([{ id: 'm1', path: 'games/g1/messages/m1', exists: true, data: {} }]);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${DOCS}/games/g1:runQuery`);
    expect(JSON.parse(String(init.body))).toEqual({
      structuredQuery: { from: [{ collectionId: 'messages' }] },
    });
    reads.end();
    expect(await reads.readQuery({ collection: 'games/g1/messages' })).toBeNull();
    expect(await reads.readDoc('games/g1')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('lets the SDKs download once the reads are quiet, or at the latest after the hold', async () => {
    vi.useFakeTimers();
    let answer: (r: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const reads = createFirstReads({
      origin: 'https://firestore.test',
      projectId: 'demo-p',
      idToken: async () => null,
      fetch,
      quietMs: 100,
      maxHoldMs: 5000,
    });
    let settled = false;
    void reads.settled().then(() => (settled = true));
    const read = reads.readDoc('games/g1');
    await vi.advanceTimersByTimeAsync(1000);
    expect(settled).toBe(false);
    answer(reply(404, null));
    await read;
    await vi.advanceTimersByTimeAsync(50);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    expect(settled).toBe(true);

    const held = createFirstReads({
      origin: 'https://firestore.test',
      projectId: 'demo-p',
      idToken: async () => null,
      fetch: vi.fn(() => new Promise<Response>(() => undefined)),
      quietMs: 100,
      maxHoldMs: 5000,
    });
    let heldSettled = false;
    void held.settled().then(() => (heldSettled = true));
    void held.readDoc('games/g1');
    await vi.advanceTimersByTimeAsync(4900);
    expect(heldSettled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(heldSettled).toBe(true);
  });
});
