import { describe, expect, it } from 'vitest';
import {
  parsePlayerAnswers,
  playerNamesOf,
  questionsOf,
} from '@/features/sessions/session-answers';

const game = {
  params: {
    configDebrief: {
      questionsSection: {
        questions: [
          { id: 'q1', text: 'What caused the bullwhip?', kind: 'text' },
          { id: 'q2', text: 'Peak order?', kind: 'number' },
          { text: 'no id: ignored' },
        ],
      },
    },
  },
  facilities: {
    f1: { name: 'Retailer', user: 'u1', playerName: 'Ada' },
    f2: { name: 'Wholesaler', user: 'u2', playerName: null },
    f3: { name: 'Factory', user: null },
  },
};

describe('session responses', () => {
  it('reads the questions of a game, skipping malformed ones', () => {
    expect(questionsOf(game)).toEqual([
      { id: 'q1', text: 'What caused the bullwhip?' },
      { id: 'q2', text: 'Peak order?' },
    ]);
    expect(questionsOf({})).toEqual([]);
  });

  it('names players by player name, else by their facility', () => {
    expect(playerNamesOf(game)).toEqual({ u1: 'Ada', u2: 'Wholesaler' });
  });

  it('reads a player answer document as text, keeping the submitted flag', () => {
    const names = playerNamesOf(game);
    expect(
      parsePlayerAnswers(
        'u1',
        { answers: { q1: 'Delays', q2: 24, bad: {} }, submitted: true },
        names,
      ),
    ).toEqual({ uid: 'u1', player: 'Ada', submitted: true, answers: { q1: 'Delays', q2: '24' } });
    expect(parsePlayerAnswers('u9', null, names)).toEqual({
      uid: 'u9',
      player: 'u9',
      submitted: false,
      answers: {},
    });
  });
});
