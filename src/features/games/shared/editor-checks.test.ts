/** The checks every game editor makes: the name and the debrief questions, with texts. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { debriefIssues, nameIssues } from '@/features/games/shared/editor-checks';
import { parseConfigDebrief } from '@/features/games/shared/game-model';

const LANGUAGES = ['en', 'cs', 'de', 'es', 'fr', 'it', 'nl', 'pl', 'pt', 'ro', 'tr'];

function textOf(lang: string, key: string): unknown {
  // `game.validation.*`: a file of its own.
  let node: unknown = JSON.parse(
    readFileSync(
      new URL(`../../../../locales/${lang}/game.validation.json`, import.meta.url),
      'utf8',
    ),
  );
  for (const part of key.split('.')) {
    node =
      typeof node === 'object' && node !== null
        ? (node as Record<string, unknown>)[part]
        : undefined;
  }
  return node;
}

function questions(active: boolean) {
  return parseConfigDebrief({
    questionsSection: {
      active,
      questions: [
        { id: 'a', text: '  ', kind: 'text' },
        { id: 'b', text: 'Which?', kind: 'choice', options: ['One', ' '] },
        { id: 'c', text: 'Which?', kind: 'choice', options: ['One', 'Two'] },
        { id: 'd', text: 'How many?', kind: 'number' },
      ],
    },
  });
}

describe('the checks of every game editor', () => {
  it('asks for a name', () => {
    expect(nameIssues(' \t')).toEqual([{ key: 'general.name.required', path: 'name' }]);
    expect(nameIssues('Monday class')).toEqual([]);
  });

  it('asks active questions for a text, and a choice question for two choices', () => {
    expect(debriefIssues(questions(true))).toEqual([
      { key: 'debrief.question.empty', path: 'questions.0.text' },
      { key: 'debrief.question.choices', path: 'questions.1.options' },
    ]);
    // Inactive questions are not shown to anyone, so they are not checked.
    expect(debriefIssues(questions(false))).toEqual([]);
  });

  it('has a text for each of its keys in the eleven languages', () => {
    const keys = [...nameIssues(''), ...debriefIssues(questions(true))].map((i) => i.key);
    for (const lang of LANGUAGES) {
      for (const key of keys) expect(typeof textOf(lang, key), `${lang} ${key}`).toBe('string');
    }
  });
});
