import { describe, expect, it } from 'vitest';
import {
  parseSuggestion,
  settledVotes,
  sortBoard,
  titleProblem,
  votedIds,
} from '@/features/suggestions/suggestions-model';

const idea = (id: string, votes: number, createdAt: number) =>
  parseSuggestion(id, {
    uid: 'u',
    name: 'Ada',
    title: `Idea ${id}`,
    details: '',
    votes,
    created_at: createdAt,
  });

describe('feature board', () => {
  it('lists the most voted first, the newest first among equals', () => {
    const list = [idea('a', 1, 10), idea('b', 3, 5), idea('c', 1, 20)].flatMap((s) =>
      s ? [s] : [],
    );
    expect(sortBoard(list).map((s) => s.id)).toEqual(['b', 'c', 'a']);
  });

  it('reads stored suggestions defensively', () => {
    expect(parseSuggestion('x', undefined)).toBeNull();
    expect(parseSuggestion('x', { title: '   ' })).toBeNull();
    expect(parseSuggestion('x', { title: 'T'.repeat(500), votes: -4, name: 7 })).toMatchObject({
      title: 'T'.repeat(120),
      votes: 0,
      name: '',
      details: '',
      createdAt: 0,
    });
    expect(parseSuggestion('x', { title: 'Ok', votes: 2.5 })?.votes).toBe(0);
  });

  it("knows the reader's votes from its vote documents", () => {
    expect(
      votedIds([
        { id: 'a~me', data: { sid: 'a', uid: 'me' } },
        { id: 'b~me', data: { uid: 'me' } },
        { id: 'c~me', data: undefined },
      ]),
    ).toEqual(new Set(['a']));
  });

  it('waits for a vote until the live votes show it', () => {
    const waiting = new Map([
      ['a', true],
      ['b', false],
    ]);
    expect(settledVotes(waiting, new Set(['b']))).toBe(waiting);
    expect([...settledVotes(waiting, new Set(['a']))]).toEqual([]);
    expect([...settledVotes(waiting, new Set(['a', 'b']))]).toEqual([['b', false]]);
  });

  it('bounds the title as the rules do, spaces trimmed', () => {
    expect(titleProblem('  ab  ')).toBe('tooShort');
    expect(titleProblem('abc')).toBeNull();
    expect(titleProblem('x'.repeat(121))).toBe('tooLong');
  });
});
