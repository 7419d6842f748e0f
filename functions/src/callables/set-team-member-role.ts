/**
 * setTeamMemberRole {teamId, userId, role} → {teamId, userId, role} (decision 0011, consequences).
 *
 * A team admin makes another member admin, or an admin a member again (themselves included), in
 * one transaction on the team. A team always keeps an admin, so the last admin is never made a
 * member; with a second admin, the first may then leave.
 *
 * Refusals: unauthenticated / errorUnauthenticated; permission-denied / errorPermissionDenied (an
 * anonymous caller); permission-denied / teamAdminOnly (not an admin of the team, or no such
 * team); not-found / teamMemberUnknown; failed-precondition / teamLastAdmin.
 */
import { z } from 'zod';
import { CallableError, type CallableHandler } from '../callable';
import { idSchema } from '../ids';
import { teamCaller } from '../teams/caller';
import { type TeamRole, adminCount, isTeamAdmin, memberOf, teamPath } from '../teams/team-docs';

export const name = 'setTeamMemberRole';

export const schema = z
  .object({ teamId: idSchema, userId: idSchema, role: z.enum(['admin', 'member']) })
  .strict();

export type SetTeamMemberRoleData = z.output<typeof schema>;

export interface SetTeamMemberRoleResult {
  readonly teamId: string;
  readonly userId: string;
  readonly role: TeamRole;
}

type Outcome = 'set' | 'admin-only' | 'unknown' | 'last-admin';

export const handle: CallableHandler<SetTeamMemberRoleData, SetTeamMemberRoleResult> = async (
  ctx,
  data,
) => {
  const caller = teamCaller(ctx);
  const { teamId, userId, role } = data;
  const outcome = await ctx.port.docs.runTransaction<Outcome>(async (tx) => {
    const team = (await tx.get(teamPath(teamId))).data;
    if (!isTeamAdmin(team, caller.uid)) return 'admin-only';
    const member = memberOf(team, userId);
    if (!member) return 'unknown';
    if (member.role === role) return 'set';
    if (member.role === 'admin' && adminCount(team) <= 1) return 'last-admin';
    tx.update(teamPath(teamId), { [`members.${userId}.role`]: role });
    return 'set';
  });
  if (outcome === 'admin-only') throw new CallableError('permission-denied', 'teamAdminOnly');
  if (outcome === 'unknown') throw new CallableError('not-found', 'teamMemberUnknown');
  if (outcome === 'last-admin') throw new CallableError('failed-precondition', 'teamLastAdmin');
  return { teamId, userId, role };
};
