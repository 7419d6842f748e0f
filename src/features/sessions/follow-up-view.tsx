import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PublishIcon from '@mui/icons-material/Publish';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useBlocker, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DocData } from '@sim/core/port/data-port';
import { GAME_TEMPLATES } from '@sim/core/templates/game-templates';
import type { AudioListener } from '@sim/core/templates/types';
import { LobbyPlayers } from '@/features/sessions/lobby-view';
import {
  createSession,
  publishSession,
  saveSessionDraft,
  setRoundLocked,
  startRound,
  unpublishSession,
  watchSessionGames,
} from '@/features/sessions/session-api';
import {
  canStartRound,
  DEBRIEFING_MODES,
  draftOf,
  draftProblems,
  duplicateSessionData,
  hasPendingChanges,
  INSTRUCTIONS_MODES,
  isRoundLocked,
  newRoundId,
  roundGameName,
  roundStarted,
  TEAM_COMPOSITIONS,
  TEAM_COUNT_MAX,
  teamLabel,
  teamsToStart,
  type Session,
  type SessionDraft,
  type SessionRound,
} from '@/features/sessions/session-model';
import type { SessionPageContext } from '@/features/sessions/session-user';
import { useLobby } from '@/features/sessions/use-session';
import { showError } from '@/lib/errors/error-store';
import { showToast } from '@/lib/toast/toast-store';

function useSessionGames(sid: string): Map<string, DocData> {
  const [games, setGames] = useState<Map<string, DocData>>(new Map());
  useEffect(
    () =>
      watchSessionGames(
        sid,
        (list) => setGames(new Map(list.map((g) => [g.id, g.data]))),
        (error) => showError(error),
      ),
    [sid],
  );
  return games;
}

