/**
 * The team documents of business.md §3.2 and the pure rules around them: who is a member or an
 * admin, invitations keyed by the SHA-256 of the invited address, and the licence cap a plan
 * puts on how many members may hold a game type.
 *
 * - `teams/{tid}`: `name, createdBy, created_at, members.{uid}: {name, email, role, games[],
 *   joined_at}, memberIds[]` (the keys of `members`, so a member finds its team with
 *   array-contains), `plans.{type}` (written by the plan and trial callables), `inviteQuota:
 *   {day, count}` (invitations sent that day, UTC).
 * - `teams/{tid}/invites/{sha256(email)}`: `email, name, games[], invitedBy, invitedByName,
 *   created_at, expiresAt`; read by the team's admins, deleted when the invitee joins.
 * - `userTeams/{uid}`: `{teamId, joined_at}`, the one team of a user. Every callable that adds or
 *   removes a member reads it in its transaction, so two concurrent requests can never put a user
 *   in two teams. Backend only.
 */
import { createHash } from 'node:crypto';
import { planActive } from '@sim/core/billing/plans';
import type { DocData } from '@sim/core/port/data-port';

export const GAME_TYPES = ['beergame', 'leangame'] as const;
export type GameType = (typeof GAME_TYPES)[number];

export type TeamRole = 'admin' | 'member';

export interface TeamMember {
  readonly name: string;
  readonly email: string;
  readonly role: TeamRole;
  readonly games: readonly GameType[];
}

/** An invitation stays valid this long (business.md §3.9). */
export const INVITE_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** Invitation emails a team may send per day (UTC), renewals included. */
export const INVITES_PER_DAY = 50;
/** Names shown to teammates and in the invitation email are cut to this length. */
export const TEAM_NAME_MAX = 60;

export const teamPath = (tid: string) => `teams/${tid}`;
export const invitePath = (tid: string, inviteId: string) => `teams/${tid}/invites/${inviteId}`;
export const userTeamPath = (uid: string) => `userTeams/${uid}`;

function isRecord(value: unknown): value is DocData {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** The invitation's document id: the SHA-256 of the normalised address (hex). */
export function inviteIdFor(email: string): string {
  return createHash('sha256').update(normaliseEmail(email), 'utf8').digest('hex');
}

/** Control characters and surrounding spaces removed, at most TEAM_NAME_MAX characters. */
export function cleanName(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  return [...raw.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim()]
    .slice(0, TEAM_NAME_MAX)
    .join('')
    .trim();
}

export function gameTypesOf(value: unknown): GameType[] {
  if (!Array.isArray(value)) return [];
  return GAME_TYPES.filter((type) => value.includes(type));
}

/** The member record of `uid` (own keys only), or null. */
export function memberOf(team: DocData | undefined, uid: string): TeamMember | null {
  const members = team?.members;
  if (!isRecord(members) || !Object.hasOwn(members, uid)) return null;
  const m = members[uid];
  if (!isRecord(m)) return null;
  return {
    name: typeof m.name === 'string' ? m.name : '',
    email: typeof m.email === 'string' ? m.email : '',
    role: m.role === 'admin' ? 'admin' : 'member',
    games: gameTypesOf(m.games),
  };
}

export function membersOf(team: DocData | undefined): [string, TeamMember][] {
  const members = team?.members;
  if (!isRecord(members)) return [];
  return Object.keys(members).flatMap((uid) => {
    const m = memberOf(team, uid);
    return m ? [[uid, m] as [string, TeamMember]] : [];
  });
}

export function isTeamAdmin(team: DocData | undefined, uid: string): boolean {
  return memberOf(team, uid)?.role === 'admin';
}

export function adminCount(team: DocData | undefined): number {
  return membersOf(team).filter(([, m]) => m.role === 'admin').length;
}

/** Whether a plan is active: the one rule, shared with the SPA's tags (business.md §3.7). */
export { planActive };

/**
 * The licence cap of a game type: an active plan's `licenses` (a whole number ≥ 1), or null when
 * nothing caps it (no active plan: the member holds the type but may not use it until a plan
 * covers it, spec §6 "available games").
 */
export function licenceCap(team: DocData | undefined, type: GameType, now: number): number | null {
  const plans = team?.plans;
  const plan = isRecord(plans) && Object.hasOwn(plans, type) ? plans[type] : undefined;
  if (!planActive(plan, now) || !isRecord(plan)) return null;
  const licenses = plan.licenses;
  return typeof licenses === 'number' && Number.isInteger(licenses) && licenses >= 1
    ? licenses
    : null;
}

export interface PendingInvite {
  readonly id: string;
  readonly games: readonly GameType[];
  readonly expiresAt: number;
}

export function inviteOf(id: string, data: DocData | undefined): PendingInvite | null {
  if (!data) return null;
  return {
    id,
    games: gameTypesOf(data.games),
    expiresAt: typeof data.expiresAt === 'number' ? data.expiresAt : 0,
  };
}

/**
 * The first game type whose licences would be exceeded by one more holder, or null. Holders are
 * the members holding the type, and the unexpired invitations giving it (except `replacing`, the
 * invitation this one renews), so invitations cannot outrun the cap.
 */
export function licenceExhausted(
  team: DocData | undefined,
  games: readonly GameType[],
  invites: readonly PendingInvite[],
  now: number,
  replacing: string | null = null,
): GameType | null {
  for (const type of games) {
    const cap = licenceCap(team, type, now);
    if (cap === null) continue;
    const members = membersOf(team).filter(([, m]) => m.games.includes(type)).length;
    const pending = invites.filter(
      (i) => i.id !== replacing && i.expiresAt > now && i.games.includes(type),
    ).length;
    if (members + pending + 1 > cap) return type;
  }
  return null;
}
