/**
 * The in-app feature board's documents, read defensively: `suggestions/{id}` (posted by
 * instructors, counted by voteSuggestion) and the reader's own `suggestionVotes/{id}~{uid}`.
 */
import type { DocData } from '@sim/core/port/data-port';

/** The bounds the access policy enforces (store/src/policy/collections.ts SUGGESTION_BOUNDS). */
export const SUGGESTION_LIMITS = {
  name: 80,
  title: { min: 3, max: 120 },
  details: 2000,
} as const;

/** How many suggestions the board shows, most voted first. */
export const BOARD_SIZE = 50;

export interface Suggestion {
  readonly id: string;
  readonly uid: string;
  readonly name: string;
  readonly title: string;
  readonly details: string;
  readonly votes: number;
  readonly createdAt: number;
}

export function parseSuggestion(id: string, data: DocData | undefined): Suggestion | null {
  if (!data) return null;
  const { uid, name, title, details, votes, created_at } = data;
  if (typeof title !== 'string' || title.trim() === '') return null;
  return {
    id,
    uid: typeof uid === 'string' ? uid : '',
    name: typeof name === 'string' ? name.slice(0, SUGGESTION_LIMITS.name) : '',
    title: title.slice(0, SUGGESTION_LIMITS.title.max),
    details: typeof details === 'string' ? details.slice(0, SUGGESTION_LIMITS.details) : '',
    votes: typeof votes === 'number' && Number.isInteger(votes) && votes > 0 ? votes : 0,
    createdAt: typeof created_at === 'number' && Number.isFinite(created_at) ? created_at : 0,
  };
}

/** Most voted first; among equal counts, the newest first. */
export function sortBoard(list: readonly Suggestion[]): Suggestion[] {
  return [...list].sort((a, b) => b.votes - a.votes || b.createdAt - a.createdAt);
}

/** The suggestion ids the reader voted for, from its vote documents. */
export function votedIds(docs: readonly { id: string; data: DocData | undefined }[]): Set<string> {
  const ids = new Set<string>();
  for (const { data } of docs) {
    const sid = data?.['sid'];
    if (typeof sid === 'string') ids.add(sid);
  }
  return ids;
}

/** The votes still awaited (suggestion id → voted) once the reader's live votes are `ids`. */
export function settledVotes(
  waiting: ReadonlyMap<string, boolean>,
  ids: ReadonlySet<string>,
): ReadonlyMap<string, boolean> {
  const left = new Map([...waiting].filter(([id, voted]) => ids.has(id) !== voted));
  return left.size === waiting.size ? waiting : left;
}

export type TitleProblem = 'tooShort' | 'tooLong' | null;

export function titleProblem(title: string): TitleProblem {
  const length = title.trim().length;
  if (length < SUGGESTION_LIMITS.title.min) return 'tooShort';
  if (length > SUGGESTION_LIMITS.title.max) return 'tooLong';
  return null;
}
