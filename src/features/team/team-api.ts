/**
 * The team feature's reads and calls: the pending invitations of a team (its admins only, through
 * the data port), the team callables, the email-verification state of the signed-in account, and
 * the pending `?joinTeam=` request kept in this browser.
 */
import type { DocData, Unsubscribe } from '@sim/core/port/data-port';
import { getDataPort } from '@/lib/data/port';
import { loadAuth } from '@/lib/firebase/auth-loader';
import {
  addTeamMember,
  joinTeamMember,
  removeTeamMember,
  setTeamMemberRole,
  type AddTeamMemberRequest,
  type AddTeamMemberResponse,
  type JoinTeamMemberResponse,
} from '@/lib/firebase/callables';
import { parsePendingJoin, type PendingJoin } from '@/features/team/team-model';

/** Calls `next` with the team's invitation documents, live (the rules let only admins list them). */
export function watchInvites(
  teamId: string,
  next: (docs: { id: string; data: DocData | undefined }[]) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  return getDataPort().docs.onQuery(
    { collection: `teams/${teamId}/invites` },
    (snap) => next(snap.docs.map((d) => ({ id: d.id, data: d.data }))),
    onError,
  );
}

export function inviteColleague(request: AddTeamMemberRequest): Promise<AddTeamMemberResponse> {
  return addTeamMember(request);
}

export async function removeMember(teamId: string, userId: string): Promise<void> {
  await removeTeamMember({ teamId, userId });
}

export async function setMemberRole(
  teamId: string,
  userId: string,
  role: 'admin' | 'member',
): Promise<void> {
  await setTeamMemberRole({ teamId, userId, role });
}

export async function cancelInvite(teamId: string, inviteId: string): Promise<void> {
  await removeTeamMember({ teamId, inviteId });
}

/**
 * Whether the signed-in account's address is confirmed, asked of Auth again (it may have been
 * confirmed in another tab since sign-in).
 */
export async function emailVerified(): Promise<boolean> {
  const { auth } = await loadAuth();
  const user = auth.currentUser;
  if (!user) return false;
  await user.reload();
  return auth.currentUser?.emailVerified === true;
}

export async function sendVerificationEmail(): Promise<void> {
  const { auth, sdk } = await loadAuth();
  const user = auth.currentUser;
  if (!user) return;
  await sdk.sendEmailVerification(user);
}

/**
 * Joins the team. The ID token is refreshed first, so the server sees the address as confirmed
 * when it was confirmed after sign-in.
 */
export async function joinTeam(
  pending: PendingJoin,
  email: string,
  name: string,
): Promise<JoinTeamMemberResponse> {
  await (await loadAuth()).auth.currentUser?.getIdToken(true);
  return joinTeamMember({ teamId: pending.teamId, userId: pending.uid, userEmail: email, name });
}

const PENDING_KEY = 'simgames.pendingJoinTeam';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readPendingJoin(): PendingJoin | null {
  return parsePendingJoin(storage()?.getItem(PENDING_KEY) ?? null);
}

export function writePendingJoin(pending: PendingJoin): void {
  storage()?.setItem(PENDING_KEY, JSON.stringify(pending));
}

export function clearPendingJoin(): void {
  storage()?.removeItem(PENDING_KEY);
}
