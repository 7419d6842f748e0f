/** The shared error state of spec §8, shown by `ErrorSnackbar` and reported when reporting is configured. */
import { create } from 'zustand';
import { errorMessage } from '@/lib/errors/error-message';
import { reportError } from '@/lib/sentry';

export interface ShownError {
  readonly id: number;
  readonly message: string;
  /** What was thrown, so the snackbar can find the translated text (`errorKey`). */
  readonly source: unknown;
}

interface ErrorState {
  readonly error: ShownError | null;
  clearError: () => void;
}

let nextId = 1;

export const useErrorStore = create<ErrorState>()((set) => ({
  error: null,
  clearError: () => set({ error: null }),
}));

/**
 * Shows an error to the user. `error` may be an exception (its message is shown without the
 * 'Firebase: ' prefix) or an already translated text. Exceptions are reported.
 */
export function showError(error: unknown, options: { report?: boolean } = {}): void {
  if (options.report ?? typeof error !== 'string') reportError(error);
  useErrorStore.setState({ error: { id: nextId++, message: errorMessage(error), source: error } });
}
