/** The instructor's team (teams by members, limit 1; spec §7) through the data port. */
import type { DocData, Unsubscribe } from '@sim/core/port/data-port';
import { getDataPort } from '@/lib/data/port';

export interface TeamInfo {
  readonly id: string;
  readonly data: DocData;
  /** Members' names by uid. */
  readonly names: Readonly<Record<string, string>>;
}

export function teamInfo(id: string, data: DocData): TeamInfo {
  const names: Record<string, string> = {};
  const members = data['members'];
  if (typeof members === 'object' && members !== null) {
    for (const [uid, m] of Object.entries(members as Record<string, unknown>)) {
      const name = (m as { name?: unknown } | null)?.name;
      if (typeof name === 'string') names[uid] = name;
    }
  }
  return { id, data, names };
}

/** Calls `next` with the user's team (null when in none), live. */
export function watchTeam(
  uid: string,
  next: (team: TeamInfo | null) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  return getDataPort().docs.onQuery(
    {
      collection: 'teams',
      where: [{ field: 'memberIds', op: 'array-contains', value: uid }],
      limit: 1,
    },
    (snap) => {
      const team = snap.docs[0];
      next(team?.data ? teamInfo(team.id, team.data) : null);
    },
    onError,
  );
}

/**
 * Calls `next` with the seats counted per plan period (business.md §3.7), live: the team's
 * `teams/{tid}/planUsage`, or, for an instructor without a team, their own `users/{uid}/planUsage`
 * (the free allowance).
 */
export function watchPlanUsage(
  scope: { readonly teamId: string } | { readonly uid: string },
  next: (docs: { id: string; data: DocData | undefined }[]) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  const collection =
    'teamId' in scope ? `teams/${scope.teamId}/planUsage` : `users/${scope.uid}/planUsage`;
  return getDataPort().docs.onQuery(
    { collection },
    (snap) => next(snap.docs.map((d) => ({ id: d.id, data: d.data }))),
    onError,
  );
}
