/**
 * A lean game's live view (the creator's and the observers' `/game/:id/play`): the run's clock,
 * the creator's controls, the whole floor from the floor document (units moving between cells,
 * hidden defects ringed), who plays which station with its WIP and state, the orders with their
 * status, every station's units, and before the start the coverage minute (the creator computes
 * it from the demand it reads, observers read the published one) and the improvements panel.
 * Observers see the same floor without controls.
 */
import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameScreenProps } from '@/features/games/shared/game-types';
import { FloorGrid } from '@/features/games/lean/floor-grid';
import type { LeanPlayerView } from '@sim/core/lean/view';
import {
  floorStations,
  floorWip,
  movingBatches,
  orderRows,
  type FloorStation,
} from '@/features/games/lean/floor-model';
import { FollowControls } from '@/features/games/lean/follow-controls';
import { FollowRoles } from '@/features/games/lean/follow-roles';
import { ImprovementsPanel } from '@/features/games/lean/improvements-panel';
import type { LeanScreenGame } from '@/features/games/lean/lean-game-model';
import { OrdersPanel } from '@/features/games/lean/orders-panel';
import { RunNotice } from '@/features/games/lean/play-view';
import { coverageOf, runStatus } from '@/features/games/lean/run-clock';
import { PlayContainer } from '@/features/games/shared/game-header';
import { RunHeader } from '@/features/games/lean/run-header';
import { StationCards } from '@/features/games/lean/station-cards';
import { UnreadableGame } from '@/features/games/lean/unreadable-game';
import {
  useLeanGame,
  usePrivateParams,
  useRunTime,
  useViewDoc,
} from '@/features/games/lean/use-lean';
import { useCommitCount } from '@/lib/perf/commit-count';
import type { DocData } from '@sim/core/port/data-port';
import type { GameRole } from '@/features/games/shared/game-model';

/** The floor with the batches on their way between cells, where they are each second. */
function MovingFloor({
  game,
  stations,
  view,
}: {
  game: LeanScreenGame;
  stations: readonly FloorStation[];
  view: LeanPlayerView | null;
}) {
  const moving = useRunTime(game, ({ gameMs }) => movingBatches(game, view, gameMs));
  return <FloorGrid game={game} stations={stations} moving={moving} />;
}

/** The screen the registry of game types gives for a lean game's creator and observers. */
export function LeanFollowScreen({ game: shared, data, role, user }: GameScreenProps) {
  const game = useLeanGame(shared, data);
  if (!game) return <UnreadableGame />;
  return <FollowView game={game} data={data} role={role} uid={user?.uid ?? null} />;
}

function FollowView({
  game,
  data,
  role,
  uid,
}: {
  game: LeanScreenGame;
  data: DocData;
  role: GameRole;
  uid: string | null;
}) {
  useCommitCount('lean-follow');
  const { t } = useTranslation();
  const isCreator = role.kind === 'creator';
  // The page renders with the run's state and the orders'; the floor's moving batches, the
  // stations' tasks and the header's seconds follow the clock themselves.
  const status = runStatus(game);
  const started = game.status !== 'notStarted';
  const floor = useViewDoc(game.shared.id, null, started);
  // The demand is secret: only the game's admins read it, for the coverage minute (LEAN-RUN-4).
  const secrets = usePrivateParams(game.shared.id, isCreator && !started);
  const coverage =
    (secrets.status === 'ready' ? coverageOf(data, secrets.value) : null) ?? game.coverageMin;
  const stored = floor.status === 'ready' ? floor.value : null;
  const view = stored !== null && stored.run === game.startAt ? stored.view : null;
  const stations = useMemo(() => floorStations(game, view, null), [game, view]);
  const orders = useRunTime(game, ({ gameMs }) => orderRows(view, gameMs));
  const wip = floorWip(view);
  return (
    <PlayContainer>
      <RunHeader game={game}>
        <Chip
          variant="outlined"
          label={isCreator ? t('game.follow.instructor') : t('game.follow.observer')}
        />
      </RunHeader>
      <RunNotice game={game} status={status} coverage={coverage} />
      {isCreator && <FollowControls game={game} />}
      <Box
        sx={{
          display: 'grid',
          // Side by side only where the stations table keeps all its columns (the computer's
          // among them) without scrolling sideways.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 7fr) minmax(0, 5fr)' },
          gap: { xs: 2, md: 3 },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('leanPlay.floor.title')}
            </Typography>
            <MovingFloor game={game} stations={stations} view={view} />
          </Paper>
          {started && (
            <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
              <OrdersPanel game={game} rows={orders} />
            </Paper>
          )}
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
            <FollowRoles game={game} stations={stations} transit={wip.transit} admin={isCreator} />
          </Paper>
          {!started && isCreator && <ImprovementsPanel game={game} role={role} uid={uid} />}
        </Stack>
      </Box>
      {started && (
        <Box sx={{ mt: 3 }}>
          <StationCards game={game} stations={stations} showUnits />
        </Box>
      )}
    </PlayContainer>
  );
}
