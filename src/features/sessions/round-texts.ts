/**
 * Round names and descriptions as shown: those still the default session templates' texts in the
 * language on screen, typed ones as typed (`@sim/core/templates/default-round-texts`). Only what
 * is shown changes; the session document keeps its stored texts.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { roundDescriptionShown, roundNameShown } from '@sim/core/templates/default-round-texts';

export interface RoundTexts {
  name: (stored: string) => string;
  description: (stored: string) => string;
}

export function useRoundTexts(): RoundTexts {
  // `t` changes with the language, so a language switch renames the defaults at once.
  const { t } = useTranslation();
  return useMemo(() => {
    const translate = (key: string) => String(t(key as 'templates.round.names.classic'));
    return {
      name: (stored) => roundNameShown(stored, translate),
      description: (stored) => roundDescriptionShown(stored, translate),
    };
  }, [t]);
}

/**
 * What a round's name or description field of the settings form stores for the text in it: the
 * saved text while the field still shows that text as displayed (a default template text in the
 * language on screen), so an untouched default stays the stored default and keeps following the
 * language; anything else as typed.
 */
export function roundTextToStore(
  typed: string,
  saved: string | undefined,
  shown: (stored: string) => string,
): string {
  return saved !== undefined && typed === shown(saved) ? saved : typed;
}

/**
 * The text a round's name or description field shows: what the instructor is typing while it is
 * still what the draft holds (a typed text that equals an English default would otherwise jump to
 * its translation under the cursor), else the draft's text as displayed.
 */
export function roundTextInField(
  stored: string,
  typing: string | null,
  saved: string | undefined,
  shown: (stored: string) => string,
): string {
  return typing !== null && roundTextToStore(typing, saved, shown) === stored
    ? typing
    : shown(stored);
}
