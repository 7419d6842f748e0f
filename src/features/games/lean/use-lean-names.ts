/**
 * Names of a lean game's facilities and products as shown: a template's default name in the
 * language on screen (`core/src/lean/default-names.ts`), any other name as the instructor typed it.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { leanFacilityDisplayName, leanProductDisplayName } from '@sim/core/lean/default-names';

export interface LeanNames {
  readonly facility: (stored: string) => string;
  readonly product: (stored: string) => string;
}

export function useLeanNames(): LeanNames {
  const { t } = useTranslation();
  return useMemo(() => {
    const translate = (key: string, n: number | undefined) =>
      String(t(key as 'game.defaults.lean.facility.warehouse', n === undefined ? {} : { n }));
    return {
      facility: (stored) => leanFacilityDisplayName(stored, translate),
      product: (stored) => leanProductDisplayName(stored, translate),
    };
  }, [t]);
}
