import Alert from '@mui/material/Alert';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TRIAL_DAYS, TRIAL_PLAYERS, type GameType } from '@sim/core/billing/plans';
import { startTrialParam, withoutStartTrial } from '@/features/billing/trial-model';
import { showError } from '@/lib/errors/error-store';
import { startTrial } from '@/lib/firebase/callables';
import { showToast } from '@/lib/toast/toast-store';

/** Spec §8: trial messages and errors display after 500 ms. */
export const TRIAL_MESSAGE_DELAY_MS = 500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * The `?startTrial=<pack>` request of a trial link (spec §2, §4; business.md §3.8), once the
 * instructor is on the dashboard (a signed-out visitor was sent to sign up with the link saved):
 * taken off the address at once, so a reload does not ask again, then `startTrial` is called
 * once. "Starting your trial…" shows after 500 ms; the toast names the game; an error shows no
 * sooner than 500 ms.
 */
export function StartTrialFlow({ uid, userName }: { uid: string; userName: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const started = useRef<string | null>(null);
  const pack = startTrialParam(location.search);

  const attempt = useCallback(
    async (type: GameType) => {
      const begin = Date.now();
      const timer = window.setTimeout(() => setStarting(true), TRIAL_MESSAGE_DELAY_MS);
      try {
        const result = await startTrial({ uid, name: userName, pack: type });
        showToast(
          t('dashboard.trial.started', {
            game: t(`sessions.types.${result.gameType}`),
            players: TRIAL_PLAYERS,
            days: TRIAL_DAYS,
          }),
          { durationMs: 5000 },
        );
      } catch (error) {
        await wait(begin + TRIAL_MESSAGE_DELAY_MS - Date.now());
        showError(error);
      } finally {
        window.clearTimeout(timer);
        setStarting(false);
      }
    },
    [uid, userName, t],
  );

  useEffect(() => {
    if (!pack) return;
    navigate(
      {
        pathname: location.pathname,
        search: withoutStartTrial(location.search),
        hash: location.hash,
      },
      { replace: true },
    );
    const key = `${uid}:${location.key}`;
    // Once per link, also when the effect runs twice (development's strict mode).
    if (pack === 'unknown' || started.current === key) return;
    started.current = key;
    void attempt(pack);
  }, [
    pack,
    uid,
    location.pathname,
    location.search,
    location.hash,
    location.key,
    navigate,
    attempt,
  ]);

  if (!starting) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="start-trial-message">
      {t('dashboard.messages.messStartingTrial')}
    </Alert>
  );
}
