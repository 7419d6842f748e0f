/**
 * The instructor's controls in the lean live view: the players' address, start the run (before
 * it), end it early (while it runs) and reset it (after the start), both confirmed first, and
 * edit the game before the start.
 */
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ConfirmActionDialog } from '@/features/games/shared/confirm-action-dialog';
import type { LeanScreenGame } from '@/features/games/lean/lean-game-model';
import { showError } from '@/lib/errors/error-store';
import { endLeanRun, resetLeanGame, startLeanRun } from '@/lib/firebase/callables';
import { showToast } from '@/lib/toast/toast-store';

type Confirm = 'end' | 'reset' | null;

export function FollowControls({ game }: { game: LeanScreenGame }) {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  const gid = game.shared.id;
  const playUrl = `${window.location.origin}/game/${gid}`;
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      showToast(done, { durationMs: 1500 });
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  const close = () => setConfirm(null);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="lean-follow-controls">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography
          sx={{ flex: { xs: '1 1 100%', md: 1 }, minWidth: 0, overflowWrap: 'anywhere' }}
          data-testid="follow-share"
        >
          {t('game.follow.share')} <strong>{playUrl}</strong>
        </Typography>
        {game.status === 'notStarted' && (
          <>
            <Button
              variant="contained"
              disabled={busy}
              onClick={() => void run(() => startLeanRun(gid), t('leanPlay.follow.started'))}
              data-testid="lean-start"
            >
              {t('leanPlay.follow.start')}
            </Button>
            <Button component={RouterLink} to={`/game/${gid}/edit`}>
              {t('game.intro.edit')}
            </Button>
          </>
        )}
        {game.status === 'running' && (
          <Button
            variant="outlined"
            color="warning"
            disabled={busy}
            onClick={() => setConfirm('end')}
            data-testid="lean-end"
          >
            {t('leanPlay.follow.end')}
          </Button>
        )}
        {game.status !== 'notStarted' && (
          <Button
            variant="outlined"
            color="error"
            disabled={busy}
            onClick={() => setConfirm('reset')}
            data-testid="lean-reset"
          >
            {t('leanPlay.follow.reset')}
          </Button>
        )}
      </Stack>
      <ConfirmActionDialog
        open={confirm === 'end'}
        testId="lean-end-dialog"
        title={t('leanPlay.follow.endTitle')}
        text={t('leanPlay.follow.endText')}
        confirmLabel={t('leanPlay.follow.end')}
        danger
        onCancel={close}
        onConfirm={() => {
          close();
          void run(() => endLeanRun(gid), t('leanPlay.follow.ended'));
        }}
      />
      <ConfirmActionDialog
        open={confirm === 'reset'}
        testId="lean-reset-dialog"
        title={t('leanPlay.follow.resetTitle')}
        text={t('leanPlay.follow.resetText')}
        confirmLabel={t('leanPlay.follow.reset')}
        danger
        onCancel={close}
        onConfirm={() => {
          close();
          void run(() => resetLeanGame({ gid }), t('leanPlay.follow.resetDone'));
        }}
      />
    </Paper>
  );
}