/** Asks before leaving the page (in the app or the browser) while changes are not saved. */
function useLeaveGuard(pending: boolean) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      pending && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!pending) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [pending]);
  return (
    <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()}>
      <DialogTitle>{t('sessions.followUp.leaveTitle')}</DialogTitle>
      <DialogContent>{t('sessions.followUp.leaveText')}</DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()}>{t('sessions.followUp.stay')}</Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          {t('sessions.followUp.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function gameStatus(data: DocData | undefined): 'loading' | 'finished' | 'running' {
  if (!data) return 'loading';
  return data['finished'] === true ? 'finished' : 'running';
}

function RoundsPanel({
  session,
  games,
  onStart,
  busy,
}: {
  session: Session;
  games: Map<string, DocData>;
  onStart: (roundNumber: number) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const nextRound = session.rounds.findIndex((_, i) => !roundStarted(session, i + 1)) + 1;
  const toggleLock = (round: SessionRound, locked: boolean) => {
    setRoundLocked(session.id, round.id, locked).catch((error: unknown) => showError(error));
  };
  return (
    <Stack spacing={2}>
      {session.rounds.map((round, i) => {
        const n = i + 1;
        const locked = isRoundLocked(session, n);
        const started = roundStarted(session, n);
        const refs = session.games.filter((g) => g.roundNumber === n);
        return (
          <Paper
            key={round.id}
            variant="outlined"
            sx={{ p: 2.5, borderRadius: 3 }}
            data-testid={`round-${n}`}
          >
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <Box sx={{ flex: 1 }}>
                <Typography sx={{ fontWeight: 700 }}>
                  {t('sessions.round')} {n} · {round.name}
                </Typography>
                {round.description && (
                  <Typography variant="body2" color="text.secondary">
                    {round.description}
                  </Typography>
                )}
              </Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {locked && (
                  <Chip icon={<LockIcon />} label={t('sessions.followUp.locked')} size="small" />
                )}
                {started ? (
                  <Chip color="success" label={t('sessions.followUp.started')} size="small" />
                ) : (
                  <Chip label={t('sessions.followUp.notStarted')} size="small" />
                )}
                <Tooltip
                  title={locked ? t('sessions.followUp.unlock') : t('sessions.followUp.lock')}
                >
                  <IconButton
                    aria-label={
                      locked ? t('sessions.followUp.unlock') : t('sessions.followUp.lock')
                    }
                    onClick={() => toggleLock(round, !locked)}
                  >
                    {locked ? <LockOpenIcon /> : <LockIcon />}
                  </IconButton>
                </Tooltip>
                {canStartRound(session, n) && (
                  <Button
                    variant={n === nextRound ? 'contained' : 'outlined'}
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
                {refs.map((ref) => {
                  const data = games.get(ref.gid);
                  const status = gameStatus(data);
                  const players = Array.isArray(data?.['players']) ? data['players'].length : 0;
                  const week = typeof data?.['week'] === 'number' ? data['week'] : 0;
                  return (
                    <Paper
                      key={ref.gid}
                      variant="outlined"
                      sx={{ p: 1.5, borderRadius: 2 }}
                      data-testid="round-game"
                    >
                      <Typography sx={{ fontWeight: 600 }}>
                        {teamLabel(session, ref.teamNumber, t('sessions.team'))}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {status === 'finished'
                          ? t('sessions.followUp.gameFinished')
                          : t('sessions.followUp.gameWeek', { week, count: players })}
                      </Typography>
                      <Link component={RouterLink} to={`/game/${ref.gid}/intro`} variant="body2">
                        {t('sessions.followUp.watch')}
                      </Link>
                    </Paper>
                  );
                })}
              </Box>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}

function RoundEditor({
  type,
  round,
  index,
  removable,
  onChange,
  onRemove,
}: {
  type: Session['type'];
  round: SessionRound;
  index: number;
  removable: boolean;
  onChange: (round: SessionRound) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const templates = GAME_TEMPLATES.filter((g) => g.type === type);
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 700, flex: 1 }}>
            {t('sessions.round')} {index + 1}
          </Typography>
          {removable && (
            <IconButton aria-label={t('sessions.followUp.removeRound')} onClick={onRemove}>
              <DeleteOutlineIcon />
            </IconButton>
          )}
        </Stack>
        <TextField
          label={t('sessions.followUp.roundName')}
          value={round.name}
          required
          size="small"
          onChange={(e) => onChange({ ...round, name: e.target.value })}
        />
        <TextField
          label={t('sessions.followUp.roundDescription')}
          value={round.description}
          size="small"
          multiline
          onChange={(e) => onChange({ ...round, description: e.target.value })}
        />
        <TextField
          select
          size="small"
          label={t('sessions.followUp.roundGame')}
          value={round.gameTemplateId ?? ''}
          onChange={(e) => {
            const template = templates.find((g) => g.id === e.target.value);
            if (template) {
              onChange({ ...round, gameTemplateId: template.id, config: template.config });
            }
          }}
        >
          {round.gameTemplateId === null && (
            <MenuItem value="">{t('sessions.followUp.customGame')}</MenuItem>
          )}
          {templates.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {t(`templates.game.${g.id}.title`, { defaultValue: g.title })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Paper>
  );
}

function SettingsPanel({
  session,
  draft,
  setDraft,
}: {
  session: Session;
  draft: SessionDraft;
  setDraft: (draft: SessionDraft) => void;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof SessionDraft>(key: K, value: SessionDraft[K]) =>
    setDraft({ ...draft, [key]: value });
  const audio = (who: AudioListener, on: boolean) =>
    set(
      'allowAudioPlayer',
      on
        ? [...new Set([...draft.allowAudioPlayer, who])]
        : draft.allowAudioPlayer.filter((a) => a !== who),
    );
  const firstTemplate = GAME_TEMPLATES.find((g) => g.type === session.type);
  return (
    <Stack spacing={2.5}>
      <TextField
        label={t('sessions.followUp.name')}
        value={draft.name}
        required
        onChange={(e) => set('name', e.target.value)}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="number"
          label={t('sessions.followUp.teamCount')}
          value={draft.teamCount}
          slotProps={{ htmlInput: { min: 1, max: TEAM_COUNT_MAX } }}
          onChange={(e) => set('teamCount', Math.round(Number(e.target.value)))}
          sx={{ minWidth: 160 }}
        />
        <TextField
          select
          label={t('sessions.followUp.teamComposition')}
          value={draft.teamComposition}
          onChange={(e) =>
            set('teamComposition', e.target.value as SessionDraft['teamComposition'])
          }
          sx={{ minWidth: 240 }}
        >
          {TEAM_COMPOSITIONS.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`sessions.compositions.${c}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('sessions.followUp.instructionsMode')}
          value={draft.instructionsMode}
          onChange={(e) =>
            set('instructionsMode', e.target.value as SessionDraft['instructionsMode'])
          }
          sx={{ minWidth: 240 }}
        >
          {INSTRUCTIONS_MODES.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`sessions.instructions.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('sessions.followUp.debriefingMode')}
          value={draft.debriefingMode}
          onChange={(e) => set('debriefingMode', e.target.value as SessionDraft['debriefingMode'])}
          sx={{ minWidth: 240 }}
        >
          {DEBRIEFING_MODES.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`sessions.debriefing.${m}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3 }}>
        <FormControlLabel
          control={
            <Switch
              checked={draft.allowJoinRandom}
              onChange={(e) => set('allowJoinRandom', e.target.checked)}
            />
          }
          label={t('sessions.followUp.allowJoinRandom')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.allowLanguagePicker}
              onChange={(e) => set('allowLanguagePicker', e.target.checked)}
            />
          }
          label={t('sessions.followUp.allowLanguagePicker')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.allowPlayerReset}
              onChange={(e) => set('allowPlayerReset', e.target.checked)}
            />
          }
          label={t('sessions.followUp.allowPlayerReset')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.observersAdminsOnly}
              onChange={(e) => set('observersAdminsOnly', e.target.checked)}
              data-testid="session-observers-admins-only"
            />
          }
          label={t('sessions.followUp.observersAdminsOnly')}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.allowAudioPlayer.includes('instructor')}
              onChange={(e) => audio('instructor', e.target.checked)}
            />
          }
          label={t('sessions.followUp.audioInstructor')}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.allowAudioPlayer.includes('player')}
              onChange={(e) => audio('player', e.target.checked)}
            />
          }
          label={t('sessions.followUp.audioPlayer')}
        />
      </Stack>
      <Typography variant="h6">{t('sessions.followUp.rounds')}</Typography>
      {draft.rounds.map((round, i) => (
        <RoundEditor
          key={round.id}
          type={session.type}
          round={round}
          index={i}
          removable={draft.rounds.length > 1 && !roundStarted(session, i + 1)}
          onChange={(r) =>
            set(
              'rounds',
              draft.rounds.map((x, k) => (k === i ? r : x)),
            )
          }
          onRemove={() =>
            set(
              'rounds',
              draft.rounds.filter((_, k) => k !== i),
            )
          }
        />
      ))}
      {firstTemplate && (
        <Box>
          <Button
            startIcon={<AddIcon />}
            onClick={() =>
              set('rounds', [
                ...draft.rounds,
                {
                  id: newRoundId(draft.rounds),
                  name: `${t('sessions.round')} ${draft.rounds.length + 1}`,
                  description: '',
                  gameTemplateId: firstTemplate.id,
                  config: firstTemplate.config,
                },
              ])
            }
          >
            {t('sessions.followUp.addRound')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function DuplicateDialog({
  open,
  onClose,
  session,
  context,
}: {
  open: boolean;
  onClose: () => void;
  session: Session;
  context: SessionPageContext;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const duplicate = async () => {
    if (!context.user) return;
    setBusy(true);
    try {
      const sid = await createSession(
        duplicateSessionData(
          session,
          {
            creator: context.user.uid,
            creatorName: context.userName,
            team: session.team,
            now: Date.now(),
          },
          name,
        ),
      );
      showToast(t('sessions.followUp.duplicated'), { durationMs: 1500 });
      onClose();
      navigate(`/session/${sid}/follow-up`);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('sessions.followUp.duplicateTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('sessions.followUp.duplicateName')}
          placeholder={session.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('sessions.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void duplicate()}>
          {t('sessions.followUp.duplicate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** `/session/:sid/follow-up`: the creator publishes, starts and locks rounds and watches teams. */
export function FollowUpView({
  session,
  context,
}: {
  session: Session;
  context: SessionPageContext;
}) {
  const { t } = useTranslation();
  const players = useLobby(session.id, context.user !== null);
  const games = useSessionGames(session.id);
  const stored = useMemo(() => draftOf(session), [session]);
  const [draft, setDraft] = useState<SessionDraft>(stored);
  const [busy, setBusy] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  const pending = hasPendingChanges(session, draft);
  const guard = useLeaveGuard(pending);
  const problems = draftProblems(draft);

  // A change saved elsewhere (or by this page) becomes the new starting point when nothing is pending.
  const [base, setBase] = useState(stored);
  if (base !== stored) {
    setBase(stored);
    if (JSON.stringify(base) === JSON.stringify(draft)) setDraft(stored);
  }

  const run = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await work();
      if (done) showToast(done, { durationMs: 1500 });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const start = (roundNumber: number) =>
    void run(
      () =>
        startRound({
          session,
          roundNumber,
          teams: teamsToStart(session, players),
          creatorName: context.userName || session.creatorName,
          gameName: (team) =>
            roundGameName(
              session.name,
              `${session.localeLabels.round || t('sessions.round')} ${roundNumber}`,
              teamLabel(session, team, t('sessions.team')),
            ),
          now: Date.now(),
        }),
      t('sessions.followUp.roundStarted', { n: roundNumber }),
    );

  const lobbyUrl = `${window.location.origin}/session/${session.id}/lobby`;

  return (
    <Stack spacing={4}>
      {guard}
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 3 }, borderRadius: 4 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: { md: 'center' } }}
        >
          <Box sx={{ flex: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Chip
                data-testid="session-status"
                color={session.status === 'published' ? 'success' : 'default'}
                label={t(`sessions.status.${session.status}`)}
              />
              {session.code && (
                <Typography>
                  {t('sessions.followUp.joinWith')}{' '}
                  <strong data-testid="follow-up-code">{session.code}</strong>
                </Typography>
              )}
            </Stack>
            {session.status === 'published' && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('sessions.followUp.lobbyLink')}{' '}
                <Link component={RouterLink} to={`/session/${session.id}/lobby`}>
                  {lobbyUrl}
                </Link>
              </Typography>
            )}
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {session.status === 'published' ? (
              <Button
                variant="outlined"
                disabled={busy}
                onClick={() => void run(() => unpublishSession(session.id))}
              >
                {t('sessions.followUp.unpublish')}
              </Button>
            ) : (
              <Button
                variant="contained"
                startIcon={<PublishIcon />}
                disabled={busy || pending}
                onClick={() =>
                  void run(() => publishSession(session.id), t('sessions.followUp.published'))
                }
              >
                {t('sessions.followUp.publish')}
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<ContentCopyIcon />}
              onClick={() => setDuplicating(true)}
            >
              {t('sessions.followUp.duplicate')}
            </Button>
          </Stack>
        </Stack>
        {session.status !== 'published' && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('sessions.followUp.publishHint')}
          </Alert>
        )}
      </Paper>

      <Box>
        <Typography variant="h5" sx={{ mb: 2 }}>
          {t('sessions.followUp.roundsTitle')}
        </Typography>
        <RoundsPanel session={session} games={games} onStart={start} busy={busy || pending} />
      </Box>

      <Box>
        <Typography variant="h5" sx={{ mb: 2 }}>
          {t('sessions.lobby.players', { count: players.length })}
        </Typography>
        <LobbyPlayers session={session} players={players} />
      </Box>

      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 3 }, borderRadius: 4 }}>
        <Typography variant="h5" sx={{ mb: 2 }}>
          {t('sessions.followUp.settings')}
        </Typography>
        <SettingsPanel session={session} draft={draft} setDraft={setDraft} />
        <Stack direction="row" spacing={1} sx={{ mt: 3, alignItems: 'center' }}>
          <Button
            variant="contained"
            disabled={busy || !pending || problems.length > 0}
            onClick={() =>
              void run(() => saveSessionDraft(session.id, draft), t('sessions.followUp.saved'))
            }
          >
            {t('sessions.followUp.save')}
          </Button>
          <Button disabled={!pending} onClick={() => setDraft(stored)}>
            {t('sessions.followUp.discard')}
          </Button>
          {problems.map((p) => (
            <Typography key={p} variant="body2" color="error">
              {t(`sessions.problems.${p}`)}
            </Typography>
          ))}
        </Stack>
      </Paper>
      <DuplicateDialog
        open={duplicating}
        onClose={() => setDuplicating(false)}
        session={session}
        context={context}
      />
    </Stack>
  );
}
