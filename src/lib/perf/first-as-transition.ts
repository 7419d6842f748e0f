import { startTransition } from 'react';

/**
 * For a listener's state updates: the first one, which mounts a screen or a page's frame, as a
 * transition, so React renders it in slices and a phone answers a tap between them instead of
 * running one long task; the later ones urgent, so a game's clock and its other documents'
 * updates never hold a transition back. One per subscription.
 */
export function firstAsTransition(): (update: () => void) => void {
  let shown = false;
  return (update) => {
    if (shown) update();
    else startTransition(update);
    shown = true;
  };
}
