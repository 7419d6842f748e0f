import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signInWithEmail } from '@/features/auth/auth-api';
import { AuthLayout } from '@/features/auth/auth-layout';
import { authError } from '@/features/auth/auth-errors';
import { guardMessageFrom } from '@/features/auth/guard-message';
import { PasswordResetDialog } from '@/features/auth/password-reset-dialog';
import { showError } from '@/lib/errors/error-store';

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const message = guardMessageFrom(location.state);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      // On success the route guard moves on to the dashboard (or setup-account).
      await signInWithEmail(email, password);
    } catch (error) {
      showError(authError(error));
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
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
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
        <Link
          component="button"
          type="button"
          onClick={() => setResetOpen(true)}
          sx={{ alignSelf: 'center' }}
          data-testid="forgot-password"
        >
          {t('auth.login.forgotPassword')}
        </Link>
      </Stack>
      <PasswordResetDialog
        open={resetOpen}
        initialEmail={email}
        onClose={() => setResetOpen(false)}
      />
      <Typography sx={{ mt: 3, textAlign: 'center' }} color="text.secondary">
        {t('auth.login.noAccount')}{' '}
        <Link component={RouterLink} to="/signup" state={location.state as unknown}>
          {t('auth.login.toSignup')}
        </Link>
      </Typography>
    </AuthLayout>
  );
}
