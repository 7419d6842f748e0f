import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useToastStore } from '@/lib/toast/toast-store';

export function ToastHost() {
  const toast = useToastStore((s) => s.queue[0]);
  const dismiss = useToastStore((s) => s.dismiss);
  if (!toast) return null;
  return (
    <Snackbar
      key={toast.id}
      open
      autoHideDuration={toast.durationMs}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') dismiss(toast.id);
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert
        severity={toast.severity}
        variant="filled"
        onClose={() => dismiss(toast.id)}
        sx={{ width: '100%' }}
      >
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
