import GroupsIcon from '@mui/icons-material/Groups';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { enteredGame, rememberEnteredGame } from '@/features/sessions/entered-games';
import { PlayerSlides } from '@/features/sessions/rules-slides';
import { joinLobby } from '@/features/sessions/session-api';
import {
  assignTeam,
  PLAYER_NAME_MAX,
  playerPicksTeam,
  sortLobby,
  teamLabel,
  teamGameToEnter,
  teamNumbers,
  teamSizes,
  type LobbyPlayer,
  type Session,
  type TeamChoice,
} from '@/features/sessions/session-model';
import type { SessionPageContext } from '@/features/sessions/session-user';
import { useLobby } from '@/features/sessions/use-session';
import { showError } from '@/lib/errors/error-store';
import { showToast } from '@/lib/toast/toast-store';

/** Players of the lobby, team by team (players without a team last). */
export function LobbyPlayers({
  session,
  players,
  highlightUid,
}: {
  session: Session;
  players: readonly LobbyPlayer[];
  highlightUid?: string | undefined;
}) {
  const { t } = useTranslation();
  const sorted = sortLobby(players);
  const groups: { key: string; label: string; members: LobbyPlayer[] }[] = teamNumbers(session).map(
    (n) => ({
      key: String(n),
      label: teamLabel(session, n, t('sessions.team')),
      members: sorted.filter((p) => p.team === n),
    }),
  );
  const without = sorted.filter((p) => p.team === null || p.team > session.teamCount);
  if (without.length > 0) {
    groups.push({ key: 'none', label: t('sessions.lobby.noTeam'), members: without });
  }
  return (
    <Box
      data-testid="lobby-players"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
      }}
    >
      {groups.map((g) => (
        <Paper key={g.key} variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <GroupsIcon fontSize="small" color="primary" />
            <Typography sx={{ fontWeight: 700 }}>{g.label}</Typography>
            <Chip size="small" label={g.members.length} />
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {g.members.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('sessions.lobby.emptyTeam')}
              </Typography>
            )}
            {g.members.map((p) => (
              <Chip
                key={p.uid}
                label={p.name}
                // A long name ends in "…" inside its team's card; the whole name on hover.
                title={p.name}
                color={p.uid === highlightUid ? 'primary' : 'default'}
                variant={p.uid === highlightUid ? 'filled' : 'outlined'}
                sx={{ maxWidth: '100%' }}
              />
            ))}
          </Stack>
        </Paper>
      ))}
    </Box>
  );
}

/** How the lobby shows the rules to players (spec §3 `instructionsMode`). */
function LobbyInstructions({ session }: { session: Session }) {
  const { t } = useTranslation();
  if (session.instructionsMode === 'hostvideo-playerslides') return <PlayerSlides />;
  if (session.instructionsMode === 'hostslides') {
    return (
      <Alert severity="info" data-testid="lobby-watch-host">
        {t('sessions.slides.watchHost')}
      </Alert>
    );
  }
  return null;
}

/**
 * `/session/:sid/lobby`: players join by name and team, then wait for the round to start and
 * are taken to their team's game when it does. The page mounts once the visitor is signed in
 * (session-page.tsx), so nothing typed is lost to a sign-in.
 */
