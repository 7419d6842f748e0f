import { describe, expect, it } from 'vitest';
import { expectedPlayers, hasStarted, lineupOf, seatOf, teamComplete } from './lineup';

const players = ['ann', 'bob'];

describe('who plays a role', () => {
  it('BEER-SEAT-1: human, computer, awaited before the start, free after it', () => {
    expect(seatOf({ user: 'ann', computer: false }, players, false)).toBe('human');
    // The computer put in a player's place plays the role.
    expect(seatOf({ user: 'ann', computer: true }, players, false)).toBe('computer');
    expect(seatOf({ user: null, computer: true }, players, true)).toBe('computer');
    // A user who left the players holds nothing.
    expect(seatOf({ user: 'zoe', computer: false }, players, false)).toBe('awaited');
    expect(seatOf({ user: null }, players, false)).toBe('awaited');
    expect(seatOf({ user: '' }, players, true)).toBe('free');
  });

  it('BEER-SEAT-2: only started false waits', () => {
    expect(hasStarted({ started: false })).toBe(false);
    expect(hasStarted({ started: true })).toBe(true);
    expect(hasStarted({})).toBe(true);
  });

  it('sorts the roles by seat', () => {
    const roles = [
      { id: 'r', user: 'ann' },
      { id: 'w', user: null },
      { id: 'd', user: null, computer: true },
      { id: 'f', user: 'gone' },
    ];
    expect(lineupOf(roles, players, false)).toEqual({
      human: ['r'],
      computer: ['d'],
      awaited: ['w', 'f'],
      free: [],
    });
    expect(lineupOf(roles, players, true).free).toEqual(['w', 'f']);
  });
});

describe('BEER-SEAT-5: a complete team starts its game', () => {
  it('expects the lobby team when the session has a lobby, every role otherwise', () => {
    expect(expectedPlayers(4, 'maintainall', 2)).toBe(2);
    expect(expectedPlayers(4, 'random', 6)).toBe(4);
    expect(expectedPlayers(4, 'nolobby', 2)).toBe(4);
    expect(expectedPlayers(4, 'maintainall', 0)).toBe(4);
    expect(expectedPlayers(4, null, 3)).toBe(4);
  });

  const lineup = (human: number, computer: number, awaited: number) => ({
    human: Array.from({ length: human }, (_, i) => `h${i}`),
    computer: Array.from({ length: computer }, (_, i) => `c${i}`),
    awaited: Array.from({ length: awaited }, (_, i) => `a${i}`),
    free: [],
  });

  it('is complete when every role is held and one of them by a human', () => {
    expect(teamComplete(lineup(1, 1, 0), 'nolobby', 0)).toBe(true);
    expect(teamComplete(lineup(0, 2, 0), 'nolobby', 0)).toBe(false);
    expect(teamComplete(lineup(1, 0, 1), 'nolobby', 0)).toBe(false);
  });

  it('is complete when the lobby team holds its roles', () => {
    // Two players in the lobby's team, a four-role game: both in, the others are the computer's.
    expect(teamComplete(lineup(2, 0, 2), 'maintainall', 2)).toBe(true);
    expect(teamComplete(lineup(1, 0, 3), 'maintainall', 2)).toBe(false);
    expect(teamComplete(lineup(1, 0, 1), 'random', 2)).toBe(false);
    // Without a lobby a team is never complete before its roles are.
    expect(teamComplete(lineup(2, 0, 2), 'nolobby', 2)).toBe(false);
  });
});
