import { describe, expect, it } from 'vitest';
import { sessionTemplateById, SESSION_TEMPLATES } from '@sim/core/templates/session-templates';
import {
  assignTeam,
  canStartRound,
  currentRoundNumber,
  debriefOpen,
  draftOf,
  draftProblems,
  duplicateSessionData,
  gamesStillPlaying,
  hasConfig,
  parseRoundConfigs,
  splitRounds,
  withRoundConfigs,
  hasPendingChanges,
  isSessionCode,
  leastFilledTeam,
  newRoundId,
  normalizeCode,
  parseLobbyPlayer,
  parseSession,
  playerRoundStates,
  roundFinished,
  roundGameName,
  sessionAccess,
  sessionFromTemplate,
  sortLobby,
  teamGamePlayers,
  teamGameToEnter,
  teamLabel,
  teamsToStart,
  type LobbyPlayer,
  type Session,
} from '@/features/sessions/session-model';

const owner = { creator: 'alice', creatorName: 'Alice', team: null, now: 1000 };
const template = sessionTemplateById('s-beer-visibility')!;

function session(overrides: Partial<Record<string, unknown>> = {}): Session {
  return parseSession('s1', { ...sessionFromTemplate(template, owner), ...overrides });
}

const p = (uid: string, team: number | null, joinedAt = 0, name = uid): LobbyPlayer => ({
  uid,
  name,
  team,
  joinedAt,
});

describe('creating a session from a template (spec §9 defaults)', () => {
  it('copies the rounds and the defaults, as a draft without code', () => {
    const data = sessionFromTemplate(template, owner);
    expect(data).toMatchObject({
      name: template.title,
      creator: 'alice',
      status: 'draft',
      teamComposition: 'maintainall',
      instructionsMode: 'hostvideo-playerslides',
      debriefingMode: 'access',
      allowAudioPlayer: ['instructor'],
      allowJoinRandom: true,
      allowLanguagePicker: true,
      games: [],
      lockedRounds: {},
      deleted: false,
      templateId: 's-beer-visibility',
      templateVersion: 1,
    });
    expect(data['code']).toBeUndefined();
    expect((data['rounds'] as unknown[]).length).toBe(2);
    expect(sessionFromTemplate(template, owner, '  Monday ')['name']).toBe('Monday');
  });

  it('parses every template into a session with its rounds', () => {
    for (const t of SESSION_TEMPLATES) {
      const s = parseSession('x', sessionFromTemplate(t, owner));
      expect(s.rounds.map((r) => r.id)).toEqual(t.rounds.map((r) => r.id));
      expect(s.type).toBe(t.type);
    }
  });
});

describe('duplicating a session (spec §4)', () => {
  it('is published, with no code, games, players, locked rounds or team names', () => {
    const original = session({
      status: 'draft',
      code: 'ABCDEF',
      games: [{ gid: 'g1', roundNumber: 1, teamNumber: 1, finished: true }],
      players: ['p1'],
      lockedRounds: { r2: true },
      teamNames: { '1': 'Red' },
    });
    const copy = duplicateSessionData(original, { ...owner, creator: 'bob' }, '');
    expect(copy).toMatchObject({
      status: 'published',
      games: [],
      players: [],
      lockedRounds: {},
      teamNames: {},
      name: original.name,
      creator: 'bob',
    });
    expect(copy['code']).toBeUndefined();
    expect(copy['rounds']).toEqual(original.rounds);
    expect(duplicateSessionData(original, owner, 'Copy')['name']).toBe('Copy');
  });
});

describe('access (spec §2)', () => {
  it('blocks non-admins unless published', () => {
    expect(sessionAccess(null, false)).toBe('sessionNotFound');
    expect(sessionAccess(session({ deleted: true }), true)).toBe('sessionNotFound');
    expect(sessionAccess(session({ status: 'draft' }), false)).toBe('sessionNotPublished');
    expect(sessionAccess(session({ status: 'draft' }), true)).toBe('ok');
    expect(sessionAccess(session({ status: 'published' }), false)).toBe('ok');
  });

  it('recognises join codes', () => {
    expect(isSessionCode('ABC234')).toBe(true);
    expect(isSessionCode(' abc234 ')).toBe(true);
    expect(isSessionCode('abc-234')).toBe(true);
    expect(normalizeCode(' k7m p2q ')).toBe('K7MP2Q');
    expect(isSessionCode('ABCD0I')).toBe(false);
    expect(isSessionCode('ABCDE')).toBe(false);
    expect(isSessionCode('k2Jd8sLqP0aZx1cVb3Nm')).toBe(false);
  });
});

