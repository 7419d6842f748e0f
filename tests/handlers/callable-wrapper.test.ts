/** The callable wrapper: payload validation, the context given to handlers, and error mapping. */
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HttpsError } from 'firebase-functions/v2/https';
import type { CallableRequest } from 'firebase-functions/v2/https';
import type { DataPort } from '@sim/core/port/data-port';
import { PortError } from '@sim/core/port/data-port';
import {
  CallableError,
  defineCallable,
  invokeCallable,
  parsePayload,
  toHttpsError,
  type CallableContext,
  type InvocationEnv,
} from '../../functions/src/callable';
import { FIXED_NOW } from './helpers';

const logError = vi.hoisted(() => vi.fn());
vi.mock('firebase-functions/logger', () => ({ error: logError }));

const schema = z.object({ gid: z.string().min(1), qty: z.number().int().min(0).max(999) });

/** A port that must not be used: any access fails the test. */
const untouchablePort = new Proxy({} as DataPort, {
  get(_target, prop) {
    throw new Error(`port.${String(prop)} was used`);
  },
});

function testEnv(): InvocationEnv & { requests: () => number } {
  let requests = 0;
  return {
    port: () => {
      requests++;
      return untouchablePort;
    },
    now: () => FIXED_NOW,
    requests: () => requests,
  };
}

async function failure(promise: Promise<unknown>): Promise<HttpsError> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpsError);
  return err as HttpsError;
}

