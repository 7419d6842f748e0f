/**
 * The top of the lean play and live pages: the game's name, the lean minute to 0.1 and the time
 * left (spec §4, refreshed every second), and chips the page adds.
 */
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import Chip from '@mui/material/Chip';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeanScreenGame } from '@/features/games/lean/lean-game-model';
import { formatClock } from '@/features/games/lean/run-clock';
import { useRunTime } from '@/features/games/lean/use-lean';
import { GameHeader } from '@/features/games/shared/game-header';
import { useFormatNumber } from '@/lib/i18n/format-number';

/** A lean minute always with its tenth ("3.0", "3,4"), in the language on screen. */
export function useMinuteFormat(): (minute: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const f = new Intl.NumberFormat(i18n.language, {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    return (m: number) => f.format(m);
  }, [i18n.language]);
}

/** The page's children are made by the page, so a second's new clock renders the chips alone. */
export function RunHeader({ game, children }: { game: LeanScreenGame; children?: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const clock = useRunTime(game, ({ status, minute, durationMin, secondsLeft }) => ({
    status,
    minute,
    durationMin,
    secondsLeft,
  }));
  const minute = useMinuteFormat()(clock.minute);
  return (
    <GameHeader gid={game.shared.id} name={game.shared.name}>
      <Chip
        color={clock.status === 'running' ? 'primary' : 'default'}
        data-testid="lean-minute"
        label={
          clock.status === 'notStarted'
            ? t('leanPlay.clock.notStarted')
            : clock.status === 'ended'
              ? t('leanPlay.clock.ended', { minute })
              : t('leanPlay.clock.minute', {
                  minute: minute,
                  total: format(clock.durationMin),
                })
        }
      />
      {clock.secondsLeft !== null && (
        <Chip
          icon={<HourglassTopIcon />}
          color={clock.secondsLeft <= 30 ? 'error' : 'default'}
          label={t('leanPlay.clock.left', { time: formatClock(clock.secondsLeft) })}
          data-testid="lean-time-left"
        />
      )}
      {children}
    </GameHeader>
  );
}
