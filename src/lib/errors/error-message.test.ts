import { describe, expect, it } from 'vitest';
import { errorMessage, stripFirebasePrefix } from '@/lib/errors/error-message';

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
