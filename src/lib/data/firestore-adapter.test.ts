import { describe, expect, it } from 'vitest';
import {
  Timestamp,
  arrayRemove as fsArrayRemove,
  arrayUnion as fsArrayUnion,
  deleteField as fsDeleteField,
  increment as fsIncrement,
  serverTimestamp as fsServerTimestamp,
  type FieldValue,
} from 'firebase/firestore';
import { StorageError, StorageErrorCode } from 'firebase/storage';
import {
  arrayRemove,
  arrayUnion,
  deleteField,
  increment,
  serverTimestamp,
} from '@sim/core/port/field-values';
import { fromSdkValue, toPortError, toSdkData } from '@/lib/data/firestore-adapter';

/** What the SDK throws: a FirebaseError with a string code (its constructor is not public). */
const firestoreError = (code: string) =>
  Object.assign(new Error(`Firebase: ${code}`), { name: 'FirebaseError', code });

describe('browser Firestore adapter conversions', () => {
  it('turns sentinels into field values at any depth and drops undefined fields', () => {
    const out = toSdkData({
      at: serverTimestamp(),
      n: increment(-1),
      tags: arrayUnion('a'),
      gone: arrayRemove('b'),
      nested: { deep: { x: deleteField() } },
      skip: undefined,
    });
    expect(Object.keys(out).sort()).toEqual(['at', 'gone', 'n', 'nested', 'tags']);
    expect((out.at as FieldValue).isEqual(fsServerTimestamp())).toBe(true);
    expect((out.n as FieldValue).isEqual(fsIncrement(-1))).toBe(true);
    expect((out.tags as FieldValue).isEqual(fsArrayUnion('a'))).toBe(true);
    expect((out.gone as FieldValue).isEqual(fsArrayRemove('b'))).toBe(true);
    const nested = out.nested as { deep: { x: FieldValue } };
    expect(nested.deep.x.isEqual(fsDeleteField())).toBe(true);
  });

  it('reads Timestamps back as epoch milliseconds, recursively', () => {
    const ms = Date.UTC(2026, 2, 1, 12, 0, 0, 250);
    const at = Timestamp.fromMillis(ms);
    expect(fromSdkValue({ a: at, b: [at, { c: at }], d: 1 })).toEqual({
      a: ms,
      b: [ms, { c: ms }],
      d: 1,
    });
  });

  it('keeps our error codes and folds the others', () => {
    expect(toPortError(firestoreError('permission-denied')).code).toBe('permission-denied');
    expect(toPortError(firestoreError('deadline-exceeded')).code).toBe('unavailable');
    expect(toPortError(firestoreError('data-loss')).code).toBe('internal');
    expect(toPortError(new StorageError(StorageErrorCode.UNAUTHORIZED, 'no')).code).toBe(
      'permission-denied',
    );
    expect(toPortError(new StorageError(StorageErrorCode.OBJECT_NOT_FOUND, 'gone')).code).toBe(
      'not-found',
    );
    expect(toPortError(new Error('boom')).code).toBe('internal');
  });
});