describe('teams (spec §3 teamComposition)', () => {
  const players = [p('a', 1), p('b', 1), p('c', 2), p('d', null)];

  it('gives the least-filled team, the lowest on a tie', () => {
    expect(leastFilledTeam(3, players)).toBe(3);
    expect(leastFilledTeam(2, players)).toBe(2);
    expect(leastFilledTeam(2, [])).toBe(1);
    expect(leastFilledTeam(2, [p('a', 1), p('c', 2)], 'a')).toBe(1);
  });

  it('maintainall: the player chooses, or any team when random is allowed', () => {
    const s = session({ teamComposition: 'maintainall', teamCount: 2 });
    expect(assignTeam(s, players, 'x', 1)).toBe(1);
    expect(assignTeam(s, players, 'x', 'random')).toBe(2);
    expect(assignTeam(s, players, 'x', null)).toBeNull();
    expect(assignTeam(s, players, 'x', 3)).toBeNull();
    expect(assignTeam({ ...s, allowJoinRandom: false }, players, 'x', 'random')).toBeNull();
  });

  it('random and nolobby: a team is given whatever was chosen', () => {
    for (const teamComposition of ['random', 'nolobby']) {
      const s = session({ teamComposition, teamCount: 2 });
      expect(assignTeam(s, players, 'x', 1)).toBe(2);
      expect(assignTeam(s, players, 'x', null)).toBe(2);
    }
  });

  it('names teams by their name, else the label and number', () => {
    const s = session({ teamNames: { '2': 'Blue' }, localeLabels: { team: 'Group', round: '' } });
    expect(teamLabel(s, 2, 'Team')).toBe('Blue');
    expect(teamLabel(s, 1, 'Team')).toBe('Group 1');
    expect(teamLabel(session(), 1, 'Team')).toBe('Team 1');
  });

  it('starts games for the teams with players, else every team', () => {
    const s = session({ teamCount: 3 });
    expect(teamsToStart(s, players)).toEqual([1, 2]);
    expect(teamsToStart(s, [p('d', null)])).toEqual([1, 2, 3]);
  });

  it('lists the lobby by arrival', () => {
    expect(sortLobby([p('b', 1, 5), p('a', 1, 5), p('c', 1, 1)]).map((x) => x.uid)).toEqual([
      'c',
      'a',
      'b',
    ]);
    expect(parseLobbyPlayer('u', { name: 'Ann', team: 0 }).team).toBeNull();
    expect(parseLobbyPlayer('u', { name: 'Ann', team: 2, joined_at: 7 })).toEqual({
      uid: 'u',
      name: 'Ann',
      team: 2,
      joinedAt: 7,
    });
  });
});

