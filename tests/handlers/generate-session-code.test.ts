/**
 * generateSessionCode on both backends (the local store and the Firestore emulator), acting as
 * the functions do (service credential).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import type { DataPort } from '@sim/core/port/data-port';
import { CallableError, invokeCallable } from '../../functions/src/callable';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  MAX_CANDIDATES,
  codeFromBytes,
  createHandler,
  handle,
  schema,
} from '../../functions/src/callables/generate-session-code';
import { describeBackends } from '../backends';
import { FIXED_NOW, caller, context, scriptedRandom } from './helpers';

async function expectCallableError(promise: Promise<unknown>, code: string, messageKey: string) {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CallableError);
  expect(err).toMatchObject({ code, messageKey });
}

describe('session codes', () => {
  it('maps every byte onto the 32-character alphabet', () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    expect(codeFromBytes(Uint8Array.from([0, 31, 32, 255, 7, 8]))).toBe('A9A9HJ');
    expect(codeFromBytes(new Uint8Array(CODE_LENGTH))).toBe('AAAAAA');
  });
});

describeBackends('generateSessionCode', (backend) => {
  let port: DataPort;
  let sid: string;
  let sessionData: Record<string, unknown>;

  beforeAll(() => {
    port = backend().service();
  });

  beforeEach(async () => {
    // Each test gets its own session and team, so the shared store needs no cleaning.
    sid = port.docs.newId();
    const team = `team-${sid}`;
    await port.docs.set(`teams/${team}`, {
      id: team,
      name: 'Ops faculty',
      members: {
        'u-creator': { name: 'Cleo', role: 'admin', games: ['beergame'] },
        'u-mate': { name: 'Mats', role: 'member', games: ['beergame'] },
      },
    });
    sessionData = { id: sid, name: 'Class A', creator: 'u-creator', team, status: 'published' };
    await port.docs.set(`sessions/${sid}`, sessionData);
  });

  async function codeIndex(code: string) {
    return (await port.docs.get(`sessionCodes/${code}`)).data;
  }

  it('gives the creator a 6-character code without look-alike characters, indexed for players', async () => {
    const result = await handle(context(port, caller('u-creator', 'cleo@school.edu')), { sid });
    expect(result.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(result.code).not.toMatch(/[01IO]/);
    const session = await port.docs.get(`sessions/${sid}`);
    expect(session.data).toEqual({ ...sessionData, code: result.code });
    const index = await codeIndex(result.code);
    expect(index).toMatchObject({ sid, createdBy: 'u-creator' });
    expect(typeof index?.created_at).toBe('number');
  });

  it('lets a member of the session team generate the code', async () => {
    const result = await handle(context(port, caller('u-mate', 'mats@school.edu')), { sid });
    expect((await port.docs.get(`sessions/${sid}`)).data?.code).toBe(result.code);
    expect(await codeIndex(result.code)).toMatchObject({ sid, createdBy: 'u-mate' });
  });

  it('denies a stranger and writes nothing', async () => {
    const random = scriptedRandom('STRNGR');
    const run = createHandler(random)(context(port, caller('u-stranger', 'x@y.org')), { sid });
    await expectCallableError(run, 'permission-denied', 'sessionNotAdmin');
    expect((await port.docs.get(`sessions/${sid}`)).data).toEqual(sessionData);
    expect(random.used()).toBe(0);
    expect(await codeIndex('STRNGR')).toBeUndefined();
  });

  it('denies a member of another team', async () => {
    await port.docs.set('teams/other-team', {
      members: { 'u-other': { name: 'O', role: 'admin' } },
    });
    await expectCallableError(
      handle(context(port, caller('u-other', 'o@school.edu')), { sid }),
      'permission-denied',
      'sessionNotAdmin',
    );
  });

  it('refuses a signed-out caller', async () => {
    await expectCallableError(
      handle(context(port, null), { sid }),
      'unauthenticated',
      'errorUnauthenticated',
    );
    expect((await port.docs.get(`sessions/${sid}`)).data).toEqual(sessionData);
  });

  it('answers not-found for a missing session', async () => {
    await expectCallableError(
      handle(context(port, caller('u-creator')), { sid: 'no-such-session' }),
      'not-found',
      'sessionNotFound',
    );
    expect((await port.docs.get('sessions/no-such-session')).exists).toBe(false);
  });

  it('skips a code another session already has, even one missing from the index', async () => {
    const otherSid = port.docs.newId();
    await port.docs.set(`sessions/${otherSid}`, { creator: 'u-x', code: 'AAAAAA' });
    const random = scriptedRandom('AAAAAA', 'BBBBBB');
    const result = await createHandler(random)(context(port, caller('u-creator')), { sid });
    expect(result.code).toBe('BBBBBB');
    expect(random.used()).toBe(2);
    expect((await port.docs.get(`sessions/${otherSid}`)).data?.code).toBe('AAAAAA');
    expect(await codeIndex('AAAAAA')).toBeUndefined();
  });

  it('skips a code reserved in the index', async () => {
    await port.docs.set('sessionCodes/CCCCCC', { sid: 'someone-else' });
    const random = scriptedRandom('CCCCCC', 'DDDDDD');
    const result = await createHandler(random)(context(port, caller('u-creator')), { sid });
    expect(result.code).toBe('DDDDDD');
    expect(await codeIndex('CCCCCC')).toEqual({ sid: 'someone-else' });
  });

  it('returns the existing code on a second call, without drawing a new one', async () => {
    const first = await createHandler(scriptedRandom('EEEEEE'))(
      context(port, caller('u-creator')),
      {
        sid,
      },
    );
    const random = scriptedRandom();
    const second = await createHandler(random)(context(port, caller('u-mate')), { sid });
    expect(second).toEqual(first);
    expect(random.used()).toBe(0);
    expect(await codeIndex('EEEEEE')).toMatchObject({ sid, createdBy: 'u-creator' });
  });

  it('gives two sessions racing for the same candidate different codes', async () => {
    const sid2 = port.docs.newId();
    await port.docs.set(`sessions/${sid2}`, { ...sessionData, id: sid2 });
    const [a, b] = await Promise.all([
      createHandler(scriptedRandom('GGGGGG', 'HHHHHH'))(context(port, caller('u-creator')), {
        sid,
      }),
      createHandler(scriptedRandom('GGGGGG', 'JJJJJJ'))(context(port, caller('u-creator')), {
        sid: sid2,
      }),
    ]);
    expect(new Set([a.code, b.code]).size).toBe(2);
    expect([a.code, b.code]).toContain('GGGGGG');
    expect((await codeIndex(a.code))?.sid).toBe(sid);
    expect((await codeIndex(b.code))?.sid).toBe(sid2);
  });

  it('gives one session one code when two admins ask at once', async () => {
    const [a, b] = await Promise.all([
      createHandler(scriptedRandom('KKKKKK'))(context(port, caller('u-creator')), { sid }),
      createHandler(scriptedRandom('LLLLLL'))(context(port, caller('u-mate')), { sid }),
    ]);
    expect(a.code).toBe(b.code);
    const loser = a.code === 'KKKKKK' ? 'LLLLLL' : 'KKKKKK';
    expect(await codeIndex(loser)).toBeUndefined();
  });

  it('gives up with resource-exhausted when every candidate is taken', async () => {
    const taken = Array.from({ length: MAX_CANDIDATES }, () => 'MMMMMM');
    await port.docs.set('sessionCodes/MMMMMM', { sid: 'someone-else' });
    await expectCallableError(
      createHandler(scriptedRandom(...taken))(context(port, caller('u-creator')), { sid }),
      'resource-exhausted',
      'sessionCodeUnavailable',
    );
    expect((await port.docs.get(`sessions/${sid}`)).data).toEqual(sessionData);
  });

  it('through the wrapper: a bad payload is invalid-argument and writes nothing', async () => {
    let portRequested = 0;
    const env = {
      port: () => {
        portRequested++;
        return port;
      },
      now: () => FIXED_NOW,
    };
    for (const data of [{}, { sid: '' }, { sid: 42 }, { sid: `${sid}/x` }, null]) {
      const err: unknown = await invokeCallable(
        'generateSessionCode',
        schema,
        handle,
        { auth: { uid: 'u-creator', token: {} }, data },
        env,
      ).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpsError);
      expect((err as HttpsError).code).toBe('invalid-argument');
    }
    expect(portRequested).toBe(0);
    expect((await port.docs.get(`sessions/${sid}`)).data).toEqual(sessionData);
  });

  it('through the wrapper: a good call returns the code; errors arrive as HttpsError', async () => {
    const env = { port: () => port, now: () => FIXED_NOW };
    const ok = await invokeCallable(
      'generateSessionCode',
      schema,
      handle,
      { auth: { uid: 'u-creator', token: {} }, data: { sid } },
      env,
    );
    expect(ok.code).toHaveLength(CODE_LENGTH);
    const denied: unknown = await invokeCallable(
      'generateSessionCode',
      schema,
      handle,
      { auth: { uid: 'u-stranger', token: {} }, data: { sid } },
      env,
    ).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(HttpsError);
    expect(denied).toMatchObject({
      code: 'permission-denied',
      message: 'sessionNotAdmin',
      details: { messageKey: 'sessionNotAdmin' },
    });
    const signedOut: unknown = await invokeCallable(
      'generateSessionCode',
      schema,
      handle,
      { data: { sid } },
      env,
    ).catch((e: unknown) => e);
    expect(signedOut).toMatchObject({ code: 'unauthenticated' });
  });
});
