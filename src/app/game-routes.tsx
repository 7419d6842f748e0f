/**
 * The game routes composed with authentication: the game pages and the game editors get the
 * signed-in user and the anonymous sign-in from the auth feature (features do not import each
 * other; the app passes them in), and the registry of game types that says which screens show a
 * game of each type.
 */
import { useParams } from 'react-router-dom';
import { signInAnonymously } from '@/features/auth/auth-api';
import { useAuthStore } from '@/features/auth/auth-store';
import { profileDisplayName } from '@/features/auth/profile';
import { JoinCodeEntry } from '@/app/session-routes';
import { GAME_TYPES } from '@/features/games/game-types';
import { gameTypeOf, type GameView } from '@/features/games/shared/game-types';
import { useGameSession } from '@/features/sessions/use-game-session';
import { PageLoader } from '@/components/page-loader';
import { preloadDataPort } from '@/lib/data/port';
import { lazyPage } from '@/lib/lazy/lazy-with-reload';
import { KNOWN_GAME_TYPES_KEY, readKnownGameTypes } from '@/lib/preload/known-game-types';

const GamePage = lazyPage(() => import('@/features/games/shared/game-page'), 'GamePage', [
  'game',
  'sessions',
]);

/**
 * Starts loading the page and, when this browser has shown the game before, its type's screen
 * for the page (a player's play screen; the intro elsewhere), so that both render at once when
 * the game has been read instead of suspending then (known-game-types.ts).
 */
let preloadedFor = '';

function preloadGamePage(gid: string, view: GameView): void {
  if (preloadedFor === `${gid}/${view}`) return;
  preloadedFor = `${gid}/${view}`;
  void GamePage.preload().catch(() => undefined);
  let known: Record<string, string>;
  try {
    known = readKnownGameTypes(window.localStorage.getItem(KNOWN_GAME_TYPES_KEY));
  } catch {
    return;
  }
  const type = Object.hasOwn(known, gid) ? gameTypeOf(GAME_TYPES, known[gid] ?? '') : null;
  void type?.screens[view]?.preload?.().catch(() => undefined);
}
const GameEditorPage = lazyPage(
  () => import('@/features/games/shared/game-editor-page'),
  'GameEditorPage',
  ['game', 'game.editor', 'game.validation', 'templates'],
);

const DebriefClosed = lazyPage(
  () => import('@/features/sessions/session-game-panels'),
  'DebriefClosed',
);
const PlayerResetPanel = lazyPage(
  () => import('@/features/sessions/session-game-panels'),
  'PlayerResetPanel',
);

/**
 * A game page with what its session adds: the name the player joined the lobby with, the
 * move to the team's game of a new round, the debrief closed to players and the player's reset
 * when the session says so.
 */
export function GameRoute({ view }: { view: GameView }) {
  const { id = '' } = useParams();
  const ready = useAuthStore((s) => s.ready);
  const user = useAuthStore((s) => s.user);
  // The profile gives the intro's proposed name alone: another view does not render again when
  // the profile arrives or changes.
  const profile = useAuthStore((s) => (view === 'intro' ? s.profile : null));
  const fromSession = useGameSession(id, user?.uid ?? null);
  // The page's code and the data adapter download while the sign-in is restored, not after it.
  preloadGamePage(id, view);
  preloadDataPort();
  // The intro takes its proposed name once: it waits until the lobby's name is known.
  if (!ready || !fromSession.ready) return <PageLoader />;
  if ((view === 'results' || view === 'debrief') && !fromSession.debriefOpen) {
    return <DebriefClosed gid={id} />;
  }
  const defaultPlayerName =
    fromSession.lobbyName || profile?.playerName?.trim() || profile?.firstname?.trim() || '';
  return (
    <>
      <GamePage
        key={id}
        view={view}
        types={GAME_TYPES}
        user={user}
        defaultPlayerName={defaultPlayerName}
        defaultShowName={profile?.leaderboardConsent === true}
        signInAnonymously={signInAnonymously}
        unavailableExtra={<JoinCodeEntry />}
      />
      {view === 'play' && fromSession.playerReset && <PlayerResetPanel gid={id} />}
    </>
  );
}

/**
 * `/dashboard/games/new`, `/dashboard/games/new/:type` and `/game/:id/edit` (instructors only, by
 * the route guard).
 */
export function GameEditorRoute() {
  const { id, type } = useParams();
  const user = useAuthStore((s) => s.user);
  const profile = useAuthStore((s) => s.profile);
  if (!user) return <PageLoader />;
  const creatorName = profileDisplayName(profile) || profile?.name?.trim() || user.email || '';
  return (
    <GameEditorPage
      key={id ?? `new-${type ?? ''}`}
      types={GAME_TYPES}
      // `/dashboard/games/new` makes a beer game (the dashboard's "new beer game"); the type in
      // the path makes another, e.g. a blank lean game.
      newType={type ?? 'beergame'}
      {...(id ? { gameId: id } : {})}
      uid={user.uid}
      creatorName={creatorName}
    />
  );
}
