/** Spec §5 answer matching of the debrief quiz. */
import { describe, expect, it } from 'vitest';
import { answersMatch, gradeAnswer } from '@/features/games/shared/debrief-answers';

const text = { id: 'q', text: 'Why?', kind: 'text' as const };
const num = { id: 'n', text: 'How many?', kind: 'number' as const };

describe('answersMatch (spec §5)', () => {
  it('compares numbers numerically', () => {
    expect(answersMatch('8', 8)).toBe(true);
    expect(answersMatch(' 8.0 ', '8')).toBe(true);
    expect(answersMatch('1e2', 100)).toBe(true);
    // Ten of the eleven languages write the decimal separator as a comma.
    expect(answersMatch('1,5', 1.5)).toBe(true);
    // A number is right or wrong: no one-character tolerance between 4 and 5, or 12 and 13.
    expect(answersMatch('5', 4)).toBe(false);
    expect(answersMatch('13', '12')).toBe(false);
    expect(answersMatch('4x', 4)).toBe(false);
    expect(answersMatch('', 0)).toBe(false);
  });

  it('ignores case, surrounding spaces and punctuation', () => {
    expect(answersMatch('  The  Pipeline! ', 'the pipeline')).toBe(true);
    expect(answersMatch('bull-whip', 'bullwhip')).toBe(true);
    expect(answersMatch('"Lead time."', 'lead time')).toBe(true);
    expect(answersMatch('L’effet coup de fouet', "l'effet coup de fouet")).toBe(true);
  });

  it('allows one edit, or two when the right answer is longer than 5 characters', () => {
    expect(answersMatch('stok', 'stock')).toBe(true);
    expect(answersMatch('stck', 'stock')).toBe(true);
    expect(answersMatch('sock', 'stock')).toBe(true);
    expect(answersMatch('sok', 'stock')).toBe(false);
    expect(answersMatch('pipeline', 'pipeline')).toBe(true);
    expect(answersMatch('pipelin', 'pipeline')).toBe(true);
    expect(answersMatch('piplin', 'pipeline')).toBe(true);
    expect(answersMatch('piplen', 'pipeline')).toBe(false);
    expect(answersMatch('backlogg', 'backlog')).toBe(true);
    expect(answersMatch('stock', 'the pipeline')).toBe(false);
    expect(answersMatch('!!!', 'a')).toBe(false);
  });
});

describe('gradeAnswer', () => {
  it('grades text and number questions with the spec §5 matching', () => {
    expect(gradeAnswer(text, 'the piplin', 'The pipeline')).toBe(true);
    expect(gradeAnswer(text, 'Four', 'four.')).toBe(true);
    expect(gradeAnswer(num, '12', 12)).toBe(true);
    expect(gradeAnswer(num, 13, 12)).toBe(false);
  });

  it('gives no mark without a right answer or without an answer', () => {
    expect(gradeAnswer(text, 'x', undefined)).toBeNull();
    expect(gradeAnswer(text, 'x', '')).toBeNull();
    expect(gradeAnswer(num, undefined, 3)).toBeNull();
  });
});
