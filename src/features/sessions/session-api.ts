/** Sessions through the data port: the session document, its lobby, its games. */
import { buildBeerGameDocs, type BeerGameConfig } from '@sim/core/beer/game-docs';
import { buildLeanGameDocs, type BuildLeanGameArgs } from '@sim/core/lean/game-docs';
import type { DocData, QuerySpec, Unsubscribe, WriteBatch } from '@sim/core/port/data-port';
import { deleteField, serverTimestamp } from '@sim/core/port/field-values';
import type { LeanGameConfig } from '@sim/core/templates/types';
import {
  parseLobbyPlayer,
  parseRoundConfigs,
  parseSession,
  splitRounds,
  type RoundConfigs,
  type LobbyPlayer,
  type Session,
  type SessionDraft,
  type SessionGameRef,
} from '@/features/sessions/session-model';
import { sessionRunEvent, track } from '@/lib/analytics/events';
import { getDataPort } from '@/lib/data/port';
import { generateSessionCode } from '@/lib/firebase/callables';
import { ownEntry } from '@/lib/own';

export function sessionPath(sid: string): string {
  return `sessions/${sid}`;
}

/** The session (null when it does not exist) now and on every change. */
export function watchSession(
  sid: string,
  next: (session: Session | null) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  return getDataPort().docs.onDoc(
    sessionPath(sid),
    (snap) => next(snap.exists && snap.data ? parseSession(sid, snap.data) : null),
    onError,
  );
}

export function roundConfigsPath(sid: string): string {
  return `sessions/${sid}/private/rounds`;
}

/** The round configurations (session admins only; a refusal means the caller is not one). */
export function watchRoundConfigs(
  sid: string,
  next: (configs: RoundConfigs) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  return getDataPort().docs.onDoc(
    roundConfigsPath(sid),
    (snap) => next(parseRoundConfigs(snap.data)),
    onError,
  );
}

/**
 * Creates a session: the session document without the rounds' game configs, then those configs
 * in `sessions/{sid}/private/rounds` (its rule reads the stored session, so it comes second).
 */
export async function createSession(data: DocData): Promise<string> {
  const port = getDataPort();
  const sid = port.docs.newId();
  const { publicData, configs } = splitRounds(data);
  await port.docs.set(sessionPath(sid), publicData);
  await port.docs.set(roundConfigsPath(sid), { configs });
  return sid;
}

/** Writes the editable fields of the follow-up's draft. */
export async function saveSessionDraft(sid: string, draft: SessionDraft): Promise<void> {
  const port = getDataPort();
  const { publicData, configs } = splitRounds({ rounds: draft.rounds.map((r) => ({ ...r })) });
  await port.docs.update(sessionPath(sid), {
    name: draft.name.trim(),
    teamCount: draft.teamCount,
    teamComposition: draft.teamComposition,
    instructionsMode: draft.instructionsMode,
    debriefingMode: draft.debriefingMode,
    allowJoinRandom: draft.allowJoinRandom,
    allowLanguagePicker: draft.allowLanguagePicker,
    allowPlayerReset: draft.allowPlayerReset,
    observersAdminsOnly: draft.observersAdminsOnly,
    allowAudioPlayer: [...draft.allowAudioPlayer],
    teamNames: { ...draft.teamNames },
    localeLabels: {
      team: draft.localeLabels.team.trim(),
      round: draft.localeLabels.round.trim(),
    },
    rounds: publicData['rounds'],
  });
  await port.docs.set(roundConfigsPath(sid), { configs });
}

/** Publishes the session and gives it its join code (generateSessionCode). */
export async function publishSession(sid: string): Promise<string> {
  await getDataPort().docs.update(sessionPath(sid), { status: 'published' });
  const { code } = await generateSessionCode({ sid });
  return code;
}

export async function unpublishSession(sid: string): Promise<void> {
  await getDataPort().docs.update(sessionPath(sid), { status: 'draft' });
}

export async function deleteSession(sid: string): Promise<void> {
  await getDataPort().docs.update(sessionPath(sid), { deleted: true });
}

export async function setRoundLocked(sid: string, roundId: string, locked: boolean) {
  await getDataPort().docs.update(sessionPath(sid), {
    [`lockedRounds.${roundId}`]: locked ? true : deleteField(),
  });
}

