import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signUpWithEmail } from '@/features/auth/auth-api';
import { AuthLayout } from '@/features/auth/auth-layout';
import { useAuthStore } from '@/features/auth/auth-store';
import { hasEmail } from '@/features/auth/auth-types';
import { guardMessageFrom } from '@/features/auth/guard-message';
import { MIN_PASSWORD_LENGTH } from '@/features/auth/password';
import { authError } from '@/features/auth/auth-errors';
import { showError } from '@/lib/errors/error-store';
import { signUpEvent, track } from '@/lib/analytics/events';

export function SignupPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const message = guardMessageFrom(location.state);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const tooShort = password.length > 0 && password.length < MIN_PASSWORD_LENGTH;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: creating an account while logged in gives errorAlreadyLoggedIn.
    if (hasEmail(useAuthStore.getState().user)) {
      showError(t('auth.errors.errorAlreadyLoggedIn'));
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) return;
    setBusy(true);
    try {
      // verifyEmail runs first; on success the route guard moves on to setup-account.
      await signUpWithEmail(email, password);
      track(signUpEvent('password'));
    } catch (error) {
      showError(authError(error));
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')}>
      {message && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t(message)}
        </Alert>
      )}
      <Stack component="form" spacing={2.5} onSubmit={(e) => void submit(e)}>
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          required
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label={t('auth.fields.password')}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          error={tooShort}
          helperText={t('auth.signup.passwordHint', { min: MIN_PASSWORD_LENGTH })}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? t('auth.signup.submitting') : t('auth.signup.submit')}
        </Button>
      </Stack>
      <Typography sx={{ mt: 3, textAlign: 'center' }} color="text.secondary">
        {t('auth.signup.haveAccount')}{' '}
        <Link component={RouterLink} to="/login" state={location.state as unknown}>
          {t('auth.signup.toLogin')}
        </Link>
      </Typography>
    </AuthLayout>
  );
}
