/**
 * The session games this tab has already taken its player to. A player is moved to its team's
 * game once when a round starts; one who goes back to the lobby, or to an earlier round, on
 * purpose is not moved again to the same game. Kept per tab (sessionStorage).
 */
const key = (sid: string) => `simgames.sessionGame.${sid}`;

export function enteredGame(sid: string): string | null {
  try {
    return window.sessionStorage.getItem(key(sid));
  } catch {
    return null;
  }
}

export function rememberEnteredGame(sid: string, gid: string): void {
  try {
    window.sessionStorage.setItem(key(sid), gid);
  } catch {
    // Storage refused (private mode): the player may be moved again, nothing worse.
  }
}
