/**
 * `/game/:id/play` for a player: the map, the player's own panel and the order entry
 * (`OrderBox`). The order is one `placeOrder` call, which also turns the week when it is the last
 * one; the next week arrives through the game and facility documents' listeners, shown together
 * (`useTurn`).
 */
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { memo, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ChainFigures, ChainTable } from '@/features/games/beer/chain-table';
import {
  type BeerGameDoc,
  type FacilityPrivate,
  messagesShown,
  type PublicFacility,
  secondsLeft,
  type SentMessage,
} from '@/features/games/beer/game-model';
import { MapView } from '@/features/games/beer/map-view';
import { OrderBox } from '@/features/games/beer/order-box';
import { chainRows } from '@/features/games/beer/play-model';
import { HistoryPanel, OwnPanel, ThisWeekPanel } from '@/features/games/beer/play-panels';
import {
  useBeerGame,
  useFacilityDoc,
  usePlayerMessages,
  useTurn,
} from '@/features/games/beer/use-game';
import type { DocData } from '@sim/core/port/data-port';
import { GameHeader, PlayContainer } from '@/features/games/shared/game-header';
import type { GameScreenProps } from '@/features/games/shared/game-types';
import { useClockValue } from '@/features/games/shared/clock-value';
import type { Loaded } from '@/features/games/shared/use-game-data';
import { LazyQuitGameDialog } from '@/features/games/shared/lazy-quit-dialog';
import { PageLoader } from '@/components/page-loader';
import { showError } from '@/lib/errors/error-store';
import { createNewTurnTask, quitGame } from '@/lib/firebase/callables';
import { ownEntry } from '@/lib/own';
import { useCommitCount } from '@/lib/perf/commit-count';
import { AfterPaint } from '@/lib/perf/after-paint';

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
  const left = useClockValue(
    (now) => secondsLeft(game.turnDeadline, now),
    game.turnDeadline !== null && !game.finished,
  );
  return (
    <GameHeader gid={game.id} name={game.name}>
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
    </GameHeader>
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

function MessagesPanel({ messages }: { messages: readonly SentMessage[] }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }} data-testid="play-messages">
      <Typography variant="h6" component="h2" gutterBottom>
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
  );
}

/** The screen the registry of game types gives for a beer game's player. */
export function BeerPlayScreen({ game: shared, data, role }: GameScreenProps) {
  return role.kind === 'player' ? (
    <PlayerTurn gid={shared.id} data={data} facilityId={role.facilityId} />
  ) : null;
}

/**
 * The game and the player's facility as one turn (`useTurn`): the page below renders when the
 * pair changes, once per week turn, not when only one of the two documents has the new week.
 */
function PlayerTurn({ gid, data, facilityId }: { gid: string; data: DocData; facilityId: string }) {
  const turn = useTurn(data, useFacilityDoc(gid, facilityId));
  const game = useBeerGame(gid, turn.data);
  return <MemoPlayView game={game} loaded={turn.facility} facilityId={facilityId} />;
}

export function PlayView({
  game,
  loaded,
  facilityId,
}: {
  game: BeerGameDoc;
  /** The player's facility document, of the same week as `game`. */
  loaded: Loaded<FacilityPrivate | null>;
  facilityId: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useCommitCount('beer-play');
  // Two columns under the map on a wide screen; on a phone one column, own panel and order first.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const sent = usePlayerMessages(game.id, facilityId);
  useTimerExpiry(game, true);
  const facility = game.facilities.find((f) => f.id === facilityId) as PublicFacility;
  const [quitting, setQuitting] = useState(false);
  const [askQuit, setAskQuit] = useState(false);

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
  const view = priv.view;
  const finished = game.finished || view?.status === 'finished';

  const quit = async () => {
    setQuitting(true);
    try {
      await quitGame({ gid: game.id, roleId: facilityId });
      navigate(`/game/${game.id}`);
    } catch (err) {
      showError(err);
      setQuitting(false);
      setAskQuit(false);
    }
  };

  // Scheduled and threshold messages, as the backend sent them.
  const messages = messagesShown(sent.broadcast, sent.inbox, priv.week);
  const productName = (pid: string) => {
    const p = ownEntry(game.params.productsTemplates, pid);
    return p ? `${p.productEmoji} ${p.name}`.trim() : pid;
  };
  const supplierName = (fid: string | null) =>
    fid === null
      ? t('game.play.production')
      : (game.facilities.find((f) => f.id === fid)?.name ?? fid);

  // A transparent game's view holds every facility (BEER-VIS-4): the map and a table show them.
  const transparent = view !== null && view.transparent && view.details.length > 1;
  const details = new Map((view?.details ?? []).map((d) => [d.id, d]));
  const mapFigures = transparent
    ? (f: PublicFacility) => {
        const d = details.get(f.id);
        return d ? <ChainFigures detail={d} /> : null;
      }
    : undefined;

  const ownPanel = <OwnPanel own={own} productName={productName} />;
  const orderBox = !finished && (
    <OrderBox
      game={game}
      priv={priv}
      facility={facility}
      productName={productName}
      supplierName={supplierName}
    />
  );
  const messagesPanel = messages.length > 0 && <MessagesPanel messages={messages} />;
  const thisWeek = !finished && <ThisWeekPanel own={own} productName={productName} />;
  const map = <MapView game={game} highlight={facilityId} extra={mapFigures} />;
  const chain = transparent && view && (
    <ChainTable
      rows={chainRows(view, game.facilities)}
      facilities={game.facilities}
      viewer={facilityId}
      productName={productName}
    />
  );
  const history = own && own.history.length > 0 && <HistoryPanel own={own} />;

  let body: ReactNode;
  if (wide) {
    body = (
      <Stack spacing={3}>
        {map}
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 7fr)', gap: 3 }}>
          <Stack spacing={2}>
            {ownPanel}
            {orderBox}
            {thisWeek}
          </Stack>
          <Stack spacing={2}>
            {messagesPanel}
            {chain}
            {history}
          </Stack>
        </Box>
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={2}>
        {ownPanel}
        {orderBox}
        {messagesPanel}
        {thisWeek}
        {/* Below the fold on a phone: rendered in a task after the page's first paint, which
            keeps the task that mounts the page short. */}
        <AfterPaint>
          {map}
          {chain}
          {history}
        </AfterPaint>
      </Stack>
    );
  }

  return (
    <PlayContainer>
      <WeekHeader game={game} weeks={view?.weeks ?? null}>
        <Chip
          label={t('game.play.youAre', { role: facility.name })}
          variant="outlined"
          sx={{ maxWidth: '100%' }}
        />
        <Button
          size="small"
          color="inherit"
          disabled={quitting}
          onClick={() => setAskQuit(true)}
          data-testid="play-quit"
        >
          {t('game.play.quit')}
        </Button>
      </WeekHeader>
      <LazyQuitGameDialog
        open={askQuit}
        role={facility.name}
        busy={quitting}
        onCancel={() => setAskQuit(false)}
        onConfirm={() => void quit()}
      />

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
      {body}
    </PlayContainer>
  );
}

const MemoPlayView = memo(PlayView);
