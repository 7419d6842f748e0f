import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountChanges, type AccountForm } from '@/features/auth/account-changes';
import { updateAccount } from '@/features/auth/auth-api';
import { authError } from '@/features/auth/auth-errors';
import { useAuthStore } from '@/features/auth/auth-store';
import { MIN_PASSWORD_LENGTH } from '@/features/auth/password';
import { mergeProfileFields } from '@/features/auth/profile-api';
import { showError } from '@/lib/errors/error-store';

const EMPTY: AccountForm = { currentEmail: '', oldPassword: '', newEmail: '', newPassword: '' };

/**
 * Email and password change for the signed-in instructor (dashboard settings), after
 * re-authentication with the current email and old password.
 */
export function AccountPanel() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const [form, setForm] = useState<AccountForm>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [nothing, setNothing] = useState(false);
  const update = (patch: Partial<AccountForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setSaved(false);
    setNothing(false);
  };
  const shortPassword =
    form.newPassword.length > 0 && form.newPassword.length < MIN_PASSWORD_LENGTH;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user?.email) return;
    const changes = accountChanges(form, user.email);
    if (!changes) {
      setNothing(true);
      return;
    }
    if (shortPassword) return;
    setBusy(true);
    try {
      const next = await updateAccount({
        currentEmail: form.currentEmail,
        oldPassword: form.oldPassword,
        ...changes,
      });
      if (changes.newEmail && next.email) await mergeProfileFields(next.uid, { email: next.email });
      setForm(EMPTY);
      setSaved(true);
    } catch (error) {
      showError(authError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, borderRadius: 4 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('auth.account.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('auth.account.description', { email: user?.email ?? '' })}
      </Typography>
      <Stack
        component="form"
        spacing={2.5}
        onSubmit={(e) => void submit(e)}
        data-testid="account-form"
        sx={{ maxWidth: 520 }}
      >
        <TextField
          label={t('auth.account.currentEmail')}
          type="email"
          autoComplete="username"
          required
          value={form.currentEmail}
          onChange={(e) => update({ currentEmail: e.target.value })}
          slotProps={{ htmlInput: { 'data-testid': 'account-current-email' } }}
        />
        <TextField
          label={t('auth.account.oldPassword')}
          type="password"
          autoComplete="current-password"
          required
          value={form.oldPassword}
          onChange={(e) => update({ oldPassword: e.target.value })}
          slotProps={{ htmlInput: { 'data-testid': 'account-old-password' } }}
        />
        <TextField
          label={t('auth.account.newEmail')}
          type="email"
          autoComplete="email"
          value={form.newEmail}
          onChange={(e) => update({ newEmail: e.target.value })}
          slotProps={{ htmlInput: { 'data-testid': 'account-new-email' } }}
        />
        <TextField
          label={t('auth.account.newPassword')}
          type="password"
          autoComplete="new-password"
          value={form.newPassword}
          error={shortPassword}
          helperText={t('auth.signup.passwordHint', { min: MIN_PASSWORD_LENGTH })}
          onChange={(e) => update({ newPassword: e.target.value })}
          slotProps={{ htmlInput: { 'data-testid': 'account-new-password' } }}
        />
        {nothing && <Alert severity="info">{t('auth.account.nothingToChange')}</Alert>}
        {saved && (
          <Alert severity="success" data-testid="account-saved">
            {t('auth.account.saved')}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          {busy ? t('auth.account.saving') : t('auth.account.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
