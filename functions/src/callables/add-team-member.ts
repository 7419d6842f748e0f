/**
 * addTeamMember {teamId?, email, name?, games, adminName, locale?} → {invited, email, teamId,
 * inviteUrl, expiresAt} (spec §7, business.md §3.4, §3.9).
 *
 * A team admin invites a colleague by email, with the game types the colleague may use. Without
 * `teamId`, the caller's team is used, and created (caller = admin) when they have none. Writes
 * `teams/{tid}/invites/{sha256(email)}` (14 days; inviting the same address again renews it),
 * then sends the invitation through the `Mailer` with the link `<app>/dashboard/intro?joinTeam=
 * <tid>`. The link alone grants nothing: `joinTeamMember` needs this invitation and the
 * invitee's verified address.
 *
 * Refusals: unauthenticated / errorUnauthenticated; permission-denied / errorPermissionDenied (an
 * anonymous player, no email); permission-denied / teamAdminOnly (not an admin of that team);
 * invalid-argument / authInvalidEmail; already-exists / teamMemberExists (the address is a
 * member's); resource-exhausted / teamLicensesExhausted (an active plan's `licenses` of a game
 * type are all held by members and pending invitations); resource-exhausted / teamInvitesPerDay
 * (the team sent INVITES_PER_DAY invitations today, UTC); unavailable / teamInviteMailFailed (the
 * invitation is saved but its email could not be sent: the admin may copy the link or retry).
 */
import * as logger from 'firebase-functions/logger';
import { z } from 'zod';
import type { DocData } from '@sim/core/port/data-port';
import { CallableError, type CallableHandler } from '../callable';
import { idSchema } from '../ids';
import type { Mailer } from '../mail/mailer';
import { teamCaller } from '../teams/caller';
import { ensureTeam, profileName } from '../teams/ensure-team';
import { SPEC_LOCALES } from '../i18n/translator';
import { inviteEmail } from '../teams/invite-email';
import {
  GAME_TYPES,
  INVITES_PER_DAY,
  INVITE_TTL_MS,
  TEAM_NAME_MAX,
  cleanName,
  inviteIdFor,
  inviteOf,
  invitePath,
  isTeamAdmin,
  licenceExhausted,
  memberOf,
  membersOf,
  normaliseEmail,
  teamPath,
} from '../teams/team-docs';

export const name = 'addTeamMember';

export const schema = z.object({
  teamId: idSchema.nullish(),
  // Checked as an address by the handler, so a malformed one gets its own message key.
  email: z.string().max(320),
  name: z.string().max(200).optional(),
  games: z
    .array(z.enum(GAME_TYPES))
    .max(GAME_TYPES.length)
    .refine((games) => new Set(games).size === games.length, 'game types must be distinct'),
  adminName: z.string().max(200).optional(),
  locale: z.enum(SPEC_LOCALES).optional(),
});

export type AddTeamMemberData = z.output<typeof schema>;

export interface AddTeamMemberResult {
  readonly invited: true;
  readonly email: string;
  readonly teamId: string;
  readonly inviteUrl: string;
  readonly expiresAt: number;
}

export interface AddTeamMemberDeps {
  readonly mailer: Mailer;
  /** The SPA's origin (configuration, never the client's). */
  readonly appUrl: () => string;
}

const emailFormat = z.email();

export function inviteUrlFor(appUrl: string, teamId: string): string {
  return `${appUrl}/dashboard/intro?joinTeam=${encodeURIComponent(teamId)}`;
}

export function createHandler(
  deps: AddTeamMemberDeps,
): CallableHandler<AddTeamMemberData, AddTeamMemberResult> {
  return async (ctx, data) => {
    const caller = teamCaller(ctx);
    const email = normaliseEmail(data.email);
    if (!emailFormat.safeParse(email).success) {
      throw new CallableError('invalid-argument', 'authInvalidEmail');
    }
    const now = ctx.now();
    const port = ctx.port;

    let teamId: string;
    let team: DocData | undefined;
    if (data.teamId) {
      teamId = data.teamId;
      team = (await port.docs.get(teamPath(teamId))).data;
    } else {
      const ensured = await ensureTeam(
        port,
        { uid: caller.uid, name: cleanName(data.adminName), email: caller.email },
        now,
      );
      teamId = ensured.teamId;
      team = ensured.team;
    }
    if (!isTeamAdmin(team, caller.uid)) {
      throw new CallableError('permission-denied', 'teamAdminOnly');
    }
    if (membersOf(team).some(([, m]) => normaliseEmail(m.email) === email)) {
      throw new CallableError('already-exists', 'teamMemberExists');
    }

    const inviteId = inviteIdFor(email);
    const pending = await port.docs.query({ collection: `teams/${teamId}/invites` });
    const invites = pending.flatMap((doc) => {
      const invite = inviteOf(doc.id, doc.data);
      return invite ? [invite] : [];
    });
    if (licenceExhausted(team, data.games, invites, now, inviteId)) {
      throw new CallableError('resource-exhausted', 'teamLicensesExhausted');
    }

    // The name in the email is the one the team knows, not a value of this request.
    const adminName =
      cleanName(memberOf(team, caller.uid)?.name) ||
      (await profileName(port, caller.uid)) ||
      cleanName(data.adminName) ||
      caller.email;
    const inviteeName = cleanName(data.name);
    const expiresAt = now + INVITE_TTL_MS;
    // The invitation and the team's daily count of invitations in one transaction: our mail
    // server must not become anyone's bulk mailer.
    const day = new Date(now).toISOString().slice(0, 10);
    const counted = await port.docs.runTransaction(async (tx) => {
      const fresh = (await tx.get(teamPath(teamId))).data;
      if (!isTeamAdmin(fresh, caller.uid)) return 'not-admin' as const;
      const quota = fresh?.inviteQuota as { day?: unknown; count?: unknown } | undefined;
      const sent = quota?.day === day && typeof quota.count === 'number' ? quota.count : 0;
      if (sent >= INVITES_PER_DAY) return 'quota' as const;
      tx.set(invitePath(teamId, inviteId), {
        email,
        name: inviteeName,
        games: [...data.games],
        invitedBy: caller.uid,
        invitedByName: adminName.slice(0, TEAM_NAME_MAX),
        created_at: now,
        expiresAt,
      });
      tx.update(teamPath(teamId), { inviteQuota: { day, count: sent + 1 } });
      return 'ok' as const;
    });
    if (counted === 'not-admin') throw new CallableError('permission-denied', 'teamAdminOnly');
    if (counted === 'quota') throw new CallableError('resource-exhausted', 'teamInvitesPerDay');

    const inviteUrl = inviteUrlFor(deps.appUrl(), teamId);
    try {
      await deps.mailer.send(
        inviteEmail({
          locale: data.locale ?? 'en',
          to: email,
          name: inviteeName,
          adminName,
          games: data.games,
          inviteUrl,
          expiresAt,
        }),
      );
    } catch (err) {
      logger.error('addTeamMember: the invitation email was not sent', err);
      throw new CallableError('unavailable', 'teamInviteMailFailed');
    }
    return { invited: true, email, teamId, inviteUrl, expiresAt };
  };
}
