/**
 * The Suggest-a-feature board on both backends: authCanny signs a Canny SSO token only for the
 * signed-in caller (the token verifies with the key and names the caller), or answers the in-app
 * board without Canny; voteSuggestion keeps one vote per user per suggestion and the count in
 * step, on suggestions an instructor posted under the access policy.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import type { DataPort } from '@sim/core/port/data-port';
import { invokeCallable, type InvocationEnv } from '../../functions/src/callable';
import * as authCanny from '../../functions/src/callables/auth-canny';
import * as voteSuggestion from '../../functions/src/callables/vote-suggestion';
import {
  CANNY_TOKEN_TTL_SECONDS,
  readCannySettings,
  type CannySettings,
} from '../../functions/src/feedback-board/canny';
import { describeBackends } from '../backends';
import { FIXED_NOW, caller } from './helpers';

vi.mock('firebase-functions/logger', () => ({ error: vi.fn() }));

const KEY = randomBytes(32).toString('hex');
const CANNY: CannySettings = {
  privateKey: KEY,
  companyId: 'company-123',
  boardUrl: 'https://simgames.canny.io/feature-requests',
};

/** The claims of an HS256 JWT whose signature checks with `key`; throws otherwise. */
function verifiedClaims(token: string, key: string): Record<string, unknown> {
  const [header, payload, signature, ...rest] = token.split('.');
  if (!header || !payload || !signature || rest.length > 0) throw new Error('not a JWT');
  expect(JSON.parse(Buffer.from(header, 'base64url').toString('utf8'))).toEqual({
    alg: 'HS256',
    typ: 'JWT',
  });
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url');
  if (expected !== signature) throw new Error('signature does not verify');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

async function refusal(promise: Promise<unknown>): Promise<HttpsError> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpsError);
  return err as HttpsError;
}

const messageKey = (err: HttpsError) => (err.details as { messageKey?: string }).messageKey;

describe('Canny settings', () => {
  it('is the in-app board without a key, and refuses a key without its company or board', () => {
    expect(readCannySettings({})).toBeNull();
    expect(readCannySettings({ CANNY_PRIVATE_KEY: '  ' })).toBeNull();
    expect(() => readCannySettings({ CANNY_PRIVATE_KEY: 'k' })).toThrow(/CANNY_COMPANY_ID/);
    expect(() =>
      readCannySettings({ CANNY_PRIVATE_KEY: 'k', CANNY_COMPANY_ID: 'c', CANNY_BOARD_URL: 'x' }),
    ).toThrow(/CANNY_BOARD_URL/);
    expect(() =>
      readCannySettings({
        CANNY_PRIVATE_KEY: 'k',
        CANNY_COMPANY_ID: 'c',
        CANNY_BOARD_URL: 'http://simgames.canny.io/',
      }),
    ).toThrow(/https/);
    expect(
      readCannySettings({
        CANNY_PRIVATE_KEY: 'k',
        CANNY_COMPANY_ID: 'c',
        CANNY_BOARD_URL: 'https://simgames.canny.io/feature-requests',
      }),
    ).toEqual({
      privateKey: 'k',
      companyId: 'c',
      boardUrl: 'https://simgames.canny.io/feature-requests',
    });
  });
});

