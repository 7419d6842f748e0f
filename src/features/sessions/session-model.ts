/**
 * Sessions (spec §3, §4): multi-round classes. Pure rules over the `sessions/{sid}` document and
 * the lobby entries `sessions/{sid}/players/{uid}`; the page code reads and writes them through
 * `session-api.ts`.
 */
import type { DocData } from '@sim/core/port/data-port';
import {
  SESSION_DEFAULTS,
  type AudioListener,
  type DebriefingMode,
  type GameConfig,
  type GameType,
  type InstructionsMode,
  type SessionTemplate,
  type TeamComposition,
} from '@sim/core/templates/types';
import { ownEntry } from '@/lib/own';

export const TEAM_COMPOSITIONS: readonly TeamComposition[] = ['maintainall', 'random', 'nolobby'];
export const INSTRUCTIONS_MODES: readonly InstructionsMode[] = [
  'hostvideo-playerslides',
  'hostslides',
  'none',
];
export const DEBRIEFING_MODES: readonly DebriefingMode[] = ['access', 'noaccess'];
export const TEAM_COUNT_MAX = 50;
/** Spec §6 player names: at most 30 characters, as the game's intro takes them (the lobby's name is proposed there). */
export const PLAYER_NAME_MAX = 30;

export interface SessionRound {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly gameTemplateId: string | null;
  readonly config: GameConfig;
}

export interface SessionGameRef {
  readonly gid: string;
  readonly roundNumber: number;
  readonly teamNumber: number;
  readonly finished: boolean;
}

export type SessionStatus = 'published' | 'draft';

export interface Session {
  readonly id: string;
  readonly name: string;
  readonly code: string | null;
  readonly creator: string;
  readonly creatorName: string;
  readonly team: string | null;
  readonly status: SessionStatus;
  readonly type: GameType;
  readonly templateId: string | null;
  readonly templateVersion: number | null;
  readonly rounds: readonly SessionRound[];
  readonly games: readonly SessionGameRef[];
  /** Round ids locked by the creator. */
  readonly lockedRounds: Readonly<Record<string, boolean>>;
  /** Team names by team number. */
  readonly teamNames: Readonly<Record<string, string>>;
  readonly teamCount: number;
  readonly players: readonly string[];
  readonly localeLabels: { readonly team: string; readonly round: string };
  readonly teamComposition: TeamComposition;
  readonly instructionsMode: InstructionsMode;
  readonly debriefingMode: DebriefingMode;
  readonly allowPlayerReset: boolean;
  /** Only the session's admins may observe its games (join-as.ts). */
  readonly observersAdminsOnly: boolean;
  readonly allowJoinRandom: boolean;
  readonly allowLanguagePicker: boolean;
  readonly allowAudioPlayer: readonly AudioListener[];
  readonly created_at: number;
  readonly deleted: boolean;
}

/** A player in the lobby. */
export interface LobbyPlayer {
  readonly uid: string;
  readonly name: string;
  /** Team number, or null before a team is chosen. */
  readonly team: number | null;
  readonly joinedAt: number;
}

// ------------------------------------------------------------------ parsing

function str(v: unknown, fallback = ''): string {
  return typeof v === 'string' ? v : fallback;
}
function num(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}
function bool(v: unknown, fallback: boolean): boolean {
  return typeof v === 'boolean' ? v : fallback;
}
function rec(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : {};
}
function oneOf<T extends string>(v: unknown, list: readonly T[], fallback: T): T {
  return typeof v === 'string' && (list as readonly string[]).includes(v) ? (v as T) : fallback;
}

/**
 * A round of the session document. Its game config is not in that document (players read it):
 * it lives in `sessions/{sid}/private/rounds` and is merged in for the session admins
 * (`withRoundConfigs`); until then it is empty. Sessions stored before the split still carry it.
 */
function parseRound(v: unknown, index: number): SessionRound | null {
  const r = rec(v);
  const config = rec(r['config']);
  return {
    id: str(r['id'], `r${index + 1}`),
    name: str(r['name']),
    description: str(r['description']),
    gameTemplateId: typeof r['gameTemplateId'] === 'string' ? r['gameTemplateId'] : null,
    config: config as unknown as GameConfig,
  };
}

