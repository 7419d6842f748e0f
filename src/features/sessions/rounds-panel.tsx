/**
 * The follow-up's rounds: each round's state (locked, not started, playing, finished), its
 * teams' games with their week and players, links to watch them and, once ended, to their
 * debrief; starting a round asks first while games of an earlier round are still being played.
 */
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DocData } from '@sim/core/port/data-port';
import { setRoundLocked } from '@/features/sessions/session-api';
import {
  canStartRound,
  gamesStillPlaying,
  isRoundLocked,
  roundFinished,
  roundLabel,
  roundStarted,
  teamGamePlayers,
  teamLabel,
  type LobbyPlayer,
  type Session,
  type SessionGameRef,
  type SessionRound,
} from '@/features/sessions/session-model';
import { useRoundTexts } from '@/features/sessions/round-texts';
import { showError } from '@/lib/errors/error-store';

/** Whether a game has ended: its live document when loaded, else the session's list. */
export function finishedOf(games: ReadonlyMap<string, DocData>) {
  return (ref: SessionGameRef): boolean => {
    const data = games.get(ref.gid);
    return data ? data['finished'] === true : ref.finished;
  };
}

function GameCard({
  session,
  gameRef,
  data,
  lobby,
  finished,
}: {
  session: Session;
  gameRef: SessionGameRef;
  data: DocData | undefined;
  lobby: readonly LobbyPlayer[];
  finished: boolean;
}) {
  const { t } = useTranslation();
  const week = typeof data?.['week'] === 'number' ? data['week'] : 1;
  const { joined, count } = teamGamePlayers(data, lobby, gameRef.teamNumber);
  return (
    <Paper variant="outlined" sx={{ p: 1.5, borderRadius: 2 }} data-testid="round-game">
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {teamLabel(session, gameRef.teamNumber, t('sessions.team'))}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="round-game-status">
        {finished
          ? t('sessions.followUp.gameFinished')
          : joined < count
            ? t('sessions.followUp.gameWeekJoined', { week, joined, count })
            : t('sessions.followUp.gameWeek', { week, count })}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mt: 0.5 }}>
        <Link component={RouterLink} to={`/game/${gameRef.gid}/play`} variant="body2">
          {t('sessions.followUp.watch')}
        </Link>
        {finished && (
          <Link component={RouterLink} to={`/game/${gameRef.gid}/results`} variant="body2">
            {t('sessions.followUp.debrief')}
          </Link>
        )}
      </Stack>
    </Paper>
  );
}

