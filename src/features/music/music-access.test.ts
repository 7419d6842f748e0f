import { describe, expect, it } from 'vitest';
import { hearsMusic } from '@/features/music/music-access';

describe('who hears the music (spec §3 allowAudioPlayer, §6)', () => {
  it("in a session, follows the session's setting for its admins and for everyone else", () => {
    const cases = [
      { allows: [], admin: false, hears: false },
      { allows: [], admin: true, hears: false },
      { allows: ['instructor'], admin: true, hears: true },
      { allows: ['instructor'], admin: false, hears: false },
      { allows: ['player'], admin: true, hears: false },
      { allows: ['player'], admin: false, hears: true },
      { allows: ['instructor', 'player'], admin: true, hears: true },
      { allows: ['instructor', 'player'], admin: false, hears: true },
    ] as const;
    for (const c of cases) {
      for (const isInstructor of [false, true]) {
        expect(
          hearsMusic({ sessionAllows: c.allows, isSessionAdmin: c.admin, isInstructor }),
          JSON.stringify({ ...c, isInstructor }),
        ).toBe(c.hears);
      }
    }
  });

  it("an instructor who is not one of the session's admins hears what its players hear", () => {
    expect(
      hearsMusic({ sessionAllows: ['player'], isSessionAdmin: false, isInstructor: true }),
    ).toBe(true);
    expect(
      hearsMusic({ sessionAllows: ['instructor'], isSessionAdmin: false, isInstructor: true }),
    ).toBe(false);
  });

  it("outside a session, the sessions' default: instructors hear it, players and visitors do not", () => {
    expect(hearsMusic({ sessionAllows: null, isSessionAdmin: false, isInstructor: true })).toBe(
      true,
    );
    expect(hearsMusic({ sessionAllows: null, isSessionAdmin: true, isInstructor: false })).toBe(
      true,
    );
    expect(hearsMusic({ sessionAllows: null, isSessionAdmin: false, isInstructor: false })).toBe(
      false,
    );
  });
});
