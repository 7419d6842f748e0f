/**
 * The app's first commit. React renders the first page as a transition, in slices; a store read
 * with `useSyncExternalStore` (zustand's stores) that changes between two slices makes React
 * throw the slices away and render the whole page again in one task, to show one state of the
 * store. Writes that can wait, such as the signed-in user's profile arriving from the network,
 * wait for the first commit (`afterFirstCommit`).
 */
export interface CommitGate {
  /** Runs what waited, once; later calls do nothing. */
  readonly open: () => void;
  /** Runs `run` now if the gate is open, else once it opens, in the order given. */
  readonly after: (run: () => void) => void;
}

export function createCommitGate(): CommitGate {
  let opened = false;
  const waiting: (() => void)[] = [];
  return {
    open() {
      if (opened) return;
      opened = true;
      for (const run of waiting.splice(0)) run();
    },
    after(run) {
      if (opened) run();
      else waiting.push(run);
    },
  };
}

const firstCommit = createCommitGate();

/**
 * Called once the app's first render is on screen (its root's first effect). What waited runs in
 * a task of its own: run in the effect, a store write would render at once, in the task that
 * committed the page.
 */
export function firstCommitDone(): void {
  setTimeout(firstCommit.open, 0);
}

/** Runs `run` now if the app has committed its first render, else right after it does. */
export const afterFirstCommit: (run: () => void) => void = firstCommit.after;
