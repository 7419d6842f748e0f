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