describeBackends('authCanny and voteSuggestion', (backend) => {
  let port: DataPort;
  let env: InvocationEnv;

  beforeAll(() => {
    port = backend().service();
    env = { port: () => port, now: () => FIXED_NOW };
  });

  function signIn(
    data: unknown,
    auth: ReturnType<typeof caller> | undefined,
    settings: CannySettings | null = CANNY,
  ) {
    return invokeCallable(
      authCanny.name,
      authCanny.schema,
      authCanny.createHandler({ settings: () => settings }),
      { data, auth },
      env,
    );
  }

  function vote(data: unknown, auth: ReturnType<typeof caller> | undefined) {
    return invokeCallable(
      voteSuggestion.name,
      voteSuggestion.schema,
      voteSuggestion.handle,
      {
        data,
        auth,
      },
      env,
    );
  }

  describe('authCanny', () => {
    it("signs a token that verifies with Canny's key and names the caller", async () => {
      const result = await signIn(
        { uid: 'ines', name: 'Inès Dubois' },
        caller('ines', 'ines@school.example'),
      );
      if (result.provider !== 'canny') throw new Error('expected Canny');
      expect(verifiedClaims(result.ssoToken, KEY)).toEqual({
        id: 'ines',
        email: 'ines@school.example',
        name: 'Inès Dubois',
        exp: Math.floor(FIXED_NOW / 1000) + CANNY_TOKEN_TTL_SECONDS,
      });
      expect(() => verifiedClaims(result.ssoToken, randomBytes(32).toString('hex'))).toThrow(
        /signature/,
      );
      const url = new URL(result.url);
      expect(`${url.origin}${url.pathname}`).toBe('https://canny.io/api/redirects/sso');
      expect(url.searchParams.get('companyID')).toBe('company-123');
      expect(url.searchParams.get('ssoToken')).toBe(result.ssoToken);
      expect(url.searchParams.get('redirect')).toBe(CANNY.boardUrl);
    });

    it('answers the in-app board when Canny has no key', async () => {
      await expect(
        signIn({ uid: 'ines', name: 'Inès' }, caller('ines', 'ines@school.example'), null),
      ).resolves.toEqual({ provider: 'board' });
    });

    it('refuses a signed-out caller', async () => {
      const err = await refusal(signIn({ uid: 'ines', name: 'Inès' }, undefined));
      expect(err.code).toBe('unauthenticated');
      expect(messageKey(err)).toBe('errorUnauthenticated');
    });

    it("refuses to sign a token for someone else's uid", async () => {
      const err = await refusal(
        signIn({ uid: 'ines', name: 'Inès' }, caller('mallory', 'mallory@evil.example')),
      );
      expect(err.code).toBe('permission-denied');
      expect(messageKey(err)).toBe('errorCannyOtherUser');
    });

    it('refuses an anonymous player, who has no address for the board', async () => {
      const err = await refusal(signIn({ uid: 'p1', name: 'Player' }, caller('p1')));
      expect(err.code).toBe('permission-denied');
      expect(messageKey(err)).toBe('errorBoardNeedsAccount');
    });

    it('refuses a name that is empty or too long, and extra shapes', async () => {
      const me = caller('ines', 'ines@school.example');
      for (const data of [
        { uid: 'ines', name: '   ' },
        { uid: 'ines', name: 'n'.repeat(81) },
        { uid: 'ines' },
        { uid: '../users/x', name: 'Inès' },
        { uid: 'ines', name: ['Inès'] },
      ]) {
        const err = await refusal(signIn(data, me));
        expect(err.code).toBe('invalid-argument');
      }
    });
  });

  describe('voteSuggestion', () => {
    const POSTED = {
      uid: 'ines',
      name: 'Inès',
      title: 'A timer sound at the end of a week',
      details: '',
      votes: 0,
      created_at: FIXED_NOW,
    };

    beforeAll(async () => {
      // Posted by the instructor herself, under the access policy.
      const ines = backend().as({
        uid: 'ines',
        provider: 'password',
        email: 'ines@school.example',
      });
      await ines.docs.set('suggestions/sg-timer', POSTED);
      await ines.docs.set('suggestions/sg-race', { ...POSTED, title: 'Two votes at once' });
    });

    const count = async (id: string) => (await port.docs.get(`suggestions/${id}`)).data?.['votes'];

    it('counts one vote per user, however often it is given, and takes it back once', async () => {
      const ines = caller('ines', 'ines@school.example');
      const omar = caller('omar', 'omar@school.example');
      await expect(vote({ id: 'sg-timer', vote: true }, ines)).resolves.toEqual({
        votes: 1,
        voted: true,
      });
      await expect(vote({ id: 'sg-timer', vote: true }, ines)).resolves.toEqual({
        votes: 1,
        voted: true,
      });
      await expect(vote({ id: 'sg-timer', vote: true }, omar)).resolves.toEqual({
        votes: 2,
        voted: true,
      });
      expect(await count('sg-timer')).toBe(2);
      expect((await port.docs.get('suggestionVotes/sg-timer~omar')).data).toEqual({
        sid: 'sg-timer',
        uid: 'omar',
        created_at: FIXED_NOW,
      });
      await expect(vote({ id: 'sg-timer', vote: false }, omar)).resolves.toEqual({
        votes: 1,
        voted: false,
      });
      await expect(vote({ id: 'sg-timer', vote: false }, omar)).resolves.toEqual({
        votes: 1,
        voted: false,
      });
      expect(await count('sg-timer')).toBe(1);
      expect((await port.docs.get('suggestionVotes/sg-timer~omar')).exists).toBe(false);
    });

    it('counts every vote of many users voting at once', async () => {
      const voters = Array.from({ length: 8 }, (_, i) => caller(`v${i}`, `v${i}@school.example`));
      const results = await Promise.all(
        voters.flatMap((v) => [
          vote({ id: 'sg-race', vote: true }, v),
          vote({ id: 'sg-race', vote: true }, v),
        ]),
      );
      expect(results.every((r) => r.voted)).toBe(true);
      expect(await count('sg-race')).toBe(8);
    });

    it('refuses an unknown suggestion, a signed-out caller and an anonymous player', async () => {
      const unknown = await refusal(
        vote({ id: 'sg-none', vote: true }, caller('ines', 'ines@school.example')),
      );
      expect(unknown.code).toBe('not-found');
      expect(messageKey(unknown)).toBe('errorSuggestionUnknown');
      expect((await port.docs.get('suggestionVotes/sg-none~ines')).exists).toBe(false);

      const signedOut = await refusal(vote({ id: 'sg-timer', vote: true }, undefined));
      expect(signedOut.code).toBe('unauthenticated');

      const anonymous = await refusal(vote({ id: 'sg-timer', vote: true }, caller('p1')));
      expect(messageKey(anonymous)).toBe('errorBoardNeedsAccount');
      expect((await port.docs.get('suggestionVotes/sg-timer~p1')).exists).toBe(false);
      expect(await count('sg-timer')).toBe(1);
    });

    it('refuses an id that is a path or a vote that is not a boolean', async () => {
      const me = caller('ines', 'ines@school.example');
      for (const data of [
        { id: 'sg-timer/x', vote: true },
        { id: 'sg-timer', vote: 'yes' },
        { id: '__proto__', vote: true },
      ]) {
        expect((await refusal(vote(data, me))).code).toBe('invalid-argument');
      }
      expect(await count('sg-timer')).toBe(1);
    });
  });
});
