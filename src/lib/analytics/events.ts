/**
 * The product's analytics events (spec §7), built in one place so every caller sends the same
 * names and parameters. Nothing personal goes into them: no ids, names or addresses. The
 * purchase event is built by the purchase notification (features/billing/purchase-notification).
 */
import { recordEvent, type AnalyticsEvent } from '@/lib/analytics/analytics';

/** Where a new game came from. */
export type GameOrigin = 'editor' | 'template' | 'copy' | 'demo';

/** Game types are the stored `type` strings; anything else is reported as 'other'. */
function gameType(type: string): string {
  return type === 'beergame' || type === 'leangame' ? type : 'other';
}

/** An instructor created an account (GA's recommended `sign_up`). */
export function signUpEvent(method: 'password'): AnalyticsEvent {
  return { name: 'sign_up', params: { method } };
}

/** Games were created: `count` of them at once (copies) or one. */
export function gameCreatedEvent(type: string, origin: GameOrigin, count = 1): AnalyticsEvent {
  return {
    name: 'game_created',
    params: { game_type: gameType(type), origin, count: Math.max(1, Math.min(200, count)) },
  };
}

/**
 * A player took a role in a game. `origin` is given where the game is made for that player
 * alone (the demo); a game joined from its intro page is the instructor's, counted when created.
 */
export function gamePlayedEvent(
  type: string,
  inSession: boolean,
  origin?: GameOrigin,
): AnalyticsEvent {
  return {
    name: 'game_played',
    params: {
      game_type: gameType(type),
      in_session: inSession,
      ...(origin !== undefined ? { origin } : {}),
    },
  };
}

/** An instructor started a round of a session: one game per team. */
export function sessionRunEvent(type: string, round: number, teams: number): AnalyticsEvent {
  return {
    name: 'session_run',
    params: {
      game_type: gameType(type),
      round: Math.max(1, Math.min(100, Math.trunc(round))),
      teams: Math.max(0, Math.min(1000, Math.trunc(teams))),
    },
  };
}

/**
 * Records an event. Analytics never breaks what the user is doing, so a recorder that throws is
 * ignored here.
 */
export function track(event: AnalyticsEvent): void {
  try {
    recordEvent(event);
  } catch {
    // Nothing to show: the user's action succeeded.
  }
}