/** The session id of a join code (`sessionCodes/{code}`), or null when the code is unknown. */
export async function findSessionByCode(code: string): Promise<string | null> {
  const snap = await getDataPort().docs.get(`sessionCodes/${code}`);
  const sid = snap.data?.['sid'];
  return snap.exists && typeof sid === 'string' ? sid : null;
}

// ------------------------------------------------------------------ lobby

export function lobbyPath(sid: string, uid?: string): string {
  return uid === undefined ? `sessions/${sid}/players` : `sessions/${sid}/players/${uid}`;
}

export function watchLobby(
  sid: string,
  next: (players: LobbyPlayer[]) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  return getDataPort().docs.onQuery(
    { collection: lobbyPath(sid) },
    (snap) => next(snap.docs.map((d) => parseLobbyPlayer(d.id, d.data))),
    onError,
  );
}

/** Joins the lobby (or changes name or team): the player's own entry. */
export async function joinLobby(
  sid: string,
  uid: string,
  entry: { name: string; team: number | null },
  isNew: boolean,
): Promise<void> {
  const data: DocData = { name: entry.name.trim(), team: entry.team };
  if (isNew) data['joined_at'] = serverTimestamp();
  await getDataPort().docs.set(lobbyPath(sid, uid), data, { merge: true });
}

export async function leaveLobby(sid: string, uid: string): Promise<void> {
  await getDataPort().docs.delete(lobbyPath(sid, uid));
}

/** The creator moves a player to another team. */
export async function movePlayer(sid: string, uid: string, team: number): Promise<void> {
  await getDataPort().docs.update(lobbyPath(sid, uid), { team });
}

// ------------------------------------------------------------------ rounds

export interface RoundStart {
  readonly session: Session;
  readonly roundNumber: number;
  readonly teams: readonly number[];
  readonly creatorName: string;
  /** The game name of a team, e.g. "Monday class · Round 1 · Team 2". */
  readonly gameName: (team: number) => string;
  readonly now: number;
}

/**
 * A round's lean game: the public document in the batch of games, its secrets (the seed and the
 * demand, docs/games/lean-documents.md) with the private documents written after it.
 */
function addLeanGame(
  batch: WriteBatch,
  details: { path: string; data: DocData }[],
  args: Omit<BuildLeanGameArgs, 'config'>,
  config: LeanGameConfig,
) {
  const docs = buildLeanGameDocs({ ...args, config });
  batch.set(`games/${args.gid}`, docs.game as unknown as DocData);
  details.push({
    path: `games/${args.gid}/private/params`,
    data: docs.privateParams as unknown as DocData,
  });
}

/**
 * Starts a round: one game per team from the round's config, and the session's `games` list.
 * The game documents come from `buildBeerGameDocs` (docs/games/beer-documents.md). Two writes:
 * a batch of the public game documents first, then a transaction of their private documents and
 * the session, because the rules of a game's subcollections read the stored game (`get()` in a
 * batch sees the documents as they were before it).
 */
export async function startRound(start: RoundStart): Promise<SessionGameRef[]> {
  const { session, roundNumber } = start;
  const round = session.rounds[roundNumber - 1];
  if (!round) throw new Error(`round ${roundNumber} does not exist`);
  const port = getDataPort();
  const games = port.docs.batch();
  const detailWrites: { path: string; data: DocData }[] = [];
  const refs: SessionGameRef[] = [];
  for (const team of start.teams) {
    const gid = port.docs.newId();
    const common = {
      creator: session.creator,
      creatorName: start.creatorName,
      name: start.gameName(team),
      team: session.team,
      session: session.id,
      roundNumber,
      teamNumber: team,
    };
    if ('type' in round.config && round.config.type === 'leangame') {
      addLeanGame(games, detailWrites, { gid, ...common, now: start.now }, round.config);
    } else {
      const docs = buildBeerGameDocs({
        gid,
        ...common,
        template: { config: round.config as BeerGameConfig },
        now: start.now,
        // A team's game holds its weeks until the team is there or the instructor starts it
        // (BEER-SEAT-2, decision 0007).
        awaitPlayers: true,
      });
      games.set(`games/${gid}`, docs.game as unknown as DocData);
      detailWrites.push({
        path: `games/${gid}/private/params`,
        data: docs.privateParams as unknown as DocData,
      });
      for (const [fid, doc] of Object.entries(docs.facilities)) {
        detailWrites.push({
          path: `games/${gid}/facilities/${fid}`,
          data: doc as unknown as DocData,
        });
      }
    }
    refs.push({ gid, roundNumber, teamNumber: team, finished: false });
  }
  await games.commit();
  // The session's list is read again in the transaction: the backend marks its games finished
  // there (`games[].finished`), and a list from this page's snapshot could undo a mark.
  await port.docs.runTransaction(async (tx) => {
    const stored = (await tx.get(sessionPath(session.id))).data?.['games'];
    const all = [...(Array.isArray(stored) ? stored : []), ...refs.map((g) => ({ ...g }))];
    for (const write of detailWrites) tx.set(write.path, write.data);
    tx.update(sessionPath(session.id), { games: all });
  });
  const type = 'type' in round.config && round.config.type === 'leangame' ? 'leangame' : 'beergame';
  track(sessionRunEvent(type, roundNumber, refs.length));
  return refs;
}

