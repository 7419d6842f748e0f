/**
 * A lean game's `/game/:id/play` for a player (spec §4): the lean minute and the time left, the
 * player's own station where they act, the floor live from their facility's view (every station,
 * the neighbours' counts, the orders they may see), and before the start the waiting message
 * and the improvements panel. The player's view is their facility document, or the view their
 * last action returned until a newer document arrives.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { GameScreenProps } from '@/features/games/shared/game-types';
import { LazyQuitGameDialog } from '@/features/games/shared/lazy-quit-dialog';
import { floorStations, orderRows } from '@/features/games/lean/floor-model';
import { FloorGrid } from '@/features/games/lean/floor-grid';
import { ImprovementsPanel } from '@/features/games/lean/improvements-panel';
import {
  roleById,
  type LeanRole,
  type LeanScreenGame,
} from '@/features/games/lean/lean-game-model';
import { OrdersPanel } from '@/features/games/lean/orders-panel';
import type { LeanRunStatus } from '@sim/core/lean/clock';
import { PlayContainer } from '@/features/games/shared/game-header';
import { runStatus } from '@/features/games/lean/run-clock';
import { RunHeader, useMinuteFormat } from '@/features/games/lean/run-header';
import { StationCards } from '@/features/games/lean/station-cards';
import { StationDesk, StationDuties } from '@/features/games/lean/station-desk';
import { useLeanAction } from '@/features/games/lean/use-lean-action';
import { useLeanGame, useRunTime, useViewDoc } from '@/features/games/lean/use-lean';
import { useCommitCount } from '@/lib/perf/commit-count';
import { latestView } from '@/features/games/lean/view-doc';
import { WarehouseDesk } from '@/features/games/lean/warehouse-desk';
import { UnreadableGame } from '@/features/games/lean/unreadable-game';
import { showError } from '@/lib/errors/error-store';
import { quitGame } from '@/lib/firebase/callables';

/** The screen the registry of game types gives for a lean game's player. */
export function LeanPlayScreen({ game: shared, data, role, user }: GameScreenProps) {
  const game = useLeanGame(shared, data);
  if (!game) return <UnreadableGame />;
  if (role.kind !== 'player') return null;
  const own = roleById(game, role.facilityId);
  if (!own) return <UnreadableGame />;
  return <PlayView game={game} own={own} uid={user?.uid ?? null} />;
}

/** Before the start: what the player's station will do and that the run waits for the instructor. */
function Waiting({ game, own }: { game: LeanScreenGame; own: LeanRole }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }} data-testid="lean-desk-waiting">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('leanPlay.desk.title', { name: own.name })}
      </Typography>
      {own.type === 'warehouse' ? (
        <Typography variant="body2">{t('leanPlay.duties.warehouse')}</Typography>
      ) : (
        <StationDuties game={game} role={own} />
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('leanPlay.desk.opensAtStart')}
      </Typography>
    </Paper>
  );
}