function RoundCard({
  session,
  round,
  n,
  games,
  lobby,
  primary,
  onStart,
  busy,
}: {
  session: Session;
  round: SessionRound;
  n: number;
  games: ReadonlyMap<string, DocData>;
  lobby: readonly LobbyPlayer[];
  primary: boolean;
  onStart: (roundNumber: number) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const roundTexts = useRoundTexts();
  const locked = isRoundLocked(session, n);
  const started = roundStarted(session, n);
  const isFinished = finishedOf(games);
  const finished = roundFinished(session, n, isFinished);
  const refs = session.games
    .filter((g) => g.roundNumber === n)
    .sort((a, b) => a.teamNumber - b.teamNumber);
  const lockLabel = locked ? t('sessions.followUp.unlock') : t('sessions.followUp.lock');
  const toggleLock = () => {
    setRoundLocked(session.id, round.id, !locked).catch((error: unknown) => showError(error));
  };
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}
      data-testid={`round-${n}`}
      data-state={finished ? 'finished' : started ? 'playing' : 'waiting'}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {roundLabel(session, n, t('sessions.round'), roundTexts.name)}
          </Typography>
          {round.description && (
            <Typography variant="body2" color="text.secondary">
              {roundTexts.description(round.description)}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {locked && (
            <Chip icon={<LockIcon />} label={t('sessions.followUp.locked')} size="small" />
          )}
          {finished ? (
            <Chip color="success" label={t('sessions.followUp.roundFinished')} size="small" />
          ) : started ? (
            <Chip color="primary" label={t('sessions.followUp.roundPlaying')} size="small" />
          ) : (
            <Chip label={t('sessions.followUp.notStarted')} size="small" />
          )}
          {started && (
            <Button size="small" component={RouterLink} to={`/session/${session.id}/results`}>
              {t('sessions.followUp.results')}
            </Button>
          )}
          <Tooltip title={lockLabel}>
            <IconButton aria-label={lockLabel} onClick={toggleLock}>
              {locked ? <LockOpenIcon /> : <LockIcon />}
            </IconButton>
          </Tooltip>
          {canStartRound(session, n) && (
            <Button
              variant={primary ? 'contained' : 'outlined'}
              startIcon={<PlayArrowIcon />}
              disabled={busy || session.status !== 'published'}
              onClick={() => onStart(n)}
            >
              {t('sessions.followUp.startRound', { n })}
            </Button>
          )}
        </Stack>
      </Stack>
      {refs.length > 0 && (
        <Box
          sx={{
            mt: 2,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
          }}
        >
          {refs.map((ref) => (
            <GameCard
              key={ref.gid}
              session={session}
              gameRef={ref}
              data={games.get(ref.gid)}
              lobby={lobby}
              finished={isFinished(ref)}
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** Asks before starting a round while games of an earlier round are still being played. */
function ConfirmStartDialog({
  session,
  pending,
  onCancel,
  onConfirm,
}: {
  session: Session;
  pending: { n: number; playing: readonly SessionGameRef[] } | null;
  onCancel: () => void;
  onConfirm: (n: number) => void;
}) {
  const { t } = useTranslation();
  const names = (pending?.playing ?? [])
    .map((g) => {
      const round = `${session.localeLabels.round || t('sessions.round')} ${g.roundNumber}`;
      return `${round} · ${teamLabel(session, g.teamNumber, t('sessions.team'))}`;
    })
    .join(', ');
  return (
    <Dialog open={pending !== null} onClose={onCancel} maxWidth="sm" fullWidth>
      <DialogTitle>{t('sessions.followUp.confirmStartTitle', { n: pending?.n ?? 0 })}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="confirm-start-text">
          {t('sessions.followUp.confirmStartText', { n: pending?.n ?? 0, games: names })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('sessions.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => pending && onConfirm(pending.n)}
          data-testid="confirm-start"
        >
          {t('sessions.followUp.confirmStart', { n: pending?.n ?? 0 })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function RoundsPanel({
  session,
  games,
  lobby,
  onStart,
  busy,
}: {
  session: Session;
  games: ReadonlyMap<string, DocData>;
  /** The lobby's players (every player of a team, joined its game or not). */
  lobby: readonly LobbyPlayer[];
  onStart: (roundNumber: number) => void;
  busy: boolean;
}) {
  const [pending, setPending] = useState<{
    n: number;
    playing: readonly SessionGameRef[];
  } | null>(null);
  const nextRound = session.rounds.findIndex((_, i) => !roundStarted(session, i + 1)) + 1;
  const ask = (n: number) => {
    const playing = gamesStillPlaying(session, n, finishedOf(games));
    if (playing.length === 0) onStart(n);
    else setPending({ n, playing });
  };
  return (
    <Stack spacing={2}>
      {session.rounds.map((round, i) => (
        <RoundCard
          key={round.id}
          session={session}
          round={round}
          n={i + 1}
          games={games}
          lobby={lobby}
          primary={i + 1 === nextRound}
          onStart={ask}
          busy={busy}
        />
      ))}
      <ConfirmStartDialog
        session={session}
        pending={pending}
        onCancel={() => setPending(null)}
        onConfirm={(n) => {
          setPending(null);
          onStart(n);
        }}
      />
    </Stack>
  );
}