function parseGameRef(v: unknown): SessionGameRef | null {
  const g = rec(v);
  const gid = str(g['gid']);
  if (!gid) return null;
  return {
    gid,
    roundNumber: num(g['roundNumber'], 1),
    teamNumber: num(g['teamNumber'], 1),
    finished: bool(g['finished'], false),
  };
}

/** A stored session with every field defaulted. */
export function parseSession(id: string, data: DocData): Session {
  const labels = rec(data['localeLabels']);
  const locked: Record<string, boolean> = {};
  for (const [k, v] of Object.entries(rec(data['lockedRounds']))) if (v === true) locked[k] = true;
  const teamNames: Record<string, string> = {};
  for (const [k, v] of Object.entries(rec(data['teamNames']))) {
    if (typeof v === 'string' && v.trim()) teamNames[k] = v;
  }
  const rounds = Array.isArray(data['rounds']) ? data['rounds'] : [];
  const games = Array.isArray(data['games']) ? data['games'] : [];
  const audio = Array.isArray(data['allowAudioPlayer']) ? data['allowAudioPlayer'] : [];
  return {
    id,
    name: str(data['name']),
    code: typeof data['code'] === 'string' ? data['code'] : null,
    creator: str(data['creator']),
    creatorName: str(data['creatorName']),
    team: typeof data['team'] === 'string' ? data['team'] : null,
    status: data['status'] === 'published' ? 'published' : 'draft',
    type: data['type'] === 'leangame' ? 'leangame' : 'beergame',
    templateId: typeof data['templateId'] === 'string' ? data['templateId'] : null,
    templateVersion: typeof data['templateVersion'] === 'number' ? data['templateVersion'] : null,
    rounds: rounds.map(parseRound).filter((r): r is SessionRound => r !== null),
    games: games.map(parseGameRef).filter((g): g is SessionGameRef => g !== null),
    lockedRounds: locked,
    teamNames,
    teamCount: Math.min(TEAM_COUNT_MAX, Math.max(1, num(data['teamCount'], 2))),
    players: Array.isArray(data['players'])
      ? data['players'].filter((p): p is string => typeof p === 'string')
      : [],
    localeLabels: { team: str(labels['team']), round: str(labels['round']) },
    teamComposition: oneOf(data['teamComposition'], TEAM_COMPOSITIONS, 'maintainall'),
    instructionsMode: oneOf(
      data['instructionsMode'],
      INSTRUCTIONS_MODES,
      SESSION_DEFAULTS.instructionsMode,
    ),
    debriefingMode: oneOf(data['debriefingMode'], DEBRIEFING_MODES, 'access'),
    allowPlayerReset: bool(data['allowPlayerReset'], false),
    observersAdminsOnly: bool(data['observersAdminsOnly'], false),
    allowJoinRandom: bool(data['allowJoinRandom'], true),
    allowLanguagePicker: bool(data['allowLanguagePicker'], true),
    allowAudioPlayer: audio.filter((a): a is AudioListener => a === 'instructor' || a === 'player'),
    created_at: num(data['created_at'], 0),
    deleted: bool(data['deleted'], false),
  };
}

export function parseLobbyPlayer(uid: string, data: DocData | undefined): LobbyPlayer {
  const team = data?.['team'];
  return {
    uid,
    name: str(data?.['name']),
    team: typeof team === 'number' && Number.isInteger(team) && team >= 1 ? team : null,
    joinedAt: num(data?.['joined_at'], 0),
  };
}

// ------------------------------------------------------------------ round configurations

/** The private document of a session's round configurations, keyed by round id. */
export type RoundConfigs = Readonly<Record<string, GameConfig>>;

/** Whether a round has its game config (the private document was read, or a legacy session). */
export function hasConfig(round: SessionRound): boolean {
  return Object.keys(round.config).length > 0;
}

/**
 * Splits session data for writing: the rounds without their game config (for the session
 * document, which players read) and the configs by round id (for `sessions/{sid}/private/rounds`,
 * which only the session admins read). Consumer demand and the whole game set-up stay secret.
 */
