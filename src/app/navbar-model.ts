/**
 * Spec §2 navbar rules as pure functions: game links, the rounds dropdown, the playing-as
 * breadcrumb, the account button and the language picker condition.
 */
import type { DocData } from '@sim/core/port/data-port';
import {
  gameTypeOf,
  type GameTypes,
  type NameTranslator,
} from '@/features/games/shared/game-types';
import { playerRoundStates, type Session } from '@/features/sessions/session-model';

export interface NavGame {
  readonly id: string;
  /** `beergame`, `leangame`. */
  readonly type: string;
  readonly name: string;
  readonly creator: string | null;
  readonly session: string | null;
  readonly teamNumber: number | null;
  readonly finished: boolean;
  readonly players: readonly string[];
  readonly observers: readonly string[];
  /** Facility id → role name and the uid holding it. */
  readonly roles: Readonly<
    Record<string, { name: string; user: string | null; playerName: string }>
  >;
}

export function parseNavGame(id: string, data: DocData): NavGame {
  const roles: Record<string, { name: string; user: string | null; playerName: string }> = {};
  const facilities = data['facilities'];
  if (typeof facilities === 'object' && facilities !== null) {
    for (const [fid, raw] of Object.entries(facilities as Record<string, unknown>)) {
      const f = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      roles[fid] = {
        name: typeof f['name'] === 'string' ? f['name'] : fid,
        user: typeof f['user'] === 'string' ? f['user'] : null,
        playerName: typeof f['playerName'] === 'string' ? f['playerName'] : '',
      };
    }
  }
  const list = (v: unknown) =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  return {
    id,
    type: typeof data['type'] === 'string' ? data['type'] : '',
    name: typeof data['name'] === 'string' ? data['name'] : '',
    creator: typeof data['creator'] === 'string' && data['creator'] ? data['creator'] : null,
    session: typeof data['session'] === 'string' && data['session'] ? data['session'] : null,
    teamNumber: typeof data['teamNumber'] === 'number' ? data['teamNumber'] : null,
    finished: data['finished'] === true,
    players: list(data['players']),
    observers: list(data['observers']),
    roles,
  };
}

export type PlayingAs =
  | {
      readonly kind: 'player';
      readonly roleId: string;
      readonly roleName: string;
      readonly playerName: string;
    }
  | { readonly kind: 'observer' }
  | null;

/** The playing-as breadcrumb: the role the user holds in this game, or observer. */
export function playingAs(game: NavGame | null, uid: string | null): PlayingAs {
  if (!game || !uid) return null;
  if (game.players.includes(uid)) {
    for (const [roleId, role] of Object.entries(game.roles)) {
      if (role.user === uid) {
        return { kind: 'player', roleId, roleName: role.name, playerName: role.playerName };
      }
    }
  }
  return game.observers.includes(uid) ? { kind: 'observer' } : null;
}

/**
 * A role's name on the breadcrumb: a default name of its game type in the language on screen,
 * any other name as stored.
 */
export function shownRoleName(
  types: GameTypes,
  gameType: string,
  name: string,
  translate: NameTranslator,
): string {
  return gameTypeOf(types, gameType)?.facilityName(name, translate) ?? name;
}

/**
 * The game the profile says is played, as the navbar names it beside the game on screen: null
 * when it is the game played there, which the game's document already names, and null while that
 * document has not been read, since its arrival renders the navbar anyway and decides then.
 * Otherwise the profile's game: a player elsewhere, or one the game's document no longer lists.
 */
export function otherPlayedGame(
  profileGameId: string | null,
  shown: { readonly gameId: string | null; readonly read: boolean; readonly playedHere: boolean },
): string | null {
  if (profileGameId === null || profileGameId !== shown.gameId) return profileGameId;
  return shown.read && !shown.playedHere ? profileGameId : null;
}

/**
 * Spec §6 name shown for a player: the profile's first name, else the name given when joining
 * (the role's, then the profile's), else null for the caller's translated "anonymous".
 */
export function shownPlayerName(
  profile: { readonly firstname?: string; readonly playerName?: string } | null,
  rolePlayerName: string,
): string | null {
  for (const name of [profile?.firstname, rolePlayerName, profile?.playerName]) {
    const trimmed = name?.trim();
    if (trimmed) return trimmed;
  }
  return null;
}

