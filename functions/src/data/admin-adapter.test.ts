import { describe, expect, it } from 'vitest';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { PortError } from '@sim/core/port/data-port';
import {
  arrayRemove,
  arrayUnion,
  deleteField,
  increment,
  serverTimestamp,
} from '@sim/core/port/field-values';
import { fromSdkValue, toPortError, toSdkData } from './admin-adapter';

describe('admin adapter conversions', () => {
  it('turns sentinels into FieldValues at any depth and drops undefined fields', () => {
    const out = toSdkData({
      at: serverTimestamp(),
      n: increment(2),
      tags: arrayUnion('a', 'b'),
      gone: arrayRemove('c'),
      nested: { deep: { x: deleteField(), keep: 1 }, skip: undefined },
      list: [1, { y: 2 }],
      skip: undefined,
    });
    expect(Object.keys(out).sort()).toEqual(['at', 'gone', 'list', 'n', 'nested', 'tags']);
    expect((out.at as FieldValue).isEqual(FieldValue.serverTimestamp())).toBe(true);
    expect((out.n as FieldValue).isEqual(FieldValue.increment(2))).toBe(true);
    expect((out.tags as FieldValue).isEqual(FieldValue.arrayUnion('a', 'b'))).toBe(true);
    expect((out.gone as FieldValue).isEqual(FieldValue.arrayRemove('c'))).toBe(true);
    const nested = out.nested as { deep: { x: FieldValue; keep: number } };
    expect(nested.deep.x.isEqual(FieldValue.delete())).toBe(true);
    expect(nested.deep.keep).toBe(1);
    expect(Object.keys(nested)).toEqual(['deep']);
    expect(out.list).toEqual([1, { y: 2 }]);
  });

  it('reads Timestamps back as epoch milliseconds, recursively', () => {
    const ms = Date.UTC(2026, 2, 1, 12, 0, 0, 250);
    const at = Timestamp.fromMillis(ms);
    expect(fromSdkValue({ a: at, b: [at, { c: at }], d: 'x', e: null })).toEqual({
      a: ms,
      b: [ms, { c: ms }],
      d: 'x',
      e: null,
    });
  });

  it('maps gRPC and HTTP statuses to port codes, anything else to internal', () => {
    const withCode = (code: number) => Object.assign(new Error(`status ${code}`), { code });
    expect(toPortError(withCode(5)).code).toBe('not-found');
    expect(toPortError(withCode(7)).code).toBe('permission-denied');
    expect(toPortError(withCode(10)).code).toBe('aborted');
    expect(toPortError(withCode(9)).code).toBe('failed-precondition');
    expect(toPortError(withCode(4)).code).toBe('unavailable');
    expect(toPortError(withCode(404)).code).toBe('not-found');
    expect(toPortError(withCode(403)).code).toBe('permission-denied');
    expect(toPortError(withCode(2)).code).toBe('internal');
    expect(toPortError(new Error('plain')).code).toBe('internal');
    const same = new PortError('aborted', 'x');
    expect(toPortError(same)).toBe(same);
  });
});
