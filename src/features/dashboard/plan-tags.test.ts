import { describe, expect, it } from 'vitest';
import { FREE_PLAYERS, freePeriodStart } from '@sim/core/billing/plans';
import { dashboardMessage, planTags, planUsageOf, withUsage } from '@/features/dashboard/plan-tags';

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

describe('plan usage on the tags (business.md §3.7)', () => {
  const team = {
    members: { u1: { games: ['beergame'] } },
    plans: {
      beergame: { active: true, until: NOW + 10, players: 30, periodStart: 500, usedPlayers: 29 },
    },
  };

  it('reads used from the usage document of the plan period, not from the plan', () => {
    const usage = planUsageOf([
      { id: 'beergame~500', data: { used: 7, max: 30 } },
      { id: 'beergame~100', data: { used: 30, max: 30 } },
    ]);
    expect(planTags(withUsage(team, usage, NOW), 'u1', NOW, usage)).toEqual([
      { kind: 'players', type: 'beergame', used: 7, max: 30 },
    ]);
    // No usage document yet: nobody seated.
    expect(planTags(withUsage(team, {}, NOW), 'u1', NOW)).toEqual([
      { kind: 'players', type: 'beergame', used: 0, max: 30 },
    ]);
  });

  it('adds the upgrade tag when every seat of a plan is taken', () => {
    const usage = planUsageOf([{ id: 'beergame~500', data: { used: 30 } }]);
    expect(planTags(withUsage(team, usage, NOW), 'u1', NOW, usage)).toEqual([
      { kind: 'players', type: 'beergame', used: 30, max: 30 },
      { kind: 'upgrade' },
    ]);
  });

  it('shows the free allowance used this period beside the upgrade tag', () => {
    const start = freePeriodStart(NOW);
    const usage = planUsageOf([
      { id: `leangame~free~${start}`, data: { used: 4 } },
      { id: `beergame~free~${start - 1}`, data: { used: 9 } },
    ]);
    expect(planTags(null, 'u1', NOW, usage)).toEqual([
      { kind: 'free', type: 'leangame', used: 4, max: FREE_PLAYERS },
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
