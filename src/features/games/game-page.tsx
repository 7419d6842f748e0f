/**
 * The game pages (spec §2): load the game, refuse unknown and unpublished games, then show the
 * page of the view for the user's role in the game.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { GameUser } from '@/features/games/game-user';
import { gameAvailability, roleIn } from '@/features/games/beer/game-model';
import { IntroView } from '@/features/games/beer/intro-view';
import { PlayView } from '@/features/games/beer/play-view';
import { useGameDoc } from '@/features/games/beer/use-game';
import { PageLoader } from '@/components/page-loader';
import { SimplePage } from '@/components/simple-page';
import { lazyPage } from '@/lib/lazy/lazy-with-reload';

// Players' pages stay light: the charts (recharts) and the instructor view load on demand.
const DebriefView = lazyPage(() => import('@/features/games/beer/debrief-view'), 'DebriefView');
const FollowView = lazyPage(() => import('@/features/games/beer/follow-view'), 'FollowView');

export type GameView = 'intro' | 'play' | 'results' | 'debrief';

export interface GamePageProps {
  readonly view: GameView;
  /** The signed-in user (null when signed out); given once the first auth state is known. */
  readonly user: GameUser | null;
  /** The profile's player name or first name, proposed when joining. */
  readonly defaultPlayerName: string;
  readonly signInAnonymously: () => Promise<GameUser>;
  /** Shown under the message of an unknown or unpublished game (the session code field). */
  readonly unavailableExtra?: ReactNode;
}

export function GamePage({
  view,
  user,
  defaultPlayerName,
  signInAnonymously,
  unavailableExtra,
}: GamePageProps) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const loaded = useGameDoc(id);
  if (loaded.status === 'loading') return <PageLoader />;
  const game = loaded.status === 'ready' ? loaded.value : null;
  const uid = user?.uid ?? null;
  const availability = gameAvailability(game !== null, game, uid);
  if (availability !== 'ok' || game === null) {
    return (
      <SimplePage
        title={t('game.unavailableTitle')}
        description={t(
          availability === 'notPublished' ? 'game.messGameNotPublished' : 'game.messGameUnknown',
        )}
      >
        {unavailableExtra && <Box sx={{ mt: 3 }}>{unavailableExtra}</Box>}
        <Button component={RouterLink} to="/" sx={{ mt: 3 }} variant="contained">
          {t('game.backHome')}
        </Button>
      </SimplePage>
    );
  }
  if (game.type !== 'beergame') {
    return (
      <SimplePage
        title={t(`games.${view}.title`)}
        description={t(`games.${view}.description`, { id })}
      />
    );
  }
  const role = roleIn(game, uid);
  switch (view) {
    case 'intro':
      return (
        <IntroView
          game={game}
          user={user}
          defaultPlayerName={defaultPlayerName}
          signInAnonymously={signInAnonymously}
        />
      );
    case 'play':
      if (role.kind === 'player') return <PlayView game={game} facilityId={role.facilityId} />;
      if (role.kind === 'creator' || role.kind === 'observer') {
        return <FollowView game={game} isCreator={role.kind === 'creator'} />;
      }
      return <Navigate to={`/game/${game.id}/intro`} replace />;
    case 'results':
    case 'debrief':
      return <DebriefView game={game} page={view} role={role} uid={uid} />;
  }
}
