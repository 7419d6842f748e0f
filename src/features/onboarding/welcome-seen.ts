/**
 * When the welcome tour opens (decision 0027). A new instructor's profile says the tour is due
 * (`users/{uid}.welcomeTour = 'due'`, written when the account is set up): the dashboard's first
 * plain visit opens it. Once closed or finished it is `'seen'` on the profile, so it is not
 * offered again on any browser. The one-time link (`?welcomevideo=1`) opens it until seen; the
 * help menu's entry (`?welcomevideo=replay`) plays it on request.
 */

export type WelcomeRequest = 'once' | 'replay' | null;

/** The profile's `welcomeTour`. Absent on accounts set up before it existed: never opened unasked. */
export type WelcomeTourState = 'due' | 'seen';

/** What the address asks for: the one-time tour, a replay, or nothing. */
export function welcomeRequest(search: URLSearchParams): WelcomeRequest {
  const value = search.get('welcomevideo');
  if (value === '1') return 'once';
  if (value === 'replay') return 'replay';
  return null;
}

/** Address parameters of the dashboard's own flows (a trial, a team invitation) that come first. */
const FLOW_PARAMS = ['startTrial', 'joinTeam'];

/** The dashboard was opened for one of its flows: the tour waits for a later visit. */
export function landedForFlow(search: URLSearchParams): boolean {
  return FLOW_PARAMS.some((p) => search.has(p));
}

/** Whether the tour opens now. `state` is null while the profile is loading. */
export function showsWelcome(opts: {
  readonly request: WelcomeRequest;
  readonly state: WelcomeTourState | undefined | null;
  readonly landedForFlow: boolean;
}): boolean {
  if (opts.request === 'replay') return true;
  if (opts.state === null || opts.state === 'seen') return false;
  if (opts.request === 'once') return true;
  return opts.state === 'due' && !opts.landedForFlow;
}
