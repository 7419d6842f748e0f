import { describe, expect, it } from 'vitest';
import { authError, authErrorCode } from '@/features/auth/auth-errors';

describe('authError', () => {
  it('turns known Auth refusals into error locale keys', () => {
    expect(authError({ code: 'auth/invalid-credential', message: 'x' })).toEqual(
      new Error('authWrongCredentials'),
    );
    expect(authError({ code: 'auth/weak-password' })).toEqual(new Error('authWeakPassword'));
    expect(authError({ code: 'auth/expired-action-code' })).toEqual(
      new Error('authActionCodeInvalid'),
    );
  });
  it('leaves other errors alone', () => {
    const other = { code: 'functions/internal', message: 'errorInternal' };
    expect(authError(other)).toBe(other);
    expect(authError('text')).toBe('text');
    expect(authErrorCode({ code: 'auth/x' })).toBe('auth/x');
    expect(authErrorCode(new Error('auth/x'))).toBeUndefined();
  });
});
