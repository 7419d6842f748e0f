import { describe, expect, it } from 'vitest';
import { logoHref } from '@/app/logo-href';

describe('logoHref (spec §2 navbar)', () => {
  it('sends a signed-in instructor to dashboard/intro from anywhere', () => {
    expect(logoHref({ isInstructor: true, pathname: '/game/g1/play' })).toBe('/dashboard/intro');
    expect(logoHref({ isInstructor: true, pathname: '/' })).toBe('/dashboard/intro');
  });
  it("goes to that user's page on user pages", () => {
    expect(logoHref({ isInstructor: false, pathname: '/user/u7' })).toBe('/user/u7');
  });
  it("goes to the session's lobby on session pages", () => {
    expect(logoHref({ isInstructor: false, pathname: '/session/s1/results' })).toBe(
      '/session/s1/lobby',
    );
  });
  it('on game pages: the session lobby, else the creator page, else the game page', () => {
    const pathname = '/game/g1/play';
    expect(
      logoHref({
        isInstructor: false,
        pathname,
        game: { id: 'g1', sessionId: 's2', creatorPageUid: 'u1' },
      }),
    ).toBe('/session/s2/lobby');
    expect(
      logoHref({ isInstructor: false, pathname, game: { id: 'g1', creatorPageUid: 'u1' } }),
    ).toBe('/user/u1');
    expect(logoHref({ isInstructor: false, pathname })).toBe('/game/g1');
  });
  it('goes to / elsewhere', () => {
    expect(logoHref({ isInstructor: false, pathname: '/leaderboard' })).toBe('/');
    expect(logoHref({ isInstructor: false, pathname: '/' })).toBe('/');
  });
});
