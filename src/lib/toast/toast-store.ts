/** Confirmation toasts (spec §8), queued and shown one at a time by `ToastHost`. */
import { create } from 'zustand';
import { clampToastDuration } from '@/lib/toast/toast-duration';

export type ToastSeverity = 'success' | 'info' | 'warning';

export interface Toast {
  readonly id: number;
  /** Already translated text. */
  readonly message: string;
  readonly severity: ToastSeverity;
  readonly durationMs: number;
}

interface ToastState {
  readonly queue: readonly Toast[];
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  queue: [],
  dismiss: (id) => set((s) => ({ queue: s.queue.filter((t) => t.id !== id) })),
}));

export function showToast(
  message: string,
  options: { severity?: ToastSeverity; durationMs?: number } = {},
): void {
  const toast: Toast = {
    id: nextId++,
    message,
    severity: options.severity ?? 'success',
    durationMs: clampToastDuration(options.durationMs),
  };
  useToastStore.setState((s) => ({ queue: [...s.queue, toast] }));
}
