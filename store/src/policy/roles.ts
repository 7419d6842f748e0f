/**
 * The roles of spec §6, as predicates over the caller and the documents involved. Each mirrors a
 * function of the same name in `firestore.rules`; keep the two in step.
 */
import type { DocData } from '@sim/core/port/data-port';
import type { AuthContext, DocReader } from './types';
import { getField, isId, isMap, listField, mapField } from './data';

export function signedIn(auth: AuthContext | null): auth is AuthContext {
  return auth !== null && isId(auth.uid);
}

export function isAnonymous(auth: AuthContext | null): boolean {
  return signedIn(auth) && auth.provider === 'anonymous';
}

/** Signed in with an account (email/password, custom token...), not anonymously. */
/**
 * An account with an email: anonymous players, and anonymous players restored on another device
 * with a custom token (no email), are not instructors.
 */
export function isInstructor(auth: AuthContext | null): auth is AuthContext {
  return signedIn(auth) && auth.provider !== 'anonymous' && typeof auth.email === 'string';
}

export function isUser(auth: AuthContext | null, uid: string): boolean {
  return signedIn(auth) && auth.uid === uid;
}

/** `teams/{teamId}.members.{uid}` exists. */
export function isTeamMember(auth: AuthContext | null, teamId: unknown, read: DocReader): boolean {
  if (!signedIn(auth) || !isId(teamId)) return false;
  const team = read(`teams/${teamId}`);
  return team !== undefined && Object.hasOwn(mapField(team, 'members'), auth.uid);
}

/** `teams/{teamId}.members.{uid}.role == 'admin'`. */
export function isTeamAdmin(auth: AuthContext | null, teamId: unknown, read: DocReader): boolean {
  if (!isTeamMember(auth, teamId, read) || !signedIn(auth)) return false;
  const member = getField(mapField(read(`teams/${String(teamId)}`), 'members'), auth.uid, null);
  return isMap(member) && getField(member, 'role', null) === 'admin';
}

/** A new or changed team reference must be null/absent or a team the caller belongs to. */
export function teamAllowed(auth: AuthContext | null, teamId: unknown, read: DocReader): boolean {
  return teamId === undefined || teamId === null || isTeamMember(auth, teamId, read);
}

/** The session's creator or a member of the session's team. */
export function isSessionAdminOf(
  auth: AuthContext | null,
  session: DocData,
  read: DocReader,
): boolean {
  if (!signedIn(auth)) return false;
  return (
    getField(session, 'creator', null) === auth.uid ||
    isTeamMember(auth, getField(session, 'team', null), read)
  );
}

export function isSessionAdmin(
  auth: AuthContext | null,
  sessionId: unknown,
  read: DocReader,
): boolean {
  if (!signedIn(auth) || !isId(sessionId)) return false;
  const session = read(`sessions/${sessionId}`);
  return session !== undefined && isSessionAdminOf(auth, session, read);
}

export function isCreatorOf(auth: AuthContext | null, doc: DocData | undefined): boolean {
  return signedIn(auth) && doc !== undefined && getField(doc, 'creator', null) === auth.uid;
}

/** The caller's uid is in `game.players`. */
export function isPlayerIn(auth: AuthContext | null, game: DocData): boolean {
  return signedIn(auth) && listField(game, 'players').includes(auth.uid);
}

/** Player of a facility: `game.facilities.{fid}.user == uid` and uid in `game.players`. */
export function isPlayerOf(auth: AuthContext | null, game: DocData, facilityId: unknown): boolean {
  if (!signedIn(auth) || !isPlayerIn(auth, game) || !isId(facilityId)) return false;
  const facility = getField(mapField(game, 'facilities'), facilityId, {});
  return isMap(facility) && getField(facility, 'user', null) === auth.uid;
}

export function isObserver(auth: AuthContext | null, game: DocData): boolean {
  return signedIn(auth) && listField(game, 'observers').includes(auth.uid);
}

export function isTransparent(game: DocData): boolean {
  return getField(mapField(game, 'params'), 'transparent', false) === true;
}

/**
 * Who reads every facility's private state: the creator, observers, members of the game's team,
 * admins of the game's session, and any signed-in user when the game is transparent.
 */
export function seesAll(auth: AuthContext | null, game: DocData, read: DocReader): boolean {
  return (
    signedIn(auth) &&
    (getField(game, 'creator', null) === auth.uid ||
      isObserver(auth, game) ||
      isTransparent(game) ||
      isTeamMember(auth, getField(game, 'team', null), read) ||
      isSessionAdmin(auth, getField(game, 'session', null), read))
  );
}

/**
 * Who reads the game-level secrets (seed, consumer demand, quiz answers, the core state): the
 * game's admins. Not through transparency (BEER-VIS-5), and not observers: anyone may observe.
 */
export function seesSecrets(auth: AuthContext | null, game: DocData, read: DocReader): boolean {
  return (
    signedIn(auth) &&
    (getField(game, 'creator', null) === auth.uid ||
      isTeamMember(auth, getField(game, 'team', null), read) ||
      isSessionAdmin(auth, getField(game, 'session', null), read))
  );
}

/**
 * Who reads a lean run's hidden state (defect flags, the whole floor, the action log): the game's
 * admins and its observers (LEAN-VIS-1). Not through transparency (LEAN-VIS-2).
 */
export function seesHidden(auth: AuthContext | null, game: DocData, read: DocReader): boolean {
  return seesSecrets(auth, game, read) || isObserver(auth, game);
}

export function isFinished(game: DocData): boolean {
  return getField(game, 'finished', false) === true;
}

/**
 * Spec §2: an instructor's public page shows when the workspace (`publicProfiles/{uid}`) exists
 * and its `activePage` is not false.
 */
export function publicPageActive(uid: unknown, read: DocReader): boolean {
  if (!isId(uid)) return false;
  const page = read(`publicProfiles/${uid}`);
  return page !== undefined && getField(page, 'activePage', true) !== false;
}
