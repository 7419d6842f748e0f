import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useErrorStore } from '@/lib/errors/error-store';

export function ErrorSnackbar() {
  const error = useErrorStore((s) => s.error);
  const clearError = useErrorStore((s) => s.clearError);
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
        {error?.message}
      </Alert>
    </Snackbar>
  );
}
