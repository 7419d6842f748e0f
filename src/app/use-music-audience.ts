/**
 * Whether the user hears the music on this page (spec §3 allowAudioPlayer, §6): the session's
 * setting for its admins or its players. A member of a session's team is one of its admins; the
 * team document, which only its members may read, tells.
 */
import { useEffect, useState } from 'react';
import type { NavGame } from '@/app/navbar-model';
import { hearsMusic } from '@/features/music/music-access';
import type { Session } from '@/features/sessions/session-model';
import { getDataPort } from '@/lib/data/port';

/** Whether `uid` is a member of the team; null while the team document is being read. */
function useTeamMember(teamId: string | null, uid: string | null): boolean | null {
  const key = teamId && uid ? `${teamId}|${uid}` : '';
  const [member, setMember] = useState<{ key: string; value: boolean }>({ key: '', value: false });
  useEffect(() => {
    if (!teamId || !uid) return undefined;
    const done = (value: boolean) => setMember({ key: `${teamId}|${uid}`, value });
    return getDataPort().docs.onDoc(
      `teams/${teamId}`,
      (snap) => {
        const ids = snap.data?.['memberIds'];
        done(snap.exists && Array.isArray(ids) && ids.includes(uid));
      },
      // Refused: not a member.
      () => done(false),
    );
  }, [teamId, uid]);
  if (!key) return false;
  return member.key === key ? member.value : null;
}

export function useHearsMusic(context: {
  readonly uid: string | null;
  readonly isInstructor: boolean;
  readonly session: Pick<Session, 'creator' | 'team' | 'allowAudioPlayer'> | null;
  readonly game: Pick<NavGame, 'creator'> | null;
}): boolean {
  const { uid, isInstructor, session, game } = context;
  const isCreator = uid !== null && (session ? session.creator === uid : game?.creator === uid);
  // Only an instructor can be in a team: a player's page reads no team.
  const teamToCheck = session && !isCreator && isInstructor ? session.team : null;
  const teamMember = useTeamMember(teamToCheck, uid);
  return hearsMusic({
    sessionAllows: session ? session.allowAudioPlayer : null,
    // While the team is read, an instructor counts as one of its admins: a colleague's music,
    // started on the dashboard, does not stop for the moment it takes to know.
    isSessionAdmin: isCreator || teamMember !== false,
    isInstructor,
  });
}
