/**
 * voteSuggestion {id, vote} → {votes, voted}: the caller's vote on a suggestion of the in-app
 * feature board (the Suggest-a-feature tab without Canny).
 *
 * One vote per user per suggestion: the vote is the document `suggestionVotes/{id}~{uid}`, and
 * the suggestion's `votes` count changes in the same transaction, only when that document is
 * created (vote: true) or deleted (vote: false). Voting twice, or taking back a vote never given,
 * changes nothing and answers the current count. Clients never write either document.
 *
 * Refusals, nothing changed: a signed-out caller (errorUnauthenticated), an anonymous player or an
 * account without an email (errorBoardNeedsAccount), an unknown suggestion
 * (errorSuggestionUnknown).
 */
import { z } from 'zod';
import type { DocumentPort } from '@sim/core/port/data-port';
import { increment } from '@sim/core/port/field-values';
import { CallableError, type CallableHandler } from '../callable';
import { idSchema } from '../ids';

export const name = 'voteSuggestion';

export const schema = z.object({
  id: idSchema,
  vote: z.boolean(),
});

export type VoteSuggestionData = z.output<typeof schema>;

export interface VoteSuggestionResult {
  readonly votes: number;
  readonly voted: boolean;
}

/** The vote document of a user on a suggestion. */
export function votePath(suggestionId: string, uid: string): string {
  return `suggestionVotes/${suggestionId}~${uid}`;
}

function isAccount(token: Readonly<Record<string, unknown>>): boolean {
  const firebase = token['firebase'];
  const provider =
    typeof firebase === 'object' && firebase !== null
      ? (firebase as Record<string, unknown>)['sign_in_provider']
      : undefined;
  return provider !== 'anonymous' && typeof token['email'] === 'string' && token['email'] !== '';
}

/** The vote transactions of this instance, per document port and suggestion, chained. */
const voteQueues = new WeakMap<DocumentPort, Map<string, Promise<unknown>>>();

/**
 * Runs `work` after the votes on the same suggestion this instance already started. A popular
 * suggestion's count is one document: transactions of one instance taking turns do not abort each
 * other (the Firestore emulator's locks time out under a burst); other instances still retry.
 */
function inVoteOrder<T>(
  docs: DocumentPort,
  suggestionId: string,
  work: () => Promise<T>,
): Promise<T> {
  let queues = voteQueues.get(docs);
  if (!queues) {
    queues = new Map();
    voteQueues.set(docs, queues);
  }
  const result = (queues.get(suggestionId) ?? Promise.resolve()).then(work, work);
  const settled = result.catch(() => undefined);
  queues.set(suggestionId, settled);
  void settled.then(() => {
    // The last in line leaves no entry behind.
    if (queues.get(suggestionId) === settled) queues.delete(suggestionId);
  });
  return result;
}

export const handle: CallableHandler<VoteSuggestionData, VoteSuggestionResult> = async (
  ctx,
  data,
) => {
  const auth = ctx.auth;
  if (!auth) throw new CallableError('unauthenticated', 'errorUnauthenticated');
  if (!isAccount(auth.token)) {
    throw new CallableError('permission-denied', 'errorBoardNeedsAccount');
  }
  const suggestionPath = `suggestions/${data.id}`;
  const ballot = votePath(data.id, auth.uid);
  const docs = ctx.port.docs;
  return inVoteOrder(docs, data.id, () =>
    docs.runTransaction(async (tx) => {
      const suggestion = await tx.get(suggestionPath);
      if (!suggestion.exists || !suggestion.data) {
        throw new CallableError('not-found', 'errorSuggestionUnknown');
      }
      const stored = suggestion.data['votes'];
      const votes =
        typeof stored === 'number' && Number.isInteger(stored) && stored > 0 ? stored : 0;
      const existing = await tx.get(ballot);
      if (data.vote === existing.exists) return { votes, voted: existing.exists };
      if (data.vote) {
        tx.set(ballot, { sid: data.id, uid: auth.uid, created_at: ctx.now() });
        tx.update(suggestionPath, { votes: increment(1) });
        return { votes: votes + 1, voted: true };
      }
      tx.delete(ballot);
      // Never below zero, whatever the count held.
      tx.update(suggestionPath, votes > 0 ? { votes: increment(-1) } : { votes: 0 });
      return { votes: Math.max(0, votes - 1), voted: false };
    }),
  );
};