function PlayView({ game, own, uid }: { game: LeanScreenGame; own: LeanRole; uid: string | null }) {
  useCommitCount('lean-play');
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The page renders with the run's state and with the orders' (an order shows, turns late); the
  // parts that show seconds follow the clock themselves.
  const status = runStatus(game);
  const started = game.status !== 'notStarted';
  const stored = useViewDoc(game.shared.id, own.id, started);
  const acting = useLeanAction(game.shared.id, own.id, game.startAt);
  const view = latestView(
    stored.status === 'ready' ? stored.value : null,
    acting.acted,
    game.startAt,
  );
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const [askQuit, setAskQuit] = useState(false);
  const [quitting, setQuitting] = useState(false);
  const stations = useMemo(() => floorStations(game, view, own.id), [game, view, own.id]);
  const others = useMemo(() => stations.filter((s) => !s.own), [stations]);
  const orders = useRunTime(game, ({ gameMs }) => orderRows(view, gameMs));
  const detail = view?.details.find((d) => d.id === own.id) ?? null;
  // LEAN-AI-5: the instructor let the computer take this station; the player watches it.
  const taken = own.computer && status !== 'ended';
  const running = status === 'running' && view?.status !== 'ended' && !own.computer;

  const quit = async () => {
    setQuitting(true);
    try {
      await quitGame({ gid: game.shared.id, roleId: own.id });
      navigate(`/game/${game.shared.id}`);
    } catch (err) {
      showError(err);
      setQuitting(false);
      setAskQuit(false);
    }
  };

  const desk = !started ? (
    <Waiting game={game} own={own} />
  ) : !detail ? (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="lean-desk-loading">
      <Typography>{t('leanPlay.desk.loading')}</Typography>
    </Paper>
  ) : own.type === 'warehouse' ? (
    <WarehouseDesk
      game={game}
      role={own}
      detail={detail}
      orders={orders}
      running={running}
      acting={acting}
    />
  ) : (
    <StationDesk game={game} role={own} detail={detail} running={running} acting={acting} />
  );
  const improvements = !started && (
    <ImprovementsPanel game={game} role={{ kind: 'player', facilityId: own.id }} uid={uid} />
  );
  const floor = (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('leanPlay.floor.title')}
      </Typography>
      <FloorGrid game={game} stations={stations} />
    </Paper>
  );
  // The warehouse's own station holds the orders with their buttons.
  const ordersPanel = started && own.type !== 'warehouse' && (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
      <OrdersPanel game={game} rows={orders} />
    </Paper>
  );
  const otherCards = started && <StationCards game={game} stations={others} />;

  return (
    <PlayContainer>
      <RunHeader game={game}>
        <Chip
          variant="outlined"
          label={t('leanPlay.youAre', { name: own.name })}
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
      </RunHeader>
      <LazyQuitGameDialog
        open={askQuit}
        role={own.name}
        busy={quitting}
        onCancel={() => setAskQuit(false)}
        onConfirm={() => void quit()}
      />
      <RunNotice game={game} status={status} coverage={game.coverageMin} />
      {taken && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="lean-computer-plays">
          {t('leanPlay.notice.computerPlays')}
        </Alert>
      )}
      {stored.status === 'error' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('game.play.noAccess')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' },
          gap: { xs: 2, md: 3 },
          alignItems: 'start',
        }}
      >
        {wide ? (
          <>
            <Stack spacing={2} sx={{ minWidth: 0 }}>
              {desk}
              {improvements}
            </Stack>
            <Stack spacing={2} sx={{ minWidth: 0 }}>
              {floor}
              {ordersPanel}
              {otherCards}
            </Stack>
          </>
        ) : (
          // On a phone the player's own station first, then what happens around it.
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            {desk}
            {floor}
            {ordersPanel}
            {improvements}
            {otherCards}
          </Stack>
        )}
      </Box>
    </PlayContainer>
  );
}

/** The state of the run in a sentence: waiting for the start, or over with the results. */
export function RunNotice({
  game,
  status,
  coverage = null,
}: {
  game: LeanScreenGame;
  status: LeanRunStatus;
  /** LEAN-RUN-4: published on the game document, or computed where the demand is known. */
  coverage?: number | null;
}) {
  const { t } = useTranslation();
  const minute = useMinuteFormat();
  if (status === 'notStarted') {
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="lean-waiting">
        {t('leanPlay.notice.waiting')}
        {coverage !== null && (
          <Box component="span" data-testid="lean-coverage">
            {' '}
            {t('leanPlay.notice.coverage', { minute: minute(coverage) })}
          </Box>
        )}
      </Alert>
    );
  }
  if (status === 'ended' || game.shared.finished) {
    return (
      <Alert
        severity="success"
        sx={{ mb: 2 }}
        data-testid="lean-ended"
        action={
          <Button component={RouterLink} to={`/game/${game.shared.id}/results`} variant="contained">
            {t('game.play.seeResults')}
          </Button>
        }
      >
        {t('leanPlay.notice.ended')}
      </Alert>
    );
  }
  return null;
}
