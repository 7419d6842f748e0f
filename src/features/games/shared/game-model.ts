/**
 * What every game document has, whatever its type (beer, lean): its creator and sharing, whether
 * it is published, who plays which facility, who observes, and the debrief configuration
 * (questions, quiz, thank-you section). The page shell, the join and the debrief read only this;
 * each game type parses the rest of its document itself. Pure.
 */
import { bool, idOrNull, obj, str, strs } from '@/features/games/shared/doc-values';

export interface DebriefQuestion {
  id: string;
  text: string;
  kind: 'text' | 'number' | 'choice';
  options?: string[];
}

/** `params.configDebrief`; `S` names the chart sections the game type knows. */
export interface DebriefConfig<S extends string = string> {
  debriefContent: S[];
  thankYouSection: {
    active: boolean;
    title: string;
    message: string;
    ctaLabel: string;
    ctaLink: string;
  };
  questionsSection: {
    active: boolean;
    playersViewResults: boolean;
    quizMode: boolean;
    requireSubmitDebrief: boolean;
    questions: DebriefQuestion[];
  };
}

/** A facility as a role a user takes: its name and who holds it. */
export interface GameFacility {
  id: string;
  name: string;
  type: string;
  /** The player's uid, or null. */
  user: string | null;
  playerName: string | null;
  computer: boolean;
}

export interface SharedGame {
  id: string;
  /** `beergame`, `leangame`: which screens show the game. */
  type: string;
  name: string;
  creator: string | null;
  creatorName: string;
  team: string | null;
  session: string | null;
  draft: boolean;
  archived: boolean;
  deleted: boolean;
  finished: boolean;
  players: string[];
  observers: string[];
  params: { configDebrief: DebriefConfig };
  /** In the order of the stored map. */
  facilities: GameFacility[];
}

function parseQuestions(v: unknown): DebriefQuestion[] {
  if (!Array.isArray(v)) return [];
  return v.map((q, i) => {
    const o = obj(q);
    const kind = o['kind'] === 'choice' || o['kind'] === 'number' ? o['kind'] : 'text';
    return { id: str(o['id'], `q${i}`), text: str(o['text']), kind, options: strs(o['options']) };
  });
}

/**
 * A stored debrief configuration. With `sections` (the chart sections of the game type), the
 * content keeps only those, and an absent list means all of them; without, every name is kept.
 */
export function parseConfigDebrief<S extends string = string>(
  v: unknown,
  sections?: readonly S[],
): DebriefConfig<S> {
  const cd = obj(v);
  const ty = obj(cd['thankYouSection']);
  const qs = obj(cd['questionsSection']);
  const stored = Array.isArray(cd['debriefContent']) ? strs(cd['debriefContent']) : null;
  const content: S[] =
    sections === undefined
      ? ((stored ?? []) as S[])
      : stored === null
        ? [...sections]
        : stored.filter((s): s is S => (sections as readonly string[]).includes(s));
  return {
    debriefContent: content,
    thankYouSection: {
      active: bool(ty['active']),
      title: str(ty['title']),
      message: str(ty['message']),
      ctaLabel: str(ty['ctaLabel']),
      ctaLink: str(ty['ctaLink']),
    },
    questionsSection: {
      active: bool(qs['active']),
      playersViewResults: bool(qs['playersViewResults'], true),
      quizMode: bool(qs['quizMode']),
      requireSubmitDebrief: bool(qs['requireSubmitDebrief']),
      questions: parseQuestions(qs['questions']),
    },
  };
}

/** A stored facility as a role (its `id` field wins over the key, as in the documents). */
export function parseGameFacility(id: string, v: unknown): GameFacility {
  const f = obj(v);
  return {
    id: str(f['id'], id),
    name: str(f['name'], id),
    type: str(f['type'], ''),
    user: idOrNull(f['user']),
    playerName: typeof f['playerName'] === 'string' ? f['playerName'] : null,
    computer: bool(f['computer']),
  };
}

/** The fields of a stored game document that every game type has, but its params and facilities. */
export function parseGameFields(
  id: string,
  data: unknown,
): Omit<SharedGame, 'params' | 'facilities'> {
  const d = obj(data);
  return {
    id,
    type: str(d['type']),
    name: str(d['name']),
    creator: typeof d['creator'] === 'string' ? d['creator'] : null,
    creatorName: str(d['creatorName']),
    team: idOrNull(d['team']),
    session: idOrNull(d['session']),
    draft: bool(d['draft']),
    archived: bool(d['archived']),
    deleted: bool(d['deleted']),
    finished: bool(d['finished']),
    players: strs(d['players']),
    observers: strs(d['observers']),
  };
}

/** The part of a stored game document that every game type has. */
export function parseSharedGame(id: string, data: unknown): SharedGame {
  const d = obj(data);
  return {
    ...parseGameFields(id, d),
    params: { configDebrief: parseConfigDebrief(obj(d['params'])['configDebrief']) },
    facilities: Object.entries(obj(d['facilities'])).map(([fid, f]) => parseGameFacility(fid, f)),
  };
}

export type GameAvailability = 'ok' | 'unknown' | 'notPublished';

/**
 * Spec §2: a game that is missing, deleted or without facilities is unknown; a draft or archived
 * game seen by anyone but its creator is not published.
 */
export function gameAvailability(
  exists: boolean,
  game: Pick<SharedGame, 'deleted' | 'facilities' | 'draft' | 'archived' | 'creator'> | null,
  uid: string | null,
): GameAvailability {
  if (!exists || game === null || game.deleted || game.facilities.length === 0) return 'unknown';
  if ((game.draft || game.archived) && game.creator !== uid) return 'notPublished';
  return 'ok';
}

/** What the signed-in user is in this game. */
export type GameRole =
  | { kind: 'creator' }
  | { kind: 'player'; facilityId: string }
  | { kind: 'observer' }
  | { kind: 'none' };

export function roleIn(
  game: Pick<SharedGame, 'creator' | 'players' | 'observers'> & {
    facilities: readonly Pick<GameFacility, 'id' | 'user'>[];
  },
  uid: string | null,
): GameRole {
  if (uid === null) return { kind: 'none' };
  const own = game.facilities.find((f) => f.user === uid);
  if (own && game.players.includes(uid)) return { kind: 'player', facilityId: own.id };
  if (game.creator === uid) return { kind: 'creator' };
  if (game.observers.includes(uid)) return { kind: 'observer' };
  return { kind: 'none' };
}
