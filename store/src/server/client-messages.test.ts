import { describe, expect, it } from 'vitest';
import { deleteField, increment, serverTimestamp, arrayUnion } from '@sim/core/port/field-values';
import type { ClientMessage } from '../protocol';
import { parseClientMessage } from './client-messages';

const text = (value: unknown): string => JSON.stringify(value);

describe('the messages the client sends', () => {
  const good: ClientMessage[] = [
    { t: 'auth', id: 0, token: 'header.payload.signature' },
    { t: 'auth', id: 1, token: null },
    { t: 'auth', id: 2, service: 'secret' },
    { t: 'get', id: 3, path: 'games/g1' },
    {
      t: 'query',
      id: 4,
      query: {
        spec: {
          collection: 'games/g1/orders',
          where: [
            { field: 'week', op: '==', value: 3 },
            { field: 'role', op: 'in', value: ['a', 'b'] },
          ],
          orderBy: [{ field: 'at', direction: 'desc' }],
          limit: 20,
        },
        cursor: { values: [17], id: 'o9' },
      },
    },
    {
      t: 'commit',
      id: 5,
      commitId: 'AbC123',
      writes: [
        {
          kind: 'set',
          path: 'games/g1',
          data: { at: serverTimestamp(), n: increment(2), players: arrayUnion('x'), m: { a: [1] } },
          merge: true,
        },
        {
          kind: 'update',
          path: 'games/g2',
          data: { 'facilities.f1.name': 'Ann', old: deleteField() },
        },
        { kind: 'delete', path: 'games/g3' },
      ],
      preconditions: [{ path: 'games/g1', version: 0 }],
    },
    { t: 'verify', id: 6, preconditions: [{ path: 'users/u1', version: 12 }] },
    { t: 'listenDoc', id: 7, path: 'games/g1', resumeAfter: 40 },
    { t: 'listenQuery', id: 8, query: { spec: { collection: 'games' } } },
    { t: 'unlisten', id: 9, listenId: 7 },
  ];

  it.each(good.map((m) => [m.t, m] as const))(
    'a well-formed %s message passes unchanged',
    (_, m) => {
      expect(parseClientMessage(text(m))).toEqual({ ok: true, message: m });
    },
  );
});

describe('malformed messages are refused with the reason and the id to answer', () => {
  const refused: [string, unknown][] = [
    ['an unknown message type', { t: 'drop', id: 1 }],
    ['a listener id that is not a whole number', { t: 'unlisten', id: 1, listenId: 1.5 }],
    ['a negative listener id', { t: 'unlisten', id: 1, listenId: -1 }],
    ['a path that is not a string', { t: 'get', id: 1, path: ['games', 'g1'] }],
    ['an empty path', { t: 'get', id: 1, path: '' }],
    ['a path longer than Firestore allows', { t: 'get', id: 1, path: `games/${'x'.repeat(7000)}` }],
    ['an unknown field', { t: 'get', id: 1, path: 'games/g1', admin: true }],
    ['a commit without writes', { t: 'commit', id: 1, commitId: 'c', writes: [] }],
    [
      'a commit of more than 500 writes',
      {
        t: 'commit',
        id: 1,
        commitId: 'c',
        writes: Array.from({ length: 501 }, (_, i) => ({ kind: 'delete', path: `g/${i}` })),
      },
    ],
    [
      'a write of an unknown kind',
      { t: 'commit', id: 1, commitId: 'c', writes: [{ kind: 'replace', path: 'g/1', data: {} }] },
    ],
    [
      'a document that is not a map',
      { t: 'commit', id: 1, commitId: 'c', writes: [{ kind: 'set', path: 'g/1', data: [1, 2] }] },
    ],
    [
      'an unknown field transform',
      {
        t: 'commit',
        id: 1,
        commitId: 'c',
        writes: [{ kind: 'set', path: 'g/1', data: { n: { $transform: 'multiply', by: 2 } } }],
      },
    ],
    [
      'an increment by a string',
      {
        t: 'commit',
        id: 1,
        commitId: 'c',
        writes: [
          { kind: 'update', path: 'g/1', data: { n: { $transform: 'increment', by: '2' } } },
        ],
      },
    ],
    [
      'an array union of a non-array',
      {
        t: 'commit',
        id: 1,
        commitId: 'c',
        writes: [
          { kind: 'update', path: 'g/1', data: { xs: { $transform: 'arrayUnion', values: 5 } } },
        ],
      },
    ],
    [
      'a transform inside an array',
      {
        t: 'commit',
        id: 1,
        commitId: 'c',
        writes: [{ kind: 'set', path: 'g/1', data: { xs: [{ $transform: 'serverTimestamp' }] } }],
      },
    ],
    [
      'a precondition with a version that is not a whole number',
      { t: 'verify', id: 1, preconditions: [{ path: 'users/u1', version: '3' }] },
    ],
    ['a verify without preconditions', { t: 'verify', id: 1 }],
    [
      'a filter with an unknown operator',
      {
        t: 'query',
        id: 1,
        query: { spec: { collection: 'games', where: [{ field: 'a', op: 'like', value: 1 }] } },
      },
    ],
    [
      'a negative limit',
      { t: 'listenQuery', id: 1, query: { spec: { collection: 'games', limit: -1 } } },
    ],
    [
      'a resume point that is not a whole number',
      { t: 'listenDoc', id: 1, path: 'g/1', resumeAfter: 'x' },
    ],
  ];

  it.each(refused)('%s', (_, message) => {
    expect(parseClientMessage(text(message))).toMatchObject({
      ok: false,
      id: 1,
      isAuth: false,
      reason: expect.stringMatching(/^Malformed message/),
    });
  });

  it('a document nested deeper than the bound', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = { k: deep };
    const message = {
      t: 'commit',
      id: 1,
      commitId: 'c',
      writes: [{ kind: 'set', path: 'g/1', data: deep }],
    };
    expect(parseClientMessage(text(message))).toMatchObject({ ok: false, id: 1 });
    let shallow: unknown = 1;
    for (let i = 0; i < 20; i++) shallow = { k: shallow };
    const fine = { ...message, writes: [{ kind: 'set', path: 'g/1', data: shallow }] };
    expect(parseClientMessage(text(fine)).ok).toBe(true);
  });

  it('a malformed sign-in is marked, so the connection signs out', () => {
    expect(parseClientMessage(text({ t: 'auth', id: 4, token: 42 }))).toMatchObject({
      ok: false,
      id: 4,
      isAuth: true,
    });
  });

  it('a message without a usable id has nothing to answer', () => {
    expect(parseClientMessage(text({ t: 'get', id: 'one', path: 'g/1' }))).toMatchObject({
      ok: false,
      id: undefined,
    });
    expect(parseClientMessage(text({ t: 'get', id: 1.5, path: 'g/1' }))).toMatchObject({
      ok: false,
      id: undefined,
    });
    expect(parseClientMessage('{"t":')).toMatchObject({ ok: false, id: undefined });
    expect(parseClientMessage('[1,2]')).toMatchObject({ ok: false, id: undefined });
  });
});
