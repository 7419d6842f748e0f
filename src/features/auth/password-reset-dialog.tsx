import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from '@/features/auth/auth-api';
import { showError, useErrorStore } from '@/lib/errors/error-store';

/**
 * Asks for the reset email. Spec §5: whatever the failure (unknown address, malformed, network),
 * the message is authEmailNotFound.
 */
export function PasswordResetDialog({
  open,
  initialEmail,
  onClose,
}: {
  open: boolean;
  initialEmail: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setSentTo(email.trim());
      useErrorStore.getState().clearError();
    } catch {
      showError(new Error('authEmailNotFound'), { report: false });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{
        transition: { onEnter: () => (setEmail(initialEmail), setSentTo(null)) },
        paper: {
          component: 'form',
          onSubmit: (e: FormEvent) => void submit(e),
          'data-testid': 'password-reset',
        } as object,
      }}
    >
      <>
        <DialogTitle>{t('auth.reset.title')}</DialogTitle>
        <DialogContent>
          {sentTo ? (
            <Alert severity="success" data-testid="password-reset-sent">
              {t('auth.reset.sent', { email: sentTo })}
            </Alert>
          ) : (
            <>
              <DialogContentText sx={{ mb: 2 }}>{t('auth.reset.description')}</DialogContentText>
              <TextField
                label={t('auth.fields.email')}
                type="email"
                autoComplete="email"
                required
                autoFocus
                fullWidth
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>
            {sentTo ? t('auth.reset.close') : t('auth.reset.cancel')}
          </Button>
          {!sentTo && (
            <Button type="submit" variant="contained" disabled={busy}>
              {t('auth.reset.submit')}
            </Button>
          )}
        </DialogActions>
      </>
    </Dialog>
  );
}
