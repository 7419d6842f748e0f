/**
 * `/game/:id/results` and `/game/:id/debrief` of every game type: the title and the links
 * between the two pages, the notice while the game runs, the game type's charts (kept from a
 * player until the questions are answered when the debrief requires it, or until the instructor
 * shows them), the thank-you section on the results, the questions or quiz on the debrief (answers
 * stored per player in `games/{gid}/answers/{uid}`) and every player's answers for the game's
 * admins.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AnswersPanel, useIsGameAdmin } from '@/features/games/shared/debrief-answers-panel';
import { answersPath, readDoc, saveAnswers } from '@/features/games/shared/game-api';
import type { GameRole, SharedGame } from '@/features/games/shared/game-model';
import { ExcelDownloadButton } from '@/components/excel-download-button';
import { PageLoader } from '@/components/page-loader';
import { showError } from '@/lib/errors/error-store';
import { showToast } from '@/lib/toast/toast-store';
import { ownEntry } from '@/lib/own';

export interface DebriefPageProps {
  readonly game: SharedGame;
  readonly page: 'results' | 'debrief';
  readonly role: GameRole;
  readonly uid: string | null;
  /** Shown while the game is not finished: how far the figures go. */
  readonly runningNotice: string;
  /** The game type's figures: loading, none readable, or ready (`children`). */
  readonly figures: 'loading' | 'none' | 'ready';
  /** The user sees every facility (creator, observer, a transparent game). */
  readonly seesAll: boolean;
  /** The game type's sections for this page. */
  readonly children: ReactNode;
}

export function DebriefPage({
  game,
  page,
  role,
  uid,
  runningNotice,
  figures,
  seesAll,
  children,
}: DebriefPageProps) {
  const { t } = useTranslation();
  const [submitted, setSubmitted] = useState<boolean | null>(null);
  const qs = game.params.configDebrief.questionsSection;
  // The game's admins see every player's answers (players never do).
  const admin = useIsGameAdmin(game, role.kind === 'player' ? null : uid);
  useEffect(() => {
    if (!uid || !qs.active) return;
    let live = true;
    void readDoc(answersPath(game.id, uid))
      .then((snap) => live && setSubmitted(snap.data?.['submitted'] === true))
      .catch(() => live && setSubmitted(false));
    return () => {
      live = false;
    };
  }, [game.id, uid, qs.active]);

  const other = page === 'results' ? 'debrief' : 'results';
  const gated =
    role.kind === 'player' &&
    qs.active &&
    qs.requireSubmitDebrief &&
    page === 'debrief' &&
    submitted !== true;
  const hiddenForPlayers = role.kind === 'player' && qs.active && !qs.playersViewResults;
  // The workbook is the instructors' and observers' at any time, a player's once the game is over
  // (the same rule as the final stats, which exportExcel applies again).
  const mayDownload =
    role.kind === 'creator' ||
    role.kind === 'observer' ||
    admin === true ||
    (role.kind === 'player' && game.finished);

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 4 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 3, alignItems: { md: 'center' } }}
      >
        <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
          {t(`game.${page}.title`, { name: game.name })}
        </Typography>
        <Button
          component={RouterLink}
          to={`/game/${game.id}/${other}`}
          variant="outlined"
          data-testid={`to-${other}`}
        >
          {t(`game.${page}.toOther`)}
        </Button>
        {page === 'results' && mayDownload && (
          <ExcelDownloadButton target={{ gid: game.id }} fileName={game.name} />
        )}
        <Button component={RouterLink} to={`/game/${game.id}/play`}>
          {t('game.results.backToGame')}
        </Button>
      </Stack>
      {!game.finished && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {runningNotice}
        </Alert>
      )}
      {figures === 'loading' ? (
        <PageLoader />
      ) : figures === 'none' ? (
        <Alert severity="info">
          {seesAll ? t('game.results.noData') : t('game.results.afterFinish')}
        </Alert>
      ) : gated ? (
        <Alert severity="info">{t('game.debrief.submitFirst')}</Alert>
      ) : hiddenForPlayers ? (
        <Alert severity="info">{t('game.debrief.hiddenForPlayers')}</Alert>
      ) : (
        children
      )}
      {page === 'results' && game.params.configDebrief.thankYouSection.active && (
        <ThankYou game={game} />
      )}
      {page === 'debrief' && qs.active && uid && (
        <Box sx={{ mt: 3 }}>
          <Questions
            game={game}
            uid={uid}
            canAnswer={role.kind === 'player'}
            submitted={submitted === true}
            onSubmitted={() => setSubmitted(true)}
          />
        </Box>
      )}
      {page === 'debrief' && qs.active && admin === true && (
        <Box sx={{ mt: 3 }}>
          <AnswersPanel game={game} />
        </Box>
      )}
    </Container>
  );
}

