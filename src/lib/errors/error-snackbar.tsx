import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { useErrorStore } from '@/lib/errors/error-store';

export function ErrorSnackbar() {
  const error = useErrorStore((s) => s.error);
  const clearError = useErrorStore((s) => s.clearError);
  const { t, i18n } = useTranslation();
  // Server calls answer with a message key (errors.json); anything else is shown as it came.
  const key = `errors.${error?.message ?? ''}`;
  const text = error && i18n.exists(key) ? t(key as 'errors.errorInternal') : error?.message;
  return (
    <Snackbar
      key={error?.id}
      open={error !== null}
      autoHideDuration={6000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') clearError();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="error" variant="filled" onClose={clearError} sx={{ width: '100%' }}>
        {text}
      </Alert>
    </Snackbar>
  );
}
