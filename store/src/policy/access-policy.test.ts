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

  it('pre-checks a list on the collection path alone', () => {
    expect(checkAccess({ auth: alice, op: 'list', path: 'games' }, read).allowed).toBe(true);
    const users = checkAccess({ auth: alice, op: 'list', path: 'users' }, read);
    expect(users.allowed).toBe(false);
  });

  it('explains a refusal', () => {
    const d = checkAccess({ auth: null, op: 'get', path: 'users/alice' }, read);
    expect(d).toEqual({ allowed: false, reason: expect.stringContaining('unauthenticated') });
  });
});

describe('checkQuery', () => {
  it('allows a query whose every result is allowed', () => {
    const results = [{ path: 'games/g1', data: docs['games/g1'] ?? {} }];
    expect(checkQuery(alice, 'games', results, read).allowed).toBe(true);
  });

  it('refuses the whole query when one result is refused', () => {
    const results = Object.entries(docs).map(([path, data]) => ({ path, data }));
    const d = checkQuery(alice, 'games', results, read);
    expect(d.allowed).toBe(false);
    if (!d.allowed) expect(d.reason).toContain('games/g2');
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
