import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PublishIcon from '@mui/icons-material/Publish';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DocData } from '@sim/core/port/data-port';
import { LobbyPlayers } from '@/features/sessions/lobby-view';
import { RoundsPanel } from '@/features/sessions/rounds-panel';
import { RulesPresentation } from '@/features/sessions/rules-slides';
import {
  createSession,
  publishSession,
  saveSessionDraft,
  startRound,
  unpublishSession,
  watchSessionGames,
} from '@/features/sessions/session-api';
import {
  draftOf,
  draftProblems,
  duplicateSessionData,
  hasPendingChanges,
  roundGameName,
  teamLabel,
  teamsToStart,
  type Session,
  type SessionDraft,
} from '@/features/sessions/session-model';
import { SettingsPanel } from '@/features/sessions/session-settings-panel';
import type { SessionPageContext } from '@/features/sessions/session-user';
import { useLobby } from '@/features/sessions/use-session';
import { useGameNamesFollowLanguage } from '@/features/sessions/use-game-names-language';
import { SharePanel } from '@/components/share-panel';
import { showError } from '@/lib/errors/error-store';
import { shareUrl } from '@/lib/share/share-url';
import { useLeaveBlocker } from '@/lib/router/app-history';
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
  const blocker = useLeaveBlocker(
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
    <Dialog open={blocker.blocked} onClose={() => blocker.blocked && blocker.reset()}>
      <DialogTitle>{t('sessions.followUp.leaveTitle')}</DialogTitle>
      <DialogContent>{t('sessions.followUp.leaveText')}</DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.blocked && blocker.reset()}>
          {t('sessions.followUp.stay')}
        </Button>
        <Button color="error" onClick={() => blocker.blocked && blocker.proceed()}>
          {t('sessions.followUp.leave')}
        </Button>
      </DialogActions>
    </Dialog>
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
  useGameNamesFollowLanguage(session, games, context.user?.uid === session.creator);
  const stored = useMemo(() => draftOf(session), [session]);
  const [draft, setDraft] = useState<SessionDraft>(stored);
  const [busy, setBusy] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  const [presenting, setPresenting] = useState(false);
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

  const published = session.status === 'published';

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
            <Chip
              data-testid="session-status"
              color={published ? 'success' : 'default'}
              label={t(`sessions.status.${session.status}`)}
            />
          </Box>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {session.instructionsMode !== 'none' && (
              <Button
                variant="outlined"
                startIcon={<SlideshowIcon />}
                onClick={() => setPresenting(true)}
                data-testid="present-rules"
              >
                {t('sessions.followUp.presentRules')}
              </Button>
            )}
            {published ? (
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
        {published ? (
          <Box sx={{ mt: 2.5 }}>
            <SharePanel
              url={shareUrl(`/session/${session.id}/lobby`)}
              code={session.code}
              text={t('share.sessionText')}
            />
          </Box>
        ) : (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('sessions.followUp.publishHint')}
          </Alert>
        )}
      </Paper>
      <RulesPresentation open={presenting} onClose={() => setPresenting(false)} />

      <Box>
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          {t('sessions.followUp.roundsTitle')}
        </Typography>
        <RoundsPanel
          session={session}
          games={games}
          lobby={players}
          onStart={start}
          busy={busy || pending}
        />
      </Box>

      <Box>
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          {t('sessions.lobby.players', { count: players.length })}
        </Typography>
        <LobbyPlayers session={session} players={players} />
      </Box>

      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 3 }, borderRadius: 4 }}>
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
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
