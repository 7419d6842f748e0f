/**
 * The contract every adapter of the data port must meet. Each case names the behaviour it
 * pins down; the same cases run against the local store and, when reachable, the Firestore
 * emulator. Every case works in collections of its own, so cases never see each other's data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataPort, DocSnapshot, QuerySnapshot, QuerySpec } from '@sim/core/port/data-port';
import { PortError } from '@sim/core/port/data-port';
import {
  arrayRemove,
  arrayUnion,
  deleteField,
  increment,
  serverTimestamp,
} from '@sim/core/port/field-values';

export interface ContractBackend {
  /** Two independent clients of the same backend, both with full rights. */
  readonly port: DataPort;
  readonly other: DataPort;
  close(): Promise<void>;
}

let counter = 0;
function uniqueCollection(name: string): string {
  counter += 1;
  return `contract_${name}_${Date.now().toString(36)}_${counter}`;
}

/** Resolves when `predicate` holds for a value pushed to `values`, or fails after `ms`. */
function waitFor<T>(values: T[], predicate: (all: T[]) => boolean, ms = 3000): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = (): void => {
      if (predicate(values)) resolve(values);
      else if (Date.now() - started > ms)
        reject(new Error(`timed out; saw ${JSON.stringify(values)}`));
      else setTimeout(tick, 5);
    };
    tick();
  });
}

async function expectCode(promise: Promise<unknown>, code: string): Promise<void> {
  await expect(promise).rejects.toSatisfy(
    (err: unknown) => err instanceof PortError && err.code === code,
  );
}

export interface ContractOptions {
  /** Whether this backend serves files (the Firestore leg needs the Storage emulator too). */
  readonly files: boolean;
}

