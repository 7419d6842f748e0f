import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  postSuggestion,
  watchMyVotes,
  watchSuggestions,
} from '@/features/suggestions/suggestions-api';
import {
  SUGGESTION_LIMITS,
  settledVotes,
  titleProblem,
  type Suggestion,
} from '@/features/suggestions/suggestions-model';
import { showError } from '@/lib/errors/error-store';
import { authCanny, voteSuggestion, type AuthCannyResponse } from '@/lib/firebase/callables';
import { showToast } from '@/lib/toast/toast-store';

export interface SuggestFeaturePanelProps {
  readonly uid: string;
  readonly userName: string;
}

function IdeaForm({ uid, userName }: SuggestFeaturePanelProps) {
  const { t, i18n } = useTranslation();
  const [title, setTitle] = useState('');
  const [details, setDetails] = useState('');
  const [touched, setTouched] = useState(false);
  const [posting, setPosting] = useState(false);
  const problem = titleProblem(title);
  const { min, max } = SUGGESTION_LIMITS.title;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || details.length > SUGGESTION_LIMITS.details) return;
    setPosting(true);
    try {
      await postSuggestion(uid, { title, details, name: userName, locale: i18n.language });
      setTitle('');
      setDetails('');
      setTouched(false);
      showToast(t('suggestions.form.posted'), { severity: 'success' });
    } catch (error) {
      showError(error);
    } finally {
      setPosting(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
      <Stack component="form" spacing={2} onSubmit={(e) => void submit(e)} noValidate>
        <Typography variant="h6" component="h2">
          {t('suggestions.form.title')}
        </Typography>
        <TextField
          label={t('suggestions.form.title')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          required
          error={touched && problem !== null}
          helperText={
            touched && problem
              ? t(`suggestions.form.${problem}`, { min, max })
              : t('suggestions.form.titleHint', { min, max })
          }
          slotProps={{ htmlInput: { 'data-testid': 'suggestion-title', maxLength: max } }}
        />
        <TextField
          label={t('suggestions.form.details')}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          multiline
          minRows={3}
          error={details.length > SUGGESTION_LIMITS.details}
          helperText={`${details.length} / ${SUGGESTION_LIMITS.details}`}
          slotProps={{ htmlInput: { 'data-testid': 'suggestion-details' } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={posting}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="suggestion-post"
        >
          {posting ? t('suggestions.form.posting') : t('suggestions.form.post')}
        </Button>
      </Stack>
    </Paper>
  );
}

function Board({ uid }: { uid: string }) {
  const { t, i18n } = useTranslation();
  const [list, setList] = useState<Suggestion[] | null>(null);
  const [mine, setMine] = useState<ReadonlySet<string>>(new Set());
  // Votes given but not yet in this user's live votes: the button waits for them, so it never
  // offers the same vote twice. Counts and pressed buttons come from the live documents only.
  const [waiting, setWaiting] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => watchSuggestions(setList, showError), []);
  useEffect(
    () =>
      watchMyVotes(
        uid,
        (ids) => {
          setMine(ids);
          setWaiting((w) => settledVotes(w, ids));
        },
        showError,
      ),
    [uid],
  );

  const toggle = async (s: Suggestion, voted: boolean) => {
    setBusy(s.id);
    try {
      const answer = await voteSuggestion({ id: s.id, vote: !voted });
      setWaiting((w) => new Map(w).set(s.id, answer.voted));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  return (
    <Stack spacing={1.5} component="section" aria-labelledby="board-title">
      <Typography variant="h6" component="h2" id="board-title">
        {t('suggestions.board.title')}
      </Typography>
      {list === null && <CircularProgress size={28} aria-label={t('suggestions.loading')} />}
      {list?.length === 0 && (
        <Typography color="text.secondary">{t('suggestions.board.empty')}</Typography>
      )}
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {list?.map((s) => {
          const voted = mine.has(s.id);
          const votes = s.votes;
          const expected = waiting.get(s.id);
          return (
            <Paper
              component="li"
              key={s.id}
              variant="outlined"
              data-testid="suggestion"
              data-title={s.title}
              sx={{ p: 2, borderRadius: 3, display: 'flex', gap: 2, alignItems: 'flex-start' }}
            >
              <Stack sx={{ alignItems: 'center', minWidth: 72 }}>
                <Button
                  variant={voted ? 'contained' : 'outlined'}
                  onClick={() => void toggle(s, voted)}
                  disabled={busy === s.id || (expected !== undefined && expected !== voted)}
                  aria-pressed={voted}
                  aria-label={t(voted ? 'suggestions.board.unvote' : 'suggestions.board.vote', {
                    title: s.title,
                  })}
                  data-testid="suggestion-vote"
                  sx={{ minWidth: 0, px: 1.5 }}
                >
                  {voted ? (
                    <ThumbUpIcon fontSize="small" />
                  ) : (
                    <ThumbUpOutlinedIcon fontSize="small" />
                  )}
                </Button>
                <Typography
                  variant="body2"
                  sx={{ mt: 0.5, fontWeight: 700 }}
                  data-testid="suggestion-votes"
                >
                  {t('suggestions.board.votes', { count: votes })}
                </Typography>
              </Stack>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {s.title}
                </Typography>
                {s.details && (
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: 0.5 }}
                  >
                    {s.details}
                  </Typography>
                )}
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: 'block', mt: 1 }}
                >
                  {t('suggestions.board.by', {
                    name: s.name,
                    date: dateFormat.format(new Date(s.createdAt)),
                  })}
                  {voted ? ` · ${t('suggestions.board.voted')}` : ''}
                </Typography>
              </Box>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}

/**
 * The Suggest-a-feature tab (spec §2, §7 authCanny): the team's Canny board, signed in with the
 * instructor's account, when Canny is configured; otherwise the app's own board, where
 * instructors post ideas and vote for them.
 */
export function SuggestFeaturePanel({ uid, userName }: SuggestFeaturePanelProps) {
  const { t } = useTranslation();
  const [board, setBoard] = useState<AuthCannyResponse | 'failed' | null>(null);

  useEffect(() => {
    let live = true;
    authCanny({ uid, name: userName.trim().slice(0, SUGGESTION_LIMITS.name) || uid })
      .then((answer) => live && setBoard(answer))
      .catch((error: unknown) => {
        showError(error);
        if (live) setBoard('failed');
      });
    return () => {
      live = false;
    };
  }, [uid, userName]);

  return (
    <Stack spacing={3} data-testid="suggest-feature">
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('suggestions.title')}
        </Typography>
        <Typography color="text.secondary">{t('suggestions.intro')}</Typography>
      </Box>
      {board === null && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} />
          <Typography>{t('suggestions.loading')}</Typography>
        </Stack>
      )}
      {board !== null && board !== 'failed' && board.provider === 'canny' && (
        <Alert severity="info" sx={{ alignItems: 'center' }}>
          <Typography sx={{ mb: 1 }}>{t('suggestions.canny.text')}</Typography>
          <Button
            variant="contained"
            href={board.url}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon />}
            data-testid="canny-open"
          >
            {t('suggestions.canny.open')}
          </Button>
        </Alert>
      )}
      {board !== null && board !== 'failed' && board.provider === 'board' && (
        <>
          <IdeaForm uid={uid} userName={userName} />
          <Board uid={uid} />
        </>
      )}
    </Stack>
  );
}
