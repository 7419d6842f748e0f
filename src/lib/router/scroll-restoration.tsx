import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { getAppHistory, type AppHistory } from '@/lib/router/app-history';

/** How long a returning page may take to grow tall enough for its kept position. */
const RESTORE_WAIT_MS = 3000;

/**
 * Scrolls to `y` now, or as soon as the page is tall enough: a page read afresh on Back shows its
 * loader first. The user's own scrolling, or the next page, ends the wait.
 */
function restoreScroll(y: number): () => void {
  const reachable = () => document.documentElement.scrollHeight - window.innerHeight >= y - 1;
  window.scrollTo(0, y);
  if (reachable()) return () => undefined;
  const observer = new ResizeObserver(() => {
    if (!reachable()) return;
    window.scrollTo(0, y);
    stop();
  });
  const userEvents = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
  const timer = window.setTimeout(stop, RESTORE_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of userEvents) window.removeEventListener(type, stop);
  }
  observer.observe(document.body);
  for (const type of userEvents) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/**
 * A new page opens at its top, as a page loaded afresh does (a player taken from the lobby to
 * the game would see its middle otherwise); Back and Forward, and a reload, return to where the
 * page was; an anchor is scrolled to; and a new query on the same page keeps its place.
 * Positions are kept per path by the app's history as each page is left.
 */
export function ScrollRestoration({ history = getAppHistory() }: { history?: AppHistory }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previousPath = useRef<string | null>(null);

  useLayoutEffect(() => {
    const samePage = previousPath.current === location.pathname;
    previousPath.current = location.pathname;
    const saved = history.scrollPositions.get(location.pathname);
    if (navigationType === 'POP' && saved !== undefined) return restoreScroll(saved);
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return undefined;
      }
    }
    if (!samePage) window.scrollTo(0, 0);
    return undefined;
  }, [history, location.key, location.pathname, location.hash, navigationType]);
  return null;
}
