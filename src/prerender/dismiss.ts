/**
 * The app takes the screen from the prerendered page (`#prerender`, shown while the JavaScript
 * loads; the app renders underneath, hidden, so nothing moves when it is swapped in):
 * - the home page, once the app's home page is on screen (`dismissPrerender`);
 * - a game page's frame, once the app shows more than a page loader (`dismissFrameWhenShown`):
 *   until then the frame already shows what the app would, the game's name above a loader
 *   included, where the app would drop the name while it reads the game.
 */
export function dismissPrerender(): void {
  document.getElementById('prerender')?.remove();
}

/** The longest a frame waits for the app's page: past it, the app's own loader is as good. */
const FRAME_LONGEST_MS = 10_000;

let loadersOnScreen = 0;
let frameWaits = false;

function dismissIfShown(): void {
  // After the commit under way: a loader that another replaces in the same commit keeps the frame.
  queueMicrotask(() => {
    if (frameWaits && loadersOnScreen === 0) dismissPrerender();
  });
}

/** A page loader on screen (`PageLoader`); the returned function takes it off. */
export function holdFrame(): () => void {
  loadersOnScreen += 1;
  return () => {
    loadersOnScreen -= 1;
    dismissIfShown();
  };
}

/**
 * On a page other than home: a game page's frame goes once no page loader is on screen, at the
 * latest after FRAME_LONGEST_MS, and any other prerendered page at once. The returned function
 * stops the wait's timer.
 */
export function dismissFrameWhenShown(): () => void {
  // The home page's stand-in goes at once when the app shows another page.
  if (document.getElementById('prerender')?.dataset['page'] !== 'gameFrame') {
    dismissPrerender();
    return () => undefined;
  }
  frameWaits = true;
  dismissIfShown();
  const timer = setTimeout(dismissPrerender, FRAME_LONGEST_MS);
  return () => clearTimeout(timer);
}