describe('callable wrapper', () => {
  it('hands the handler typed data, the caller, the clock and a lazily created port', async () => {
    const env = testEnv();
    const seen: { ctx?: CallableContext; data?: z.output<typeof schema> } = {};
    const result = await invokeCallable(
      'probe',
      schema,
      async (ctx, data) => {
        seen.ctx = ctx;
        seen.data = data;
        return { at: ctx.now() };
      },
      { auth: { uid: 'u1', token: { email: 'a@b.io' } }, data: { gid: 'g1', qty: 3, extra: true } },
      env,
    );
    expect(result).toEqual({ at: FIXED_NOW });
    expect(seen.data).toEqual({ gid: 'g1', qty: 3 });
    expect(seen.ctx?.auth).toEqual({ uid: 'u1', token: { email: 'a@b.io' } });
    expect(env.requests()).toBe(0);
    expect(seen.ctx?.port).toBe(untouchablePort);
    expect(env.requests()).toBe(1);
  });

  it('gives a signed-out caller auth null', async () => {
    const auth = await invokeCallable(
      'probe',
      schema,
      async (ctx) => ctx.auth,
      { data: { gid: 'g', qty: 0 } },
      testEnv(),
    );
    expect(auth).toBeNull();
  });

  it('refuses a bad payload with invalid-argument, every issue listed, the handler never run', async () => {
    const env = testEnv();
    const handler = vi.fn(async () => 'ran');
    const err = await failure(
      invokeCallable('probe', schema, handler, { data: { gid: '', qty: 1000 } }, env),
    );
    expect(err.code).toBe('invalid-argument');
    expect(err.message).toMatch(/^Invalid payload for probe: /);
    expect(err.message).toContain('gid');
    expect(err.message).toContain('qty');
    expect(err.details).toMatchObject({
      messageKey: 'errorInvalidPayload',
      issues: [expect.objectContaining({ path: 'gid' }), expect.objectContaining({ path: 'qty' })],
    });
    expect(
      (await failure(invokeCallable('probe', schema, handler, { data: undefined }, env))).details,
    ).toMatchObject({
      issues: [expect.objectContaining({ path: '(payload)' })],
    });
    expect(handler).not.toHaveBeenCalled();
    expect(env.requests()).toBe(0);
  });

  it('refuses an auth without a usable uid as unauthenticated, the handler never run', async () => {
    const env = testEnv();
    const handler = vi.fn(async () => 'ran');
    const broken = [{ token: {} }, { uid: '', token: {} }, { uid: 42, token: {} }, { uid: null }];
    for (const auth of broken) {
      const err = await failure(
        invokeCallable(
          'probe',
          schema,
          handler,
          // What a malformed request carries at run time, whatever its type says.
          { auth: auth as unknown as { uid: string; token: object }, data: { gid: 'g', qty: 1 } },
          env,
        ),
      );
      expect(err).toMatchObject({
        code: 'unauthenticated',
        details: { messageKey: 'errorUnauthenticated' },
      });
    }
    expect(handler).not.toHaveBeenCalled();
    expect(env.requests()).toBe(0);
  });

  it('refuses a payload with a reserved key (__proto__, __x__) at any depth', async () => {
    const env = testEnv();
    const handler = vi.fn(async () => 'ran');
    const record = z.object({ gid: z.string(), map: z.record(z.string(), z.number()) });
    for (const data of [
      JSON.parse('{"gid": "g", "map": {"__proto__": 1}}') as unknown,
      { gid: 'g', map: { __name__: 1 } },
      JSON.parse('{"gid": "g", "map": {}, "__proto__": {"admin": true}}') as unknown,
    ]) {
      const err = await failure(invokeCallable('probe', record, handler, { data }, env));
      expect(err.code).toBe('invalid-argument');
      expect(err.details).toMatchObject({ messageKey: 'errorInvalidPayload' });
    }
    expect(handler).not.toHaveBeenCalled();
  });

  it('parsePayload returns the parsed value', () => {
    expect(parsePayload('probe', schema, { gid: 'g', qty: 2 })).toEqual({ gid: 'g', qty: 2 });
  });

  it('maps a CallableError to its code, the message key as message and details', () => {
    const err = toHttpsError(
      'probe',
      new CallableError('failed-precondition', 'messGameNotPublished', 'draft game'),
    );
    expect(err).toBeInstanceOf(HttpsError);
    expect(err).toMatchObject({
      code: 'failed-precondition',
      message: 'messGameNotPublished',
      details: { messageKey: 'messGameNotPublished' },
    });
  });

  it.each([
    ['not-found', 'errorNotFound'],
    ['permission-denied', 'errorPermissionDenied'],
    ['unauthenticated', 'errorUnauthenticated'],
    ['already-exists', 'errorAlreadyExists'],
    ['aborted', 'errorConflict'],
    ['invalid-argument', 'errorInvalidArgument'],
    ['failed-precondition', 'errorFailedPrecondition'],
    ['unavailable', 'errorUnavailable'],
  ] as const)('maps a PortError %s to the same code', (code, messageKey) => {
    const err = toHttpsError('probe', new PortError(code, `port said ${code}`));
    expect(err).toMatchObject({ code, message: `port said ${code}`, details: { messageKey } });
  });

  it('maps internal port errors and unknown throws to a bare internal error, logged', () => {
    logError.mockClear();
    const thrown = [
      new PortError('internal', 'db exploded at row 7'),
      new TypeError('x is undefined'),
      'a string',
    ];
    for (const t of thrown) {
      const err = toHttpsError('probe', t);
      expect(err).toMatchObject({
        code: 'internal',
        message: 'Internal error',
        details: { messageKey: 'errorInternal' },
      });
    }
    expect(logError.mock.calls).toEqual(thrown.map((t) => ['Callable probe failed', t]));
  });

  it('passes an HttpsError thrown by a handler through unchanged', async () => {
    const original = new HttpsError('resource-exhausted', 'too many', { retryAfter: 5 });
    const err = await failure(
      invokeCallable(
        'probe',
        schema,
        async () => {
          throw original;
        },
        { data: { gid: 'g', qty: 1 } },
        testEnv(),
      ),
    );
    expect(err).toBe(original);
  });

  it('maps errors thrown by the handler, including port errors from the store', async () => {
    const err = await failure(
      invokeCallable(
        'probe',
        schema,
        async () => {
          throw new PortError('not-found', 'No document to update: games/g');
        },
        { data: { gid: 'g', qty: 1 } },
        testEnv(),
      ),
    );
    expect(err).toMatchObject({ code: 'not-found', details: { messageKey: 'errorNotFound' } });
  });

  it('defineCallable builds an onCall function that runs the same pipeline', async () => {
    const env = testEnv();
    const fn = defineCallable(
      'probe',
      schema,
      async (ctx, data) => ({ uid: ctx.auth?.uid, qty: data.qty }),
      { env },
    );
    const request = (data: unknown, uid?: string) =>
      ({
        data,
        ...(uid ? { auth: { uid, token: { uid }, rawToken: 'raw' } } : {}),
        rawRequest: {},
        acceptsStreaming: false,
      }) as unknown as CallableRequest<unknown>;
    await expect(fn.run(request({ gid: 'g', qty: 4 }, 'u9'))).resolves.toEqual({
      uid: 'u9',
      qty: 4,
    });
    const err = await failure(Promise.resolve().then(() => fn.run(request({ gid: 'g' }))));
    expect(err.code).toBe('invalid-argument');
  });
});
