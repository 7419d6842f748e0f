import { describe, expect, it } from 'vitest';
import {
  accountAction,
  afterLeavePath,
  debriefAllowed,
  gameRoute,
  otherPlayedGame,
  parseNavGame,
  playEnabled,
  playingAs,
  resultsEnabled,
  roundEntries,
  shownRound,
  showLanguagePicker,
  shownPlayerName,
  shownRoleName,
} from '@/app/navbar-model';
import { GAME_TYPES } from '@/features/games/game-types';
import { parseSession } from '@/features/sessions/session-model';

const game = parseNavGame('g1', {
  type: 'beergame',
  name: 'Beer',
  creator: 'alice',
  session: 's1',
  teamNumber: 2,
  finished: false,
  players: ['p1'],
  observers: ['o1'],
  facilities: {
    retailer: { name: 'Retailer', user: 'p1', playerName: 'Ann' },
    factory: { name: 'Factory', user: null },
  },
});

const rounds = [1, 2, 3].map((n) => ({ id: `r${n}`, name: `R${n}`, config: { params: {} } }));

describe('navbar rules (spec §2, §4)', () => {
  it('shows who the user plays, or observer', () => {
    expect(playingAs(game, 'p1')).toEqual({
      kind: 'player',
      roleId: 'retailer',
      roleName: 'Retailer',
      playerName: 'Ann',
    });
    expect(playingAs(game, 'o1')).toEqual({ kind: 'observer' });
    expect(playingAs(game, 'x')).toBeNull();
    expect(playingAs(null, 'p1')).toBeNull();
  });

  it("names a role with its game type's default names in the language on screen", () => {
    const french: Record<string, string> = {
      'game.defaults.facility.retailer': 'Détaillant',
      'game.defaults.lean.facility.warehouse': 'Entrepôt',
    };
    const translate = (key: string) => french[key] ?? key;
    expect(game.type).toBe('beergame');
    expect(shownRoleName(GAME_TYPES, 'beergame', 'Retailer', translate)).toBe('Détaillant');
    expect(shownRoleName(GAME_TYPES, 'leangame', 'Warehouse', translate)).toBe('Entrepôt');
    // A typed name, or a game of a type nobody registered, shows as stored.
    expect(shownRoleName(GAME_TYPES, 'leangame', 'Paint shop', translate)).toBe('Paint shop');
    expect(shownRoleName(GAME_TYPES, 'other', 'Retailer', translate)).toBe('Retailer');
  });

  it('enables results when finished, play when playing, finished or on the play page', () => {
    expect(resultsEnabled(game)).toBe(false);
    expect(resultsEnabled({ finished: true })).toBe(true);
    expect(playEnabled(game, 'p1', 'intro')).toBe(true);
    expect(playEnabled(game, 'x', 'intro')).toBe(false);
    expect(playEnabled(game, 'x', 'play')).toBe(true);
    expect(playEnabled({ ...game, finished: true }, 'x', 'intro')).toBe(true);
    expect(gameRoute('/game/g1/play')).toEqual({ id: 'g1', view: 'play' });
    expect(gameRoute('/game/g1')).toEqual({ id: 'g1', view: '' });
    expect(gameRoute('/dashboard')).toBeNull();
  });

  it('lists rounds only with more than one: locked, finished, current', () => {
    const session = parseSession('s1', {
      rounds,
      lockedRounds: { r3: true },
      games: [
        { gid: 'a', roundNumber: 1, teamNumber: 2, finished: true },
        { gid: 'b', roundNumber: 2, teamNumber: 2, finished: false },
        { gid: 'c', roundNumber: 3, teamNumber: 2, finished: false },
      ],
    });
    const entries = roundEntries(session, 2, 'b')!;
    expect(entries).toEqual([
      { n: 1, state: 'finished', href: '/game/a/results' },
      { n: 2, state: 'open', href: '/game/b/play' },
      { n: 3, state: 'locked', href: null },
    ]);
    expect(roundEntries(session, 2, null)![1]!.href).toBe('/game/b/intro');
    expect(shownRound(entries)).toBe(2);
    expect(roundEntries(parseSession('s', { rounds: rounds.slice(0, 1) }), 1, null)).toBeNull();
    const fresh = roundEntries(parseSession('s', { rounds: rounds.slice(0, 2) }), 1, null)!;
    expect(fresh.map((e) => e.state)).toEqual(['locked', 'locked']);
    expect(shownRound(fresh)).toBe(1);
  });

  it('offers Quit game to a playing email user, Logout to anonymous players', () => {
    expect(accountAction(null, false)).toBe('login');
    expect(accountAction({ isAnonymous: true, email: null }, true)).toBe('logout');
    expect(accountAction({ isAnonymous: false, email: 'a@b.c' }, true)).toBe('quit');
    expect(accountAction({ isAnonymous: false, email: 'a@b.c' }, false)).toBe('logout');
    // An anonymous visitor who takes no part is offered Log in, as in the intro signed out.
    expect(accountAction({ isAnonymous: true, email: null }, false, false)).toBe('login');
    expect(accountAction({ isAnonymous: true, email: null }, false, true)).toBe('logout');
    expect(accountAction({ isAnonymous: false, email: 'a@b.c' }, false, false)).toBe('logout');
    expect(afterLeavePath('/game/g1/play', 'quit')).toBe('/game/g1');
    expect(afterLeavePath('/game/g1/intro', 'quit')).toBeNull();
    expect(afterLeavePath('/game/g1/play', 'logout')).toBe('/game/g1');
    expect(afterLeavePath('/dashboard/intro', 'logout')).toBe('/');
  });

  it("keeps a session's results and debrief to its instructors with debriefingMode noaccess", () => {
    const open = parseSession('s1', { creator: 'teacher', debriefingMode: 'access' });
    const closed = parseSession('s1', { creator: 'teacher', debriefingMode: 'noaccess' });
    expect(debriefAllowed(null, game, 'p1')).toBe(true);
    expect(debriefAllowed(open, game, 'p1')).toBe(true);
    expect(debriefAllowed(closed, game, 'p1')).toBe(false);
    expect(debriefAllowed(closed, game, null)).toBe(false);
    expect(debriefAllowed(closed, game, 'teacher')).toBe(true);
    expect(debriefAllowed(closed, game, 'alice')).toBe(true);
  });

  it('shows the language picker when the session allows it or the game has no creator', () => {
    const base = { onGameOrSession: true };
    expect(showLanguagePicker({ onGameOrSession: false, session: null, game: null })).toBe(true);
    expect(showLanguagePicker({ ...base, session: { allowLanguagePicker: true }, game })).toBe(
      true,
    );
    expect(showLanguagePicker({ ...base, session: { allowLanguagePicker: false }, game })).toBe(
      false,
    );
    expect(showLanguagePicker({ ...base, session: null, game: { creator: null } })).toBe(true);
    expect(showLanguagePicker({ ...base, session: null, game })).toBe(false);
  });
});