export function LobbyView({
  session,
  isCreator,
  context,
}: {
  session: Session;
  isCreator: boolean;
  context: SessionPageContext;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const uid = context.user?.uid ?? null;
  const players = useLobby(session.id, uid !== null);
  const me = useMemo(() => players.find((p) => p.uid === uid), [players, uid]);
  // What the player typed; until then the name it was known by (which may load after the page).
  const [typed, setTyped] = useState<string | null>(null);
  const name = typed ?? context.defaultPlayerName;
  const [choice, setChoice] = useState<TeamChoice | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);

  const myGame = me ? teamGameToEnter(session, me.team, 0) : undefined;

  // A round starts: the player goes to its team's game, once per game (a player who comes back
  // to the lobby stays). Without a lobby (nolobby) always.
  useEffect(() => {
    if (!myGame) return;
    const nolobby = session.teamComposition === 'nolobby';
    if (!nolobby && enteredGame(session.id) === myGame.gid) return;
    rememberEnteredGame(session.id, myGame.gid);
    showToast(t('sessions.lobby.roundStartedToast', { n: myGame.roundNumber }), {
      severity: 'info',
      durationMs: 4000,
    });
    navigate(`/game/${myGame.gid}/intro`);
  }, [session.id, session.teamComposition, myGame, navigate, t]);

  const picks = playerPicksTeam(session);
  const sizes = teamSizes(session.teamCount, players);
  const trimmed = name.trim();

  const join = async (event: FormEvent) => {
    event.preventDefault();
    if (!uid || !trimmed) return;
    const team = assignTeam(session, players, uid, picks ? choice : null);
    if (team === null) {
      showError(t('sessions.lobby.pickTeam'));
      return;
    }
    setBusy(true);
    try {
      await joinLobby(session.id, uid, { name: trimmed.slice(0, PLAYER_NAME_MAX), team }, !me);
      setEditing(false);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const showForm = !isCreator && (!me || editing);

  return (
    <Stack spacing={3}>
      {isCreator && (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={`/session/${session.id}/follow-up`} color="inherit">
              {t('sessions.lobby.toFollowUp')}
            </Button>
          }
        >
          {t('sessions.lobby.creatorHint')}
        </Alert>
      )}
      {showForm && (
        <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 }, borderRadius: 4 }}>
          <Stack component="form" spacing={2.5} onSubmit={(e) => void join(e)}>
            <Typography variant="h6" component="h2">
              {t('sessions.lobby.joinTitle')}
            </Typography>
            <TextField
              label={t('sessions.lobby.name')}
              value={name}
              required
              autoFocus
              onChange={(e) => setTyped(e.target.value)}
              slotProps={{ htmlInput: { maxLength: PLAYER_NAME_MAX, 'data-testid': 'lobby-name' } }}
            />
            {picks ? (
              <Box>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t('sessions.lobby.chooseTeam')}
                </Typography>
                <ToggleButtonGroup
                  exclusive
                  value={choice}
                  onChange={(_, value: TeamChoice | null) => setChoice(value)}
                  sx={{ flexWrap: 'wrap' }}
                  aria-label={t('sessions.lobby.chooseTeam')}
                >
                  {teamNumbers(session).map((n) => (
                    <ToggleButton key={n} value={n} sx={{ textTransform: 'none' }}>
                      {teamLabel(session, n, t('sessions.team'))} ({sizes[n - 1] ?? 0})
                    </ToggleButton>
                  ))}
                  {session.allowJoinRandom && (
                    <ToggleButton value="random" sx={{ textTransform: 'none' }}>
                      {t('sessions.lobby.randomTeam')}
                    </ToggleButton>
                  )}
                </ToggleButtonGroup>
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('sessions.lobby.teamGiven')}
              </Typography>
            )}
            <Box>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={busy || !uid || !trimmed || (picks && choice === null)}
              >
                {me ? t('sessions.lobby.save') : t('sessions.lobby.join')}
              </Button>
            </Box>
          </Stack>
        </Paper>
      )}
      {!isCreator && me && !editing && (
        <Paper
          variant="outlined"
          sx={{ p: { xs: 2.5, md: 4 }, borderRadius: 4, bgcolor: 'primary.50' }}
        >
          <Stack spacing={2}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {t('sessions.lobby.joinedAs', {
                name: me.name,
                team: me.team === null ? '' : teamLabel(session, me.team, t('sessions.team')),
              })}
            </Typography>
            {myGame ? (
              <Box>
                <Button
                  variant="contained"
                  size="large"
                  startIcon={<PlayArrowIcon />}
                  component={RouterLink}
                  to={`/game/${myGame.gid}/intro`}
                  onClick={() => rememberEnteredGame(session.id, myGame.gid)}
                >
                  {t('sessions.lobby.toGame')}
                </Button>
              </Box>
            ) : (
              <Typography color="text.secondary">{t('sessions.lobby.waiting')}</Typography>
            )}
            <Box>
              <Button size="small" onClick={() => setEditing(true)}>
                {t('sessions.lobby.change')}
              </Button>
            </Box>
          </Stack>
        </Paper>
      )}
      {!isCreator && <LobbyInstructions session={session} />}
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('sessions.lobby.players', { count: players.length })}
        </Typography>
        <LobbyPlayers session={session} players={players} highlightUid={uid ?? undefined} />
      </Box>
    </Stack>
  );
}
