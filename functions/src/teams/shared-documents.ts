/**
 * What a member shares (spec §6): teammates see each other's games, templates and sessions
 * through their `team` field. A member's documents follow the member: those without a team join
 * the team when the member does (or creates it), and those of the team leave it with the member,
 * so nobody keeps access to the games of a colleague who left, and a leaver keeps their own.
 */
import type { DataPort, DocSnapshot } from '@sim/core/port/data-port';

/** The collections whose documents carry `creator` and `team`. */
export const SHARED_COLLECTIONS = ['games', 'sessions', 'templates', 'sessionTemplates'] as const;

/** Documents read per query page, and writes per batch (Firestore allows 500). */
const PAGE = 300;

function teamOf(doc: DocSnapshot): string | null {
  const team = doc.data?.team;
  return typeof team === 'string' && team !== '' ? team : null;
}

/**
 * Sets `team = to` on the documents `uid` created whose team is `from` (null: none). Returns how
 * many changed.
 */
export async function moveOwnDocuments(
  port: DataPort,
  uid: string,
  from: string | null,
  to: string | null,
): Promise<number> {
  let moved = 0;
  for (const collection of SHARED_COLLECTIONS) {
    let after: DocSnapshot | undefined;
    for (;;) {
      const page = await port.docs.query({
        collection,
        where: [{ field: 'creator', op: '==', value: uid }],
        limit: PAGE,
        ...(after ? { startAfter: after } : {}),
      });
      const batch = port.docs.batch();
      let writes = 0;
      for (const doc of page) {
        if (teamOf(doc) !== from) continue;
        batch.update(doc.path, { team: to });
        writes++;
      }
      if (writes > 0) await batch.commit();
      moved += writes;
      if (page.length < PAGE) break;
      after = page[page.length - 1];
    }
  }
  return moved;
}
