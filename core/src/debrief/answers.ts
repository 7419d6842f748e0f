/**
 * Spec §5 grading of the debrief questions and quiz, shared by the debrief screens and the results
 * workbook so both grade an answer the same way. Pure.
 */
import { distance } from 'fastest-levenshtein';
import type { DebriefQuestion } from '../beer/game-docs';

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** The number an answer spells, or null; a lone decimal comma counts (most locales write one). */
export function numberOf(value: unknown): number | null {
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
