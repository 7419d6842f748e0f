/**
 * The caller's team, created when first needed (an invitation, a trial, a purchase): the one
 * place a team comes into being. The creator is its admin; the documents they already made
 * (games, sessions, templates) join it, so the colleagues they invite see them.
 */
import type { DataPort, DocData } from '@sim/core/port/data-port';
import { cleanName, memberOf, normaliseEmail, teamPath, userTeamPath } from './team-docs';
import { moveOwnDocuments } from './shared-documents';

export interface TeamOwner {
  readonly uid: string;
  /** The name teammates see; the profile's name is preferred when there is one. */
  readonly name: string;
  readonly email: string;
}

export interface EnsuredTeam {
  readonly teamId: string;
  readonly team: DocData;
  /** True when this call created the team. */
  readonly created: boolean;
}

/** The profile's display name: `name`, else first and last name, else ''. */
export async function profileName(port: DataPort, uid: string): Promise<string> {
  const profile = (await port.docs.get(`users/${uid}`)).data;
  const name = cleanName(profile?.name);
  if (name) return name;
  return cleanName(`${cleanName(profile?.firstname)} ${cleanName(profile?.lastname)}`);
}

/**
 * The team `uid` belongs to (its id and document), or null. Read from `userTeams/{uid}`; a team
 * made before that index existed (seeded data) is found by `memberIds` and indexed on the way.
 */
export async function findTeamOf(
  port: DataPort,
  uid: string,
  now: number,
): Promise<{ teamId: string; team: DocData } | null> {
  const index = (await port.docs.get(userTeamPath(uid))).data;
  const indexed = index?.teamId;
  if (typeof indexed === 'string' && indexed !== '') {
    const team = (await port.docs.get(teamPath(indexed))).data;
    if (team && memberOf(team, uid)) return { teamId: indexed, team };
  }
  const [found] = await port.docs.query({
    collection: 'teams',
    where: [{ field: 'memberIds', op: 'array-contains', value: uid }],
    limit: 1,
  });
  if (!found?.data || !memberOf(found.data, uid)) return null;
  await port.docs.set(userTeamPath(uid), { teamId: found.id, joined_at: now });
  return { teamId: found.id, team: found.data };
}

/**
 * Returns the owner's team, creating it (owner = admin) when they have none. Concurrent calls
 * for one user create one team: the transaction reads `userTeams/{uid}`, which every change of
 * membership writes.
 */
export async function ensureTeam(
  port: DataPort,
  owner: TeamOwner,
  now: number,
): Promise<EnsuredTeam> {
  const existing = await findTeamOf(port, owner.uid, now);
  if (existing) return { ...existing, created: false };
  const name = (await profileName(port, owner.uid)) || cleanName(owner.name) || owner.email;
  const result = await port.docs.runTransaction<EnsuredTeam>(async (tx) => {
    const index = (await tx.get(userTeamPath(owner.uid))).data;
    const indexed = index?.teamId;
    if (typeof indexed === 'string' && indexed !== '') {
      const team = (await tx.get(teamPath(indexed))).data;
      if (team && memberOf(team, owner.uid)) return { teamId: indexed, team, created: false };
    }
    const teamId = port.docs.newId();
    const team: DocData = {
      id: teamId,
      name,
      createdBy: owner.uid,
      created_at: now,
      members: {
        [owner.uid]: {
          name,
          email: normaliseEmail(owner.email),
          role: 'admin',
          games: [],
          joined_at: now,
        },
      },
      memberIds: [owner.uid],
      plans: {},
    };
    tx.set(teamPath(teamId), team);
    tx.set(userTeamPath(owner.uid), { teamId, joined_at: now });
    return { teamId, team, created: true };
  });
  if (result.created) await moveOwnDocuments(port, owner.uid, null, result.teamId);
  return result;
}
