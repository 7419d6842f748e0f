/**
 * False on a component's first render, true from the render after the browser has painted it.
 * A page renders what the eye reaches first in its mount and the rest in a later task: on a
 * phone the mount of a whole game page is one task long enough to hold up a tap.
 */
import { startTransition, useEffect, useState, type ReactNode } from 'react';

function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // After the next frame has been drawn: a task queued from inside requestAnimationFrame.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** Its children, from the render after its mount has been painted (`usePainted`). */
export function AfterPaint({ children }: { children: ReactNode }): ReactNode {
  return usePainted() ? children : null;
}
