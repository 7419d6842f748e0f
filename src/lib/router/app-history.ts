/**
 * The browser history the app's router runs on: react-router's own, with the two things its
 * declarative router leaves out and the app needs. A page with unsaved changes can hold a
 * navigation until the user says whether to leave (`useLeaveBlocker`), and each page's scroll
 * position is kept as the page is left, so that Back returns to it (`scroll-restoration.tsx`).
 *
 * A blocked Back or Forward has already moved the browser: it is undone with `go(-delta)`, and
 * done again on `proceed()`, from the index react-router keeps in `history.state`.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  parsePath,
  type Location,
  type Path,
  type To,
} from 'react-router-dom';

/** Whether leaving `current` for `next` must wait for the user's answer. */
export type ShouldBlock = (move: { currentLocation: Location; nextLocation: Path }) => boolean;

export type BlockerState =
  | { readonly blocked: false }
  | { readonly blocked: true; readonly proceed: () => void; readonly reset: () => void };

type History = ReturnType<typeof createBrowserHistory>;

const UNBLOCKED: BlockerState = { blocked: false };

export interface AppHistory extends History {
  /** Sets the one active blocker; returns its removal. */
  block(shouldBlock: ShouldBlock): () => void;
  /** The blocked navigation, if any (for useSyncExternalStore). */
  blockerState(): BlockerState;
  subscribeBlocker(onChange: () => void): () => void;
  /** The scroll position each path had when it was last left. */
  readonly scrollPositions: Map<string, number>;
}

const SCROLL_KEY = 'simgames.scrollPositions';

function readScrollPositions(storage: Storage | undefined): Map<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SCROLL_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return new Map();
    return new Map(
      Object.entries(parsed).filter(
        (entry): entry is [string, number] =>
          typeof entry[1] === 'number' && Number.isFinite(entry[1]),
      ),
    );
  } catch {
    return new Map();
  }
}

function sessionStore(win: Window): Storage | undefined {
  try {
    return win.sessionStorage;
  } catch {
    return undefined;
  }
}

function pathOf(to: To): Path {
  const path = typeof to === 'string' ? parsePath(to) : to;
  return { pathname: path.pathname ?? '', search: path.search ?? '', hash: path.hash ?? '' };
}

export function createAppHistory(win: Window = window): AppHistory {
  const inner = createBrowserHistory({ window: win, v5Compat: true });
  const scrollPositions = readScrollPositions(sessionStore(win));
  let shouldBlock: ShouldBlock | null = null;
  let state: BlockerState = UNBLOCKED;
  const watchers = new Set<() => void>();
  /** The location the router shows: after a Back, `inner.location` is already the next one. */
  let shown: Location = inner.location;
  /** `go`s of ours that undo a blocked Back: their pops are not navigations. */
  let ownPops = 0;
  let proceeding = false;

  // The position is restored by the app (the page's content may load after the pop).
  if ('scrollRestoration' in win.history) win.history.scrollRestoration = 'manual';
  win.addEventListener('pagehide', () => {
    rememberScroll();
    try {
      sessionStore(win)?.setItem(SCROLL_KEY, JSON.stringify(Object.fromEntries(scrollPositions)));
    } catch {
      // Storage full or refused: positions last for this page only.
    }
  });

  function rememberScroll(): void {
    scrollPositions.set(shown.pathname, win.scrollY);
  }

  function setState(next: BlockerState): void {
    state = next;
    for (const watcher of watchers) watcher();
  }

  function blocks(next: Path): boolean {
    return (
      !proceeding &&
      shouldBlock !== null &&
      shouldBlock({ currentLocation: shown, nextLocation: next })
    );
  }

  /** Holds `run` until the user answers, or runs it now. */
  function guarded(next: Path, run: () => void): void {
    if (!blocks(next)) {
      rememberScroll();
      run();
      return;
    }
    setState({
      blocked: true,
      proceed: () => {
        setState(UNBLOCKED);
        proceeding = true;
        try {
          rememberScroll();
          run();
        } finally {
          proceeding = false;
        }
      },
      reset: () => setState(UNBLOCKED),
    });
  }

  const history: AppHistory = {
    get action() {
      return inner.action;
    },
    get location() {
      return inner.location;
    },
    createHref: (to) => inner.createHref(to),
    createURL: (to) => inner.createURL(to),
    encodeLocation: (to) => inner.encodeLocation(to),
    push(to, pushState?: unknown) {
      guarded(pathOf(to), () => inner.push(to, pushState));
    },
    replace(to, replaceState?: unknown) {
      guarded(pathOf(to), () => inner.replace(to, replaceState));
    },
    go: (delta) => inner.go(delta),
    listen(listener) {
      return inner.listen((update) => {
        if (update.action === 'POP') {
          // The undo of a blocked Back: the router still shows that page.
          if (ownPops > 0) {
            ownPops -= 1;
            return;
          }
          if (update.delta !== null && update.delta !== 0 && blocks(update.location)) {
            const delta = update.delta;
            ownPops += 1;
            inner.go(-delta);
            setState({
              blocked: true,
              proceed: () => {
                setState(UNBLOCKED);
                // Its pop arrives later; `proceeding` lets it through.
                proceeding = true;
                inner.go(delta);
              },
              reset: () => setState(UNBLOCKED),
            });
            return;
          }
          proceeding = false;
          rememberScroll();
        }
        shown = update.location;
        listener(update);
      });
    },
    block(next) {
      shouldBlock = next;
      return () => {
        if (shouldBlock !== next) return;
        shouldBlock = null;
        if (state.blocked) setState(UNBLOCKED);
      };
    },
    blockerState: () => state,
    subscribeBlocker(onChange) {
      watchers.add(onChange);
      return () => watchers.delete(onChange);
    },
    scrollPositions,
  };
  return history;
}

let appHistory: AppHistory | null = null;

/** The app's one history, made on first use. */
export function getAppHistory(): AppHistory {
  appHistory ??= createAppHistory();
  return appHistory;
}

/**
 * Holds the app's navigations (links, Back and Forward) that `shouldBlock` names until the page
 * answers with `proceed()` or `reset()`. One page blocks at a time.
 */
export function useLeaveBlocker(shouldBlock: ShouldBlock, history = getAppHistory()): BlockerState {
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => history.block((move) => latest.current(move)), [history]);
  return useSyncExternalStore(history.subscribeBlocker, history.blockerState);
}
