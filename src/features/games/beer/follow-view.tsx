/**
 * The instructor's live view (the creator's `/game/:id/play`; read-only for observers): every
 * facility's state and validation, who plays it, and the creator's controls (pause, force the
 * week, reset, let the computer play a role).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AllocationPanel } from '@/features/games/beer/allocation-panel';
import { setGameFlags } from '@/features/games/beer/beer-api';
import type { BeerGameDoc } from '@/features/games/beer/game-model';
import { MapView, useHolderLabel } from '@/features/games/beer/map-view';
import { fmt, WeekHeader } from '@/features/games/beer/play-view';
import { useAllFacilityDocs } from '@/features/games/beer/use-game';
import { showError } from '@/lib/errors/error-store';
import { showToast } from '@/lib/toast/toast-store';
import { autoPlaySecGen, createNewTurnTask, resetBeerGame } from '@/lib/firebase/callables';
import { ownEntry } from '@/lib/own';

export function FollowView({ game, isCreator }: { game: BeerGameDoc; isCreator: boolean }) {
  const { t } = useTranslation();
  const holder = useHolderLabel();
  const docs = useAllFacilityDocs(
    game.id,
    game.facilities.map((f) => f.id),
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);

  const run = async (key: string, action: () => Promise<unknown>, done?: string) => {
    setBusy(key);
    try {
      await action();
      if (done) showToast(done, { durationMs: 1500 });
    } catch (err) {
      showError(err);
    } finally {
      setBusy(null);
    }
  };

  const playUrl = `${window.location.origin}/game/${game.id}`;
  const empty = game.facilities.filter((f) => f.user === null && !f.computer);

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 4 } }}>
      <WeekHeader game={game} weeks={Object.values(docs).find((d) => d?.view)?.view?.weeks ?? null}>
        <Chip
          variant="outlined"
          label={isCreator ? t('game.follow.instructor') : t('game.follow.observer')}
        />
      </WeekHeader>
      {isCreator && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}
            useFlexGap
          >
            <Typography sx={{ flex: 1 }} data-testid="follow-share">
              {t('game.follow.share')} <strong>{playUrl}</strong>
            </Typography>
            <Button
              variant="outlined"
              disabled={busy !== null || game.finished}
              onClick={() =>
                void run('pause', () => setGameFlags(game.id, { paused: !game.paused }))
              }
              data-testid="follow-pause"
            >
              {game.paused ? t('game.follow.resume') : t('game.follow.pause')}
            </Button>
            {game.params.timer > 0 && game.turnDeadline === null && !game.finished && (
              <Button
                variant="outlined"
                disabled={busy !== null || game.paused}
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
              disabled={busy !== null || game.finished}
              onClick={() =>
                void run(
                  'force',
                  () =>
                    createNewTurnTask({
                      gid: game.id,
                      type: 'beergame',
                      force: true,
                      week: game.week,
                    }),
                  t('game.follow.forced'),
                )
              }
              data-testid="follow-force"
            >
              {t('game.follow.force')}
            </Button>
            <Button
              variant="outlined"
              disabled={busy !== null || game.finished || empty.length === 0}
              onClick={() =>
                void run(
                  'computer',
                  () =>
                    autoPlaySecGen({
                      gid: game.id,
                      type: 'beergame',
                      roleIds: empty.map((f) => f.id),
                      computer: true,
                    }),
                  t('game.follow.computerOn'),
                )
              }
              data-testid="follow-computer-empty"
            >
              {t('game.follow.computerEmpty')}
            </Button>
            <Button
              color="error"
              variant="outlined"
              disabled={busy !== null}
              onClick={() => setConfirmReset(true)}
            >
              {t('game.follow.reset')}
            </Button>
            <Button component={RouterLink} to={`/game/${game.id}/edit`}>
              {t('game.intro.edit')}
            </Button>
          </Stack>
        </Paper>
      )}
      {game.finished && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          action={
            <Button component={RouterLink} to={`/game/${game.id}/results`} variant="contained">
              {t('game.play.seeResults')}
            </Button>
          }
        >
          {t('game.play.gameOver')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', xl: '4fr 8fr' }, gap: 3 }}>
        <MapView game={game} />
        <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
          <Table size="small" data-testid="follow-table" sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('game.follow.facility')}</TableCell>
                <TableCell>{t('game.follow.player')}</TableCell>
                <TableCell>{t('game.follow.status')}</TableCell>
                <TableCell align="right">{t('game.play.stock')}</TableCell>
                <TableCell align="right">{t('game.play.backlog')}</TableCell>
                <TableCell align="right">{t('game.follow.onOrder')}</TableCell>
                <TableCell align="right">{t('game.follow.lastOrder')}</TableCell>
                <TableCell align="right">{t('game.play.costSoFar')}</TableCell>
                {isCreator && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {game.facilities.map((f) => {
                const d = ownEntry(docs, f.id);
                const own = d?.own ?? null;
                const last = own?.history[own.history.length - 1];
                const validated = d?.validatedOrder ?? f.validatedOrder;
                return (
                  <TableRow key={f.id} data-testid={`follow-row-${f.id}`}>
                    <TableCell sx={{ fontWeight: 600 }}>{f.name}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={f.user !== null ? 'primary' : f.computer ? 'secondary' : 'default'}
                        label={
                          f.user !== null ? t('game.follow.human', { name: holder(f) }) : holder(f)
                        }
                      />
                    </TableCell>
                    <TableCell>
                      {game.finished ? (
                        '–'
                      ) : validated ? (
                        <Chip size="small" color="success" label={t('game.follow.validated')} />
                      ) : (
                        <Chip size="small" label={t('game.follow.thinking')} />
                      )}
                    </TableCell>
                    <TableCell align="right">
                      {own ? own.products.reduce((a, p) => a + p.stock, 0) : '–'}
                    </TableCell>
                    <TableCell align="right">
                      {own ? own.products.reduce((a, p) => a + p.backlog, 0) : '–'}
                    </TableCell>
                    <TableCell align="right">
                      {own ? own.capabilities.reduce((a, c) => a + c.onOrder, 0) : '–'}
                    </TableCell>
                    <TableCell align="right">
                      {last ? last.capabilities.reduce((a, c) => a + c.ordered, 0) : '–'}
                    </TableCell>
                    <TableCell align="right" data-testid={`follow-cost-${f.id}`}>
                      {own ? fmt(own.cumCost) : '–'}
                    </TableCell>
                    {isCreator && (
                      <TableCell>
                        {f.user === null && !game.finished && (
                          <Button
                            size="small"
                            disabled={busy !== null}
                            onClick={() =>
                              void run('computer', () =>
                                autoPlaySecGen({
                                  gid: game.id,
                                  type: 'beergame',
                                  roleIds: [f.id],
                                  computer: !f.computer,
                                }),
                              )
                            }
                            data-testid={`follow-computer-${f.id}`}
                          >
                            {f.computer
                              ? t('game.follow.computerOff')
                              : t('game.follow.computerPlay')}
                          </Button>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Paper>
      </Box>
      {isCreator && <AllocationPanel game={game} />}
      <Dialog open={confirmReset} onClose={() => setConfirmReset(false)}>
        <DialogTitle>{t('game.follow.resetTitle')}</DialogTitle>
        <DialogContent>{t('game.follow.resetText')}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmReset(false)}>{t('game.editor.cancel')}</Button>
          <Button
            color="error"
            onClick={() => {
              setConfirmReset(false);
              void run('reset', () => resetBeerGame({ gid: game.id }), t('game.follow.resetDone'));
            }}
          >
            {t('game.follow.reset')}
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
  );
}
