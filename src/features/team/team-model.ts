/**
 * Pure rules of the team panel and of the `?joinTeam=` request (spec §2, §4, §6; business.md
 * §3.9): the members as rows (admins first), pending invitations, who may leave, and the pending
 * join kept across the email verification.
 */
import type { DocData } from '@sim/core/port/data-port';
import { ID_PATTERN } from '@sim/core/port/paths';

export const GAME_TYPES = ['beergame', 'leangame'] as const;
export type GameType = (typeof GAME_TYPES)[number];

export type TeamRole = 'admin' | 'member';

export interface MemberRow {
  readonly uid: string;
  readonly name: string;
  readonly email: string;
  readonly role: TeamRole;
  readonly games: readonly GameType[];
  readonly isMe: boolean;
}

export interface InviteRow {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly games: readonly GameType[];
  readonly invitedByName: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly expired: boolean;
}

function record(value: unknown): DocData | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as DocData)
    : null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

export function gameTypes(value: unknown): GameType[] {
  return Array.isArray(value) ? GAME_TYPES.filter((type) => value.includes(type)) : [];
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base' });

/** The team's members, the caller marked; admins first, then by name. */
export function memberRows(team: DocData | null | undefined, uid: string): MemberRow[] {
  const members = record(team?.['members']);
  if (!members) return [];
  const rows: MemberRow[] = [];
  for (const id of Object.keys(members)) {
    const m = record(members[id]);
    if (!m) continue;
    rows.push({
      uid: id,
      name: text(m['name']) || text(m['email']),
      email: text(m['email']),
      role: m['role'] === 'admin' ? 'admin' : 'member',
      games: gameTypes(m['games']),
      isMe: id === uid,
    });
  }
  return rows.sort(
    (a, b) =>
      Number(b.role === 'admin') - Number(a.role === 'admin') || collator.compare(a.name, b.name),
  );
}

export function isTeamAdmin(team: DocData | null | undefined, uid: string): boolean {
  return memberRows(team, uid).some((m) => m.isMe && m.role === 'admin');
}

/** A member may leave unless they are the team's only admin (a team always keeps one). */
export function canLeave(team: DocData | null | undefined, uid: string): boolean {
  const rows = memberRows(team, uid);
  const me = rows.find((m) => m.isMe);
  if (!me) return false;
  return me.role !== 'admin' || rows.filter((m) => m.role === 'admin').length > 1;
}

/** Pending invitations, newest first; an expired one is marked, not hidden (it may be renewed). */
export function inviteRows(
  docs: readonly { readonly id: string; readonly data: DocData | undefined }[],
  now: number,
): InviteRow[] {
  return docs
    .flatMap((doc) => {
      if (!doc.data) return [];
      const expiresAt = num(doc.data['expiresAt']);
      return [
        {
          id: doc.id,
          email: text(doc.data['email']),
          name: text(doc.data['name']),
          games: gameTypes(doc.data['games']),
          invitedByName: text(doc.data['invitedByName']),
          createdAt: num(doc.data['created_at']),
          expiresAt,
          expired: expiresAt <= now,
        },
      ];
    })
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** The link an invitation email carries, on this app's origin. */
export function inviteLink(origin: string, teamId: string): string {
  return `${origin}/dashboard/intro?joinTeam=${encodeURIComponent(teamId)}`;
}

/** A rough address check before calling the server, which checks it properly. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

export const JOIN_TEAM_PARAM = 'joinTeam';

/** The team id of a `?joinTeam=` request, or null (absent or not an id). */
export function joinTeamParam(search: string): string | null {
  const value = new URLSearchParams(search).get(JOIN_TEAM_PARAM);
  return value !== null && ID_PATTERN.test(value) ? value : null;
}

/** The query string without `joinTeam` ('' or '?…'). */
export function withoutJoinTeam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(JOIN_TEAM_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** A join request waiting for the user (kept while they confirm their address). */
export interface PendingJoin {
  readonly teamId: string;
  readonly uid: string;
}

export function parsePendingJoin(raw: string | null): PendingJoin | null {
  if (!raw) return null;
  try {
    const value = record(JSON.parse(raw));
    const teamId = value?.['teamId'];
    const uid = value?.['uid'];
    return typeof teamId === 'string' &&
      ID_PATTERN.test(teamId) &&
      typeof uid === 'string' &&
      uid !== ''
      ? { teamId, uid }
      : null;
  } catch {
    return null;
  }
}
