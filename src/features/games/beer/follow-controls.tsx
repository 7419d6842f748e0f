/**
 * The instructor's controls in the live view: the players' address, pause, the timer, forcing the
 * week and clearing this week's orders (both confirmed first), the computer for free roles, reset
 * and edit.
 */
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { setGameFlags } from '@/features/games/beer/beer-api';
import { ConfirmActionDialog } from '@/features/games/shared/confirm-action-dialog';
import { notOrdered, type FollowRow } from '@/features/games/beer/follow-model';
import type { BeerGameDoc } from '@/features/games/beer/game-model';
import {
  autoPlaySecGen,
  createNewTurnTask,
  resetBeerGame,
  resetStartingOrders,
} from '@/lib/firebase/callables';

type Confirm = 'force' | 'orders' | 'reset' | null;

export function FollowControls({
  game,
  rows,
  busy,
  run,
}: {
  game: BeerGameDoc;
  rows: readonly FollowRow[];
  busy: boolean;
  run: (key: string, action: () => Promise<unknown>, done?: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const playUrl = `${window.location.origin}/game/${game.id}`;
  const free = rows.filter((r) => r.seat === 'free').map((r) => r.facility);
  const anyOrdered = rows.some((r) => r.ordered);
  const computerWillOrder = notOrdered(rows)
    .map((f) => f.name)
    .join(', ');
  // The week the dialog was opened for: a week that turns meanwhile is not forced again.
  const [forceWeek, setForceWeek] = useState(game.week);

  const close = () => setConfirm(null);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography
          sx={{ flex: { xs: '1 1 100%', md: 1 }, minWidth: 0, overflowWrap: 'anywhere' }}
          data-testid="follow-share"
        >
          {t('game.follow.share')} <strong>{playUrl}</strong>
        </Typography>
        <Button
          variant="outlined"
          disabled={busy || game.finished}
          onClick={() => void run('pause', () => setGameFlags(game.id, { paused: !game.paused }))}
          data-testid="follow-pause"
        >
          {game.paused ? t('game.follow.resume') : t('game.follow.pause')}
        </Button>
        {game.params.timer > 0 && game.turnDeadline === null && !game.finished && game.started && (
          <Button
            variant="outlined"
            disabled={busy || game.paused}
            onClick={() =>
              void run('timer', () =>
                createNewTurnTask({ gid: game.id, type: 'beergame', timer: game.params.timer }),
              )
            }
            data-testid="follow-timer"
          >
            {t('game.follow.startTimer', { seconds: game.params.timer })}
          </Button>
        )}
        <Button
          variant="outlined"
          disabled={busy || game.finished}
          onClick={() => {
            setForceWeek(game.week);
            setConfirm('force');
          }}
          data-testid="follow-force"
        >
          {t('game.follow.force')}
        </Button>
        <Button
          variant="outlined"
          disabled={busy || game.finished || !anyOrdered}
          onClick={() => setConfirm('orders')}
          data-testid="follow-reset-orders"
        >
          {t('game.follow.resetOrders')}
        </Button>
        {game.started && free.length > 0 && !game.finished && (
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() =>
              void run(
                'computer',
                () =>
                  autoPlaySecGen({
                    gid: game.id,
                    type: 'beergame',
                    roleIds: free.map((f) => f.id),
                    computer: true,
                  }),
                t('game.follow.computerOn'),
              )
            }
            data-testid="follow-computer-empty"
          >
            {t('game.follow.computerEmpty')}
          </Button>
        )}
        <Button
          color="error"
          variant="outlined"
          disabled={busy}
          onClick={() => setConfirm('reset')}
          data-testid="follow-reset"
        >
          {t('game.follow.reset')}
        </Button>
        <Button component={RouterLink} to={`/game/${game.id}/edit`}>
          {t('game.intro.edit')}
        </Button>
      </Stack>
      <ConfirmActionDialog
        open={confirm === 'force'}
        testId="follow-force-dialog"
        title={t('game.follow.forceTitle', { week: forceWeek })}
        text={
          computerWillOrder === ''
            ? t('game.follow.forceTextAll')
            : t('game.follow.forceText', { names: computerWillOrder })
        }
        confirmLabel={t('game.follow.force')}
        onCancel={close}
        onConfirm={() => {
          close();
          void run(
            'force',
            () =>
              createNewTurnTask({ gid: game.id, type: 'beergame', force: true, week: forceWeek }),
            t('game.follow.forced'),
          );
        }}
      />
      <ConfirmActionDialog
        open={confirm === 'orders'}
        testId="follow-reset-orders-dialog"
        title={t('game.follow.resetOrdersTitle', { week: game.week })}
        text={t('game.follow.resetOrdersText')}
        confirmLabel={t('game.follow.resetOrders')}
        danger
        onCancel={close}
        onConfirm={() => {
          close();
          void run(
            'orders',
            () => resetStartingOrders({ gid: game.id }),
            t('game.follow.resetOrdersDone'),
          );
        }}
      />
      <ConfirmActionDialog
        open={confirm === 'reset'}
        testId="follow-reset-dialog"
        title={t('game.follow.resetTitle')}
        text={t('game.follow.resetText')}
        confirmLabel={t('game.follow.reset')}
        danger
        onCancel={close}
        onConfirm={() => {
          close();
          void run('reset', () => resetBeerGame({ gid: game.id }), t('game.follow.resetDone'));
        }}
      />
    </Paper>
  );
}
