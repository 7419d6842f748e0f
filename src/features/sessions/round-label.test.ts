import { describe, expect, it } from 'vitest';
import { roundDescriptionShown, roundNameShown } from '@sim/core/templates/default-round-texts';
import { roundLabel } from '@/features/sessions/session-model';

const french: Record<string, string> = {
  'templates.round.names.blindChain': "Chaîne à l'aveugle",
  'templates.round.descriptions.blindChain': 'Chaque joueur ne voit que sa propre étape.',
};
const translate = (key: string) => french[key] ?? key;
const shownName = (stored: string) => roundNameShown(stored, translate);

const session = (name: string) => ({
  localeLabels: { team: '', round: '' },
  rounds: [{ id: 'r1', name, description: '', gameTemplateId: 'beer-default', config: {} }],
});

describe('round label of a session made from a default template', () => {
  it('names a default round in the language on screen', () => {
    expect(roundLabel(session('Blind chain') as never, 1, 'Manche', shownName)).toBe(
      "Manche 1 · Chaîne à l'aveugle",
    );
    expect(roundDescriptionShown('Each player sees only their own stage.', translate)).toBe(
      'Chaque joueur ne voit que sa propre étape.',
    );
  });
  it('keeps a round name the instructor typed', () => {
    expect(roundLabel(session('Mardi') as never, 1, 'Manche', shownName)).toBe('Manche 1 · Mardi');
  });
});
