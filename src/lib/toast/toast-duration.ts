/** Spec §9: toasts last 1.5 to 5 s. */
export const TOAST_MIN_MS = 1500;
export const TOAST_MAX_MS = 5000;
export const TOAST_DEFAULT_MS = 3000;

export function clampToastDuration(ms: number | undefined): number {
  if (ms === undefined || !Number.isFinite(ms)) return TOAST_DEFAULT_MS;
  return Math.min(TOAST_MAX_MS, Math.max(TOAST_MIN_MS, ms));
}
