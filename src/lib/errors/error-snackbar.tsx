import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useErrorStore } from '@/lib/errors/error-store';
import { useErrorText } from '@/lib/errors/use-error-text';

export function ErrorSnackbar() {
  const error = useErrorStore((s) => s.error);
  const clearError = useErrorStore((s) => s.clearError);
  // Server calls and the data port answer with a message key or a code (errors.json); anything
  // else (a text already translated) is shown as it came.
  const errorText = useErrorText();
  const text = error ? errorText(error.source) : undefined;
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
