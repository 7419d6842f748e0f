/** Spec §2 navbar logo link (the parts known to the shell; game context comes from game pages). */

export interface LogoContext {
  readonly isInstructor: boolean;
  readonly pathname: string;
  /** Set on game pages once the game is loaded. */
  readonly game?: {
    readonly id: string;
    readonly sessionId?: string;
    /** The creator's public page, when the creator's workspace has an active page. */
    readonly creatorPageUid?: string;
  };
}

export function logoHref(context: LogoContext): string {
  if (context.isInstructor) return '/dashboard/intro';
  const [first, id] = context.pathname.split('/').filter(Boolean);
  if (first === 'user' && id) return `/user/${encodeURIComponent(id)}`;
  if (first === 'session' && id) return `/session/${encodeURIComponent(id)}/lobby`;
  if (first === 'game' && id) {
    const game = context.game;
    if (game?.sessionId) return `/session/${encodeURIComponent(game.sessionId)}/lobby`;
    if (game?.creatorPageUid) return `/user/${encodeURIComponent(game.creatorPageUid)}`;
    return `/game/${encodeURIComponent(id)}`;
  }
  return '/';
}
