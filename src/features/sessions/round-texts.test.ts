import { describe, expect, it } from 'vitest';
import { roundNameShown } from '@sim/core/templates/default-round-texts';
import { roundTextInField, roundTextToStore } from '@/features/sessions/round-texts';

const french: Record<string, string> = {
  'templates.round.names.blindChain': "Chaîne à l'aveugle",
  'templates.round.names.profit': 'Profit réalisé',
};
const inFrench = (stored: string) => roundNameShown(stored, (key) => french[key] ?? key);

describe('a round text field of the settings form', () => {
  it('shows a saved default name in the language on screen', () => {
    expect(roundTextInField('Blind chain', null, 'Blind chain', inFrench)).toBe(
      "Chaîne à l'aveugle",
    );
  });

  it('keeps storing the default while the field shows its translation', () => {
    expect(roundTextToStore("Chaîne à l'aveugle", 'Blind chain', inFrench)).toBe('Blind chain');
  });

  it('stores an edited name as typed', () => {
    const typed = "Chaîne à l'aveugle, mardi";
    expect(roundTextToStore(typed, 'Blind chain', inFrench)).toBe(typed);
    expect(roundTextInField(typed, typed, 'Blind chain', inFrench)).toBe(typed);
  });

  it('shows the translation typed back, the default stored', () => {
    expect(roundTextInField('Blind chain', "Chaîne à l'aveugle", 'Blind chain', inFrench)).toBe(
      "Chaîne à l'aveugle",
    );
  });

  it('does not turn an English default typed into the field into its translation', () => {
    expect(roundTextToStore('Profit', 'Blind chain', inFrench)).toBe('Profit');
    expect(roundTextInField('Profit', 'Profit', 'Blind chain', inFrench)).toBe('Profit');
  });

  it('keeps a typed name of a new round as typed', () => {
    expect(roundTextToStore('Mardi', undefined, inFrench)).toBe('Mardi');
    expect(roundTextInField('Mardi', null, undefined, inFrench)).toBe('Mardi');
  });

  it('shows the draft again once it no longer holds what was typed (changes discarded)', () => {
    expect(roundTextInField('Blind chain', 'Mardi', 'Blind chain', inFrench)).toBe(
      "Chaîne à l'aveugle",
    );
  });
});
