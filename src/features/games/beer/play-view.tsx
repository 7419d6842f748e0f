/**
 * `/game/:id/play` for a player: the map, the player's own panel and the order entry. The order
 * is the batch write of docs/policy.md, then `createNewTurnTask`; the next week arrives through
 * the facility document's listener.
 */
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { placeOrder, weekHasTurned } from '@/features/games/beer/beer-api';
import {
  type BeerGameDoc,
  messagesShown,
  type PublicFacility,
  secondsLeft,
} from '@/features/games/beer/game-model';
import { MapView } from '@/features/games/beer/map-view';
import { checkOrder } from '@/features/games/beer/order-rules';
import { useFacilityDoc, useNow, usePlayerMessages } from '@/features/games/beer/use-game';
import { PageLoader } from '@/components/page-loader';
import { showError } from '@/lib/errors/error-store';
import { createNewTurnTask, quitGame } from '@/lib/firebase/callables';
import { ownEntry } from '@/lib/own';

export function formatClock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

export function WeekHeader({
  game,
  weeks,
  children,
}: {
  game: BeerGameDoc;
  /** The number of weeks (from a facility's view; the public document does not say). */
  weeks: number | null;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const now = useNow(game.turnDeadline !== null && !game.finished);
  const left = secondsLeft(game.turnDeadline, now);
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'center' }, mb: 2 }}
    >
      <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
        {game.name}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Chip
          color="primary"
          data-testid="week-chip"
          label={
            game.finished
              ? t('game.play.finishedChip')
              : weeks === null
                ? t('game.play.weekN', { week: game.week })
                : t('game.play.week', { week: game.week, weeks })
          }
        />
        {game.paused && !game.finished && <Chip color="warning" label={t('game.play.paused')} />}
        {left !== null && !game.finished && (
          <Chip
            icon={<HourglassTopIcon />}
            color={left <= 10 ? 'error' : 'default'}
            label={t('game.play.timeLeft', { time: formatClock(left) })}
            data-testid="timer-chip"
          />
        )}
        {children}
      </Stack>
    </Stack>
  );
}

function PipelineCells({ arriving }: { arriving: readonly number[] }) {
  const { t } = useTranslation();
  if (arriving.length === 0) return <>{t('game.play.pipelineHidden')}</>;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }} useFlexGap>
      {arriving.map((q, k) => (
        <Chip
          key={k}
          size="small"
          variant="outlined"
          label={t('game.play.inWeeks', { n: k + 1, qty: q })}
        />
      ))}
    </Stack>
  );
}

/** Calls after the countdown ends while the week has not turned (the deadline is the server's). */
const EXPIRY_RETRIES = 5;
const EXPIRY_RETRY_MS = 2000;

/**
 * When the week's countdown reaches zero, tells the backend (`createNewTurnTask {timer: true}`):
 * the week advances once the stored deadline has passed, with computer orders for the roles that
 * did not order. The `beerWeekTimer` task does the same on the server; this call makes the week
 * turn on time also where the task is late or fires early (the local Tasks emulator dispatches
 * at once). Any number of calls advance the week once.
 */
export function useTimerExpiry(game: BeerGameDoc, enabled: boolean): void {
  const { id: gid, week, turnDeadline: deadline, finished, paused } = game;
  useEffect(() => {
    if (!enabled || deadline === null || finished || paused) return undefined;
    let cancelled = false;
    let attempts = 0;
    let handle = 0;
    const retry = () => {
      if (!cancelled && attempts < EXPIRY_RETRIES) {
        handle = window.setTimeout(fire, EXPIRY_RETRY_MS);
      }
    };
    function fire() {
      if (cancelled) return;
      attempts += 1;
      createNewTurnTask({ gid, type: 'beergame', timer: true, week }).then((r) => {
        if (!r.advanced && !r.finished && r.week === week) retry();
      }, retry);
    }
    handle = window.setTimeout(fire, Math.max(0, deadline - Date.now()) + 300);
    return () => {
      cancelled = true;
      window.clearTimeout(handle);
    };
  }, [gid, week, deadline, finished, paused, enabled]);
}