/** `/game/{id}/{view}` of a path, or null. */
export function gameRoute(pathname: string): { id: string; view: string } | null {
  const m = /^\/game\/([^/]+)(?:\/([^/]+))?\/?$/.exec(pathname);
  return m?.[1] ? { id: m[1], view: m[2] ?? '' } : null;
}

export function sessionRoute(pathname: string): string | null {
  const m = /^\/session\/([^/]+)/.exec(pathname);
  return m?.[1] ?? null;
}

/** Results link: disabled until the game is finished. */
export function resultsEnabled(game: Pick<NavGame, 'finished'>): boolean {
  return game.finished;
}

/**
 * Play link: enabled when the user plays the game, the game is finished, or the route is a
 * stage page (the play page itself).
 */
export function playEnabled(game: NavGame, uid: string | null, view: string): boolean {
  return playingAs(game, uid)?.kind === 'player' || game.finished || view === 'play';
}

export interface RoundEntry {
  readonly n: number;
  readonly state: 'locked' | 'finished' | 'current' | 'open';
  readonly href: string | null;
}

/**
 * Spec §2 rounds dropdown: only with more than one round. A locked round is disabled; a finished
 * round links to its results; the current (or an open) round links to play when the user plays
 * that game, otherwise to intro.
 */
export function roundEntries(
  session: Pick<Session, 'games' | 'lockedRounds' | 'rounds'>,
  teamNumber: number | null,
  playingGameId: string | null,
): RoundEntry[] | null {
  if (session.rounds.length <= 1) return null;
  return playerRoundStates(session, teamNumber).map((s, i) => {
    const n = i + 1;
    switch (s.kind) {
      case 'locked':
        return { n, state: 'locked', href: null };
      case 'finished':
        return { n, state: 'finished', href: `/game/${s.gid}/results` };
      case 'current':
      case 'open':
        return {
          n,
          state: s.kind,
          href: `/game/${s.gid}/${playingGameId === s.gid ? 'play' : 'intro'}`,
        };
    }
  });
}

/** The round number shown on the dropdown: the current one, else the latest started, else 1. */
export function shownRound(entries: readonly RoundEntry[]): number {
  const current = entries.find((e) => e.state === 'current');
  if (current) return current.n;
  const started = entries.filter((e) => e.state !== 'locked');
  return started.at(-1)?.n ?? 1;
}

/**
 * Spec §4: a user with email who is playing sees Quit game; an anonymous player sees Logout
 * (which quits first); everyone else signed in sees Logout. An anonymous visitor who takes no
 * part (not playing, observing or in the lobby on screen) sees Log in, as a signed-out one does:
 * the lobby signs its visitors in before they join.
 */
export function accountAction(
  user: { isAnonymous: boolean; email: string | null } | null,
  playing: boolean,
  takesPart: boolean = playing,
): 'quit' | 'logout' | 'login' {
  if (!user) return 'login';
  if (!user.isAnonymous && user.email && playing) return 'quit';
  if (user.isAnonymous && !playing && !takesPart) return 'login';
  return 'logout';
}

/**
 * Spec §3 `debriefingMode`: a session's game shows its results and debrief to the session's
 * players only when the session gives them access; its instructors always see them.
 */
export function debriefAllowed(
  session: Pick<Session, 'debriefingMode' | 'creator'> | null,
  game: Pick<NavGame, 'creator'> | null,
  uid: string | null,
): boolean {
  if (!session || session.debriefingMode !== 'noaccess') return true;
  return uid !== null && (uid === session.creator || uid === game?.creator);
}

/** Where quitting or logging out leads: the game page from its play route. */
export function afterLeavePath(pathname: string, kind: 'quit' | 'logout'): string | null {
  const route = gameRoute(pathname);
  if (route && route.view === 'play') return `/game/${route.id}`;
  return kind === 'logout' ? '/' : null;
}

/**
 * Spec §2: on game and session pages the language picker shows when the session allows it or
 * the game has no creator; elsewhere it always shows.
 */
export function showLanguagePicker(context: {
  onGameOrSession: boolean;
  session: Pick<Session, 'allowLanguagePicker'> | null;
  game: Pick<NavGame, 'creator'> | null;
}): boolean {
  if (!context.onGameOrSession) return true;
  if (context.session?.allowLanguagePicker) return true;
  if (context.game && context.game.creator === null) return true;
  return !context.session && !context.game;
}
