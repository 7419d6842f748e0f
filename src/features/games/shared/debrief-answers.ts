/**
 * The players' debrief answers as the instructor sees them (`games/{gid}/answers/{uid}`), graded
 * against the quiz's right answers (`private/params.answers`) in quiz mode. Pure.
 */
import { distance } from 'fastest-levenshtein';
import type { DebriefQuestion, SharedGame } from '@/features/games/shared/game-model';
import { ownEntry } from '@/lib/own';

export interface AnswerDoc {
  uid: string;
  answers: Record<string, string | number>;
  submitted: boolean;
}

export function parseAnswerDoc(id: string, data: unknown): AnswerDoc {
  const d = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const raw = d['answers'];
  const answers: Record<string, string | number> = {};
  if (typeof raw === 'object' && raw !== null) {
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
      if (typeof v === 'string' || typeof v === 'number') answers[k] = v;
    }
  }
  return {
    uid: typeof d['uid'] === 'string' ? d['uid'] : id,
    answers,
    submitted: d['submitted'] === true,
  };
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** The number an answer spells, or null; a lone decimal comma counts (most locales write one). */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  let s = value.trim();
  if (/^[+-]?\d+,\d+$/.test(s)) s = s.replace(',', '.');
  if (!DECIMAL.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** Lower-cased, trimmed, without punctuation, inner spaces collapsed. */
function textOf(value: unknown): string {
  return String(value)
    .toLowerCase()
    .replace(/\p{P}+/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Spec §5 answer matching: numbers compared numerically; text lower-cased, trimmed and without
 * punctuation, within an edit distance of 1, or 2 when the right answer is longer than 5
 * characters. A right answer that is a number takes only that number.
 */
export function answersMatch(given: unknown, right: unknown): boolean {
  const rightNumber = numberOf(right);
  if (rightNumber !== null) return numberOf(given) === rightNumber;
  const a = textOf(given);
  const b = textOf(right);
  if (a === '' || b === '') return false;
  const allowed = [...b].length > 5 ? 2 : 1;
  return distance(a, b) <= allowed;
}

/** true / false against the right answer, null when the question has none (or no answer given). */
export function gradeAnswer(
  q: DebriefQuestion,
  given: string | number | undefined,
  right: unknown,
): boolean | null {
  if (given === undefined || right === undefined || right === null || right === '') return null;
  if (q.kind === 'text') return answersMatch(given, right);
  // Numbers and choices (an option's index) are exact.
  const a = numberOf(given);
  return a !== null && a === numberOf(right);
}

/** What a player answered, shown as text (a choice by its label). */
export function answerText(q: DebriefQuestion, given: string | number | undefined): string {
  if (given === undefined) return '';
  if (q.kind === 'choice') {
    const label = q.options?.[Number(given)];
    return label ?? String(given);
  }
  return String(given);
}

export interface AnswerRow {
  uid: string;
  /** The player's name and role when it still holds one, else null. */
  name: string | null;
  role: string | null;
  submitted: boolean;
  cells: { text: string; correct: boolean | null }[];
  /** In quiz mode: right answers out of the graded questions; null otherwise. */
  score: { right: number; total: number } | null;
}

/** One row per player who answered, in facility order then by uid. */
export function answerRows(
  game: Pick<SharedGame, 'params' | 'facilities'>,
  docs: readonly AnswerDoc[],
  rightAnswers: Readonly<Record<string, unknown>> | null,
): AnswerRow[] {
  const qs = game.params.configDebrief.questionsSection;
  const graded = qs.quizMode
    ? qs.questions.filter((q) => ownEntry(rightAnswers, q.id) !== undefined)
    : [];
  const rank = (uid: string) => {
    const i = game.facilities.findIndex((f) => f.user === uid);
    return i < 0 ? game.facilities.length : i;
  };
  return [...docs]
    .sort((a, b) => rank(a.uid) - rank(b.uid) || a.uid.localeCompare(b.uid))
    .map((d) => {
      const facility = game.facilities.find((f) => f.user === d.uid) ?? null;
      const cells = qs.questions.map((q) => ({
        text: answerText(q, ownEntry(d.answers, q.id)),
        correct: qs.quizMode
          ? gradeAnswer(q, ownEntry(d.answers, q.id), ownEntry(rightAnswers, q.id))
          : null,
      }));
      const right = graded.filter((q) =>
        gradeAnswer(q, ownEntry(d.answers, q.id), ownEntry(rightAnswers, q.id)),
      ).length;
      return {
        uid: d.uid,
        name: facility?.playerName ?? null,
        role: facility?.name ?? null,
        submitted: d.submitted,
        cells,
        score: qs.quizMode ? { right, total: graded.length } : null,
      };
    });
}

/**
 * Spec §6 admins of a game, from what the signed-in user could read: the creator, a member of
 * the game's team, or an admin of its session (its creator or a member of its team).
 */
export function isGameAdmin(
  game: Pick<SharedGame, 'creator'>,
  uid: string,
  read: {
    /** The game's team document, when readable (members only). */
    gameTeamMembers: readonly string[] | null;
    sessionCreator: string | null;
    sessionTeamMembers: readonly string[] | null;
  },
): boolean {
  return (
    game.creator === uid ||
    (read.gameTeamMembers?.includes(uid) ?? false) ||
    read.sessionCreator === uid ||
    (read.sessionTeamMembers?.includes(uid) ?? false)
  );
}
