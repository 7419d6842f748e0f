import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  FREE_PLAYERS,
  PLAN_CATALOG,
  TRIAL_DAYS,
  TRIAL_LICENSES,
  TRIAL_PLAYERS,
  freePeriodStart,
  paidPlanActive,
  planActive,
  planOf,
  seatDecision,
  seatLimitFor,
  trialPlan,
  usageId,
} from './plans';

const NOW = Date.UTC(2026, 0, 15);

describe('plans (business.md §3.7, §5)', () => {
  it('a plan is active until its end', () => {
    expect(planActive({ active: true, until: NOW + 1 }, NOW)).toBe(true);
    expect(planActive({ active: true }, NOW)).toBe(true);
    expect(planActive({ active: true, until: NOW }, NOW)).toBe(false);
    expect(planActive({ active: false, until: NOW + 1 }, NOW)).toBe(false);
    expect(planActive({ active: 'true' }, NOW)).toBe(false);
    expect(planActive(null, NOW)).toBe(false);
    expect(paidPlanActive({ active: true, trial: true }, NOW)).toBe(false);
    expect(paidPlanActive({ active: true, planName: 'Class' }, NOW)).toBe(true);
  });

  it('reads a plan by its own key only', () => {
    const team = { plans: { beergame: { active: true } } };
    expect(planOf(team, 'beergame')).toEqual({ active: true });
    expect(planOf(team, 'leangame')).toBeUndefined();
    expect(planOf({ plans: Object.create({ beergame: { active: true } }) }, 'beergame')).toBe(
      undefined,
    );
  });

  it('an active plan counts its players in its own period; unlimited counts nothing', () => {
    const plan = { active: true, until: NOW + DAY_MS, players: 50, periodStart: NOW - DAY_MS };
    expect(seatLimitFor(plan, NOW)).toEqual({
      kind: 'plan',
      max: 50,
      periodStart: NOW - DAY_MS,
      until: NOW + DAY_MS,
    });
    expect(seatLimitFor({ ...plan, unlimitedPlayers: true }, NOW).max).toBeNull();
    expect(seatLimitFor({ ...plan, players: null }, NOW).max).toBeNull();
    expect(usageId('beergame', seatLimitFor(plan, NOW))).toBe(`beergame~${NOW - DAY_MS}`);
  });

  it('without an active plan, the free allowance of its 30-day period applies', () => {
    const expired = { active: true, until: NOW - 1, players: 500, periodStart: 0 };
    const limit = seatLimitFor(expired, NOW);
    expect(limit).toMatchObject({ kind: 'free', max: FREE_PLAYERS });
    expect(limit.periodStart).toBe(freePeriodStart(NOW));
    expect(limit.periodStart).toBeLessThanOrEqual(NOW);
    expect(limit.until).toBeGreaterThan(NOW);
    expect(limit.until - limit.periodStart).toBe(30 * DAY_MS);
    expect(freePeriodStart(limit.until)).toBe(limit.until);
    expect(usageId('leangame', limit)).toBe(`leangame~free~${limit.periodStart}`);
  });

  it('decides a seat: a held seat or no limit is ok, else one is taken while any is left', () => {
    expect(seatDecision({ max: 3, used: 3, hasSeat: true })).toBe('ok');
    expect(seatDecision({ max: null, used: 999, hasSeat: false })).toBe('ok');
    expect(seatDecision({ max: 3, used: 2, hasSeat: false })).toBe('new-seat');
    expect(seatDecision({ max: 3, used: 3, hasSeat: false })).toBe('limit');
    expect(seatDecision({ max: 0, used: 0, hasSeat: false })).toBe('limit');
  });

  it('a trial: 14 days, 30 players, room for colleagues', () => {
    expect(trialPlan(NOW)).toMatchObject({
      active: true,
      trial: true,
      until: NOW + TRIAL_DAYS * DAY_MS,
      duration: 14,
      players: TRIAL_PLAYERS,
      licenses: TRIAL_LICENSES,
      periodStart: NOW,
    });
    expect(TRIAL_PLAYERS).toBe(30);
    expect(TRIAL_LICENSES).toBeGreaterThanOrEqual(2);
  });

  it('the catalogue has Class, Campus and Unlimited for each game type, 12 months', () => {
    for (const type of ['beergame', 'leangame'] as const) {
      const plans = PLAN_CATALOG.filter((p) => p.games.includes(type));
      expect(plans.map((p) => [p.planName, p.players, p.unlimitedPlayers])).toEqual([
        ['Class', 50, false],
        ['Campus', 300, false],
        ['Unlimited', null, true],
      ]);
      expect(plans.every((p) => p.durationDays === 365)).toBe(true);
    }
  });
});