function ThankYou({ game }: { game: SharedGame }) {
  const s = game.params.configDebrief.thankYouSection;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 3, mt: 3, textAlign: 'center' }}
      data-testid="debrief-thankyou"
    >
      <Typography variant="h5" component="h2" gutterBottom>
        {s.title}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', mb: 2 }}>{s.message}</Typography>
      {s.ctaLink && /^https?:\/\//.test(s.ctaLink) && (
        <Button variant="contained" href={s.ctaLink} target="_blank" rel="noopener noreferrer">
          {s.ctaLabel || s.ctaLink}
        </Button>
      )}
    </Paper>
  );
}

function Questions({
  game,
  uid,
  canAnswer,
  submitted,
  onSubmitted,
}: {
  game: SharedGame;
  uid: string;
  canAnswer: boolean;
  submitted: boolean;
  onSubmitted: () => void;
}) {
  const { t } = useTranslation();
  const qs = game.params.configDebrief.questionsSection;
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const missing = qs.questions.filter((q) => (ownEntry(answers, q.id) ?? '').trim() === '');

  const submit = async () => {
    setBusy(true);
    try {
      const out: Record<string, string | number> = {};
      for (const q of qs.questions) {
        const v = (ownEntry(answers, q.id) ?? '').trim();
        if (v === '') continue;
        out[q.id] = q.kind === 'number' || q.kind === 'choice' ? Number(v) : v;
      }
      await saveAnswers(game.id, uid, out, true);
      showToast(t('game.debrief.thanks'), { durationMs: 2000 });
      onSubmitted();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="debrief-questions">
      <Typography variant="h6" component="h2" gutterBottom>
        {qs.quizMode ? t('game.debrief.quizTitle') : t('game.debrief.questionsTitle')}
      </Typography>
      {submitted ? (
        <Alert severity="success">
          {qs.quizMode ? t('game.debrief.quizSubmitted') : t('game.debrief.submitted')}
        </Alert>
      ) : !canAnswer ? (
        <Stack spacing={1}>
          {qs.questions.map((q, i) => (
            <Typography key={q.id}>{`${i + 1}. ${q.text}`}</Typography>
          ))}
          <Typography variant="body2" color="text.secondary">
            {t('game.debrief.playersAnswer')}
          </Typography>
        </Stack>
      ) : (
        <Stack spacing={2}>
          {qs.questions.map((q, i) =>
            q.kind === 'choice' ? (
              <TextField
                key={q.id}
                select
                label={`${i + 1}. ${q.text}`}
                value={ownEntry(answers, q.id) ?? ''}
                onChange={(e) => setAnswers({ ...answers, [q.id]: e.target.value })}
              >
                {(q.options ?? []).map((o, k) => (
                  <MenuItem key={k} value={String(k)}>
                    {o}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                key={q.id}
                label={`${i + 1}. ${q.text}`}
                type={q.kind === 'number' ? 'number' : 'text'}
                multiline={q.kind === 'text'}
                value={ownEntry(answers, q.id) ?? ''}
                onChange={(e) => setAnswers({ ...answers, [q.id]: e.target.value })}
              />
            ),
          )}
          <Box>
            <Button
              variant="contained"
              disabled={busy || (qs.requireSubmitDebrief && missing.length > 0)}
              onClick={() => void submit()}
              data-testid="debrief-submit"
            >
              {t('game.debrief.submit')}
            </Button>
            {qs.requireSubmitDebrief && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('game.debrief.required')}
              </Typography>
            )}
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