export function splitRounds(data: DocData): {
  publicData: DocData;
  configs: Record<string, unknown>;
} {
  const rounds = Array.isArray(data['rounds']) ? data['rounds'] : [];
  const configs: Record<string, unknown> = {};
  const publicRounds = rounds.map((v: unknown, i) => {
    const { config, ...rest } = rec(v);
    const id = str(rest['id'], `r${i + 1}`);
    // An empty config is a round whose config was not read: never written over a real one.
    if (Object.keys(rec(config)).length > 0) configs[id] = config;
    return { ...rest, id };
  });
  return { publicData: { ...data, rounds: publicRounds }, configs };
}

/** The session with each round's config from the private document (when it has one). */
export function withRoundConfigs(session: Session, configs: RoundConfigs | null): Session {
  if (!configs) return session;
  return {
    ...session,
    rounds: session.rounds.map((r) => {
      const config = ownEntry(configs, r.id);
      return config ? { ...r, config } : r;
    }),
  };
}

export function parseRoundConfigs(data: DocData | undefined): RoundConfigs {
  const configs: Record<string, GameConfig> = {};
  for (const [id, v] of Object.entries(rec(data?.['configs']))) {
    const config = rec(v);
    if (Object.keys(config).length > 0) configs[id] = config as unknown as GameConfig;
  }
  return configs;
}

// ------------------------------------------------------------------ creating and duplicating

export interface SessionOwner {
  readonly creator: string;
  readonly creatorName: string;
  readonly team: string | null;
  readonly now: number;
}

/** The settings fields a session document carries (spec §3), from a template's settings. */
function settingsFields(t: SessionTemplate['config']) {
  return {
    teamComposition: t.teamComposition,
    instructionsMode: t.instructionsMode,
    debriefingMode: t.debriefingMode,
    allowPlayerReset: t.allowPlayerReset,
    allowJoinRandom: t.allowJoinRandom,
    allowLanguagePicker: t.allowLanguagePicker,
    allowAudioPlayer: [...t.allowAudioPlayer],
    teamCount: t.teamCount,
  };
}

/** A new draft session from a session template, with the template's defaults (spec §9). */
export function sessionFromTemplate(
  template: SessionTemplate,
  owner: SessionOwner,
  name?: string,
): DocData {
  return {
    name: name?.trim() || template.title,
    creator: owner.creator,
    creatorName: owner.creatorName,
    team: owner.team,
    status: 'draft',
    type: template.type,
    templateId: template.id,
    templateVersion: template.version,
    rounds: template.rounds.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      gameTemplateId: r.gameTemplateId,
      config: r.config,
    })),
    games: [],
    lockedRounds: {},
    teamNames: {},
    players: [],
    localeLabels: { team: '', round: '' },
    ...settingsFields(template.config),
    created_at: owner.now,
    deleted: false,
  };
}

/**
 * Spec §4: a duplicate is published, without a code, games, players, locked rounds or team
 * names. The name is optional (the original's name when empty).
 */
export function duplicateSessionData(
  session: Session,
  owner: SessionOwner,
  name?: string,
): DocData {
  return {
    name: name?.trim() || session.name,
    creator: owner.creator,
    creatorName: owner.creatorName,
    team: owner.team,
    status: 'published',
    type: session.type,
    templateId: session.templateId,
    templateVersion: session.templateVersion,
    rounds: session.rounds.map((r) => ({ ...r })),
    games: [],
    lockedRounds: {},
    teamNames: {},
    players: [],
    localeLabels: { ...session.localeLabels },
    teamComposition: session.teamComposition,
    instructionsMode: session.instructionsMode,
    debriefingMode: session.debriefingMode,
    allowPlayerReset: session.allowPlayerReset,
    observersAdminsOnly: session.observersAdminsOnly,
    allowJoinRandom: session.allowJoinRandom,
    allowLanguagePicker: session.allowLanguagePicker,
    allowAudioPlayer: [...session.allowAudioPlayer],
    teamCount: session.teamCount,
    created_at: owner.now,
    deleted: false,
  };
}

// ------------------------------------------------------------------ access

