/** The signed-in user as the game pages see it (given by the app, which owns authentication). */
export interface GameUser {
  readonly uid: string;
  readonly isAnonymous: boolean;
  readonly email: string | null;
}
