/**
 * Who hears the music (spec §3 allowAudioPlayer, §6): in a session, its admins (the creator and
 * the members of its team) when the session allows it for instructors, everyone else (players,
 * visitors of its lobby) when it allows it for players. Outside a session the sessions' default
 * applies: instructors hear it, players of a stand-alone game and visitors do not.
 */
import { SESSION_DEFAULTS, type AudioListener } from '@sim/core/templates/types';

export interface MusicAudience {
  /** The session's setting on a session page or a session's game; null elsewhere. */
  readonly sessionAllows: readonly AudioListener[] | null;
  /** The user is an admin of that session (or, without one, the game's creator). */
  readonly isSessionAdmin: boolean;
  /** Signed in with an email and a completed profile. */
  readonly isInstructor: boolean;
}

export function musicListener(audience: MusicAudience): AudioListener {
  if (audience.sessionAllows !== null) return audience.isSessionAdmin ? 'instructor' : 'player';
  return audience.isInstructor || audience.isSessionAdmin ? 'instructor' : 'player';
}

export function hearsMusic(audience: MusicAudience): boolean {
  const allowed = audience.sessionAllows ?? SESSION_DEFAULTS.allowAudioPlayer;
  return allowed.includes(musicListener(audience));
}
