/** The feature board through the data port and the callables. */
import type { PortError, Unsubscribe } from '@sim/core/port/data-port';
import {
  BOARD_SIZE,
  SUGGESTION_LIMITS,
  parseSuggestion,
  sortBoard,
  votedIds,
  type Suggestion,
} from '@/features/suggestions/suggestions-model';
import { getDataPort } from '@/lib/data/port';

/** The board, most voted first, live. */
export function watchSuggestions(
  next: (list: Suggestion[]) => void,
  onError: (error: PortError) => void,
): Unsubscribe {
  return getDataPort().docs.onQuery(
    {
      collection: 'suggestions',
      orderBy: [{ field: 'votes', direction: 'desc' }],
      limit: BOARD_SIZE,
    },
    (snap) =>
      next(
        sortBoard(
          snap.docs.flatMap((d) => {
            const s = parseSuggestion(d.id, d.data);
            return s ? [s] : [];
          }),
        ),
      ),
    onError,
  );
}

/** The ids of the suggestions this user voted for, live. */
export function watchMyVotes(
  uid: string,
  next: (ids: Set<string>) => void,
  onError: (error: PortError) => void,
): Unsubscribe {
  return getDataPort().docs.onQuery(
    { collection: 'suggestionVotes', where: [{ field: 'uid', op: '==', value: uid }] },
    (snap) => next(votedIds(snap.docs.map((d) => ({ id: d.id, data: d.data })))),
    onError,
  );
}

export interface NewSuggestion {
  readonly title: string;
  readonly details: string;
  readonly name: string;
  readonly locale: string;
}

/** Posts a suggestion in the user's name, with no votes yet. */
export async function postSuggestion(uid: string, suggestion: NewSuggestion): Promise<string> {
  const docs = getDataPort().docs;
  const id = docs.newId();
  await docs.set(`suggestions/${id}`, {
    uid,
    name: suggestion.name.trim().slice(0, SUGGESTION_LIMITS.name) || '—',
    title: suggestion.title.trim(),
    details: suggestion.details.trim(),
    votes: 0,
    ...(/^[a-z]{2}$/.test(suggestion.locale) ? { locale: suggestion.locale } : {}),
    created_at: Date.now(),
  });
  return id;
}
