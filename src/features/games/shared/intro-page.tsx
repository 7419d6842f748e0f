/**
 * `/game/:id/intro` of every game type: the game's name and lead, where the user stands (creator,
 * player, finished game), the game type's rules beside the choice of a free role, joining
 * anonymously or signed in with a player name, and the observer entry.
 */
import { HintedCheckbox } from '@/components/hinted-checkbox';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EllipsisText } from '@/components/ellipsis-text';
import { type GameFacility, roleIn, type SharedGame } from '@/features/games/shared/game-model';
import type { GameUser } from '@/features/games/shared/game-user';
import { useHolderLabel } from '@/features/games/shared/holder-label';
import { gamePlayedEvent, track } from '@/lib/analytics/events';
import { errorKey } from '@/lib/errors/error-message';
import { showError } from '@/lib/errors/error-store';
import { joinAs } from '@/lib/firebase/callables';
import {
  acceptStartedJoin,
  joinShown,
  setStartedJoin,
  useStartedJoin,
} from '@/features/games/shared/started-joins';

/** Spec §6 player name rules: trimmed, at most 30 characters. */
export const PLAYER_NAME_MAX = 30;

/** How long an accepted join may take to show in the user and the game before the play page opens. */
const JOIN_SHOWN_WAIT_MS = 5000;

export interface IntroPageProps<F extends GameFacility> {
  readonly game: Omit<SharedGame, 'facilities'> & { readonly facilities: readonly F[] };
  readonly user: GameUser | null;
  readonly defaultPlayerName: string;
  /** The profile's leaderboard consent: the box starts ticked only when the player agreed. */
  readonly defaultShowName: boolean;
  readonly signInAnonymously: () => Promise<GameUser>;
  /** The line under the name: what the game is. */
  readonly lead: string;
  /** The picture of a facility on its role card. */
  readonly facilityIcon?: (f: F) => ReactNode;
  /** The game type's rules, and those of the role chosen (or held), in the rules panel. */
  readonly rules: (selected: F | null) => ReactNode;
}

