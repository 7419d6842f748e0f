import { describe, expect, it } from 'vitest';
import { PortError } from '@sim/core/port/data-port';
import { errorKey, errorMessage, stripFirebasePrefix } from '@/lib/errors/error-message';

describe('errorMessage (spec §8)', () => {
  it("strips the 'Firebase: ' prefix from an error's message", () => {
    expect(errorMessage(new Error('Firebase: Error (auth/invalid-credential).'))).toBe(
      'Error (auth/invalid-credential).',
    );
  });

  it('keeps messages without the prefix unchanged', () => {
    expect(errorMessage(new Error('Incorrect VAT number'))).toBe('Incorrect VAT number');
  });

  it('strips only a leading prefix', () => {
    expect(stripFirebasePrefix('Not Firebase: x')).toBe('Not Firebase: x');
  });

  it('uses the error text for strings and other values', () => {
    expect(errorMessage('Firebase: boom')).toBe('boom');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(null)).toBe('null');
  });

  it('reads the message of error-like objects', () => {
    expect(errorMessage({ code: 'x', message: 'Firebase: denied' })).toBe('denied');
    expect(errorMessage({ message: '' })).toBe('[object Object]');
  });
});

describe('errorKey: the translated text of a refusal', () => {
  const keys = new Set(['roleTaken', 'errorPermissionDenied', 'errorUnavailable', 'errorConflict']);
  const isKey = (k: string) => keys.has(k);

  it("takes a callable's details.messageKey (the loser of a simultaneous join)", () => {
    const err = {
      code: 'functions/already-exists',
      message: 'roleTaken',
      details: { messageKey: 'roleTaken' },
    };
    expect(errorKey(err, isKey)).toBe('roleTaken');
  });

  it("maps a data port's or an SDK's code when no key was named", () => {
    expect(errorKey(new PortError('permission-denied', 'Missing or insufficient'), isKey)).toBe(
      'errorPermissionDenied',
    );
    expect(errorKey({ code: 'functions/unavailable', message: 'UNAVAILABLE' }, isKey)).toBe(
      'errorUnavailable',
    );
    expect(errorKey({ code: 'aborted', message: 'contention' }, isKey)).toBe('errorConflict');
  });

  it('leaves texts and unknown errors alone', () => {
    expect(errorKey('Already translated text', isKey)).toBeNull();
    expect(errorKey(new Error('boom'), isKey)).toBeNull();
    expect(errorKey('roleTaken', isKey)).toBe('roleTaken');
  });
});