describe('rounds (spec §2 rounds dropdown)', () => {
  const games = [
    { gid: 'g11', roundNumber: 1, teamNumber: 1, finished: true },
    { gid: 'g12', roundNumber: 1, teamNumber: 2, finished: false },
    { gid: 'g21', roundNumber: 2, teamNumber: 1, finished: false },
  ];

  it('knows the current round and which rounds can start', () => {
    expect(currentRoundNumber(session())).toBe(0);
    expect(currentRoundNumber(session({ games }))).toBe(2);
    expect(canStartRound(session({ games: games.slice(0, 2) }), 2)).toBe(true);
    expect(canStartRound(session({ games }), 2)).toBe(false);
    expect(canStartRound(session(), 3)).toBe(false);
  });

  it('shows locked, finished, current and open rounds for a team', () => {
    expect(playerRoundStates(session({ games }), 1)).toEqual([
      { kind: 'finished', gid: 'g11' },
      { kind: 'current', gid: 'g21' },
    ]);
    expect(playerRoundStates(session({ games }), 2)).toEqual([
      { kind: 'open', gid: 'g12' },
      { kind: 'locked' },
    ]);
    expect(playerRoundStates(session({ games, lockedRounds: { r2: true } }), 1)[1]).toEqual({
      kind: 'locked',
    });
    expect(playerRoundStates(session({ games }), null)).toEqual([
      { kind: 'locked' },
      { kind: 'locked' },
    ]);
  });

  it("takes a lobby player to its team's game of the latest round, once it is newer", () => {
    const s = session({ games });
    expect(teamGameToEnter(s, 1, 0)?.gid).toBe('g21');
    expect(teamGameToEnter(s, 1, 1)?.gid).toBe('g21');
    // Already in round 2's game, or no game of round 2 for team 2.
    expect(teamGameToEnter(s, 1, 2)).toBeUndefined();
    expect(teamGameToEnter(s, 2, 1)).toBeUndefined();
    expect(teamGameToEnter(s, null, 0)).toBeUndefined();
    expect(teamGameToEnter(session(), 1, 0)).toBeUndefined();
    // A locked round takes nobody anywhere.
    expect(teamGameToEnter(session({ games, lockedRounds: { r2: true } }), 1, 1)).toBeUndefined();
  });

  it('lists the games of earlier rounds still being played, and finished rounds', () => {
    const s = session({ games });
    const byFlag = (g: { finished: boolean }) => g.finished;
    expect(gamesStillPlaying(s, 2, byFlag).map((g) => g.gid)).toEqual(['g12']);
    expect(gamesStillPlaying(s, 3, byFlag).map((g) => g.gid)).toEqual(['g12', 'g21']);
    expect(gamesStillPlaying(s, 1, byFlag)).toEqual([]);
    // The live game documents may know better than the session's list.
    expect(gamesStillPlaying(s, 2, () => true)).toEqual([]);
    expect(roundFinished(s, 1, byFlag)).toBe(false);
    expect(roundFinished(s, 1, () => true)).toBe(true);
    expect(roundFinished(s, 3, () => true)).toBe(false);
  });

  it("counts every player of a team's game: in it, or in the team's lobby without a role yet", () => {
    const lobby = [p('a', 1), p('b', 1), p('c', 2), p('d', null)];
    expect(teamGamePlayers({ players: ['a'] }, lobby, 1)).toEqual({ joined: 1, count: 2 });
    // A player who left the lobby but plays is counted once; another team's players are not.
    expect(teamGamePlayers({ players: ['a', 'b', 'x', 'x'] }, lobby, 1)).toEqual({
      joined: 3,
      count: 3,
    });
    expect(teamGamePlayers(undefined, lobby, 2)).toEqual({ joined: 0, count: 1 });
  });

  it('opens the debrief to players unless the session says noaccess; admins always', () => {
    expect(debriefOpen(session(), false)).toBe(true);
    expect(debriefOpen(session({ debriefingMode: 'noaccess' }), false)).toBe(false);
    expect(debriefOpen(session({ debriefingMode: 'noaccess' }), true)).toBe(true);
  });

  it('names round games and new rounds', () => {
    expect(roundGameName(' Monday ', 'Round 1', 'Team 2')).toBe('Monday · Round 1 · Team 2');
    const s = session();
    expect(newRoundId(s.rounds)).toBe('r3');
    expect(newRoundId([...s.rounds, { ...s.rounds[0]!, id: 'r3' }])).toBe('r4');
  });
});

describe('editing (pending changes)', () => {
  it('sees pending changes and problems', () => {
    const s = session();
    const draft = draftOf(s);
    expect(hasPendingChanges(s, draft)).toBe(false);
    expect(hasPendingChanges(s, { ...draft, name: 'Other' })).toBe(true);
    expect(hasPendingChanges(s, { ...draft, localeLabels: { team: 'Group', round: '' } })).toBe(
      true,
    );
    expect(draftProblems(draft)).toEqual([]);
    expect(draftProblems({ ...draft, name: ' ', rounds: [], teamCount: 0 })).toEqual([
      'nameRequired',
      'noRounds',
      'teamCount',
    ]);
    expect(draftProblems({ ...draft, rounds: [{ ...draft.rounds[0]!, name: '' }] })).toEqual([
      'roundNameRequired',
    ]);
  });
});

describe('round configs kept out of the session document', () => {
  const config = { params: { consumerDemand: [4, 8] }, facilities: {} };
  it('splits the rounds: public rounds without config, configs by round id', () => {
    const { publicData, configs } = splitRounds({
      name: 'S',
      rounds: [
        { id: 'a', name: 'One', config },
        { name: 'Two', config: {} },
      ],
    });
    expect(publicData).toEqual({
      name: 'S',
      rounds: [
        { id: 'a', name: 'One' },
        { id: 'r2', name: 'Two' },
      ],
    });
    expect(JSON.stringify(publicData)).not.toContain('consumerDemand');
    expect(configs).toEqual({ a: config });
  });
  it('merges the private configs back for the admins, legacy configs kept', () => {
    const session = parseSession('s1', {
      rounds: [
        { id: 'a', name: 'One' },
        { id: 'b', name: 'Two', config: { legacy: true } },
      ],
    });
    expect(session.rounds.map(hasConfig)).toEqual([false, true]);
    const merged = withRoundConfigs(session, parseRoundConfigs({ configs: { a: config, x: 3 } }));
    expect(merged.rounds.map((r) => r.config)).toEqual([config, { legacy: true }]);
    expect(withRoundConfigs(session, null)).toBe(session);
  });
});
