/** What every section of the lean editor gets: the configuration, its edits and its issues. */
import type { LeanGameInput } from '@sim/core/lean/model';
import type { FieldIssue } from '@/features/games/shared/editor-fields';

export interface LeanSectionProps {
  readonly config: LeanGameInput;
  /** Applies a pure edit of `editor-draft.ts` to the draft's configuration. */
  readonly change: (edit: (config: LeanGameInput) => LeanGameInput) => void;
  /** The issue at a path of `validateLeanGame`, if any. */
  readonly issueAt: (path: string) => FieldIssue | undefined;
  /** How many issues lie under the paths starting with these prefixes. */
  readonly countUnder: (...prefixes: string[]) => number;
}
