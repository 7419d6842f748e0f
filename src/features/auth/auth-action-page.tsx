import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { confirmEmailAction, passwordResetEmail, resetPassword } from '@/features/auth/auth-api';
import { authError } from '@/features/auth/auth-errors';
import { AuthLayout } from '@/features/auth/auth-layout';
import { useAuthStore } from '@/features/auth/auth-store';
import { hasEmail } from '@/features/auth/auth-types';
import { MIN_PASSWORD_LENGTH } from '@/features/auth/password';
import { showError } from '@/lib/errors/error-store';

/**
 * One attempt per code: a code works once, and a page mounted twice (development's strict mode,
 * a re-render) must not see its own first use as an invalid link.
 */
const applied = new Map<string, Promise<void>>();
function applyOnce(oobCode: string): Promise<void> {
  let attempt = applied.get(oobCode);
  if (!attempt) {
    attempt = confirmEmailAction(oobCode);
    applied.set(oobCode, attempt);
  }
  return attempt;
}

/** The email action modes Firebase Auth links carry (`?mode=…&oobCode=…`). */
const APPLY_MODES = ['verifyEmail', 'verifyAndChangeEmail', 'recoverEmail'] as const;

type Phase =
  | { kind: 'working' }
  | { kind: 'verified' }
  | { kind: 'reset-form'; email: string }
  | { kind: 'reset-done' }
  | { kind: 'invalid' }
  | { kind: 'unknown' };

function ContinueButton() {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => hasEmail(s.user));
  return signedIn ? (
    <Button component={RouterLink} to="/dashboard/intro" variant="contained" size="large">
      {t('auth.action.toDashboard')}
    </Button>
  ) : (
    <Button component={RouterLink} to="/login" variant="contained" size="large">
      {t('auth.action.toLogin')}
    </Button>
  );
}

function ResetForm({
  oobCode,
  email,
  onDone,
}: {
  oobCode: string;
  email: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const tooShort = password.length > 0 && password.length < MIN_PASSWORD_LENGTH;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) return;
    setBusy(true);
    try {
      await resetPassword(oobCode, password);
      onDone();
    } catch (error) {
      showError(authError(error));
      setBusy(false);
    }
  };
  return (
    <Stack component="form" spacing={2.5} onSubmit={(e) => void submit(e)}>
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('auth.action.resetFor', { email })}
      </Typography>
      <TextField
        label={t('auth.action.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        autoFocus
        value={password}
        error={tooShort}
        helperText={t('auth.signup.passwordHint', { min: MIN_PASSWORD_LENGTH })}
        onChange={(e) => setPassword(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'reset-new-password' } }}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {t('auth.action.resetSubmit')}
      </Button>
    </Stack>
  );
}

/** Handles the links of account emails: email verification and password reset (spec §2). */
export function AuthActionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mode = params.get('mode') ?? '';
  const oobCode = params.get('oobCode') ?? '';
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });

  useEffect(() => {
    let live = true;
    const settle = (next: Phase) => {
      if (live) setPhase(next);
    };
    if (!oobCode) {
      settle({ kind: 'invalid' });
    } else if ((APPLY_MODES as readonly string[]).includes(mode)) {
      applyOnce(oobCode).then(
        () => settle({ kind: 'verified' }),
        () => settle({ kind: 'invalid' }),
      );
    } else if (mode === 'resetPassword') {
      passwordResetEmail(oobCode).then(
        (email) => settle({ kind: 'reset-form', email }),
        () => settle({ kind: 'invalid' }),
      );
    } else {
      settle({ kind: 'unknown' });
    }
    return () => {
      live = false;
    };
  }, [mode, oobCode]);

  const title =
    mode === 'resetPassword' && phase.kind !== 'invalid'
      ? t('auth.action.resetTitle')
      : t('auth.action.title');

  return (
    <AuthLayout title={title}>
      <div data-testid="auth-action" data-phase={phase.kind}>
        {phase.kind === 'working' && (
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress aria-hidden />
            <Typography color="text.secondary">{t('auth.action.working')}</Typography>
          </Stack>
        )}
        {phase.kind === 'reset-form' && (
          <ResetForm
            oobCode={oobCode}
            email={phase.email}
            onDone={() => setPhase({ kind: 'reset-done' })}
          />
        )}
        {phase.kind !== 'working' && phase.kind !== 'reset-form' && (
          <Stack spacing={3}>
            <Alert
              severity={
                phase.kind === 'verified' || phase.kind === 'reset-done' ? 'success' : 'warning'
              }
            >
              {t(`auth.action.${phase.kind === 'reset-done' ? 'resetDone' : phase.kind}`)}
            </Alert>
            <ContinueButton />
          </Stack>
        )}
      </div>
    </AuthLayout>
  );
}
