/** The error snackbar and the toasts, in one module that loads on demand (`notices.tsx`). */
import { ErrorSnackbar } from '@/lib/errors/error-snackbar';
import { ToastHost } from '@/lib/toast/toast-host';

export default function Snackbars() {
  return (
    <>
      <ErrorSnackbar />
      <ToastHost />
    </>
  );
}
