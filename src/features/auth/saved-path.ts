/** The path a guard redirect interrupted, kept for the tab's life and restored on the dashboard. */
import { isSafeInternalPath } from '@/features/auth/route-guard';

const KEY = 'simgames.savedPath';

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readSavedPath(): string | null {
  const value = storage()?.getItem(KEY) ?? null;
  return isSafeInternalPath(value) ? value : null;
}

export function writeSavedPath(path: string): void {
  storage()?.setItem(KEY, path);
}

export function clearSavedPath(): void {
  storage()?.removeItem(KEY);
}
