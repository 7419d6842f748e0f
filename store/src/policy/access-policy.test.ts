import { describe, expect, it } from 'vitest';
import type { DocData } from '@sim/core/port/data-port';
import {
  checkAccess,
  checkFileAccess,
  checkQuery,
  logoInvalid,
  type AuthContext,
} from './access-policy';

const alice: AuthContext = { uid: 'alice', provider: 'password' };
const admin: AuthContext = { uid: 'functions', provider: 'custom', admin: true };
const docs: Record<string, DocData> = {
  'games/g1': { creator: 'alice', players: [], facilities: {} },
  'games/g2': { creator: 'bob', players: [], facilities: {} },
};
const read = (path: string): DocData | undefined => docs[path];

describe('checkAccess', () => {
  it('lets a service credential through everything', () => {
    expect(checkAccess({ auth: admin, op: 'delete', path: 'teams/t1' }, read)).toEqual({
      allowed: true,
    });
    expect(checkAccess({ auth: admin, op: 'get', path: 'anything/at/all/x' }, read).allowed).toBe(
      true,
    );
  });

  it('refuses malformed paths and single-document operations on a collection', () => {
    expect(checkAccess({ auth: alice, op: 'get', path: 'games//g1' }, read).allowed).toBe(false);
    expect(checkAccess({ auth: alice, op: 'get', path: 'games' }, read).allowed).toBe(false);
  });

  it('judges a list on the collection path, never on a document path', () => {
    const own = [{ field: 'creator', op: '==' as const, value: 'alice' }];
    expect(
      checkAccess({ auth: alice, op: 'list', path: 'games', query: { where: own } }, read),
    ).toEqual({ allowed: true });
    expect(checkAccess({ auth: alice, op: 'list', path: 'games/g1' }, read).allowed).toBe(false);
    const users = checkAccess({ auth: alice, op: 'list', path: 'users' }, read);
    expect(users.allowed).toBe(false);
  });

  it('explains a refusal', () => {
    const d = checkAccess({ auth: null, op: 'get', path: 'users/alice' }, read);
    expect(d).toEqual({ allowed: false, reason: expect.stringContaining('unauthenticated') });
  });
});

describe('checkQuery: judged from the filters, as Firestore does', () => {
  const eq = (field: string, value: unknown) => ({ field, op: '==' as const, value });

  it('allows a query its filters restrict to allowed documents, even if it finds nothing', () => {
    expect(checkQuery(alice, 'games', [eq('creator', 'alice')], read).allowed).toBe(true);
    expect(checkQuery(alice, 'games', [eq('creator', 'alice'), eq('name', 'none')], read)).toEqual({
      allowed: true,
    });
  });

  it('refuses a query its filters do not restrict, whatever it would find', () => {
    // Only g1 (alice's) has this name, yet nothing in the query proves the creator.
    const d = checkQuery(alice, 'games', [eq('name', 'Beer 1')], read);
    expect(d.allowed).toBe(false);
    if (!d.allowed) expect(d.reason).toContain('query on games');
    expect(checkQuery(alice, 'games', [], read).allowed).toBe(false);
    const range = [
      { field: 'creator', op: '>=' as const, value: 'alice' },
      { field: 'creator', op: '<=' as const, value: 'alice' },
    ];
    expect(checkQuery(alice, 'games', range, read).allowed).toBe(false);
  });

  it("judges each value of an 'in' filter", () => {
    const inOf = (values: string[]) => [{ field: 'creator', op: 'in' as const, value: values }];
    expect(checkQuery(alice, 'games', inOf(['alice']), read).allowed).toBe(true);
    expect(checkQuery(alice, 'games', inOf(['alice', 'bob']), read).allowed).toBe(false);
    expect(checkQuery(alice, 'games', inOf([]), read).allowed).toBe(false);
  });

  it('array-contains proves membership only', () => {
    const players = [{ field: 'players', op: 'array-contains' as const, value: 'alice' }];
    expect(checkQuery(alice, 'games', players, read).allowed).toBe(true);
    const other = [{ field: 'players', op: 'array-contains' as const, value: 'bob' }];
    expect(checkQuery(alice, 'games', other, read).allowed).toBe(false);
  });

  it('lets a service credential run any query', () => {
    expect(checkQuery(admin, 'games', [], read).allowed).toBe(true);
  });
});

describe('checkFileAccess', () => {
  it("gives the spec's message for a refused logo of the right user", () => {
    const d = checkFileAccess({
      auth: alice,
      op: 'write',
      path: 'logos/alice.bmp',
      size: 10,
      contentType: 'image/bmp',
    });
    expect(d).toEqual({ allowed: false, reason: logoInvalid });
  });

  it('refuses a write without a size', () => {
    expect(
      checkFileAccess({
        auth: alice,
        op: 'write',
        path: 'logos/alice.png',
        contentType: 'image/png',
      }).allowed,
    ).toBe(false);
  });
});
