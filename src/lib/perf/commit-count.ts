/**
 * Counts the commits in which a component rendered, in development builds only, on
 * `window.__commits[name]`: the end-to-end tests read it to check that the player's page renders
 * once when a week turns (decision 0026). A production build has an empty hook.
 */
import { useEffect } from 'react';

type CountingWindow = Window & { __commits?: Record<string, number> };

function useDevCommitCount(name: string): void {
  useEffect(() => {
    const w = window as CountingWindow;
    w.__commits ??= {};
    w.__commits[name] = (w.__commits[name] ?? 0) + 1;
  });
}

export const useCommitCount: (name: string) => void = import.meta.env.DEV
  ? useDevCommitCount
  : () => undefined;
