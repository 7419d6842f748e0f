/** The signed-in user as the session pages need it (the app passes it in from the auth feature). */
export interface SessionUser {
  readonly uid: string;
  readonly isAnonymous: boolean;
  readonly email: string | null;
}

export interface SessionPageContext {
  /** The first auth state is known. */
  readonly authReady: boolean;
  readonly user: SessionUser | null;
  /** The signed-in instructor's name (creator name of new games). */
  readonly userName: string;
  /** The name a player was known by (profile playerName or first name). */
  readonly defaultPlayerName: string;
  readonly signInAnonymously: () => Promise<SessionUser>;
}
