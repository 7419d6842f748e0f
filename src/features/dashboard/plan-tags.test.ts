import { describe, expect, it } from 'vitest';
import { dashboardMessage, planTags } from '@/features/dashboard/plan-tags';

const NOW = 1_000_000;

describe('planTags (spec §6)', () => {
  it('gives used/max per available game type', () => {
    const team = {
      members: { u1: { name: 'Ada', games: ['beergame', 'leangame'] } },
      plans: {
        beergame: { active: true, maxPlayers: 40, playersList: ['a', 'b', 'c'] },
        leangame: { active: true, until: NOW + 1, maxPlayers: 10, usedPlayers: 4 },
      },
    };
    expect(planTags(team, 'u1', NOW)).toEqual([
      { kind: 'players', type: 'beergame', used: 3, max: 40 },
      { kind: 'players', type: 'leangame', used: 4, max: 10 },
    ]);
  });
  it('skips unlimited plans and plans without a maximum', () => {
    const team = {
      members: { u1: { games: ['beergame', 'leangame'] } },
      plans: {
        beergame: { active: true, unlimitedPlayers: true, maxPlayers: 40 },
        leangame: { active: true },
      },
    };
    expect(planTags(team, 'u1', NOW)).toEqual([]);
  });
  it('gives an upgrade tag when no game is available', () => {
    expect(planTags(null, 'u1', NOW)).toEqual([{ kind: 'upgrade' }]);
    const team = {
      members: { u1: { games: ['beergame'] }, u2: { games: ['leangame'] } },
      plans: {
        beergame: { active: true, until: NOW - 1, maxPlayers: 5 },
        leangame: { active: true, maxPlayers: 5 },
      },
    };
    expect(planTags(team, 'u1', NOW)).toEqual([{ kind: 'upgrade' }]);
    expect(planTags({ members: { u1: { games: ['beergame'] } } }, 'u1', NOW)).toEqual([
      { kind: 'upgrade' },
    ]);
  });
});

describe('dashboardMessage (spec §2)', () => {
  it('names the join-team and trial messages', () => {
    expect(dashboardMessage('?joinTeam=t1', true)).toBe('messJoiningTeam');
    expect(dashboardMessage('?joinTeam=t1', false)).toBe('messSignupToJoinTeam');
    expect(dashboardMessage('?startTrial=pack', true)).toBe('messStartingTrial');
    expect(dashboardMessage('?startTrial=pack', false)).toBe('messLoginToStartTrial');
    expect(dashboardMessage('?joinTeam=', true)).toBeNull();
    expect(dashboardMessage('', true)).toBeNull();
  });
});
