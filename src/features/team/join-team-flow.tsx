import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  clearPendingJoin,
  emailVerified,
  joinTeam,
  readPendingJoin,
  sendVerificationEmail,
  writePendingJoin,
} from '@/features/team/team-api';
import { joinTeamParam, withoutJoinTeam, type PendingJoin } from '@/features/team/team-model';
import { showError } from '@/lib/errors/error-store';
import { showToast } from '@/lib/toast/toast-store';

/** Spec §8: trial and team-join messages and errors display after 500 ms. */
export const JOIN_MESSAGE_DELAY_MS = 500;

function messageKeyOf(error: unknown): string | undefined {
  const details = (error as { details?: { messageKey?: unknown } } | null)?.details;
  return typeof details?.messageKey === 'string' ? details.messageKey : undefined;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

type Phase = 'idle' | 'joining' | 'verify';

/**
 * The `?joinTeam=<teamId>` request of an invitation link (spec §2, §4; business.md §3.9), once
 * the invitee is on the dashboard: kept in this browser and taken off the address (a reload does
 * not ask twice), then `joinTeamMember` is called once. An address not confirmed yet is asked to
 * be (the server refuses it otherwise), and the request waits for it.
 */
export function JoinTeamFlow({
  uid,
  email,
  userName,
}: {
  uid: string;
  email: string;
  userName: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('idle');
  const [joiningShown, setJoiningShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const started = useRef<string | null>(null);

  // The request: the address's `?joinTeam=`, else the one kept in this browser for this user.
  const fromUrl = joinTeamParam(location.search);
  const kept = readPendingJoin();
  const pending: PendingJoin | null = fromUrl
    ? { teamId: fromUrl, uid }
    : kept && kept.uid === uid
      ? kept
      : null;
  const pendingTeam = pending?.teamId ?? null;

  useEffect(() => {
    if (!fromUrl) return;
    writePendingJoin({ teamId: fromUrl, uid });
    navigate(
      {
        pathname: location.pathname,
        search: withoutJoinTeam(location.search),
        hash: location.hash,
      },
      { replace: true },
    );
  }, [fromUrl, location.pathname, location.search, location.hash, uid, navigate]);

  const attempt = useCallback(
    async (request: PendingJoin, again: boolean) => {
      const begin = Date.now();
      const delayed = () => wait(begin + JOIN_MESSAGE_DELAY_MS - Date.now());
      setPhase('joining');
      const timer = window.setTimeout(() => setJoiningShown(true), JOIN_MESSAGE_DELAY_MS);
      try {
        if (!(await emailVerified())) {
          await delayed();
          if (again) showToast(t('team.join.notVerifiedYet'), { severity: 'warning' });
          setPhase('verify');
          return;
        }
        await joinTeam(request, email, userName);
        clearPendingJoin();
        setPhase('idle');
        showToast(t('team.join.joined'));
      } catch (error) {
        await delayed();
        if (messageKeyOf(error) === 'teamJoinVerifyEmail') {
          setPhase('verify');
          return;
        }
        clearPendingJoin();
        setPhase('idle');
        showError(error);
      } finally {
        window.clearTimeout(timer);
        setJoiningShown(false);
      }
    },
    [email, userName, t],
  );

  useEffect(() => {
    if (!pendingTeam) return;
    const key = `${uid}:${pendingTeam}`;
    // Once per request, also when the effect runs twice (development's strict mode).
    if (started.current === key) return;
    started.current = key;
    void attempt({ teamId: pendingTeam, uid }, false);
  }, [pendingTeam, uid, attempt]);

  const resend = async () => {
    setBusy(true);
    try {
      await sendVerificationEmail();
      showToast(t('team.join.resent', { email }));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  if (phase === 'joining' && joiningShown) {
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="join-team-message">
        {t('dashboard.messages.messJoiningTeam')}
      </Alert>
    );
  }
  if (phase !== 'verify' || !pending) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="join-team-verify">
      <AlertTitle>{t('team.join.verifyTitle')}</AlertTitle>
      {t('team.join.verifyText', { email })}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          size="small"
          onClick={() => void attempt(pending, true)}
          data-testid="join-team-check"
        >
          {t('team.join.checkAgain')}
        </Button>
        <Button variant="outlined" size="small" disabled={busy} onClick={() => void resend()}>
          {t('team.join.resend')}
        </Button>
      </Stack>
    </Alert>
  );
}