export function IntroPage<F extends GameFacility>({
  game,
  user,
  defaultPlayerName,
  defaultShowName,
  signInAnonymously,
  lead,
  facilityIcon,
  rules,
}: IntroPageProps<F>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const holder = useHolderLabel();
  const role = roleIn(game, user?.uid ?? null);
  const free = game.facilities.filter((f) => f.user === null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [playerName, setPlayerName] = useState(defaultPlayerName);
  const [showName, setShowName] = useState(defaultShowName);
  const [busy, setBusy] = useState(false);
  const [joinError, setJoinError] = useState<string | null>(null);
  const selected =
    game.facilities.find(
      (f) => f.id === (chosen ?? (role.kind === 'player' ? role.facilityId : '')),
    ) ?? null;
  const nameTooLong = playerName.trim().length > PLAYER_NAME_MAX;
  // The play page decides by the signed-in user and the game document (a first anonymous sign-in
  // reaches the app's user a moment later). It opens once they show the join, the join done; or
  // a few seconds after the backend accepted it, keeping the join so that the play page waits
  // for the game to show it instead of sending the player back here.
  const joined = useStartedJoin(game.id);
  const shown = joinShown(joined, user?.uid ?? null, game);
  const accepted = joined?.accepted === true;
  useEffect(() => {
    if (shown) {
      setStartedJoin(game.id, null);
      navigate(`/game/${game.id}/play`);
      return undefined;
    }
    if (!accepted) return undefined;
    const timer = window.setTimeout(() => navigate(`/game/${game.id}/play`), JOIN_SHOWN_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [shown, accepted, game.id, navigate]);

  const join = async (roleId: string) => {
    setBusy(true);
    setJoinError(null);
    setStartedJoin(game.id, { roleId, uid: user?.uid ?? null, accepted: false });
    let current = user;
    if (!current) {
      try {
        current = await signInAnonymously();
      } catch {
        // Spec §8: joining without a user.
        setStartedJoin(game.id, null);
        setJoinError(t('errors.errorUnavailable'));
        setBusy(false);
        return;
      }
    }
    const uid = current.uid;
    setStartedJoin(game.id, { roleId, uid, accepted: false });
    try {
      const f = game.facilities.find((x) => x.id === roleId);
      await joinAs({
        gid: game.id,
        roleId,
        ...(f ? { roleName: f.name } : {}),
        ...(playerName.trim() !== '' ? { playerName: playerName.trim() } : {}),
        // Asked of players only: an observer is never on the leaderboard.
        ...(roleId !== 'observer' ? { showName } : {}),
      });
      track(gamePlayedEvent(game.type, game.session !== null));
      acceptStartedJoin(game.id);
    } catch (err) {
      setStartedJoin(game.id, null);
      // Every seat of the game's plan is taken (business.md §3.7): said where the player looks,
      // and it stays, since trying again will not help.
      if (errorKey(err, (k) => k === 'planPlayersLimitReached') !== null) {
        setJoinError(t('errors.planPlayersLimitReached'));
        setBusy(false);
        return;
      }
      // Someone else took the role first: it is no longer a choice.
      if (errorKey(err, (k) => k === 'roleTaken') !== null) setChosen(null);
      showError(err);
      setBusy(false);
    }
  };

  return (
    // On a phone the choice of a role comes before the rules (`order`; the rules hold nothing
    // focusable, so the keyboard order is the same).
    <Container
      maxWidth="lg"
      sx={{
        py: { xs: 2, md: 5 },
        px: { xs: 1.5, sm: 2, md: 3 },
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Typography variant="h4" component="h1" gutterBottom>
        {t('game.intro.title', { name: game.name })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {lead}
      </Typography>
      {game.finished && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button component={RouterLink} to={`/game/${game.id}/results`}>
              {t('game.intro.toResults')}
            </Button>
          }
        >
          {t('game.intro.finished')}
        </Alert>
      )}
      {role.kind === 'creator' && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Stack direction="row" spacing={1}>
              <Button component={RouterLink} to={`/game/${game.id}/edit`}>
                {t('game.intro.edit')}
              </Button>
              <Button component={RouterLink} to={`/game/${game.id}/play`} variant="contained">
                {t('game.intro.toLiveView')}
              </Button>
            </Stack>
          }
        >
          {t('game.intro.creatorHint')}
        </Alert>
      )}
      {role.kind === 'player' && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          action={
            <Button
              component={RouterLink}
              to={`/game/${game.id}/play`}
              variant="contained"
              data-testid="intro-continue"
            >
              {t('game.intro.continue')}
            </Button>
          }
        >
          {t('game.intro.playingAs', {
            role: game.facilities.find((f) => f.id === role.facilityId)?.name ?? '',
          })}
        </Alert>
      )}

      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, md: 3 }, mb: 3, order: { xs: 2, md: 0 } }}
        data-testid="intro-rules"
      >
        {rules(selected)}
      </Paper>

      {role.kind !== 'player' && !game.finished && (
        <Paper
          variant="outlined"
          sx={{ p: { xs: 2, md: 3 }, mb: { xs: 3, md: 0 }, order: { xs: 1, md: 0 } }}
        >
          <Typography variant="h6" component="h2" gutterBottom>
            {t('game.intro.chooseRole')}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: {
                xs: 'repeat(2, minmax(0, 1fr))',
                sm: 'repeat(auto-fill, minmax(180px, 1fr))',
              },
              gap: 1.5,
              mb: 3,
            }}
          >
            {game.facilities.map((f) => {
              const isFree = f.user === null;
              const isChosen = chosen === f.id;
              return (
                <Card
                  key={f.id}
                  variant="outlined"
                  sx={{
                    borderColor: isChosen ? 'primary.main' : 'divider',
                    borderWidth: isChosen ? 2 : 1,
                    opacity: isFree ? 1 : 0.55,
                  }}
                >
                  <CardActionArea
                    disabled={!isFree || busy}
                    onClick={() => setChosen(f.id)}
                    data-testid={`role-${f.id}`}
                    sx={{ p: { xs: 1.5, sm: 2 }, textAlign: 'center' }}
                  >
                    {facilityIcon && (
                      <Box sx={{ fontSize: 32, color: 'text.secondary' }}>{facilityIcon(f)}</Box>
                    )}
                    <EllipsisText text={f.name} sx={{ fontWeight: 600 }} />
                    <EllipsisText
                      text={
                        isFree
                          ? f.computer
                            ? t('game.intro.computerFree')
                            : t('game.intro.free')
                          : t('game.intro.takenBy', { name: holder(f) })
                      }
                      sx={{ typography: 'body2', color: 'text.secondary' }}
                    />
                  </CardActionArea>
                </Card>
              );
            })}
          </Box>
          {free.length === 0 && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('game.intro.noFreeRole')}
            </Alert>
          )}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
          >
            <Stack sx={{ minWidth: { sm: 260 }, flex: { sm: '0 1 400px' } }}>
              <TextField
                label={t('game.intro.playerName')}
                value={playerName}
                onChange={(e) => setPlayerName(e.target.value)}
                error={nameTooLong}
                helperText={
                  nameTooLong
                    ? t('game.intro.playerNameTooLong', { max: PLAYER_NAME_MAX })
                    : user
                      ? user.isAnonymous
                        ? t('game.intro.anonymousHint')
                        : t('game.intro.accountHint')
                      : t('game.intro.anonymousHint')
                }
                slotProps={{ htmlInput: { 'data-testid': 'intro-player-name', maxLength: 60 } }}
                fullWidth
              />
              <HintedCheckbox
                checked={showName}
                onChange={setShowName}
                label={t('game.intro.showName')}
                hint={t('game.intro.showNameHint')}
                testId="intro-show-name"
                sx={{ mt: 1, mr: 0 }}
              />
            </Stack>
            <Button
              variant="contained"
              size="large"
              disabled={chosen === null || busy || nameTooLong}
              onClick={() => chosen && void join(chosen)}
              data-testid="intro-join"
            >
              {busy
                ? t('game.intro.joining')
                : chosen
                  ? t('game.intro.joinAs', {
                      role: game.facilities.find((f) => f.id === chosen)?.name ?? '',
                    })
                  : t('game.intro.pickRole')}
            </Button>
            {role.kind === 'observer' ? (
              <Button
                size="large"
                component={RouterLink}
                to={`/game/${game.id}/play`}
                data-testid="intro-observe"
              >
                {t('game.intro.watch')}
              </Button>
            ) : (
              role.kind !== 'creator' && (
                <Button
                  size="large"
                  disabled={busy}
                  onClick={() => void join('observer')}
                  data-testid="intro-observe"
                >
                  {t('game.intro.observe')}
                </Button>
              )
            )}
          </Stack>
          {joinError && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="intro-join-error">
              {joinError}
            </Alert>
          )}
        </Paper>
      )}
    </Container>
  );
}
