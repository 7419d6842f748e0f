/**
 * verifyEmail: the pure handler with an injected account lookup, and through the wrapper, on both
 * backends (the local store and the Firestore emulator).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import type { DataPort } from '@sim/core/port/data-port';
import { CallableError, invokeCallable, type InvocationEnv } from '../../functions/src/callable';
import {
  createHandler,
  isDisposableDomain,
  normaliseEmail,
  schema,
} from '../../functions/src/callables/verify-email';
import { describeBackends } from '../backends';
import { FIXED_NOW, caller, context } from './helpers';

// The wrapper logs unexpected failures; keep the test output quiet.
vi.mock('firebase-functions/logger', () => ({ error: vi.fn() }));

const REGISTERED = new Set(['taken@school.edu']);

function lookup() {
  const asked: string[] = [];
  return {
    asked,
    isRegistered: async (email: string) => {
      asked.push(email);
      return REGISTERED.has(email);
    },
  };
}

describeBackends('verifyEmail', (backend) => {
  let port: DataPort;
  let portRequests = 0;
  let env: InvocationEnv;

  beforeAll(() => {
    port = backend().service();
    env = {
      port: () => {
        portRequests++;
        return port;
      },
      now: () => FIXED_NOW,
    };
  });

  async function call(data: unknown, deps = lookup()) {
    return invokeCallable('verifyEmail', schema, createHandler(deps), { data }, env);
  }

  async function refusal(data: unknown, deps = lookup()): Promise<HttpsError> {
    const err: unknown = await call(data, deps).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpsError);
    return err as HttpsError;
  }

  it('accepts a fresh address for signup and returns it normalised', async () => {
    const deps = lookup();
    const result = await call({ email: '  Ada.Lovelace@School.EDU ', reason: 'signup' }, deps);
    expect(result).toEqual({ ok: true, email: 'ada.lovelace@school.edu' });
    expect(deps.asked).toEqual(['ada.lovelace@school.edu']);
  });

  it('accepts a fresh address for a demo, signed in anonymously or not', async () => {
    const handler = createHandler(lookup());
    await expect(
      handler(context(port, caller('anon-1')), { email: 'grace@navy.mil', reason: 'demo' }),
    ).resolves.toEqual({ ok: true, email: 'grace@navy.mil' });
    await expect(
      handler(context(port, null), { email: 'grace@navy.mil', reason: 'demo' }),
    ).resolves.toEqual({ ok: true, email: 'grace@navy.mil' });
  });

  it('refuses a malformed address with authInvalidEmail, before any lookup', async () => {
    for (const email of [
      '',
      'not-an-email',
      'a@b',
      '@school.edu',
      'two@@school.edu',
      'sp ace@school.edu',
    ]) {
      const deps = lookup();
      const err = await refusal({ email, reason: 'signup' }, deps);
      expect(err).toMatchObject({
        code: 'invalid-argument',
        message: 'authInvalidEmail',
        details: { messageKey: 'authInvalidEmail' },
      });
      expect(deps.asked).toEqual([]);
    }
  });

  it('refuses a disposable domain, and its subdomains, with authDisposableEmail', async () => {
    for (const email of ['x@mailinator.com', 'X@YOPMAIL.COM', 'x@eu.guerrillamail.com']) {
      const deps = lookup();
      const err = await refusal({ email, reason: 'signup' }, deps);
      expect(err).toMatchObject({ code: 'invalid-argument', message: 'authDisposableEmail' });
      expect(deps.asked).toEqual([]);
    }
    expect(isDisposableDomain('notmailinator.com')).toBe(false);
    expect(isDisposableDomain('mailinator.com.school.edu')).toBe(false);
  });

  it('refuses an address already registered with authEmailAlreadyInUse, whatever its case', async () => {
    for (const reason of ['signup', 'demo']) {
      const err = await refusal({ email: 'Taken@School.edu', reason });
      expect(err).toMatchObject({
        code: 'already-exists',
        message: 'authEmailAlreadyInUse',
        details: { messageKey: 'authEmailAlreadyInUse' },
      });
    }
  });

  it('refuses a bad reason or a malformed payload as invalid-argument, listing the issues', async () => {
    const deps = lookup();
    const badReason = await refusal({ email: 'ada@school.edu', reason: 'spam' }, deps);
    expect(badReason.code).toBe('invalid-argument');
    expect(badReason.message).toContain('reason');
    expect(badReason.details).toMatchObject({
      messageKey: 'errorInvalidPayload',
      issues: [expect.objectContaining({ path: 'reason' })],
    });
    for (const data of [
      { email: 'ada@school.edu' },
      { reason: 'signup' },
      { email: 7, reason: 'signup' },
      'ada@school.edu',
      null,
    ]) {
      expect((await refusal(data, deps)).code).toBe('invalid-argument');
    }
    expect((await refusal({ email: `${'a'.repeat(320)}@x.io`, reason: 'signup' }, deps)).code).toBe(
      'invalid-argument',
    );
    expect(deps.asked).toEqual([]);
  });

  it('a failing account lookup is internal, with nothing leaked', async () => {
    const err = await refusal(
      { email: 'ada@school.edu', reason: 'signup' },
      {
        asked: [],
        isRegistered: () => Promise.reject(new Error('auth backend down: secret detail')),
      },
    );
    expect(err.code).toBe('internal');
    expect(err.message).not.toContain('secret');
  });

  it('records nothing: the data port is never even opened', async () => {
    expect(portRequests).toBe(0);
    await expect(port.docs.query({ collection: 'emailVerifications' })).resolves.toEqual([]);
  });
});

describe('verifyEmail helpers', () => {
  it('normalises by trimming and lowercasing only', () => {
    expect(normaliseEmail('\tJohn.Doe+Class@Example.COM \n')).toBe('john.doe+class@example.com');
  });

  it('CallableError keeps its code and key', () => {
    const err = new CallableError('already-exists', 'authEmailAlreadyInUse');
    expect(err).toMatchObject({ code: 'already-exists', messageKey: 'authEmailAlreadyInUse' });
  });
});
