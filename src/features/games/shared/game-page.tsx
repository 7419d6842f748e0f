/**
 * The game pages of every game type (spec §2): load the game, refuse unknown and unpublished
 * games and types nobody registered, then show the game type's screen for the page and the
 * user's role in the game: the intro to anyone, the play page to a player, the live view to the
 * creator and the observers, the results and the debrief. A page the game type does not give
 * yet shows the shared parts (the intro with its join) and a notice.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { DocData } from '@sim/core/port/data-port';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  gameAvailability,
  parseSharedGame,
  roleIn,
  type SharedGame,
} from '@/features/games/shared/game-model';
import {
  gameTypeOf,
  type GameType,
  type GameTypes,
  type GameView,
} from '@/features/games/shared/game-types';
import type { GameUser } from '@/features/games/shared/game-user';
import { useGameData } from '@/features/games/shared/use-game-data';
import { useAcceptedJoinWait } from '@/features/games/shared/started-joins';
import { PageLoader } from '@/components/page-loader';
import { SimplePage } from '@/components/simple-page';
import { lazyPage } from '@/lib/lazy/lazy-with-reload';
import { rememberGameType } from '@/lib/preload/known-game-types';
import { useCommitCount } from '@/lib/perf/commit-count';

// The generic intro (for types without their own) and its form fields stay off the play page.
const IntroPage = lazyPage(() => import('@/features/games/shared/intro-page'), 'IntroPage');

export interface GamePageProps {
  readonly view: GameView;
  /** The game types by the game document's `type`. */
  readonly types: GameTypes;
  /** The signed-in user (null when signed out); given once the first auth state is known. */
  readonly user: GameUser | null;
  /** The profile's player name or first name, proposed when joining. */
  readonly defaultPlayerName: string;
  /** The profile's leaderboard consent, proposed when joining. */
  readonly defaultShowName: boolean;
  readonly signInAnonymously: () => Promise<GameUser>;
  /** Shown under the message of an unknown or unpublished game (the session code field). */
  readonly unavailableExtra?: ReactNode;
}

/** The shared part of the game with its default facility names in the language on screen. */
function useSharedGame(id: string, data: DocData | null, type: GameType | null): SharedGame | null {
  const { t } = useTranslation();
  return useMemo(() => {
    if (data === null || type === null) return null;
    const translate = (key: string, n: number | undefined) =>
      String(t(key as 'game.defaults.facility.retailer', n === undefined ? {} : { n }));
    const game = parseSharedGame(id, data);
    return {
      ...game,
      facilities: game.facilities.map((f) => ({
        ...f,
        name: type.facilityName(f.name, translate),
      })),
    };
  }, [id, data, type, t]);
}

export function GamePage({
  view,
  types,
  user,
  defaultPlayerName,
  defaultShowName,
  signInAnonymously,
  unavailableExtra,
}: GamePageProps) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useCommitCount('game-page');
  const loaded = useGameData(id);
  const data = loaded.status === 'ready' ? loaded.value : null;
  const type = data === null ? null : gameTypeOf(types, String(data['type'] ?? ''));
  const game = useSharedGame(id, data, type);
  const typeName = type === null ? null : String(data?.['type'] ?? '');
  useEffect(() => {
    if (typeName) rememberGameType(id, typeName);
  }, [id, typeName]);
  const uid = user?.uid ?? null;
  const role = game === null ? null : roleIn(game, uid);
  const awaitingJoin = useAcceptedJoinWait(
    id,
    uid,
    role?.kind === 'player' || role?.kind === 'observer',
    view === 'play',
  );
  if (loaded.status === 'loading') return <PageLoader />;
  // A type nobody registered is as unknown as a missing game.
  const availability = gameAvailability(game !== null, game, uid);
  if (availability !== 'ok' || game === null || role === null || data === null || type === null) {
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
  const screen = { game, data, role, user };
  const { screens } = type;
  switch (view) {
    case 'intro': {
      const Intro = screens.intro;
      if (Intro) {
        return (
          <Intro
            {...screen}
            defaultPlayerName={defaultPlayerName}
            defaultShowName={defaultShowName}
            signInAnonymously={signInAnonymously}
          />
        );
      }
      return (
        <IntroPage
          game={game}
          user={user}
          defaultPlayerName={defaultPlayerName}
          defaultShowName={defaultShowName}
          signInAnonymously={signInAnonymously}
          lead={t('game.pending.lead', { n: game.facilities.length })}
          rules={() => <PendingFloor />}
        />
      );
    }
    case 'play': {
      if (role.kind === 'player') {
        const Play = screens.play;
        return Play ? <Play {...screen} /> : <PendingPage gid={game.id} />;
      }
      if (role.kind === 'creator' || role.kind === 'observer') {
        const Follow = screens.follow;
        return Follow ? <Follow {...screen} /> : <PendingPage gid={game.id} />;
      }
      // A join accepted a moment ago that the game does not show yet: wait for it here.
      if (awaitingJoin) return <PageLoader label={t('game.intro.joining')} />;
      return <Navigate to={`/game/${game.id}/intro`} replace />;
    }
    case 'results':
    case 'debrief': {
      const Debrief = screens[view];
      return Debrief ? <Debrief {...screen} page={view} /> : <PendingPage gid={game.id} />;
    }
  }
}

/** Where the game type's rules and floor will show on its intro. */
function PendingFloor() {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('game.intro.rulesTitle')}
      </Typography>
      <Alert severity="info" data-testid="intro-pending">
        {t('game.pending.floor')}
      </Alert>
    </>
  );
}

/** A page the game type does not give yet. */
export function PendingPage({ gid }: { gid?: string }) {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('game.pending.title')} description={t('game.pending.page')}>
      {gid !== undefined && (
        <Button
          component={RouterLink}
          to={`/game/${gid}/intro`}
          sx={{ mt: 3 }}
          variant="contained"
          data-testid="pending-to-intro"
        >
          {t('game.pending.toIntro')}
        </Button>
      )}
    </SimplePage>
  );
}
