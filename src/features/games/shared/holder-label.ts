/** Who holds a facility, as shown on role cards and maps. */
import { useTranslation } from 'react-i18next';
import type { GameFacility } from '@/features/games/shared/game-model';

/** The player's name (or "anonymous player"), else "computer" or "free". */
export function useHolderLabel(): (
  f: Pick<GameFacility, 'user' | 'playerName' | 'computer'>,
) => string {
  const { t } = useTranslation();
  return (f) =>
    f.user !== null
      ? f.playerName || t('game.map.anonymous')
      : f.computer
        ? t('game.map.computer')
        : t('game.map.free');
}
