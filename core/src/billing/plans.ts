/**
 * Plans and player seats (business.md §3.7, §3.8, §5): the numbers of the free allowance, the
 * trial and the plan catalogue, and the pure rules that decide whether a player may take a seat.
 * Shared by the functions (joinAs, startTrial) and the SPA (the dashboard's player-count tags).
 *
 * A team's plan for a game type is `teams/{tid}.plans.{type}` = `{active, until (ms), duration
 * (days), planName, players (max) | null, unlimitedPlayers, licenses, periodStart (ms), trial,
 * planId}`. A seat is one distinct player per plan period and game type; the count is
 * `teams/{tid}/planUsage/{type}~{periodStart}.used` (usageId).
 */
import type { GameType } from '../templates/types';

export type { GameType };

export const GAME_TYPES = ['beergame', 'leangame'] as const satisfies readonly GameType[];

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Without an active plan for a game type, an instructor's team (or an instructor without a team)
 * seats this many distinct players of that type per free period, so a teacher can try a whole
 * game with a class before paying (business.md §5.3).
 */
export const FREE_PLAYERS = 10;
/** The free allowance's period, in days; periods are counted from the Unix epoch. */
export const FREE_PERIOD_DAYS = 30;

/** A trial: once per user and game type (business.md §3.8, §5.3). */
export const TRIAL_DAYS = 14;
export const TRIAL_PLAYERS = 30;
/**
 * Instructors who may hold the game type during a trial: the admin who starts it and two
 * colleagues, so a trial can be tried as a team (decision 0013).
 */
export const TRIAL_LICENSES = 3;
export const TRIAL_PLAN_NAME = 'trial';

export interface CatalogPlan {
  /** `planCatalog/{planId}` */
  readonly planId: string;
  readonly planName: string;
  readonly games: readonly GameType[];
  /** Distinct players per period; null with `unlimitedPlayers`. */
  readonly players: number | null;
  readonly unlimitedPlayers: boolean;
  readonly licenses: number;
  readonly durationDays: number;
  readonly renew: boolean;
}

const YEAR_DAYS = 365;

/**
 * The catalogue of business.md §5.3 for each game type: Class (50 players), Campus (300) and
 * Unlimited, each for 12 months. Prices are configuration, not here. Licence counts: decision
 * 0013.
 */
export const PLAN_CATALOG: readonly CatalogPlan[] = GAME_TYPES.flatMap((type) => [
  {
    planId: `${type}-class`,
    planName: 'Class',
    games: [type],
    players: 50,
    unlimitedPlayers: false,
    licenses: 2,
    durationDays: YEAR_DAYS,
    renew: true,
  },
  {
    planId: `${type}-campus`,
    planName: 'Campus',
    games: [type],
    players: 300,
    unlimitedPlayers: false,
    licenses: 10,
    durationDays: YEAR_DAYS,
    renew: true,
  },
  {
    planId: `${type}-unlimited`,
    planName: 'Unlimited',
    games: [type],
    players: null,
    unlimitedPlayers: true,
    licenses: 25,
    durationDays: YEAR_DAYS,
    renew: true,
  },
]);

type Rec = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isGameType(value: unknown): value is GameType {
  return value === 'beergame' || value === 'leangame';
}

/** A plan is active when `active` is true and its `until`, if set, has not passed. */
export function planActive(plan: unknown, now: number): boolean {
  if (!isRecord(plan) || plan['active'] !== true) return false;
  const until = plan['until'];
  return typeof until !== 'number' || until > now;
}

/** `team.plans.{type}` as an own key, or undefined. */
export function planOf(team: unknown, type: GameType): Rec | undefined {
  const plans = isRecord(team) ? team['plans'] : undefined;
  if (!isRecord(plans) || !Object.hasOwn(plans, type)) return undefined;
  const plan = plans[type];
  return isRecord(plan) ? plan : undefined;
}

/** A paid plan: active and not a trial. */
export function paidPlanActive(plan: unknown, now: number): boolean {
  return planActive(plan, now) && isRecord(plan) && plan['trial'] !== true;
}

/** The start of the free period that holds `now`. */
export function freePeriodStart(now: number): number {
  const period = FREE_PERIOD_DAYS * DAY_MS;
  return Math.floor(now / period) * period;
}

/** How many distinct players a game type may seat now, and in which period they are counted. */
export interface SeatLimit {
  /** 'plan': an active plan; 'free': the free allowance. */
  readonly kind: 'plan' | 'free';
  /** null: no limit (an unlimited plan, or an active plan without a maximum). */
  readonly max: number | null;
  readonly periodStart: number;
  /** The end of the period (ms). */
  readonly until: number;
}

function wholeNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

/** The seat limit of a game type under `plan` (the team's plan of that type, or none). */
export function seatLimitFor(plan: unknown, now: number): SeatLimit {
  if (planActive(plan, now) && isRecord(plan)) {
    const until = typeof plan['until'] === 'number' ? plan['until'] : Number.MAX_SAFE_INTEGER;
    const periodStart = wholeNumber(plan['periodStart']) ?? 0;
    const max = wholeNumber(plan['players']);
    return {
      kind: 'plan',
      max: plan['unlimitedPlayers'] === true ? null : max,
      periodStart,
      until,
    };
  }
  const periodStart = freePeriodStart(now);
  return {
    kind: 'free',
    max: FREE_PLAYERS,
    periodStart,
    until: periodStart + FREE_PERIOD_DAYS * DAY_MS,
  };
}

/**
 * The usage document's id of a period: `{type}~{periodStart}` for a plan, `{type}~free~{start}`
 * for the free allowance (the two never share a count).
 */
export function usageId(type: GameType, limit: Pick<SeatLimit, 'kind' | 'periodStart'>): string {
  return limit.kind === 'plan'
    ? `${type}~${limit.periodStart}`
    : `${type}~free~${limit.periodStart}`;
}

export type SeatDecision = 'ok' | 'new-seat' | 'limit';

/**
 * Whether a player may play: 'ok' when it already holds a seat this period or nothing is
 * counted, 'new-seat' when one is left (take it), 'limit' when every seat is taken.
 */
export function seatDecision(input: {
  readonly max: number | null;
  readonly used: number;
  readonly hasSeat: boolean;
}): SeatDecision {
  if (input.hasSeat || input.max === null) return 'ok';
  return input.used < input.max ? 'new-seat' : 'limit';
}

export interface TrialPlan {
  readonly active: true;
  readonly trial: true;
  readonly planId: string;
  readonly planName: string;
  /** Days. */
  readonly duration: number;
  readonly until: number;
  readonly players: number;
  readonly unlimitedPlayers: false;
  readonly licenses: number;
  readonly periodStart: number;
}

/** The plan a trial gives (business.md §3.8). */
export function trialPlan(now: number): TrialPlan {
  return {
    active: true,
    trial: true,
    planId: TRIAL_PLAN_NAME,
    planName: TRIAL_PLAN_NAME,
    duration: TRIAL_DAYS,
    until: now + TRIAL_DAYS * DAY_MS,
    players: TRIAL_PLAYERS,
    unlimitedPlayers: false,
    licenses: TRIAL_LICENSES,
    periodStart: now,
  };
}
