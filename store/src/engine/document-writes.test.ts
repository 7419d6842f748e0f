/** Field names in writes: reserved names are refused as Firestore does, prototype names are plain fields. */
import { describe, expect, it } from 'vitest';
import { PortError } from '@sim/core/port/data-port';
import { arrayUnion, increment } from '@sim/core/port/field-values';
import { applyWrite } from './document-writes';

const NOW = 1_000;

function refused(run: () => unknown): void {
  let err: unknown;
  try {
    run();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(PortError);
  expect((err as PortError).code).toBe('invalid-argument');
}

describe('field names', () => {
  it('refuses __proto__ and other __…__ names at any depth, in set, merge and update', () => {
    const path = 'users/u1';
    const proto = JSON.parse('{"__proto__": {"creator": "me"}, "b": 1}') as Record<string, unknown>;
    refused(() => applyWrite(undefined, { kind: 'set', path, data: proto }, NOW));
    refused(() => applyWrite({}, { kind: 'set', path, data: proto, merge: true }, NOW));
    refused(() => applyWrite(undefined, { kind: 'set', path, data: { __name__: 1 } }, NOW));
    refused(() => applyWrite(undefined, { kind: 'set', path, data: { m: { __x__: 1 } } }, NOW));
    refused(() => applyWrite(undefined, { kind: 'set', path, data: { l: [{ __x__: 1 }] } }, NOW));
    refused(() => applyWrite({ a: {} }, { kind: 'update', path, data: { 'a.__x__': 1 } }, NOW));
    refused(() => applyWrite({}, { kind: 'update', path, data: { a: proto } }, NOW));
  });

  it('takes constructor, toString and valueOf for ordinary fields, never inherited values', () => {
    const path = 'games/g1';
    const updated = applyWrite(
      { facilities: {} },
      {
        kind: 'update',
        path,
        data: {
          'facilities.constructor.user': 'u1',
          toString: increment(2),
          valueOf: arrayUnion('x'),
        },
      },
      NOW,
    );
    expect(updated).toEqual({
      facilities: { constructor: { user: 'u1' } },
      toString: 2,
      valueOf: ['x'],
    });
    expect(Object.getPrototypeOf(updated)).toBe(Object.prototype);
    const merged = applyWrite(
      {},
      { kind: 'set', path, data: { hasOwnProperty: { a: 1 } }, merge: true },
      NOW,
    );
    expect(merged).toEqual({ hasOwnProperty: { a: 1 } });
  });
});
