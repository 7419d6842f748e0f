import { useEffect, useState } from 'react';
import type { PortError } from '@sim/core/port/data-port';
import { watchLobby, watchRoundConfigs, watchSession } from '@/features/sessions/session-api';
import type {
  LobbyPlayer,
  RoundConfigs,
  Session,
  SessionAccess,
} from '@/features/sessions/session-model';
import { sessionAccess, withRoundConfigs } from '@/features/sessions/session-model';
import { showError } from '@/lib/errors/error-store';

export type SessionState =
  | { readonly status: 'loading' }
  | { readonly status: 'blocked'; readonly reason: Exclude<SessionAccess, 'ok'> }
  | {
      readonly status: 'ready';
      readonly session: Session;
      readonly isCreator: boolean;
      /**
       * A session admin (spec §6): the creator, or a member of the session's team (who alone,
       * with the creator, may read the round configs).
       */
      readonly isAdmin: boolean;
    };

const LOADING: SessionState = { status: 'loading' };

function isDenied(error: unknown): boolean {
  return (error as Partial<PortError> | null)?.code === 'permission-denied';
}

/**
 * The session, live, with the access rule of spec §2. The document of a missing session can be
 * read (it does not exist); a draft session is refused to everyone but its admins, so a refusal
 * means "not published", and a draft that could be read means the caller is an admin.
 */
export function useSession(sid: string, uid: string | null): SessionState {
  const state = usePublicSession(sid, uid);
  const ready = state.status === 'ready' ? state : null;
  // The round configs are read by the session admins only: the creator, and members of the
  // session's team (a player of a team session is refused, which is expected and ignored).
  const wantsConfigs = ready !== null && (ready.isCreator || ready.session.team !== null);
  const configKey = wantsConfigs ? `${sid}|${uid ?? ''}` : '';
  const [configs, setConfigs] = useState<{
    key: string;
    value: RoundConfigs | 'denied';
  } | null>(null);
  useEffect(() => {
    if (!configKey) return undefined;
    return watchRoundConfigs(
      sid,
      (value) => setConfigs({ key: configKey, value }),
      (error) => {
        setConfigs({ key: configKey, value: 'denied' });
        if (!isDenied(error)) showError(error);
      },
    );
  }, [sid, configKey]);
  if (!ready) return state;
  const loaded = configs !== null && configs.key === configKey ? configs.value : null;
  // The admins' pages start rounds and edit them: they wait for the configs. A team session
  // waits for them too, since they tell whether the caller is one of its admins.
  if ((ready.isCreator || ready.session.team !== null) && loaded === null) return LOADING;
  const isAdmin = ready.isCreator || (loaded !== null && loaded !== 'denied');
  return loaded === null || loaded === 'denied'
    ? { ...ready, isAdmin }
    : { ...ready, isAdmin, session: withRoundConfigs(ready.session, loaded) };
}

function usePublicSession(sid: string, uid: string | null): SessionState {
  const key = `${sid}|${uid ?? ''}`;
  const [entry, setEntry] = useState<{ key: string; state: SessionState }>({
    key: '',
    state: LOADING,
  });
  useEffect(() => {
    if (!sid) return undefined;
    const set = (state: SessionState) => setEntry({ key, state });
    // Re-opened when the user changes: the store checks access per user.
    return watchSession(
      sid,
      (session) => {
        const readable = session !== null;
        const access = sessionAccess(session, readable && session.status !== 'published');
        if (access !== 'ok' || !session) {
          set({ status: 'blocked', reason: access === 'ok' ? 'sessionNotFound' : access });
          return;
        }
        const isCreator = uid !== null && session.creator === uid;
        set({ status: 'ready', session, isCreator, isAdmin: isCreator });
      },
      (error) => {
        if (isDenied(error)) set({ status: 'blocked', reason: 'sessionNotPublished' });
        else showError(error);
      },
    );
  }, [sid, uid, key]);
  return entry.key === key ? entry.state : LOADING;
}

/** The lobby's players, live; empty until signed in. */
export function useLobby(sid: string, signedIn: boolean): LobbyPlayer[] {
  const [players, setPlayers] = useState<LobbyPlayer[]>([]);
  useEffect(() => {
    if (!signedIn) return undefined;
    return watchLobby(sid, setPlayers, (error) => showError(error));
  }, [sid, signedIn]);
  return players;
}
