/**
 * The app takes the screen from the prerendered home page (index.html's `#prerender`, shown while
 * the JavaScript loads): once the app's home page is on screen, or at once on any other page.
 * Until then the app renders underneath, hidden, so nothing moves when it is swapped in.
 */
export function dismissPrerender(): void {
  document.getElementById('prerender')?.remove();
}