/** Public game documents of the session (creator and session admins may list them). */
export function watchSessionGames(
  sid: string,
  next: (games: { id: string; data: DocData }[]) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  const spec: QuerySpec = {
    collection: 'games',
    where: [{ field: 'session', op: '==', value: sid }],
  };
  return getDataPort().docs.onQuery(
    spec,
    (snap) => next(snap.docs.map((d) => ({ id: d.id, data: d.data ?? {} }))),
    onError,
  );
}

/** One public game document, live. */
export function watchGame(
  gid: string,
  next: (data: DocData | null) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  return getDataPort().docs.onDoc(
    `games/${gid}`,
    (snap) => next(snap.exists ? (snap.data ?? {}) : null),
    onError,
  );
}

/**
 * A game's final stats (`games/{gid}/stats/final`, written by the backend when a lean run ends):
 * the session's admins read them; null when there are none yet.
 */
export async function readFinalStats(gid: string): Promise<DocData | null> {
  const snap = await getDataPort().docs.get(`games/${gid}/stats/final`);
  return snap.exists ? (snap.data ?? null) : null;
}

/** The private facility documents of a game (the creator and session admins see all). */
export async function readFacilityDocs(gid: string): Promise<{ id: string; data: DocData }[]> {
  const docs = await getDataPort().docs.query({ collection: `games/${gid}/facilities` });
  return docs.map((d) => ({ id: d.id, data: d.data ?? {} }));
}

/** Sessions of an instructor, newest first (spec §9), or of a team. */
export function watchSessions(
  by: { field: 'creator' | 'team'; value: string },
  next: (sessions: Session[]) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  return getDataPort().docs.onQuery(
    {
      collection: 'sessions',
      where: [
        { field: by.field, op: '==', value: by.value },
        { field: 'deleted', op: '==', value: false },
      ],
      orderBy: [{ field: 'created_at', direction: 'desc' }],
    },
    (snap) => next(snap.docs.map((d) => parseSession(d.id, d.data ?? {}))),
    onError,
  );
}

/**
 * Saves a session as a session template (`sessionTemplates`, spec §7 create template): its
 * settings and rounds with their game configs (read from the private document), no players,
 * games, code or team names. The title is optional: the session's name by default.
 */
export async function saveSessionAsTemplate(
  session: Session,
  title: string,
  owner: { uid: string; team: string | null; now: number },
): Promise<string> {
  const port = getDataPort();
  const secret = await port.docs.get(roundConfigsPath(session.id));
  const configs = parseRoundConfigs(secret.data);
  return port.docs.add('sessionTemplates', {
    title: title.trim() || session.name,
    type: session.type,
    description: '',
    creator: owner.uid,
    team: owner.team,
    created_at: owner.now,
    config: {
      teamComposition: session.teamComposition,
      instructionsMode: session.instructionsMode,
      debriefingMode: session.debriefingMode,
      allowAudioPlayer: [...session.allowAudioPlayer],
      allowJoinRandom: session.allowJoinRandom,
      allowLanguagePicker: session.allowLanguagePicker,
      allowPlayerReset: session.allowPlayerReset,
      teamCount: session.teamCount,
    },
    rounds: session.rounds.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      gameTemplateId: r.gameTemplateId,
      config: ownEntry(configs, r.id) ?? r.config,
    })),
  });
}
