/**
 * The leaderboard's boards: a tab per game type, a board per template a game is ranked under
 * (the beer demo's first), and the board the address names (`?game=lean&board=lean-flow`), so a
 * board can be linked to.
 */
import { BEER_TEMPLATES } from '@sim/core/templates/beer-templates';
import { DEMO_TEMPLATE_ID } from '@sim/core/templates/demo-game';
import { LEAN_TEMPLATES } from '@sim/core/templates/lean-templates';

export const BOARDS = {
  beer: [DEMO_TEMPLATE_ID, ...BEER_TEMPLATES.map((t) => t.id)],
  lean: LEAN_TEMPLATES.map((t) => t.id),
} as const satisfies Record<string, readonly string[]>;

export type GameKind = keyof typeof BOARDS;

/** A game type's first board. */
export function firstBoard(kind: GameKind): string {
  return BOARDS[kind][0] ?? DEMO_TEMPLATE_ID;
}

/** The board the address names; an unknown game type or board falls back to the first. */
export function boardFromAddress(search: URLSearchParams): { kind: GameKind; board: string } {
  const kind: GameKind = search.get('game') === 'lean' ? 'lean' : 'beer';
  const asked = search.get('board');
  const boards: readonly string[] = BOARDS[kind];
  return { kind, board: asked !== null && boards.includes(asked) ? asked : firstBoard(kind) };
}
