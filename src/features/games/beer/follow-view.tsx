/**
 * The instructor's live view (the creator's `/game/:id/play`; read-only for observers): who plays
 * each role and what each has done this week, the team's cost, and the creator's controls. The
 * sections are their own components: the notice while the game waits for its players
 * (`FollowLineup`), the controls (`FollowControls`), the roles (`FollowRoles`), the allocations.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AllocationPanel } from '@/features/games/beer/allocation-panel';
import { FollowControls } from '@/features/games/beer/follow-controls';
import { FollowLineup } from '@/features/games/beer/follow-lineup';
import { followRows } from '@/features/games/beer/follow-model';
import { FollowRoles } from '@/features/games/beer/follow-roles';
import type { BeerGameDoc } from '@/features/games/beer/game-model';
import { MapView } from '@/features/games/beer/map-view';
import { WeekHeader } from '@/features/games/beer/play-view';
import { useAllFacilityDocs, useBeerGame } from '@/features/games/beer/use-game';
import { PlayContainer } from '@/features/games/shared/game-header';
import type { GameScreenProps } from '@/features/games/shared/game-types';
import { showError } from '@/lib/errors/error-store';
import { autoPlaySecGen } from '@/lib/firebase/callables';
import { showToast } from '@/lib/toast/toast-store';

/** The screen the registry of game types gives for a beer game's creator and observers. */
export function BeerFollowScreen({ game: shared, data, role }: GameScreenProps) {
  const game = useBeerGame(shared.id, data);
  return <FollowView game={game} isCreator={role.kind === 'creator'} />;
}

export function FollowView({ game, isCreator }: { game: BeerGameDoc; isCreator: boolean }) {
  const { t } = useTranslation();
  const docs = useAllFacilityDocs(
    game.id,
    game.facilities.map((f) => f.id),
  );
  const [busy, setBusy] = useState<string | null>(null);

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

  const rows = followRows(game, docs);
  const weeks = Object.values(docs).find((d) => d?.view)?.view?.weeks ?? null;

  return (
    <PlayContainer>
      <WeekHeader game={game} weeks={weeks}>
        <Chip
          variant="outlined"
          label={isCreator ? t('game.follow.instructor') : t('game.follow.observer')}
        />
      </WeekHeader>
      <FollowLineup
        game={game}
        isCreator={isCreator}
        busy={busy !== null}
        onStart={() =>
          // Every role without a player goes to the computer: the game starts (BEER-SEAT-4).
          void run(
            'start',
            () => autoPlaySecGen({ gid: game.id, type: 'beergame', computer: true }),
            t('game.follow.startedToast'),
          )
        }
      />
      {isCreator && <FollowControls game={game} rows={rows} busy={busy !== null} run={run} />}
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
        <Box sx={{ minWidth: 0 }}>
          <MapView game={game} />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <FollowRoles
            game={game}
            rows={rows}
            isCreator={isCreator}
            busy={busy !== null}
            run={run}
          />
        </Box>
      </Box>
      {isCreator && <AllocationPanel game={game} />}
    </PlayContainer>
  );
}
