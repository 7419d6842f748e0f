/**
 * The players' debrief answers as the instructor sees them (`games/{gid}/answers/{uid}`), graded
 * against the quiz's right answers (`private/params.answers`) in quiz mode. Pure.
 */
import { answersMatch, answerText, gradeAnswer } from '@sim/core/debrief/answers';
import type { SharedGame } from '@/features/games/shared/game-model';
import { ownEntry } from '@/lib/own';

export { answersMatch, answerText, gradeAnswer };

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
