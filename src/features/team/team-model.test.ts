import { describe, expect, it } from 'vitest';
import {
  canLeave,
  inviteLink,
  inviteRows,
  isTeamAdmin,
  joinTeamParam,
  looksLikeEmail,
  memberRows,
  parsePendingJoin,
  withoutJoinTeam,
} from './team-model';

const team = {
  members: {
    u3: { name: 'Zoe', email: 'zoe@school.test', role: 'member', games: ['leangame', 'chess'] },
    u1: { name: 'Ada', email: 'ada@school.test', role: 'admin', games: ['beergame'] },
    u2: { name: 'bob', email: 'bob@school.test', role: 'member' },
    broken: 'not a member',
  },
};

describe('memberRows', () => {
  it('lists admins first, then by name, with known game types only', () => {
    expect(memberRows(team, 'u2')).toEqual([
      {
        uid: 'u1',
        name: 'Ada',
        email: 'ada@school.test',
        role: 'admin',
        games: ['beergame'],
        isMe: false,
      },
      { uid: 'u2', name: 'bob', email: 'bob@school.test', role: 'member', games: [], isMe: true },
      {
        uid: 'u3',
        name: 'Zoe',
        email: 'zoe@school.test',
        role: 'member',
        games: ['leangame'],
        isMe: false,
      },
    ]);
    expect(memberRows(null, 'u1')).toEqual([]);
  });

  it('tells the admin and who may leave: never the only admin', () => {
    expect(isTeamAdmin(team, 'u1')).toBe(true);
    expect(isTeamAdmin(team, 'u2')).toBe(false);
    expect(canLeave(team, 'u1')).toBe(false);
    expect(canLeave(team, 'u2')).toBe(true);
    expect(canLeave(team, 'stranger')).toBe(false);
    const twoAdmins = {
      members: { ...team.members, u2: { name: 'bob', role: 'admin', games: [] } },
    };
    expect(canLeave(twoAdmins, 'u1')).toBe(true);
  });
});

describe('inviteRows', () => {
  it('orders invitations newest first and marks the expired ones', () => {
    const rows = inviteRows(
      [
        { id: 'a', data: { email: 'a@x.test', games: ['beergame'], created_at: 1, expiresAt: 50 } },
        { id: 'b', data: { email: 'b@x.test', name: 'Bee', created_at: 2, expiresAt: 500 } },
        { id: 'gone', data: undefined },
      ],
      100,
    );
    expect(rows.map((r) => [r.id, r.expired])).toEqual([
      ['b', false],
      ['a', true],
    ]);
    expect(rows[0]).toMatchObject({ name: 'Bee', games: [], invitedByName: '' });
  });
});

describe('the joinTeam request', () => {
  it('reads a team id from the query, and nothing that is not an id', () => {
    expect(joinTeamParam('?joinTeam=abc_12-Z')).toBe('abc_12-Z');
    expect(joinTeamParam('?joinTeam=../users/x')).toBeNull();
    expect(joinTeamParam('?joinTeam=__proto__')).toBeNull();
    expect(joinTeamParam('?other=1')).toBeNull();
  });

  it('drops only joinTeam from the query', () => {
    expect(withoutJoinTeam('?joinTeam=t1')).toBe('');
    expect(withoutJoinTeam('?a=1&joinTeam=t1&b=2')).toBe('?a=1&b=2');
  });

  it('reads back a kept request and refuses anything else', () => {
    expect(parsePendingJoin(JSON.stringify({ teamId: 't1', uid: 'u1' }))).toEqual({
      teamId: 't1',
      uid: 'u1',
    });
    expect(parsePendingJoin(JSON.stringify({ teamId: 'a/b', uid: 'u1' }))).toBeNull();
    expect(parsePendingJoin('{not json')).toBeNull();
    expect(parsePendingJoin(null)).toBeNull();
  });

  it('builds the invitation link on the app origin', () => {
    expect(inviteLink('https://app.test', 't 1')).toBe(
      'https://app.test/dashboard/intro?joinTeam=t%201',
    );
  });

  it('checks an address roughly before the server does', () => {
    expect(looksLikeEmail(' bob@school.test ')).toBe(true);
    expect(looksLikeEmail('bob@school')).toBe(false);
    expect(looksLikeEmail('bob school.test')).toBe(false);
  });
});
