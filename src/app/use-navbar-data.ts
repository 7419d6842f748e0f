/** The game and session the navbar shows (from the route), live through the data port. */
import { useEffect, useState } from 'react';
import { gameRoute, parseNavGame, sessionRoute, type NavGame } from '@/app/navbar-model';
import { parseLobbyPlayer, parseSession, type Session } from '@/features/sessions/session-model';
import { getDataPort } from '@/lib/data/port';
import { firstAsTransition } from '@/lib/perf/first-as-transition';

interface Keyed<T> {
  readonly key: string;
  readonly value: T | null;
  /** The value as JSON, to tell a new snapshot that shows the same from a change. */
  readonly json: string;
}

function useDoc<T>(path: string | null, parse: (id: string, data: Record<string, unknown>) => T) {
  const [state, setState] = useState<Keyed<T>>({ key: '', value: null, json: 'null' });
  useEffect(() => {
    if (!path) return undefined;
    const id = path.slice(path.lastIndexOf('/') + 1);
    // The first answer, which fills the navbar as the page mounts, in slices with it.
    const show = firstAsTransition();
    return getDataPort().docs.onDoc(
      path,
      (snap) => {
        const value = snap.exists && snap.data ? parse(id, snap.data) : null;
        // What the navbar shows changes far less often than its documents (a game's every week
        // turn): the same fields keep the same state, and the navbar does not render again.
        const json = JSON.stringify(value);
        show(() =>
          setState((prev) =>
            prev.key === path && prev.json === json ? prev : { key: path, value, json },
          ),
        );
      },
      // A page the user may not read shows its own message; the navbar just shows less.
      () => show(() => setState({ key: path, value: null, json: 'null' })),
    );
  }, [path, parse]);
  return path && state.key === path ? state.value : null;
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
