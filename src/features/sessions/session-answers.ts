/**
 * The debrief answers of one session game, as its admins read them: the game's questions
 * (public game document) and each player's answers (`games/{gid}/answers/{uid}`). Pure parsing
 * here; `watchGameAnswers` reads through the data port.
 */
import type { Unsubscribe } from '@sim/core/port/data-port';
import { getDataPort } from '@/lib/data/port';
import { ownEntry } from '@/lib/own';

export interface AnswerQuestion {
  readonly id: string;
  readonly text: string;
}

export interface PlayerAnswers {
  readonly uid: string;
  readonly player: string;
  readonly submitted: boolean;
  readonly answers: Readonly<Record<string, string>>;
}

export interface GameAnswers {
  readonly questions: readonly AnswerQuestion[];
  readonly players: readonly PlayerAnswers[];
}

const asRecord = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The questions of a game document's debrief configuration. */
export function questionsOf(game: unknown): AnswerQuestion[] {
  const section = asRecord(
    asRecord(asRecord(asRecord(game)['params'])['configDebrief'])['questionsSection'],
  );
  const list = Array.isArray(section['questions']) ? section['questions'] : [];
  return list
    .map((q) => asRecord(q))
    .filter((q) => typeof q['id'] === 'string')
    .map((q) => ({ id: q['id'] as string, text: typeof q['text'] === 'string' ? q['text'] : '' }));
}

/** Player names by uid, from the facilities of a game document. */
export function playerNamesOf(game: unknown): Record<string, string> {
  const names: Record<string, string> = {};
  for (const f of Object.values(asRecord(asRecord(game)['facilities']))) {
    const facility = asRecord(f);
    const user = facility['user'];
    if (typeof user === 'string' && user) {
      const name = facility['playerName'];
      names[user] = typeof name === 'string' && name ? name : String(facility['name'] ?? user);
    }
  }
  return names;
}

export function parsePlayerAnswers(
  uid: string,
  data: unknown,
  names: Readonly<Record<string, string>>,
): PlayerAnswers {
  const d = asRecord(data);
  const answers: Record<string, string> = {};
  for (const [k, v] of Object.entries(asRecord(d['answers']))) {
    if (typeof v === 'string' || typeof v === 'number') answers[k] = String(v);
  }
  return { uid, player: ownEntry(names, uid) ?? uid, submitted: d['submitted'] === true, answers };
}

/** Calls `next` with the game's questions and its players' answers, now and on every change. */
export function watchGameAnswers(
  gid: string,
  next: (answers: GameAnswers) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  const port = getDataPort();
  let game: unknown;
  let docs: { id: string; data: unknown }[] = [];
  const emit = (): void => {
    if (game === undefined) return;
    const names = playerNamesOf(game);
    next({
      questions: questionsOf(game),
      players: docs.map((d) => parsePlayerAnswers(d.id, d.data, names)),
    });
  };
  const stopGame = port.docs.onDoc(
    `games/${gid}`,
    (snap) => {
      game = snap.data ?? {};
      emit();
    },
    onError,
  );
  const stopAnswers = port.docs.onQuery(
    { collection: `games/${gid}/answers` },
    (snap) => {
      docs = snap.docs.map((d) => ({ id: d.id, data: d.data }));
      emit();
    },
    onError,
  );
  return () => {
    stopGame();
    stopAnswers();
  };
}
