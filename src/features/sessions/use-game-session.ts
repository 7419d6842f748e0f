/**
 * What a game page needs from the game's session (the app composes it with the game pages):
 * the player's lobby name (so nobody types it twice), whether the debrief is open to this user
 * (`debriefingMode`), whether players may reset (`allowPlayerReset`); and it takes a player of
 * the session to its team's game of a round the instructor has just started.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DocData } from '@sim/core/port/data-port';
import { enteredGame, rememberEnteredGame } from '@/features/sessions/entered-games';
import {
  debriefOpen,
  gameOf,
  currentRoundNumber,
  parseLobbyPlayer,
  parseSession,
  teamGameToEnter,
} from '@/features/sessions/session-model';
import { useLiveValue } from '@/lib/data/use-live-value';
import { showToast } from '@/lib/toast/toast-store';

export interface GameSession {
  /** Everything below is known (the game, its session and the lobby entry were read). */
  readonly ready: boolean;
  /** The name the user joined the session's lobby with. */
  readonly lobbyName: string | null;
  readonly debriefOpen: boolean;
  /** The user plays this game and its session lets players reset their game. */
  readonly playerReset: boolean;
}

interface GameFacts {
  readonly session: string | null;
  readonly roundNumber: number | null;
  readonly teamNumber: number | null;
  readonly creator: string | null;
  readonly players: readonly string[];
}

function gameFacts(data: DocData | undefined): GameFacts {
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
  const players = data?.['players'];
  const session = str(data?.['session']);
  return {
    // A session id is one path segment; anything else is not followed.
    session: session && !session.includes('/') ? session : null,
    roundNumber: int(data?.['roundNumber']),
    teamNumber: int(data?.['teamNumber']),
    creator: str(data?.['creator']),
    players: Array.isArray(players) ? players.filter((p) => typeof p === 'string') : [],
  };
}

const parseGame = (_id: string, data: DocData) => gameFacts(data);

export function useGameSession(gid: string, uid: string | null): GameSession {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The game's document changes with every order and week, what is read of it here far less
  // often: the page around the game does not render again for it (use-live-value.ts).
  const game = useLiveValue(gid ? `games/${gid}` : null, parseGame);
  const sid = game.value?.session ?? null;
  // The documents' ids are the session's and the user's (their paths end with them).
  const session = useLiveValue(sid ? `sessions/${sid}` : null, parseSession);
  const lobby = useLiveValue(
    sid && uid ? `sessions/${sid}/players/${uid}` : null,
    parseLobbyPlayer,
  );

  const facts = game.value;
  const s = session.value;
  const isPlayer = uid !== null && facts !== null && facts.players.includes(uid);
  const isAdmin = uid !== null && (s?.creator === uid || facts?.creator === uid);
  // The player's team: its lobby entry (the instructor may move it), else this game's.
  const team = lobby.value?.team ?? (isPlayer ? (facts?.teamNumber ?? null) : null);
  const follows = s !== null && !isAdmin && team !== null && facts?.roundNumber != null;
  const target = follows ? teamGameToEnter(s, team, facts.roundNumber ?? 0) : undefined;
  const sessionId = s?.id ?? null;
  const targetGid = target?.gid ?? null;
  const targetRound = target?.roundNumber ?? 0;
  // This game is its team's game of the latest round: it counts as entered, so a player who
  // goes back to the lobby is not sent here again.
  const isCurrent =
    follows &&
    facts.roundNumber === currentRoundNumber(s) &&
    gameOf(s, facts.roundNumber, team)?.gid === gid;

  useEffect(() => {
    if (sessionId && isCurrent) rememberEnteredGame(sessionId, gid);
  }, [sessionId, isCurrent, gid]);

  useEffect(() => {
    if (!sessionId || !targetGid || targetGid === gid) return;
    if (enteredGame(sessionId) === targetGid) return;
    rememberEnteredGame(sessionId, targetGid);
    showToast(t('sessions.lobby.roundStartedToast', { n: targetRound }), {
      severity: 'info',
      durationMs: 4000,
    });
    navigate(`/game/${targetGid}/intro`);
  }, [sessionId, targetGid, targetRound, gid, navigate, t]);

  // Once ready, a game stays ready: a sign-in while joining changes the lobby entry's path, and
  // going back to loading would remount the page under the player.
  const loaded = game.loaded && session.loaded && lobby.loaded;
  const [readyFor, setReadyFor] = useState<string | null>(null);
  if (loaded && readyFor !== gid) setReadyFor(gid);

  return {
    ready: loaded || readyFor === gid,
    lobbyName: lobby.value?.name.trim() || null,
    debriefOpen: s === null || debriefOpen(s, isAdmin),
    playerReset: isPlayer && s !== null && s.allowPlayerReset && !s.deleted,
  };
}
