/**
 * The top of the lean play and live pages: the game's name, the lean minute to 0.1 and the time
 * left (spec §4, refreshed every second by the caller's clock), and chips the page adds.
 */
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import Chip from '@mui/material/Chip';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, type RunClock } from '@/features/games/lean/run-clock';
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

export function RunHeader({
  gid,
  name,
  clock,
  children,
}: {
  gid: string;
  name: string;
  clock: RunClock;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const minute = useMinuteFormat()(clock.minute);
  return (
    <GameHeader gid={gid} name={name}>
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
