/**
 * Counts the commits in which a component rendered, on `window.__commits[name]`, in development
 * and in the builds made for the end-to-end tests (`TEST_BUILD`): the tests read it to
 * check that the player's page renders once when a week turns (decision 0026). Any other build
 * has an empty hook.
 */
import { useEffect } from 'react';
import { TEST_BUILD } from '@/lib/perf/test-probes';

type CountingWindow = Window & { __commits?: Record<string, number> };

function useCountedCommits(name: string): void {
  useEffect(() => {
    const w = window as CountingWindow;
    w.__commits ??= {};
    w.__commits[name] = (w.__commits[name] ?? 0) + 1;
  });
}

export const useCommitCount: (name: string) => void =
  import.meta.env.DEV || TEST_BUILD ? useCountedCommits : () => undefined;