export function definePortContract(
  label: string,
  open: () => Promise<ContractBackend>,
  options: ContractOptions,
): void {
  describe(`data port contract: ${label}`, () => {
    let backend: ContractBackend;
    let port: DataPort;
    beforeAll(async () => {
      if (!options.files) {
        console.log(`contract (${label}): file cases not run (no file storage reachable)`);
      }
      backend = await open();
      port = backend.port;
    });
    afterAll(async () => {
      await backend?.close();
    });

    describe('documents', () => {
      it('get of a missing document says it does not exist', async () => {
        const c = uniqueCollection('missing');
        const snap = await port.docs.get(`${c}/nope`);
        expect(snap).toMatchObject({ id: 'nope', path: `${c}/nope`, exists: false });
        expect(snap.data).toBeUndefined();
      });

      it('set then get returns the same data', async () => {
        const c = uniqueCollection('set');
        const data = {
          name: 'Game',
          week: 3,
          flags: { draft: false },
          players: ['a', 'b'],
          none: null,
        };
        await port.docs.set(`${c}/g1`, data);
        const snap = await port.docs.get(`${c}/g1`);
        expect(snap.exists).toBe(true);
        expect(snap.data).toEqual(data);
      });

      it('set without merge replaces the whole document', async () => {
        const c = uniqueCollection('replace');
        await port.docs.set(`${c}/d`, { a: 1, b: 2 });
        await port.docs.set(`${c}/d`, { c: 3 });
        expect((await port.docs.get(`${c}/d`)).data).toEqual({ c: 3 });
      });

      it('set with merge keeps other fields and merges nested maps', async () => {
        const c = uniqueCollection('merge');
        await port.docs.set(`${c}/d`, { a: 1, nested: { x: 1, y: 2 } });
        await port.docs.set(`${c}/d`, { b: 2, nested: { y: 3, z: 4 } }, { merge: true });
        expect((await port.docs.get(`${c}/d`)).data).toEqual({
          a: 1,
          b: 2,
          nested: { x: 1, y: 3, z: 4 },
        });
      });

      it('set with merge creates a missing document', async () => {
        const c = uniqueCollection('mergecreate');
        await port.docs.set(`${c}/d`, { a: 1 }, { merge: true });
        expect((await port.docs.get(`${c}/d`)).data).toEqual({ a: 1 });
      });

      it('add creates a document with a new 20-character id', async () => {
        const c = uniqueCollection('add');
        const id = await port.docs.add(c, { v: 1 });
        expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
        expect((await port.docs.get(`${c}/${id}`)).data).toEqual({ v: 1 });
      });

      it('newId gives distinct ids', () => {
        const ids = new Set(Array.from({ length: 200 }, () => port.docs.newId()));
        expect(ids.size).toBe(200);
      });

      it('update with a dotted path changes only that nested field', async () => {
        const c = uniqueCollection('dotted');
        await port.docs.set(`${c}/g`, {
          facilities: { f1: { stock: 12, validated: false }, f2: { stock: 5 } },
        });
        await port.docs.update(`${c}/g`, { 'facilities.f1.validated': true, week: 2 });
        expect((await port.docs.get(`${c}/g`)).data).toEqual({
          facilities: { f1: { stock: 12, validated: true }, f2: { stock: 5 } },
          week: 2,
        });
      });

      it('update of a missing document fails with not-found and creates nothing', async () => {
        const c = uniqueCollection('updmissing');
        await expectCode(port.docs.update(`${c}/d`, { a: 1 }), 'not-found');
        expect((await port.docs.get(`${c}/d`)).exists).toBe(false);
      });

      it('delete removes a document, and deleting a missing one succeeds', async () => {
        const c = uniqueCollection('delete');
        await port.docs.set(`${c}/d`, { a: 1 });
        await port.docs.delete(`${c}/d`);
        expect((await port.docs.get(`${c}/d`)).exists).toBe(false);
        await port.docs.delete(`${c}/never`);
      });

      it('subcollections are independent of their parent document', async () => {
        const c = uniqueCollection('sub');
        await port.docs.set(`${c}/g1/orders/o1`, { qty: 4 });
        expect((await port.docs.get(`${c}/g1`)).exists).toBe(false);
        expect((await port.docs.get(`${c}/g1/orders/o1`)).data).toEqual({ qty: 4 });
        const orders = await port.docs.query({ collection: `${c}/g1/orders` });
        expect(orders.map((d) => d.id)).toEqual(['o1']);
      });

      it('a malformed path is refused with invalid-argument', async () => {
        await expect(async () => port.docs.get('onlycollection')).rejects.toBeInstanceOf(Error);
      });
    });

    describe('field transforms', () => {
      it('serverTimestamp stores the commit time as epoch milliseconds', async () => {
        const c = uniqueCollection('ts');
        const before = Date.now();
        await port.docs.set(`${c}/d`, { at: serverTimestamp() });
        const at = (await port.docs.get(`${c}/d`)).data?.at;
        expect(typeof at).toBe('number');
        expect(at as number).toBeGreaterThanOrEqual(before - 2000);
        expect(at as number).toBeLessThanOrEqual(Date.now() + 2000);
      });

      it('increment adds to a number and starts a missing field from zero', async () => {
        const c = uniqueCollection('inc');
        await port.docs.set(`${c}/d`, { n: 5 });
        await port.docs.update(`${c}/d`, { n: increment(3), m: increment(2) });
        expect((await port.docs.get(`${c}/d`)).data).toEqual({ n: 8, m: 2 });
      });

      it('arrayUnion adds only values not present', async () => {
        const c = uniqueCollection('union');
        await port.docs.set(`${c}/d`, { players: ['a', 'b'] });
        await port.docs.update(`${c}/d`, { players: arrayUnion('b', 'c', 'c') });
        expect((await port.docs.get(`${c}/d`)).data?.players).toEqual(['a', 'b', 'c']);
      });

      it('arrayRemove removes every equal value', async () => {
        const c = uniqueCollection('remove');
        await port.docs.set(`${c}/d`, { xs: [1, 2, 1, 3] });
        await port.docs.update(`${c}/d`, { xs: arrayRemove(1) });
        expect((await port.docs.get(`${c}/d`)).data?.xs).toEqual([2, 3]);
      });

      it('deleteField removes a field in update and in merge set', async () => {
        const c = uniqueCollection('delfield');
        await port.docs.set(`${c}/d`, { a: 1, b: 2, c: { d: 1, e: 2 } });
        await port.docs.update(`${c}/d`, { a: deleteField(), 'c.d': deleteField() });
        await port.docs.set(`${c}/d`, { b: deleteField() }, { merge: true });
        expect((await port.docs.get(`${c}/d`)).data).toEqual({ c: { e: 2 } });
      });

      it('a transform works on a dotted path', async () => {
        const c = uniqueCollection('dottedinc');
        await port.docs.set(`${c}/g`, { facilities: { f1: { cost: 1.5 } } });
        await port.docs.update(`${c}/g`, { 'facilities.f1.cost': increment(0.5) });
        expect((await port.docs.get(`${c}/g`)).data).toEqual({ facilities: { f1: { cost: 2 } } });
      });
    });

    describe('values', () => {
      // Firestore's SDKs send a number as a 64-bit int only when it is a safe integer (and not
      // -0); larger whole numbers are doubles. Both read back as the same JS number and compare
      // on one number line.
      it('whole numbers beyond 2^53, up to 1e300, read back as written', async () => {
        const c = uniqueCollection('numbers');
        const data = {
          maxSafe: 2 ** 53 - 1,
          minSafe: -(2 ** 53 - 1),
          p53: 2 ** 53,
          p63: 2 ** 63,
          n63: -(2 ** 63),
          huge: 1e300,
          half: 0.5,
        };
        await port.docs.set(`${c}/d`, data);
        expect((await port.docs.get(`${c}/d`)).data).toEqual(data);
      });

      it('ints and whole doubles are one number line for filters and order', async () => {
        const c = uniqueCollection('numberline');
        const b = port.docs.batch();
        b.set(`${c}/a`, { n: 2 ** 53 - 1 });
        b.set(`${c}/b`, { n: 2 ** 53 });
        b.set(`${c}/c`, { n: 2 ** 63 });
        b.set(`${c}/d`, { n: 1e300 });
        b.set(`${c}/e`, { n: 3 });
        await b.commit();
        const ids = async (spec: Omit<QuerySpec, 'collection'>): Promise<string[]> =>
          (await port.docs.query({ collection: c, ...spec })).map((d) => d.id);
        expect(await ids({ where: [{ field: 'n', op: '==', value: 2 ** 53 }] })).toEqual(['b']);
        expect(await ids({ where: [{ field: 'n', op: '>', value: 2 ** 53 - 1 }] })).toEqual([
          'b',
          'c',
          'd',
        ]);
        expect(await ids({ where: [{ field: 'n', op: '<=', value: 2 ** 53 - 1 }] })).toEqual([
          'e',
          'a',
        ]);
        expect(await ids({ orderBy: [{ field: 'n', direction: 'desc' }] })).toEqual([
          'd',
          'c',
          'b',
          'a',
          'e',
        ]);
      });

      const NUL = '\u0000';

      it('strings and field names holding U+0000 are stored and returned exactly', async () => {
        const c = uniqueCollection('nul');
        const data = {
          name: `a${NUL}b`,
          [`key${NUL}`]: 1,
          nested: { [`m${NUL}`]: NUL },
          list: [`x${NUL}`, NUL],
        };
        await port.docs.set(`${c}/d`, data);
        expect((await port.docs.get(`${c}/d`)).data).toEqual(data);
        await port.docs.update(`${c}/d`, { [`nested.m${NUL}`]: `changed${NUL}` });
        expect((await port.docs.get(`${c}/d`)).data?.['nested']).toEqual({
          [`m${NUL}`]: `changed${NUL}`,
        });
      });

      it('queries match and order strings holding U+0000 as Firestore does', async () => {
        const c = uniqueCollection('nulquery');
        const b = port.docs.batch();
        b.set(`${c}/p`, { name: 'a', tags: ['a'] });
        b.set(`${c}/q`, { name: `a${NUL}`, tags: [`a${NUL}`] });
        b.set(`${c}/r`, { name: `a${NUL}b`, tags: [] });
        b.set(`${c}/s`, { name: 'a\u0001', tags: [] });
        await b.commit();
        const ids = async (spec: Omit<QuerySpec, 'collection'>): Promise<string[]> =>
          (await port.docs.query({ collection: c, ...spec })).map((d) => d.id);
        expect(await ids({ where: [{ field: 'name', op: '==', value: `a${NUL}` }] })).toEqual([
          'q',
        ]);
        expect(
          await ids({ where: [{ field: 'tags', op: 'array-contains', value: `a${NUL}` }] }),
        ).toEqual(['q']);
        expect(
          await ids({
            where: [
              { field: 'name', op: '>', value: 'a' },
              { field: 'name', op: '<', value: 'a\u0001' },
            ],
          }),
        ).toEqual(['q', 'r']);
        expect(await ids({ orderBy: [{ field: 'name' }] })).toEqual(['p', 'q', 'r', 's']);
      });

      it('strings compare by code point (UTF-8 order), not by UTF-16 unit', async () => {
        const c = uniqueCollection('codepoints');
        const b = port.docs.batch();
        // U+FFFD is one UTF-16 unit above the surrogate pair of U+1F600, but the smaller code point.
        b.set(`${c}/bmp`, { name: 'x\uFFFD' });
        b.set(`${c}/astral`, { name: 'x\u{1F600}' });
        b.set(`${c}/plain`, { name: 'xa' });
        await b.commit();
        const ids = async (spec: Omit<QuerySpec, 'collection'>): Promise<string[]> =>
          (await port.docs.query({ collection: c, ...spec })).map((d) => d.id);
        expect(await ids({ orderBy: [{ field: 'name' }] })).toEqual(['plain', 'bmp', 'astral']);
        expect(await ids({ where: [{ field: 'name', op: '>', value: 'x\uFFFD' }] })).toEqual([
          'astral',
        ]);
      });
    });

    describe('queries', () => {
      let c: string;
      beforeAll(async () => {
        c = uniqueCollection('query');
        const b = port.docs.batch();
        b.set(`${c}/a`, {
          creator: 'u1',
          week: 1,
          type: 'beergame',
          tags: ['x'],
          deleted: false,
          created: 10,
        });
        b.set(`${c}/b`, {
          creator: 'u1',
          week: 5,
          type: 'leangame',
          tags: ['x', 'y'],
          deleted: false,
          created: 20,
        });
        b.set(`${c}/c`, {
          creator: 'u2',
          week: 3,
          type: 'beergame',
          tags: [],
          deleted: true,
          created: 30,
        });
        b.set(`${c}/d`, {
          creator: 'u2',
          week: '7',
          type: 'beergame',
          deleted: false,
          created: 40,
        });
        b.set(`${c}/e`, { creator: 'u3', type: 'beergame', deleted: false, created: 50 });
        await b.commit();
      });
      const ids = (docs: DocSnapshot[]): string[] => docs.map((d) => d.id).sort();

      it('== matches equal values', async () => {
        expect(
          ids(
            await port.docs.query({
              collection: c,
              where: [{ field: 'creator', op: '==', value: 'u1' }],
            }),
          ),
        ).toEqual(['a', 'b']);
      });

      it('!= leaves out other values and documents without the field', async () => {
        expect(
          ids(
            await port.docs.query({
              collection: c,
              where: [{ field: 'week', op: '!=', value: 1 }],
            }),
          ),
        ).toEqual(['b', 'c', 'd']);
      });

      it('< and <= compare numbers', async () => {
        expect(
          ids(
            await port.docs.query({ collection: c, where: [{ field: 'week', op: '<', value: 3 }] }),
          ),
        ).toEqual(['a']);
        expect(
          ids(
            await port.docs.query({
              collection: c,
              where: [{ field: 'week', op: '<=', value: 3 }],
            }),
          ),
        ).toEqual(['a', 'c']);
      });

      it('> and >= compare numbers and ignore other types', async () => {
        expect(
          ids(
            await port.docs.query({ collection: c, where: [{ field: 'week', op: '>', value: 3 }] }),
          ),
        ).toEqual(['b']);
        expect(
          ids(
            await port.docs.query({
              collection: c,
              where: [{ field: 'week', op: '>=', value: 3 }],
            }),
          ),
        ).toEqual(['b', 'c']);
      });

      it('in matches any listed value', async () => {
        expect(
          ids(
            await port.docs.query({
              collection: c,
              where: [{ field: 'creator', op: 'in', value: ['u2', 'u3'] }],
            }),
          ),
        ).toEqual(['c', 'd', 'e']);
      });

      it('array-contains matches arrays holding the value', async () => {
        expect(
          ids(
            await port.docs.query({
              collection: c,
              where: [{ field: 'tags', op: 'array-contains', value: 'x' }],
            }),
          ),
        ).toEqual(['a', 'b']);
      });

      it('several filters are combined with and', async () => {
        const docs = await port.docs.query({
          collection: c,
          where: [
            { field: 'type', op: '==', value: 'beergame' },
            { field: 'deleted', op: '==', value: false },
          ],
        });
        expect(ids(docs)).toEqual(['a', 'd', 'e']);
      });

      it('orderBy sorts ascending and descending', async () => {
        const asc = await port.docs.query({ collection: c, orderBy: [{ field: 'created' }] });
        expect(asc.map((d) => d.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
        const desc = await port.docs.query({
          collection: c,
          orderBy: [{ field: 'created', direction: 'desc' }],
        });
        expect(desc.map((d) => d.id)).toEqual(['e', 'd', 'c', 'b', 'a']);
      });

      it('orderBy leaves out documents without the field', async () => {
        const docs = await port.docs.query({ collection: c, orderBy: [{ field: 'tags' }] });
        expect(ids(docs)).toEqual(['a', 'b', 'c']);
      });

      it('limit caps the result after ordering', async () => {
        const docs = await port.docs.query({
          collection: c,
          orderBy: [{ field: 'created', direction: 'desc' }],
          limit: 2,
        });
        expect(docs.map((d) => d.id)).toEqual(['e', 'd']);
      });

      it('filters, orderBy and limit combine (the games-list query)', async () => {
        const docs = await port.docs.query({
          collection: c,
          where: [
            { field: 'creator', op: 'in', value: ['u1', 'u2'] },
            { field: 'deleted', op: '==', value: false },
          ],
          orderBy: [{ field: 'created', direction: 'desc' }],
          limit: 2,
        });
        expect(docs.map((d) => d.id)).toEqual(['d', 'b']);
      });

      it('startAfter values resumes after the given position', async () => {
        const docs = await port.docs.query({
          collection: c,
          orderBy: [{ field: 'created' }],
          startAfter: [20],
        });
        expect(docs.map((d) => d.id)).toEqual(['c', 'd', 'e']);
      });

      it('startAfter a snapshot pages through ties without loss or repeat', async () => {
        const p = uniqueCollection('pages');
        const b = port.docs.batch();
        for (let i = 0; i < 7; i++) b.set(`${p}/d${i}`, { rank: i < 4 ? 1 : 2 });
        await b.commit();
        const seen: string[] = [];
        let cursor: DocSnapshot | undefined;
        for (let page = 0; page < 5; page++) {
          const docs = await port.docs.query({
            collection: p,
            orderBy: [{ field: 'rank' }],
            limit: 3,
            ...(cursor ? { startAfter: cursor } : {}),
          });
          seen.push(...docs.map((d) => d.id));
          if (docs.length < 3) break;
          cursor = docs[docs.length - 1];
        }
        expect(seen).toEqual(['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6']);
      });

      it('a query reads only its own collection', async () => {
        const g = uniqueCollection('games');
        await port.docs.set(`${g}/g1/orders/o1`, { q: 1 });
        await port.docs.set(`${g}/g2/orders/o2`, { q: 2 });
        const docs = await port.docs.query({ collection: `${g}/g1/orders` });
        expect(docs.map((d) => d.id)).toEqual(['o1']);
      });
    });

    describe('listeners', () => {
      it('a document listener starts with the current state, then sees creation', async () => {
        const c = uniqueCollection('ldoc');
        const seen: DocSnapshot[] = [];
        const stop = port.docs.onDoc(`${c}/d`, (s) => seen.push(s));
        await waitFor(seen, (s) => s.length >= 1);
        expect(seen[0]?.exists).toBe(false);
        await port.docs.set(`${c}/d`, { v: 1 });
        await waitFor(seen, (s) => s.some((x) => x.data?.v === 1));
        stop();
      });

      it('a document listener sees changes in commit order, ending at the last', async () => {
        const c = uniqueCollection('lorder');
        await port.docs.set(`${c}/d`, { v: 0 });
        const values: number[] = [];
        const stop = port.docs.onDoc(`${c}/d`, (s) => values.push(s.data?.v as number));
        await waitFor(values, (v) => v.length >= 1);
        for (let i = 1; i <= 20; i++) await port.docs.update(`${c}/d`, { v: i });
        await waitFor(values, (v) => v[v.length - 1] === 20);
        for (let i = 1; i < values.length; i++)
          expect(values[i]).toBeGreaterThan(values[i - 1] as number);
        stop();
      });

      it('listeners of one document each hear it; one stopping leaves the others hearing', async () => {
        const c = uniqueCollection('lshare');
        await port.docs.set(`${c}/d`, { v: 0 });
        const first: number[] = [];
        const second: number[] = [];
        const stopFirst = port.docs.onDoc(`${c}/d`, (s) => first.push(s.data?.v as number));
        const stopSecond = port.docs.onDoc(`${c}/d`, (s) => second.push(s.data?.v as number));
        await waitFor(first, (v) => v.length >= 1);
        await waitFor(second, (v) => v.length >= 1);
        await port.docs.update(`${c}/d`, { v: 1 });
        await waitFor(first, (v) => v.at(-1) === 1);
        await waitFor(second, (v) => v.at(-1) === 1);
        // A listener added now starts with the current state, as the first ones did.
        const late: number[] = [];
        const stopLate = port.docs.onDoc(`${c}/d`, (s) => late.push(s.data?.v as number));
        await waitFor(late, (v) => v.length >= 1);
        expect(late[0]).toBe(1);
        stopFirst();
        await port.docs.update(`${c}/d`, { v: 2 });
        await waitFor(second, (v) => v.at(-1) === 2);
        await waitFor(late, (v) => v.at(-1) === 2);
        expect(first.at(-1)).toBe(1);
        stopSecond();
        stopLate();
        // Every listener stopped: a new one still starts with the current state.
        const again: number[] = [];
        const stopAgain = port.docs.onDoc(`${c}/d`, (s) => again.push(s.data?.v as number));
        await waitFor(again, (v) => v.length >= 1);
        expect(again[0]).toBe(2);
        stopAgain();
      });

      it('a document listener sees deletion', async () => {
        const c = uniqueCollection('ldel');
        await port.docs.set(`${c}/d`, { v: 1 });
        const seen: DocSnapshot[] = [];
        const stop = port.docs.onDoc(`${c}/d`, (s) => seen.push(s));
        await waitFor(seen, (s) => s.length >= 1);
        await port.docs.delete(`${c}/d`);
        await waitFor(seen, (s) => s[s.length - 1]?.exists === false);
        stop();
      });

      it('a query listener first reports every document as added', async () => {
        const c = uniqueCollection('lqinit');
        await port.docs.set(`${c}/a`, { n: 1 });
        await port.docs.set(`${c}/b`, { n: 2 });
        const snaps: QuerySnapshot[] = [];
        const stop = port.docs.onQuery({ collection: c, orderBy: [{ field: 'n' }] }, (s) =>
          snaps.push(s),
        );
        await waitFor(snaps, (s) => s.length >= 1);
        expect(snaps[0]?.docs.map((d) => d.id)).toEqual(['a', 'b']);
        expect(snaps[0]?.changes.map((ch) => [ch.type, ch.doc.id, ch.newIndex])).toEqual([
          ['added', 'a', 0],
          ['added', 'b', 1],
        ]);
        stop();
      });

      it('a query listener reports added, modified and removed changes', async () => {
        const c = uniqueCollection('lqchanges');
        await port.docs.set(`${c}/a`, { n: 1 });
        const snaps: QuerySnapshot[] = [];
        const stop = port.docs.onQuery({ collection: c }, (s) => snaps.push(s));
        await waitFor(snaps, (s) => s.length >= 1);
        await port.docs.set(`${c}/b`, { n: 2 });
        await waitFor(snaps, (s) =>
          s.some((x) => x.changes.some((ch) => ch.type === 'added' && ch.doc.id === 'b')),
        );
        await port.docs.update(`${c}/a`, { n: 5 });
        await waitFor(snaps, (s) =>
          s.some((x) =>
            x.changes.some(
              (ch) => ch.type === 'modified' && ch.doc.id === 'a' && ch.doc.data?.n === 5,
            ),
          ),
        );
        await port.docs.delete(`${c}/b`);
        await waitFor(snaps, (s) =>
          s.some((x) => x.changes.some((ch) => ch.type === 'removed' && ch.doc.id === 'b')),
        );
        expect(snaps[snaps.length - 1]?.docs.map((d) => d.id)).toEqual(['a']);
        stop();
      });

      it('a document that stops matching the filter is removed from a query listener', async () => {
        const c = uniqueCollection('lqfilter');
        await port.docs.set(`${c}/a`, { deleted: false });
        const snaps: QuerySnapshot[] = [];
        const stop = port.docs.onQuery(
          { collection: c, where: [{ field: 'deleted', op: '==', value: false }] },
          (s) => snaps.push(s),
        );
        await waitFor(snaps, (s) => s.length >= 1 && s[0]?.docs.length === 1);
        await port.docs.update(`${c}/a`, { deleted: true });
        await waitFor(snaps, (s) => s[s.length - 1]?.docs.length === 0);
        expect(snaps[snaps.length - 1]?.changes[0]).toMatchObject({
          type: 'removed',
          oldIndex: 0,
          newIndex: -1,
        });
        stop();
      });

      it('an ordered, limited query listener keeps only the top documents', async () => {
        const c = uniqueCollection('lqlimit');
        await port.docs.set(`${c}/a`, { score: 1 });
        await port.docs.set(`${c}/b`, { score: 2 });
        const snaps: QuerySnapshot[] = [];
        const stop = port.docs.onQuery(
          { collection: c, orderBy: [{ field: 'score', direction: 'desc' }], limit: 2 },
          (s) => snaps.push(s),
        );
        await waitFor(snaps, (s) => s.length >= 1);
        await port.docs.set(`${c}/c`, { score: 3 });
        await waitFor(snaps, (s) => s[s.length - 1]?.docs.map((d) => d.id).join() === 'c,b');
        const last = snaps[snaps.length - 1];
        expect(last?.changes.find((ch) => ch.doc.id === 'a')?.type).toBe('removed');
        expect(last?.changes.find((ch) => ch.doc.id === 'c')).toMatchObject({
          type: 'added',
          newIndex: 0,
        });
        stop();
      });

      it('after unsubscribe a listener hears nothing more', async () => {
        const c = uniqueCollection('lunsub');
        const seen: DocSnapshot[] = [];
        const stop = port.docs.onDoc(`${c}/d`, (s) => seen.push(s));
        await waitFor(seen, (s) => s.length >= 1);
        stop();
        const count = seen.length;
        await port.docs.set(`${c}/d`, { v: 1 });
        await new Promise((ok) => setTimeout(ok, 200));
        expect(seen.length).toBe(count);
      });

      it('a listener on another client sees this client’s writes', async () => {
        const c = uniqueCollection('lother');
        const seen: DocSnapshot[] = [];
        const stop = backend.other.docs.onDoc(`${c}/d`, (s) => seen.push(s));
        await waitFor(seen, (s) => s.length >= 1);
        await port.docs.set(`${c}/d`, { by: 'first' });
        await waitFor(seen, (s) => s.some((x) => x.data?.by === 'first'));
        stop();
      });

      it('several listeners on one document all hear a change', async () => {
        const c = uniqueCollection('lmany');
        const heard = [0, 0, 0];
        const stops = heard.map((_, i) =>
          port.docs.onDoc(`${c}/d`, (s) => {
            if (s.data?.v === 7) heard[i] = (heard[i] ?? 0) + 1;
          }),
        );
        await new Promise((ok) => setTimeout(ok, 50));
        await port.docs.set(`${c}/d`, { v: 7 });
        await waitFor([heard], () => heard.every((h) => h === 1));
        stops.forEach((s) => s());
      });
    });

    describe('batched writes', () => {
      it('a batch applies every write', async () => {
        const c = uniqueCollection('batch');
        const b = port.docs.batch();
        b.set(`${c}/order`, { qty: 4 });
        b.set(`${c}/game`, { facilities: { f1: { validatedOrder: false } } });
        await b.commit();
        const b2 = port.docs.batch();
        b2.update(`${c}/game`, { 'facilities.f1.validatedOrder': true });
        b2.delete(`${c}/order`);
        await b2.commit();
        expect((await port.docs.get(`${c}/game`)).data).toEqual({
          facilities: { f1: { validatedOrder: true } },
        });
        expect((await port.docs.get(`${c}/order`)).exists).toBe(false);
      });

      it('a batch with one failing write applies none', async () => {
        const c = uniqueCollection('atomic');
        await port.docs.set(`${c}/keep`, { v: 1 });
        const b = port.docs.batch();
        b.set(`${c}/new`, { v: 1 });
        b.update(`${c}/keep`, { v: 2 });
        b.update(`${c}/missing`, { v: 3 });
        await expectCode(b.commit(), 'not-found');
        expect((await port.docs.get(`${c}/new`)).exists).toBe(false);
        expect((await port.docs.get(`${c}/keep`)).data).toEqual({ v: 1 });
      });

      it('writes to one document in a batch apply in order', async () => {
        const c = uniqueCollection('batchorder');
        const b = port.docs.batch();
        b.set(`${c}/d`, { a: 1 });
        b.update(`${c}/d`, { b: 2 });
        b.set(`${c}/d`, { c: 3 }, { merge: true });
        await b.commit();
        expect((await port.docs.get(`${c}/d`)).data).toEqual({ a: 1, b: 2, c: 3 });
      });

      it('a query listener hears a batch as one change set', async () => {
        const c = uniqueCollection('batchlisten');
        const snaps: QuerySnapshot[] = [];
        const stop = port.docs.onQuery({ collection: c }, (s) => snaps.push(s));
        await waitFor(snaps, (s) => s.length >= 1);
        const b = port.docs.batch();
        b.set(`${c}/x`, { v: 1 });
        b.set(`${c}/y`, { v: 2 });
        await b.commit();
        await waitFor(snaps, (s) => s[s.length - 1]?.docs.length === 2);
        expect(snaps.every((s) => s.docs.length !== 1)).toBe(true);
        stop();
      });
    });

    describe('transactions', () => {
      it('reads and writes in one transaction', async () => {
        const c = uniqueCollection('tx');
        await port.docs.set(`${c}/game`, { week: 1 });
        const week = await port.docs.runTransaction(async (tx) => {
          const snap = await tx.get(`${c}/game`);
          const next = (snap.data?.week as number) + 1;
          tx.update(`${c}/game`, { week: next });
          tx.set(`${c}/log`, { week: next });
          return next;
        });
        expect(week).toBe(2);
        expect((await port.docs.get(`${c}/game`)).data).toEqual({ week: 2 });
        expect((await port.docs.get(`${c}/log`)).data).toEqual({ week: 2 });
      });

      it('is never applied over a conflicting write it did not see', async () => {
        // Optimistic adapters retry the transaction; firebase-admin locks the document so the
        // other write waits. Either way the result must be one of the two serial orders.
        const c = uniqueCollection('txretry');
        await port.docs.set(`${c}/counter`, { n: 0 });
        let attempts = 0;
        let otherWrite: Promise<void> | undefined;
        await port.docs.runTransaction(async (tx) => {
          attempts += 1;
          const snap = await tx.get(`${c}/counter`);
          if (attempts === 1) {
            otherWrite = backend.other.docs.update(`${c}/counter`, { n: 100 });
            await new Promise((ok) => setTimeout(ok, 100));
          }
          tx.update(`${c}/counter`, { n: (snap.data?.n as number) + 1 });
        });
        await otherWrite;
        const n = (await port.docs.get(`${c}/counter`)).data?.n;
        expect([100, 101]).toContain(n);
        if (n === 101) expect(attempts).toBeGreaterThanOrEqual(2);
      });

      it('a read-only transaction sees one state, not reads from either side of a commit', async () => {
        // A commit lands between the transaction's two reads. An optimistic adapter must check
        // its reads at the end, even with nothing to write, and read again; firebase-admin locks
        // the first document, so the commit waits. Either way both values come from one state.
        const c = uniqueCollection('txreadonly');
        await port.docs.batch().set(`${c}/a`, { v: 1 }).set(`${c}/b`, { v: 1 }).commit();
        let attempts = 0;
        let otherWrite: Promise<void> | undefined;
        const seen = await port.docs.runTransaction(async (tx) => {
          attempts += 1;
          const a = (await tx.get(`${c}/a`)).data?.v;
          if (attempts === 1) {
            otherWrite = backend.other.docs
              .batch()
              .set(`${c}/a`, { v: 2 })
              .set(`${c}/b`, { v: 2 })
              .commit();
            await new Promise((ok) => setTimeout(ok, 100));
          }
          const b = (await tx.get(`${c}/b`)).data?.v;
          return { a, b };
        });
        await otherWrite;
        expect(seen.a).toBe(seen.b);
        expect((await port.docs.get(`${c}/b`)).data).toEqual({ v: 2 });
      });

      it('concurrent transactions never lose an increment', async () => {
        const c = uniqueCollection('txconc');
        await port.docs.set(`${c}/counter`, { n: 0 });
        const bump = (p: DataPort) =>
          p.docs.runTransaction(
            async (tx) => {
              const snap = await tx.get(`${c}/counter`);
              tx.update(`${c}/counter`, { n: (snap.data?.n as number) + 1 });
            },
            { maxAttempts: 30 },
          );
        await Promise.all(Array.from({ length: 10 }, (_, i) => bump(i % 2 ? port : backend.other)));
        expect((await port.docs.get(`${c}/counter`)).data).toEqual({ n: 10 });
      });

      it('a transaction that reads a missing document and creates it', async () => {
        const c = uniqueCollection('txcreate');
        await port.docs.runTransaction(async (tx) => {
          const snap = await tx.get(`${c}/code`);
          if (!snap.exists) tx.set(`${c}/code`, { sid: 's1' });
        });
        expect((await port.docs.get(`${c}/code`)).data).toEqual({ sid: 's1' });
      });

      it('a transaction whose work throws writes nothing', async () => {
        const c = uniqueCollection('txthrow');
        await expect(
          port.docs.runTransaction(async (tx) => {
            await tx.get(`${c}/d`);
            tx.set(`${c}/d`, { v: 1 });
            throw new Error('changed my mind');
          }),
        ).rejects.toThrow('changed my mind');
        expect((await port.docs.get(`${c}/d`)).exists).toBe(false);
      });

      it("the work's own error reaches the caller unchanged, after one attempt", async () => {
        // A handler's domain error (roleTaken, messGameUnknown…) thrown inside a transaction must
        // keep its class and code: on Firestore it once became 'internal'.
        class DomainError extends Error {
          readonly code = 'failed-precondition';
        }
        const c = uniqueCollection('txdomain');
        const thrown = new DomainError('roleTaken');
        let attempts = 0;
        const outcome = await port.docs
          .runTransaction(async (tx) => {
            attempts += 1;
            await tx.get(`${c}/d`);
            throw thrown;
          })
          .catch((err: unknown) => err);
        expect(outcome).toBe(thrown);
        expect(attempts).toBe(1);
      });

      it('a PortError thrown by the work keeps its code', async () => {
        const c = uniqueCollection('txporterr');
        await expect(
          port.docs.runTransaction(async (tx) => {
            await tx.get(`${c}/d`);
            throw new PortError('not-found', 'no such game');
          }),
        ).rejects.toMatchObject({ code: 'not-found', message: 'no such game' });
      });
    });

    describe.runIf(options.files)('files', () => {
      it('uploads a file and serves it at its download URL', async () => {
        const path = `${uniqueCollection('files')}/logo.png`;
        const bytes = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
        await port.files.upload(path, bytes, 'image/png');
        const url = await port.files.downloadUrl(path);
        const res = await fetch(url);
        expect(res.status).toBe(200);
        expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
      });

      it('a deleted file has no download URL', async () => {
        const path = `${uniqueCollection('files')}/gone.svg`;
        await port.files.upload(path, new TextEncoder().encode('<svg/>'), 'image/svg+xml');
        await port.files.delete(path);
        await expectCode(port.files.downloadUrl(path), 'not-found');
      });

      it('a file that never existed has no download URL', async () => {
        await expectCode(
          port.files.downloadUrl(`${uniqueCollection('files')}/none.png`),
          'not-found',
        );
      });
    });
  });
}
