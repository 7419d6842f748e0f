/**
 * The field where a player types the session code the instructor gave (home page, unknown
 * pages): any case, spaces and dashes ignored; an unknown or unpublished code says so in place.
 * A visitor is signed in anonymously first (codes are read by signed-in users only).
 */
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { lookUpSessionCode } from '@/features/sessions/join-code';
import { normalizeCode } from '@/features/sessions/session-model';

type Problem = 'invalid' | 'unknown' | 'notPublished' | 'failed';

export interface JoinCodeFormProps {
  readonly signedIn: boolean;
  readonly signInAnonymously: () => Promise<unknown>;
  /** `hero`: on the home page's dark banner; `card`: on a plain page. */
  readonly variant?: 'hero' | 'card';
}

export function JoinCodeForm({ signedIn, signInAnonymously, variant = 'card' }: JoinCodeFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<{ kind: Problem; code: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = normalizeCode(value);
    setBusy(true);
    setProblem(null);
    try {
      if (!signedIn) await signInAnonymously();
      const found = await lookUpSessionCode(code);
      if (found.kind === 'found') {
        navigate(`/session/${found.sid}/lobby`);
        return;
      }
      setProblem({ kind: found.kind, code });
    } catch {
      setProblem({ kind: 'failed', code });
    } finally {
      setBusy(false);
    }
  };

  const message = problem ? t(`sessions.join.${problem.kind}`, { code: problem.code }) : null;
  return (
    <Paper
      component="section"
      elevation={variant === 'hero' ? 8 : 0}
      variant={variant === 'hero' ? 'elevation' : 'outlined'}
      aria-labelledby="join-code-title"
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3, textAlign: 'left', color: 'text.primary' }}
    >
      <Typography id="join-code-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t('sessions.join.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('sessions.join.text')}
      </Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        onSubmit={(e) => void submit(e)}
        noValidate
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label={t('sessions.join.label')}
          placeholder={t('sessions.join.placeholder')}
          value={value}
          onChange={(e) => {
            setValue(e.target.value.toUpperCase());
            setProblem(null);
          }}
          error={message !== null}
          helperText={message ?? undefined}
          size="small"
          fullWidth
          slotProps={{
            htmlInput: {
              maxLength: 12,
              autoCapitalize: 'characters',
              autoComplete: 'off',
              autoCorrect: 'off',
              spellCheck: false,
              'data-testid': 'join-code-input',
            },
            formHelperText: message ? { role: 'alert' } : {},
          }}
          sx={{
            flex: 1,
            '& input': {
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              letterSpacing: '0.12em',
              fontWeight: 600,
            },
          }}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || value.trim() === ''}
            endIcon={<ArrowForwardIcon />}
            data-testid="join-code-submit"
            sx={{ whiteSpace: 'nowrap', minHeight: 40, width: { xs: '100%', sm: 'auto' } }}
          >
            {t('sessions.join.submit')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
