/** The 13 default game templates (spec §9): beer templates first, then lean. */
import { BEER_TEMPLATES } from './beer-templates';
import { LEAN_TEMPLATES } from './lean-templates';
import type { GameTemplate } from './types';

export const GAME_TEMPLATES: readonly GameTemplate[] = [...BEER_TEMPLATES, ...LEAN_TEMPLATES];

export function gameTemplateById(id: string): GameTemplate | undefined {
  return GAME_TEMPLATES.find((t) => t.id === id);
}
