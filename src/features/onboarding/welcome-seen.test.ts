import { describe, expect, it } from 'vitest';
import { landedForFlow, showsWelcome, welcomeRequest } from '@/features/onboarding/welcome-seen';

const at = (search: string) => new URLSearchParams(search);

describe('welcome tour: when it opens', () => {
  it('reads the request from the address', () => {
    expect(welcomeRequest(at('welcomevideo=1'))).toBe('once');
    expect(welcomeRequest(at('welcomevideo=replay&x=2'))).toBe('replay');
    expect(welcomeRequest(at('welcomevideo=yes'))).toBeNull();
    expect(welcomeRequest(at(''))).toBeNull();
  });

  it('opens by itself for a new instructor, once: due opens it, seen never again', () => {
    expect(showsWelcome({ request: null, state: 'due', landedForFlow: false })).toBe(true);
    expect(showsWelcome({ request: null, state: 'seen', landedForFlow: false })).toBe(false);
    // An account set up before the tour existed is not interrupted.
    expect(showsWelcome({ request: null, state: undefined, landedForFlow: false })).toBe(false);
  });

  it('waits while the profile loads, and while a trial or an invitation is being opened', () => {
    expect(showsWelcome({ request: null, state: null, landedForFlow: false })).toBe(false);
    expect(showsWelcome({ request: 'once', state: null, landedForFlow: false })).toBe(false);
    expect(showsWelcome({ request: null, state: 'due', landedForFlow: true })).toBe(false);
    expect(landedForFlow(at('startTrial=beergame'))).toBe(true);
    expect(landedForFlow(at('joinTeam=t1'))).toBe(true);
    expect(landedForFlow(at('welcomevideo=1'))).toBe(false);
  });

  it('?welcomevideo=1 opens it until seen; the help menu replays it always', () => {
    expect(showsWelcome({ request: 'once', state: undefined, landedForFlow: false })).toBe(true);
    expect(showsWelcome({ request: 'once', state: 'seen', landedForFlow: false })).toBe(false);
    expect(showsWelcome({ request: 'replay', state: 'seen', landedForFlow: true })).toBe(true);
    expect(showsWelcome({ request: 'replay', state: null, landedForFlow: false })).toBe(true);
  });
});