export type SessionAccess = 'ok' | 'sessionNotFound' | 'sessionNotPublished';

/**
 * Spec §2: a session page is blocked for non-creators unless the session is published.
 * `isAdmin`: the caller is the creator or a member of the session's team.
 */
export function sessionAccess(session: Session | null, isAdmin: boolean): SessionAccess {
  if (session === null || session.deleted) return 'sessionNotFound';
  if (isAdmin) return 'ok';
  return session.status === 'published' ? 'ok' : 'sessionNotPublished';
}

/** Join codes are 6 characters without 0, O, 1 or I (generateSessionCode), in any case. */
export function isSessionCode(value: string): boolean {
  return /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/.test(normalizeCode(value));
}

/** A code as typed (any case, spaces or dashes between groups) as it is stored. */
export function normalizeCode(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

// ------------------------------------------------------------------ teams

export function teamNumbers(session: Pick<Session, 'teamCount'>): number[] {
  return Array.from({ length: session.teamCount }, (_, i) => i + 1);
}

export function teamSizes(teamCount: number, players: readonly LobbyPlayer[]): number[] {
  const sizes = Array.from({ length: teamCount }, () => 0);
  for (const p of players) {
    if (p.team !== null && p.team >= 1 && p.team <= teamCount) {
      sizes[p.team - 1] = (sizes[p.team - 1] ?? 0) + 1;
    }
  }
  return sizes;
}

/** The team with the fewest players (the lowest number on a tie): how players are given a team. */
export function leastFilledTeam(
  teamCount: number,
  players: readonly LobbyPlayer[],
  exceptUid?: string,
): number {
  const others = exceptUid === undefined ? players : players.filter((p) => p.uid !== exceptUid);
  const sizes = teamSizes(teamCount, others);
  let best = 0;
  sizes.forEach((size, i) => {
    if (size < (sizes[best] ?? Infinity)) best = i;
  });
  return best + 1;
}

/** Whether a player chooses a team in the lobby (else a team is given). */
export function playerPicksTeam(session: Pick<Session, 'teamComposition'>): boolean {
  return session.teamComposition === 'maintainall';
}

export type TeamChoice = number | 'random';

/**
 * The team a joining player gets (spec §3 teamComposition): with `maintainall` the player's
 * choice, or the least-filled team when it chose "random" (only if allowJoinRandom); with
 * `random` and `nolobby` the least-filled team, whatever was chosen. Null when a choice is
 * missing or not allowed.
 */
export function assignTeam(
  session: Pick<Session, 'teamComposition' | 'teamCount' | 'allowJoinRandom'>,
  players: readonly LobbyPlayer[],
  uid: string,
  choice: TeamChoice | null,
): number | null {
  if (!playerPicksTeam(session)) return leastFilledTeam(session.teamCount, players, uid);
  if (choice === 'random') {
    return session.allowJoinRandom ? leastFilledTeam(session.teamCount, players, uid) : null;
  }
  if (choice === null || !Number.isInteger(choice) || choice < 1 || choice > session.teamCount) {
    return null;
  }
  return choice;
}

export function teamLabel(
  session: Pick<Session, 'teamNames' | 'localeLabels'>,
  team: number,
  defaultLabel: string,
): string {
  const named = session.teamNames[String(team)];
  if (named) return named;
  return `${session.localeLabels.team || defaultLabel} ${team}`;
}

/** "Round 2 · Blind chain"; `shownName` gives a stored default name in the language on screen. */
export function roundLabel(
  session: Pick<Session, 'localeLabels' | 'rounds'>,
  roundNumber: number,
  defaultLabel: string,
  shownName: (stored: string) => string = (stored) => stored,
): string {
  const stored = session.rounds[roundNumber - 1]?.name;
  const name = stored ? shownName(stored) : stored;
  const base = `${session.localeLabels.round || defaultLabel} ${roundNumber}`;
  return name ? `${base} · ${name}` : base;
}

// ------------------------------------------------------------------ rounds

/** The round played now: the highest round with games, 0 before the first start. */
export function currentRoundNumber(session: Pick<Session, 'games'>): number {
  return session.games.reduce((max, g) => Math.max(max, g.roundNumber), 0);
}

export function gameOf(
  session: Pick<Session, 'games'>,
  roundNumber: number,
  teamNumber: number,
): SessionGameRef | undefined {
  return session.games.find((g) => g.roundNumber === roundNumber && g.teamNumber === teamNumber);
}

export function roundStarted(session: Pick<Session, 'games'>, roundNumber: number): boolean {
  return session.games.some((g) => g.roundNumber === roundNumber);
}

export function isRoundLocked(session: Pick<Session, 'lockedRounds' | 'rounds'>, n: number) {
  const round = session.rounds[n - 1];
  return round !== undefined && ownEntry(session.lockedRounds, round.id) === true;
}

/**
 * A round as a player sees it (spec §2 rounds dropdown): locked (by the creator, or not started
 * for the player's team), finished (its game is finished), current (the latest round started),
 * or open (an earlier round still running).
 */
export type PlayerRoundState =
  | { readonly kind: 'locked' }
  | { readonly kind: 'finished'; readonly gid: string }
  | { readonly kind: 'current'; readonly gid: string }
  | { readonly kind: 'open'; readonly gid: string };

export function playerRoundStates(
  session: Pick<Session, 'games' | 'lockedRounds' | 'rounds'>,
  teamNumber: number | null,
): PlayerRoundState[] {
  const current = currentRoundNumber(session);
  return session.rounds.map((_, i) => {
    const n = i + 1;
    const game = teamNumber === null ? undefined : gameOf(session, n, teamNumber);
    if (isRoundLocked(session, n) || !game) return { kind: 'locked' };
    if (game.finished) return { kind: 'finished', gid: game.gid };
    return n === current ? { kind: 'current', gid: game.gid } : { kind: 'open', gid: game.gid };
  });
}

/** The teams that get a game when a round starts: those with players, else every team. */
export function teamsToStart(
  session: Pick<Session, 'teamCount'>,
  players: readonly LobbyPlayer[],
): number[] {
  const sizes = teamSizes(session.teamCount, players);
  const withPlayers = sizes.flatMap((size, i) => (size > 0 ? [i + 1] : []));
  return withPlayers.length > 0 ? withPlayers : teamNumbers(session);
}

/** Whether a round can be started: it exists, it has no games yet. */
export function canStartRound(session: Pick<Session, 'rounds' | 'games'>, n: number): boolean {
  return n >= 1 && n <= session.rounds.length && !roundStarted(session, n);
}

/** The name of a round's game for a team, e.g. "Monday class · Round 1 · Team 2". */
export function roundGameName(sessionName: string, roundText: string, teamText: string): string {
  return [sessionName.trim(), roundText, teamText].filter(Boolean).join(' · ');
}

/**
 * The game a lobby player is taken to (spec §2: players follow the rounds): its team's game of the
 * latest round started, when that round comes after `afterRound` (0 from the lobby, the round of
 * the game on screen from a game page) and the creator has not locked it.
 */
export function teamGameToEnter(
  session: Pick<Session, 'games' | 'lockedRounds' | 'rounds'>,
  team: number | null,
  afterRound: number,
): SessionGameRef | undefined {
  const round = currentRoundNumber(session);
  if (team === null || round <= afterRound || isRoundLocked(session, round)) return undefined;
  return gameOf(session, round, team);
}

/**
 * Games of rounds before `n` still being played (asked before starting round `n`). `finished`
 * says whether a game has ended, from its live document when known.
 */
export function gamesStillPlaying(
  session: Pick<Session, 'games'>,
  n: number,
  finished: (ref: SessionGameRef) => boolean,
): SessionGameRef[] {
  return session.games
    .filter((g) => g.roundNumber < n && !finished(g))
    .sort((a, b) => a.roundNumber - b.roundNumber || a.teamNumber - b.teamNumber);
}

/**
 * Every player of a team's game: those holding a role in it (`players`), and the team's lobby
 * players who have not taken one yet; `joined` counts the first.
 */
export function teamGamePlayers(
  data: DocData | undefined,
  lobby: readonly LobbyPlayer[],
  team: number,
): { joined: number; count: number } {
  const raw = data?.['players'];
  const inGame = new Set(Array.isArray(raw) ? raw.filter((p) => typeof p === 'string') : []);
  const everyone = new Set(inGame);
  for (const p of lobby) if (p.team === team) everyone.add(p.uid);
  return { joined: inGame.size, count: everyone.size };
}

/** Whether every game of a started round has ended. */
export function roundFinished(
  session: Pick<Session, 'games'>,
  n: number,
  finished: (ref: SessionGameRef) => boolean,
): boolean {
  const games = session.games.filter((g) => g.roundNumber === n);
  return games.length > 0 && games.every(finished);
}

/**
 * Spec §3 `debriefingMode`: with `noaccess` the session's players cannot open a game's results
 * or debrief; its admins always can.
 */
export function debriefOpen(session: Pick<Session, 'debriefingMode'>, isAdmin: boolean): boolean {
  return isAdmin || session.debriefingMode !== 'noaccess';
}

/** Marks a game of the session finished (the follow-up mirrors finished games). */
export function withGameFinished(
  games: readonly SessionGameRef[],
  gid: string,
  finished: boolean,
): SessionGameRef[] {
  return games.map((g) => (g.gid === gid ? { ...g, finished } : g));
}

// ------------------------------------------------------------------ editing

export interface SessionDraft {
  readonly name: string;
  readonly teamCount: number;
  readonly teamComposition: TeamComposition;
  readonly instructionsMode: InstructionsMode;
  readonly debriefingMode: DebriefingMode;
  readonly allowJoinRandom: boolean;
  readonly allowLanguagePicker: boolean;
  readonly allowPlayerReset: boolean;
  /** Only the session's admins may observe its games (join-as.ts). */
  readonly observersAdminsOnly: boolean;
  readonly allowAudioPlayer: readonly AudioListener[];
  readonly teamNames: Readonly<Record<string, string>>;
  /** Words shown in place of "Team" and "Round" (empty: the translated default). */
  readonly localeLabels: { readonly team: string; readonly round: string };
  readonly rounds: readonly SessionRound[];
}

export function draftOf(session: Session): SessionDraft {
  return {
    name: session.name,
    teamCount: session.teamCount,
    teamComposition: session.teamComposition,
    instructionsMode: session.instructionsMode,
    debriefingMode: session.debriefingMode,
    allowJoinRandom: session.allowJoinRandom,
    allowLanguagePicker: session.allowLanguagePicker,
    allowPlayerReset: session.allowPlayerReset,
    observersAdminsOnly: session.observersAdminsOnly,
    allowAudioPlayer: session.allowAudioPlayer,
    teamNames: session.teamNames,
    localeLabels: session.localeLabels,
    rounds: session.rounds,
  };
}

/** Pending changes: the draft differs from the stored session (spec §2: leaving asks). */
export function hasPendingChanges(session: Session, draft: SessionDraft): boolean {
  return JSON.stringify(draftOf(session)) !== JSON.stringify(draft);
}

export type DraftProblem = 'nameRequired' | 'noRounds' | 'roundNameRequired' | 'teamCount';

export function draftProblems(draft: SessionDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (!draft.name.trim()) problems.push('nameRequired');
  if (draft.rounds.length === 0) problems.push('noRounds');
  if (draft.rounds.some((r) => !r.name.trim())) problems.push('roundNameRequired');
  if (!Number.isInteger(draft.teamCount) || draft.teamCount < 1 || draft.teamCount > TEAM_COUNT_MAX)
    problems.push('teamCount');
  return problems;
}

/** A new round id not used by the draft's rounds. */
export function newRoundId(rounds: readonly SessionRound[]): string {
  const used = new Set(rounds.map((r) => r.id));
  let n = rounds.length + 1;
  while (used.has(`r${n}`)) n++;
  return `r${n}`;
}

/** Lobby players ordered by arrival (then name), as the lobby lists them. */
export function sortLobby(players: readonly LobbyPlayer[]): LobbyPlayer[] {
  return [...players].sort((a, b) => a.joinedAt - b.joinedAt || a.name.localeCompare(b.name));
}