export function PlayView({ game, facilityId }: { game: BeerGameDoc; facilityId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loaded = useFacilityDoc(game.id, facilityId);
  const sent = usePlayerMessages(game.id, facilityId);
  useTimerExpiry(game, true);
  const facility = game.facilities.find((f) => f.id === facilityId) as PublicFacility;
  const [typed, setTyped] = useState<{ week: number; values: Record<string, string> }>({
    week: 0,
    values: {},
  });
  const [busy, setBusy] = useState(false);
  const [submittedWeek, setSubmittedWeek] = useState<number | null>(null);
  const [turnFailed, setTurnFailed] = useState(false);
  const [quitting, setQuitting] = useState(false);
  const [lateWeek, setLateWeek] = useState<number | null>(null);

  if (loaded.status === 'loading') return <PageLoader />;
  if (loaded.status === 'error' || loaded.value === null) {
    return (
      <Container maxWidth="md" sx={{ py: 5 }}>
        <Alert severity="error">{t('game.play.noAccess')}</Alert>
      </Container>
    );
  }
  const priv = loaded.value;
  const own = priv.own;
  const week = priv.week;
  const values = typed.week === week ? typed.values : {};
  const validated = priv.validatedOrder || submittedWeek === week;
  const finished = game.finished || priv.view?.status === 'finished';
  const canOrder = !finished && !game.paused && !validated && !busy;

  const caps = facility.capabilities;
  const checks = caps.map((c) => {
    const text = priv.orderForced ? String(c.startOrders) : (values[c.id] ?? '');
    return { cap: c, text, check: checkOrder(text, c) };
  });
  const allValid = checks.every((x) => x.check.valid);

  const retryTurn = async () => {
    setBusy(true);
    try {
      await createNewTurnTask({ gid: game.id, type: 'beergame', week });
      setTurnFailed(false);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canOrder || !allValid) return;
    setBusy(true);
    setTurnFailed(false);
    const quantities: Record<string, number> = {};
    for (const x of checks) quantities[x.cap.id] = x.check.placed ?? 0;
    try {
      await placeOrder(game.id, facilityId, week, quantities);
    } catch (err) {
      // Refused because the week turned before the order arrived (the timer, the instructor):
      // say so; the order of the new week is the player's next decision.
      if (await weekHasTurned(game.id, facilityId, week, err)) setLateWeek(week);
      // The typed values stay; the player can send again.
      else showError(err);
      setBusy(false);
      return;
    }
    setLateWeek(null);
    setSubmittedWeek(week);
    try {
      await createNewTurnTask({ gid: game.id, type: 'beergame', week });
    } catch (err) {
      showError(err);
      setTurnFailed(true);
    }
    setBusy(false);
  };

  const quit = async () => {
    setQuitting(true);
    try {
      await quitGame({ gid: game.id, roleId: facilityId });
      navigate(`/game/${game.id}`);
    } catch (err) {
      showError(err);
      setQuitting(false);
    }
  };

  const humansWaiting = game.facilities.filter(
    (f) => f.user !== null && !f.computer && !f.validatedOrder && f.id !== facilityId,
  );
  // Scheduled and threshold messages, as the backend sent them.
  const messages = messagesShown(sent.broadcast, sent.inbox, week);
  const current = own?.current ?? null;
  const productName = (pid: string) => {
    const p = ownEntry(game.params.productsTemplates, pid);
    return p ? `${p.productEmoji} ${p.name}`.trim() : pid;
  };
  const supplierName = (fid: string | null) =>
    fid === null
      ? t('game.play.production')
      : (game.facilities.find((f) => f.id === fid)?.name ?? fid);

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 4 } }}>
      <WeekHeader game={game} weeks={priv.view?.weeks ?? null}>
        <Chip label={t('game.play.youAre', { role: facility.name })} variant="outlined" />
        <Button size="small" color="inherit" disabled={quitting} onClick={() => void quit()}>
          {t('game.play.quit')}
        </Button>
      </WeekHeader>

      {finished && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          action={
            <Button
              component={RouterLink}
              to={`/game/${game.id}/results`}
              variant="contained"
              data-testid="play-to-results"
            >
              {t('game.play.seeResults')}
            </Button>
          }
        >
          {t('game.play.gameOver')}
        </Alert>
      )}

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '5fr 7fr' }, gap: 3 }}>
        <Stack spacing={2}>
          <MapView game={game} highlight={facilityId} />
          {messages.length > 0 && (
            <Paper variant="outlined" sx={{ p: 2 }} data-testid="play-messages">
              <Typography variant="h6" gutterBottom>
                {t('game.play.messages')}
              </Typography>
              <Stack spacing={1}>
                {messages.map((m) => (
                  <Alert key={m.id} severity="info" icon={false}>
                    <Typography variant="caption" color="text.secondary">
                      {t('game.play.weekN', { week: m.showAt })}
                    </Typography>
                    <Typography>{m.message}</Typography>
                  </Alert>
                ))}
              </Stack>
            </Paper>
          )}
        </Stack>

        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }} useFlexGap>
              <Figure
                label={t('game.play.costSoFar')}
                value={own ? fmt(own.cumCost) : '–'}
                testId="play-cost"
              />
              {own && own.cumRevenue > 0 && (
                <Figure label={t('game.play.profit')} value={fmt(own.cumProfit)} />
              )}
              {own?.products.map((p) => (
                <Stack key={p.pid} direction="row" spacing={3}>
                  <Figure
                    label={t('game.play.stockOf', { product: productName(p.pid) })}
                    value={String(p.stock)}
                    testId={`play-stock-${p.pid}`}
                  />
                  <Figure
                    label={t('game.play.backlog')}
                    value={String(p.backlog)}
                    color={p.backlog > 0 ? 'error.main' : undefined}
                    testId={`play-backlog-${p.pid}`}
                  />
                </Stack>
              ))}
            </Stack>
          </Paper>

          {!finished && (
            <>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Typography variant="h6" gutterBottom>
                  {t('game.play.thisWeek')}
                </Typography>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('game.play.product')}</TableCell>
                      <TableCell align="right">{t('game.play.incomingOrders')}</TableCell>
                      <TableCell align="right">{t('game.play.received')}</TableCell>
                      <TableCell align="right">{t('game.play.shipped')}</TableCell>
                      <TableCell align="right">{t('game.play.weekCost')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {(current?.products ?? []).map((p) => (
                      <TableRow key={p.pid}>
                        <TableCell>{productName(p.pid)}</TableCell>
                        <TableCell align="right" data-testid={`play-incoming-${p.pid}`}>
                          {p.incoming}
                        </TableCell>
                        <TableCell align="right">{p.received}</TableCell>
                        <TableCell align="right">{p.shipped}</TableCell>
                        <TableCell align="right">
                          {fmt(p.holdingCost + p.backlogCost + p.missedSaleCost)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Paper>

              <Paper
                variant="outlined"
                sx={{ p: 2 }}
                component="form"
                onSubmit={(e: FormEvent) => void submit(e)}
              >
                <Typography variant="h6" gutterBottom>
                  {t('game.play.yourOrder')}
                </Typography>
                {priv.orderForced && (
                  <Alert severity="info" sx={{ mb: 2 }}>
                    {t('game.play.forced')}
                  </Alert>
                )}
                <Stack spacing={2}>
                  {checks.map(({ cap, text, check }) => {
                    const view = own?.capabilities.find((c) => c.id === cap.id);
                    const rules = [
                      cap.moq > 0 ? t('game.order.moq', { n: cap.moq }) : null,
                      cap.batchSize > 0 ? t('game.order.batch', { n: cap.batchSize }) : null,
                      cap.maxOrderQty > 0 ? t('game.order.max', { n: cap.maxOrderQty }) : null,
                    ].filter((x): x is string => x !== null);
                    const showError = text.trim() !== '' && !check.valid;
                    return (
                      <Box key={cap.id}>
                        <Typography variant="subtitle2">
                          {t('game.play.orderFrom', {
                            product: productName(cap.pid),
                            supplier: supplierName(cap.from),
                          })}
                        </Typography>
                        <Stack
                          direction={{ xs: 'column', sm: 'row' }}
                          spacing={2}
                          sx={{ alignItems: { sm: 'center' }, mt: 1 }}
                        >
                          <TextField
                            size="small"
                            label={t('game.play.quantity')}
                            value={text}
                            disabled={!canOrder || priv.orderForced}
                            inputMode="numeric"
                            onChange={(e) =>
                              setTyped({ week, values: { ...values, [cap.id]: e.target.value } })
                            }
                            error={showError}
                            helperText={
                              showError
                                ? t('game.order.invalid', { max: 999 })
                                : check.adjusted && check.placed !== null
                                  ? t('game.order.adjusted', { n: check.placed })
                                  : rules.join(' · ') || t('game.order.noRule')
                            }
                            slotProps={{ htmlInput: { 'data-testid': `order-${cap.id}` } }}
                            sx={{ width: 220 }}
                          />
                          <Box sx={{ flex: 1 }}>
                            <Typography variant="caption" color="text.secondary">
                              {t('game.play.pipeline', { total: view?.onOrder ?? 0 })}
                            </Typography>
                            <PipelineCells arriving={view?.arriving ?? []} />
                          </Box>
                        </Stack>
                      </Box>
                    );
                  })}
                  {validated && !finished ? (
                    <Alert
                      severity="info"
                      icon={<CircularProgress size={20} />}
                      data-testid="play-waiting"
                      action={
                        turnFailed ? (
                          <Button onClick={() => void retryTurn()} disabled={busy}>
                            {t('game.play.retry')}
                          </Button>
                        ) : undefined
                      }
                    >
                      {humansWaiting.length > 0
                        ? t('game.play.waitingFor', {
                            names: humansWaiting.map((f) => f.name).join(', '),
                          })
                        : t('game.play.waiting')}
                    </Alert>
                  ) : (
                    !finished && (
                      <Box>
                        <Button
                          type="submit"
                          variant="contained"
                          size="large"
                          disabled={!canOrder || !allValid}
                          data-testid="order-submit"
                        >
                          {busy ? t('game.play.sending') : t('game.play.placeOrder')}
                        </Button>
                        {game.paused && (
                          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                            {t('game.play.pausedHint')}
                          </Typography>
                        )}
                        {lateWeek !== null && lateWeek < week && (
                          <Alert severity="warning" sx={{ mt: 1 }} data-testid="order-late">
                            {t('game.play.orderTooLate', { late: lateWeek, week })}
                          </Alert>
                        )}
                      </Box>
                    )
                  )}
                </Stack>
              </Paper>
            </>
          )}

          {own && own.history.length > 0 && (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h6" gutterBottom>
                {t('game.play.history')}
              </Typography>
              <Table size="small" data-testid="play-history">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('game.play.weekCol')}</TableCell>
                    <TableCell align="right">{t('game.play.incomingOrders')}</TableCell>
                    <TableCell align="right">{t('game.play.shipped')}</TableCell>
                    <TableCell align="right">{t('game.play.stock')}</TableCell>
                    <TableCell align="right">{t('game.play.backlog')}</TableCell>
                    <TableCell align="right">{t('game.play.ordered')}</TableCell>
                    <TableCell align="right">{t('game.play.weekCost')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {own.history
                    .map((h, k) => ({ h, week: k + 1 }))
                    .slice(-8)
                    .reverse()
                    .map(({ h, week: w }) => (
                      <TableRow key={w}>
                        <TableCell>{w}</TableCell>
                        <TableCell align="right">
                          {sum(h.products.map((p) => p.incoming))}
                        </TableCell>
                        <TableCell align="right">{sum(h.products.map((p) => p.shipped))}</TableCell>
                        <TableCell align="right">{sum(h.products.map((p) => p.stock))}</TableCell>
                        <TableCell align="right">{sum(h.products.map((p) => p.backlog))}</TableCell>
                        <TableCell align="right">
                          {sum(h.capabilities.map((c) => c.ordered))}
                        </TableCell>
                        <TableCell align="right">{fmt(h.cost)}</TableCell>
                      </TableRow>
                    ))}
                </TableBody>
              </Table>
            </Paper>
          )}
        </Stack>
      </Box>
    </Container>
  );
}

function sum(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

export function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

function Figure({
  label,
  value,
  color,
  testId,
}: {
  label: string;
  value: string;
  color?: string | undefined;
  testId?: string;
}) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" sx={{ color, fontWeight: 600 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}
