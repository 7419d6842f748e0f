/**
 * The part of the browser's `Storage` that small per-browser preferences use, so their code
 * takes it as an argument and tests pass a map or a store that throws.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The browser's localStorage, or null where even reaching it throws (a blocked site). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
