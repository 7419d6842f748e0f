/**
 * The checks every game editor makes besides its game type's configuration: the game's name and
 * the debrief questions. Keys under `game.validation.`; paths name the fields. Pure.
 */
import type { FieldIssue } from '@/features/games/shared/editor-fields';
import type { DebriefConfig } from '@/features/games/shared/game-model';

/** A game needs a name. */
export function nameIssues(name: string): FieldIssue[] {
  return name.trim() === '' ? [{ key: 'general.name.required', path: 'name' }] : [];
}

/** Active questions need a text, and a choice question two choices. */
export function debriefIssues(config: Pick<DebriefConfig, 'questionsSection'>): FieldIssue[] {
  const qs = config.questionsSection;
  if (!qs.active) return [];
  const issues: FieldIssue[] = [];
  qs.questions.forEach((q, i) => {
    if (q.text.trim() === '') {
      issues.push({ key: 'debrief.question.empty', path: `questions.${i}.text` });
    }
    if (q.kind === 'choice' && (q.options ?? []).filter((c) => c.trim() !== '').length < 2) {
      issues.push({ key: 'debrief.question.choices', path: `questions.${i}.options` });
    }
  });
  return issues;
}
