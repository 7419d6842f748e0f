/** The game and session the navbar shows (from the route), live through the data port. */
import type { DocData } from '@sim/core/port/data-port';
import { gameRoute, parseNavGame, sessionRoute, type NavGame } from '@/app/navbar-model';
import { parseLobbyPlayer, parseSession, type Session } from '@/features/sessions/session-model';
import { useLiveValue } from '@/lib/data/use-live-value';

/** What the navbar shows of a document, live (use-live-value.ts); null while unknown. */
function useDoc<T>(path: string | null, parse: (id: string, data: DocData) => T): T | null {
  return useLiveValue(path, parse).value;
}

const parseLobbyEntry = (id: string, data: Record<string, unknown>) => ({
  team: parseLobbyPlayer(id, data).team,
});

/** Spec §2: a public page shows unless its `activePage` is false. */
const parseActivePage = (id: string, data: Record<string, unknown>) =>
  data['activePage'] === false ? null : { uid: id };

export interface NavbarData {
  readonly game: NavGame | null;
  readonly session: Session | null;
  /** The user's team in the session: the game's team on game pages, the lobby entry elsewhere. */
  readonly teamNumber: number | null;
  /** The user has joined the lobby of the session on screen. */
  readonly inLobby: boolean;
  /** The game creator's uid when their public page is active (the logo leads there). */
  readonly creatorPageUid: string | null;
}

export function useNavbarData(pathname: string, uid: string | null): NavbarData {
  const gameId = gameRoute(pathname)?.id ?? null;
  const game = useDoc(gameId ? `games/${gameId}` : null, parseNavGame);
  const sid = sessionRoute(pathname) ?? game?.session ?? null;
  const session = useDoc(sid ? `sessions/${sid}` : null, parseSession);
  const lobby = useDoc(
    sid && uid && !gameId ? `sessions/${sid}/players/${uid}` : null,
    parseLobbyEntry,
  );
  const creatorPage = useDoc(
    game?.creator && !game.session ? `publicProfiles/${game.creator}` : null,
    parseActivePage,
  );
  return {
    game,
    session,
    teamNumber: game ? game.teamNumber : (lobby?.team ?? null),
    inLobby: lobby !== null,
    creatorPageUid: creatorPage?.uid ?? null,
  };
}