describe('shownPlayerName (spec §6)', () => {
  it('shows the first name, else the player name, else nothing (anonymous)', () => {
    expect(shownPlayerName({ firstname: 'Ada', playerName: 'Team A' }, 'Ann')).toBe('Ada');
    expect(shownPlayerName({ firstname: '  ' }, 'Ann')).toBe('Ann');
    expect(shownPlayerName(null, ' Ann ')).toBe('Ann');
    expect(shownPlayerName({ playerName: 'Bob' }, '')).toBe('Bob');
    expect(shownPlayerName(null, '')).toBeNull();
    expect(shownPlayerName({ firstname: '', playerName: ' ' }, '  ')).toBeNull();
  });
});

describe("otherPlayedGame: the profile's game beside the game on screen", () => {
  const onScreen = (read: boolean, playedHere: boolean) => ({ gameId: 'g1', read, playedHere });

  it("is the profile's game when another game is on screen, or none", () => {
    expect(otherPlayedGame('g2', onScreen(true, true))).toBe('g2');
    expect(otherPlayedGame('g2', onScreen(false, false))).toBe('g2');
    expect(otherPlayedGame('g2', { gameId: null, read: false, playedHere: false })).toBe('g2');
    expect(otherPlayedGame(null, onScreen(true, false))).toBeNull();
  });

  it('is none for the game played on screen, whose document names it', () => {
    expect(otherPlayedGame('g1', onScreen(true, true))).toBeNull();
  });

  it('is none while the document of the game on screen has not been read', () => {
    // The profile can arrive first; the document's arrival decides.
    expect(otherPlayedGame('g1', onScreen(false, false))).toBeNull();
  });

  it('is the game on screen when its document no longer lists the player', () => {
    expect(otherPlayedGame('g1', onScreen(true, false))).toBe('g1');
  });
});
