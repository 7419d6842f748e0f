/**
 * joinTeamMember {teamId, userId, userEmail, name} → {teamId, role: 'member', games} (spec §7,
 * business.md §3.9).
 *
 * The invitee joins the team that invited them. Team ids are public (every game carries its
 * team), so the id grants nothing: the caller must be `userId`, `userEmail` must be the address
 * of the caller's ID token and that address must be verified (otherwise anyone could sign up
 * with the invited address), and an unexpired invitation for it must exist. In one transaction:
 * `members.{uid} = {name, email, role: 'member', games}` (the invitation's games), `memberIds`,
 * `userTeams/{uid}`, and the invitation deleted. Then the caller's games, sessions and templates
 * without a team join it. Joining again is harmless (the membership is returned as it is).
 *
 * Refusals: unauthenticated / errorUnauthenticated; permission-denied / errorPermissionDenied
 * (another user id or address, an anonymous caller); failed-precondition / teamJoinVerifyEmail;
 * permission-denied / teamInviteMissing (no unexpired invitation for that address, or no such
 * team: the two are not told apart); failed-precondition / teamAlreadyInOther (a member of
 * another team, which the member must leave first); resource-exhausted / teamLicensesExhausted
 * (the licences filled up since the invitation).
 */
import { z } from 'zod';
import { arrayUnion } from '@sim/core/port/field-values';
import { CallableError, type CallableHandler } from '../callable';
import { idSchema } from '../ids';
import { teamCaller } from '../teams/caller';
import { findTeamOf } from '../teams/ensure-team';
import { moveOwnDocuments } from '../teams/shared-documents';
import {
  type GameType,
  cleanName,
  gameTypesOf,
  inviteIdFor,
  invitePath,
  licenceExhausted,
  memberOf,
  normaliseEmail,
  teamPath,
  userTeamPath,
} from '../teams/team-docs';

export const name = 'joinTeamMember';

export const schema = z.object({
  teamId: idSchema,
  userId: idSchema,
  userEmail: z.string().max(320),
  name: z.string().max(200).optional(),
});

export type JoinTeamMemberData = z.output<typeof schema>;

export interface JoinTeamMemberResult {
  readonly teamId: string;
  readonly role: 'admin' | 'member';
  readonly games: readonly GameType[];
}

type Outcome =
  | { readonly kind: 'joined' | 'already'; readonly result: JoinTeamMemberResult }
  | { readonly kind: 'refused'; readonly code: 'missing' | 'other' | 'licences' };

export const handle: CallableHandler<JoinTeamMemberData, JoinTeamMemberResult> = async (
  ctx,
  data,
) => {
  const caller = teamCaller(ctx);
  if (data.userId !== caller.uid || normaliseEmail(data.userEmail) !== caller.email) {
    throw new CallableError('permission-denied', 'errorPermissionDenied');
  }
  if (!caller.emailVerified) {
    throw new CallableError('failed-precondition', 'teamJoinVerifyEmail');
  }
  const now = ctx.now();
  const port = ctx.port;
  const { teamId } = data;
  // Indexes a membership made before `userTeams` existed, so the transaction below sees it.
  const current = await findTeamOf(port, caller.uid, now);
  const inviteDoc = invitePath(teamId, inviteIdFor(caller.email));

  const outcome = await port.docs.runTransaction<Outcome>(async (tx) => {
    const team = (await tx.get(teamPath(teamId))).data;
    const invite = (await tx.get(inviteDoc)).data;
    const index = (await tx.get(userTeamPath(caller.uid))).data;
    const other =
      typeof index?.teamId === 'string' && index.teamId !== teamId ? index.teamId : null;
    const otherTeam = other ? (await tx.get(teamPath(other))).data : undefined;

    const member = memberOf(team, caller.uid);
    if (member) {
      if (invite) tx.delete(inviteDoc);
      return {
        kind: 'already',
        result: { teamId, role: member.role, games: member.games },
      };
    }
    if (!team) return { kind: 'refused', code: 'missing' };
    const expiresAt = invite?.expiresAt;
    if (
      !invite ||
      normaliseEmail(String(invite.email ?? '')) !== caller.email ||
      typeof expiresAt !== 'number' ||
      expiresAt <= now
    ) {
      return { kind: 'refused', code: 'missing' };
    }
    if (other && memberOf(otherTeam, caller.uid)) return { kind: 'refused', code: 'other' };
    const games = gameTypesOf(invite.games);
    if (licenceExhausted(team, games, [], now)) return { kind: 'refused', code: 'licences' };

    const name = cleanName(data.name) || cleanName(invite.name) || caller.email;
    tx.update(teamPath(teamId), {
      [`members.${caller.uid}`]: {
        name,
        email: caller.email,
        role: 'member',
        games,
        joined_at: now,
      },
      memberIds: arrayUnion(caller.uid),
    });
    tx.set(userTeamPath(caller.uid), { teamId, joined_at: now });
    tx.delete(inviteDoc);
    return { kind: 'joined', result: { teamId, role: 'member', games } };
  });

  if (outcome.kind === 'refused') {
    if (outcome.code === 'other') {
      throw new CallableError('failed-precondition', 'teamAlreadyInOther');
    }
    if (outcome.code === 'licences') {
      throw new CallableError('resource-exhausted', 'teamLicensesExhausted');
    }
    throw new CallableError('permission-denied', 'teamInviteMissing');
  }
  if (outcome.kind === 'joined' && current?.teamId !== teamId) {
    await moveOwnDocuments(port, caller.uid, null, teamId);
  }
  return outcome.result;
};
