/**
 * removeTeamMember {teamId, userId} | {teamId, inviteId} → {removed: true} (spec §7, business.md
 * §3.4).
 *
 * An admin removes a member, or any member leaves (`userId` = the caller); a team always keeps an
 * admin, so the last admin can neither leave nor be removed. In one transaction: the member's
 * entry and id leave `members` / `memberIds`, and `userTeams/{uid}` is deleted. Then the removed
 * member's games, sessions and templates leave the team with them. With `inviteId` instead, an
 * admin cancels a pending invitation (deleting one that is already gone is no error).
 *
 * Refusals: unauthenticated / errorUnauthenticated; permission-denied / errorPermissionDenied (an
 * anonymous caller); permission-denied / teamAdminOnly (not an admin, and not leaving);
 * not-found / teamMemberUnknown (no such member); failed-precondition / teamLastAdmin.
 */
import { z } from 'zod';
import { arrayRemove, deleteField } from '@sim/core/port/field-values';
import { CallableError, type CallableHandler } from '../callable';
import { idSchema } from '../ids';
import { teamCaller } from '../teams/caller';
import { moveOwnDocuments } from '../teams/shared-documents';
import {
  adminCount,
  invitePath,
  isTeamAdmin,
  memberOf,
  teamPath,
  userTeamPath,
} from '../teams/team-docs';

export const name = 'removeTeamMember';

export const schema = z.union([
  z.object({ teamId: idSchema, userId: idSchema }).strict(),
  z.object({ teamId: idSchema, inviteId: z.string().regex(/^[0-9a-f]{64}$/) }).strict(),
]);

export type RemoveTeamMemberData = z.output<typeof schema>;

export interface RemoveTeamMemberResult {
  readonly removed: true;
}

type Outcome = 'removed' | 'admin-only' | 'unknown' | 'last-admin';

export const handle: CallableHandler<RemoveTeamMemberData, RemoveTeamMemberResult> = async (
  ctx,
  data,
) => {
  const caller = teamCaller(ctx);
  const port = ctx.port;
  const path = teamPath(data.teamId);

  if ('inviteId' in data) {
    const team = (await port.docs.get(path)).data;
    if (!isTeamAdmin(team, caller.uid)) {
      throw new CallableError('permission-denied', 'teamAdminOnly');
    }
    await port.docs.delete(invitePath(data.teamId, data.inviteId));
    return { removed: true };
  }

  const { userId } = data;
  const leaving = userId === caller.uid;
  const outcome = await port.docs.runTransaction<Outcome>(async (tx) => {
    const team = (await tx.get(path)).data;
    const index = (await tx.get(userTeamPath(userId))).data;
    if (!memberOf(team, caller.uid) || (!leaving && !isTeamAdmin(team, caller.uid))) {
      return 'admin-only';
    }
    const member = memberOf(team, userId);
    if (!member) return 'unknown';
    if (member.role === 'admin' && adminCount(team) <= 1) return 'last-admin';
    tx.update(path, { [`members.${userId}`]: deleteField(), memberIds: arrayRemove(userId) });
    if (index?.teamId === data.teamId) tx.delete(userTeamPath(userId));
    return 'removed';
  });
  if (outcome === 'admin-only') throw new CallableError('permission-denied', 'teamAdminOnly');
  if (outcome === 'unknown') throw new CallableError('not-found', 'teamMemberUnknown');
  if (outcome === 'last-admin') throw new CallableError('failed-precondition', 'teamLastAdmin');
  await moveOwnDocuments(port, userId, data.teamId, null);
  return { removed: true };
};
