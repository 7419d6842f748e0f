import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  generatedGameName,
  renamedForLanguage,
  ROUND_WORDS,
  TEAM_WORDS,
} from '@/features/sessions/generated-game-names';
import { namesToRename } from '@/features/sessions/use-game-names-language';
import { LOCALES } from '@/lib/i18n/pick-locale';

const session = {
  name: 'Monday class',
  localeLabels: { team: '', round: '' },
  teamNames: {} as Record<string, string>,
};
const fr = { round: 'Manche', team: 'Équipe' };
const en = { round: 'Round', team: 'Team' };

describe('generated game names of a session round', () => {
  it.each(LOCALES)('know the words for round and team in %s as the locales have them', (lang) => {
    const words = JSON.parse(readFileSync(`locales/${lang}/sessions.json`, 'utf8')) as {
      round: string;
      team: string;
    };
    expect(ROUND_WORDS[lang]).toBe(words.round);
    expect(TEAM_WORDS[lang]).toBe(words.team);
  });

  it('are written in the creator’s language', () => {
    expect(generatedGameName(session, 1, 2, fr)).toBe('Monday class · Manche 1 · Équipe 2');
  });

  it('are renamed into the new language while still generated', () => {
    expect(renamedForLanguage('Monday class · Round 1 · Team 2', session, 1, 2, fr)).toBe(
      'Monday class · Manche 1 · Équipe 2',
    );
    expect(renamedForLanguage('Monday class · Manche 1 · Équipe 2', session, 1, 2, en)).toBe(
      'Monday class · Round 1 · Team 2',
    );
  });

  it('keep an edited name, a name already right, and a named team', () => {
    expect(renamedForLanguage('Monday · the blue ones', session, 1, 2, fr)).toBeNull();
    expect(renamedForLanguage('Monday class · Manche 1 · Équipe 2', session, 1, 2, fr)).toBeNull();
    const named = { ...session, teamNames: { '2': 'Les Bleus' } };
    expect(renamedForLanguage('Monday class · Round 1 · Les Bleus', named, 1, 2, fr)).toBe(
      'Monday class · Manche 1 · Les Bleus',
    );
    const labelled = { ...session, localeLabels: { team: 'Group', round: 'Week' } };
    expect(renamedForLanguage('Monday class · Week 1 · Group 2', labelled, 1, 2, fr)).toBeNull();
  });

  it('lists the session games to rename from their stored names', () => {
    const games = new Map([
      ['g1', { name: 'Monday class · Round 1 · Team 1' }],
      ['g2', { name: 'Typed by hand' }],
    ]);
    const refs = [
      { gid: 'g1', roundNumber: 1, teamNumber: 1, finished: false },
      { gid: 'g2', roundNumber: 1, teamNumber: 2, finished: false },
    ];
    expect(namesToRename({ ...session, games: refs }, games, fr)).toEqual(
      new Map([['g1', 'Monday class · Manche 1 · Équipe 1']]),
    );
  });
});
