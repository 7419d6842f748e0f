import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DocData } from '@sim/core/port/data-port';
import { copyText } from '@/components/share-panel';
import {
  cancelInvite,
  inviteColleague,
  removeMember,
  setMemberRole,
  watchInvites,
} from '@/features/team/team-api';
import {
  GAME_TYPES,
  canLeave,
  inviteLink,
  inviteRows,
  isTeamAdmin,
  looksLikeEmail,
  memberRows,
  type GameType,
  type InviteRow,
  type MemberRow,
} from '@/features/team/team-model';
import { showError } from '@/lib/errors/error-store';
import { showToast } from '@/lib/toast/toast-store';

export interface TeamPanelProps {
  readonly uid: string;
  readonly userName: string;
  /** null: the instructor is in no team yet; undefined while loading. */
  readonly teamId: string | null | undefined;
  readonly team: DocData | null | undefined;
}

function GameChips({ games }: { games: readonly GameType[] }) {
  const { t } = useTranslation();
  if (games.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('team.panel.noGames')}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {games.map((type) => (
        <Chip
          key={type}
          size="small"
          variant="outlined"
          color={type === 'beergame' ? 'warning' : 'info'}
          label={t(`sessions.types.${type}`)}
        />
      ))}
    </Stack>
  );
}

/** The team's pending invitations, live; empty for members who are not admins. */
function useInvites(teamId: string | null | undefined, admin: boolean) {
  const [docs, setDocs] = useState<{ id: string; data: DocData | undefined }[]>([]);
  useEffect(() => {
    if (!teamId || !admin) return undefined;
    return watchInvites(teamId, setDocs, (e) => showError(e));
  }, [teamId, admin]);
  return teamId && admin ? docs : [];
}

function MemberLine({
  member,
  canRemove,
  canLeaveTeam,
  onRemove,
  onRole,
}: {
  member: MemberRow;
  canRemove: boolean;
  canLeaveTeam: boolean;
  onRemove: (member: MemberRow) => void;
  /** An admin changes another member's role (setTeamMemberRole). */
  onRole: (member: MemberRow, role: 'admin' | 'member') => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1, sm: 2 }}
      sx={{ py: 1.5, alignItems: { sm: 'center' } }}
      data-testid={`team-member-${member.uid}`}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
        <Avatar aria-hidden sx={{ width: 36, height: 36, bgcolor: 'primary.main' }}>
          {(member.name || '?').slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {member.name} {member.isMe && t('team.panel.you')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Typography>
        </Box>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          color={member.role === 'admin' ? 'primary' : 'default'}
          label={t(`team.panel.role.${member.role}`)}
        />
        <GameChips games={member.games} />
        {member.isMe
          ? canLeaveTeam && (
              <Button size="small" color="error" onClick={() => onRemove(member)}>
                {t('team.panel.leave')}
              </Button>
            )
          : canRemove && (
              <>
                <Button
                  size="small"
                  onClick={() => onRole(member, member.role === 'admin' ? 'member' : 'admin')}
                  data-testid={`team-role-${member.uid}`}
                >
                  {member.role === 'admin' ? t('team.panel.makeMember') : t('team.panel.makeAdmin')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => onRemove(member)}
                  data-testid={`team-remove-${member.uid}`}
                >
                  {t('team.panel.remove')}
                </Button>
              </>
            )}
      </Stack>
    </Stack>
  );
}

function InviteForm({
  teamId,
  userName,
  onInvited,
}: {
  teamId: string | null;
  userName: string;
  onInvited: (teamId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [games, setGames] = useState<GameType[]>(['beergame']);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const emailOk = looksLikeEmail(email);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!emailOk) return;
    setBusy(true);
    try {
      const result = await inviteColleague({
        teamId,
        email: email.trim(),
        name: name.trim(),
        games,
        adminName: userName,
        locale: i18n.language,
      });
      showToast(t('team.invite.sent', { email: result.email }));
      setEmail('');
      setName('');
      setTried(false);
      onInvited(result.teamId);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const toggle = (type: GameType) =>
    setGames((current) =>
      current.includes(type)
        ? current.filter((g) => g !== type)
        : GAME_TYPES.filter((g) => g === type || current.includes(g)),
    );

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="team-invite">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('team.invite.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          label={t('team.invite.email')}
          type="email"
          autoComplete="off"
          required
          value={email}
          error={tried && !emailOk}
          onChange={(e) => setEmail(e.target.value)}
          sx={{ flex: 2 }}
          slotProps={{ htmlInput: { 'data-testid': 'team-invite-email', maxLength: 320 } }}
        />
        <TextField
          label={t('team.invite.name')}
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'team-invite-name', maxLength: 60 } }}
        />
      </Stack>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mt: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend" sx={{ fontSize: '0.875rem' }}>
            {t('team.invite.games')}
          </FormLabel>
          <FormGroup row>
            {GAME_TYPES.map((type) => (
              <FormControlLabel
                key={type}
                control={
                  <Checkbox
                    checked={games.includes(type)}
                    onChange={() => toggle(type)}
                    slotProps={{ input: { 'data-testid': `team-invite-game-${type}` } as object }}
                  />
                }
                label={t(`sessions.types.${type}`)}
              />
            ))}
          </FormGroup>
        </Box>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          sx={{ alignSelf: { xs: 'stretch', sm: 'center' } }}
          data-testid="team-invite-submit"
        >
          {t('team.invite.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

function PendingInvites({
  teamId,
  invites,
  userName,
}: {
  teamId: string;
  invites: readonly InviteRow[];
  userName: string;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const link = inviteLink(window.location.origin, teamId);

  const run = async (id: string, work: () => Promise<void>) => {
    setBusy(id);
    try {
      await work();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box data-testid="team-invites">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('team.invite.pending')}
      </Typography>
      {invites.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('team.invite.nonePending')}
        </Typography>
      ) : (
        invites.map((invite) => (
          <Stack
            key={invite.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 2 }}
            sx={{ py: 1.25, alignItems: { sm: 'center' } }}
            data-testid="team-invite-row"
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {invite.name ? `${invite.name} · ${invite.email}` : invite.email}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {invite.invitedByName &&
                  `${t('team.invite.by', { name: invite.invitedByName })} · `}
                {invite.expired
                  ? t('team.invite.expired')
                  : t('team.invite.expires', { date: date.format(new Date(invite.expiresAt)) })}
              </Typography>
            </Box>
            <GameChips games={invite.games} />
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                size="small"
                startIcon={<ContentCopyIcon fontSize="small" />}
                onClick={() =>
                  void copyText(link).then((ok) => ok && showToast(t('team.invite.copied')))
                }
              >
                {t('team.invite.copyLink')}
              </Button>
              <Button
                size="small"
                disabled={busy === invite.id}
                onClick={() =>
                  void run(invite.id, async () => {
                    await inviteColleague({
                      teamId,
                      email: invite.email,
                      name: invite.name,
                      games: invite.games,
                      adminName: userName,
                      locale: i18n.language,
                    });
                    showToast(t('team.invite.sent', { email: invite.email }));
                  })
                }
              >
                {t('team.invite.resend')}
              </Button>
              <Button
                size="small"
                color="error"
                disabled={busy === invite.id}
                onClick={() =>
                  void run(invite.id, async () => {
                    await cancelInvite(teamId, invite.id);
                    showToast(t('team.invite.revoked', { email: invite.email }));
                  })
                }
              >
                {t('team.invite.revoke')}
              </Button>
            </Stack>
          </Stack>
        ))
      )}
    </Box>
  );
}

/**
 * The dashboard's team panel (spec §6, business.md §3.9): the members with their role and game
 * types; an admin invites colleagues by email, sees the pending invitations and removes members;
 * a member leaves. An instructor without a team creates one by inviting a first colleague.
 */
export function TeamPanel({ uid, userName, teamId, team }: TeamPanelProps) {
  const { t } = useTranslation();
  const [now] = useState(() => Date.now());
  const [confirm, setConfirm] = useState<MemberRow | null>(null);
  const [busy, setBusy] = useState(false);
  // The team an invitation just created, until the team listener reports it.
  const [createdTeam, setCreatedTeam] = useState<string | null>(null);
  const members = memberRows(team, uid);
  const inTeam = members.some((m) => m.isMe);
  const admin = isTeamAdmin(team, uid);
  const effectiveTeamId = teamId ?? createdTeam;
  const invites = inviteRows(useInvites(effectiveTeamId, admin), now);
  const leaving = confirm?.isMe === true;
  // The help menu links here with #team.
  const { hash } = useLocation();
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === '#team') panelRef.current?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const changeRole = async (member: MemberRow, role: 'admin' | 'member') => {
    if (!teamId) return;
    try {
      await setMemberRole(teamId, member.uid, role);
      showToast(
        t(role === 'admin' ? 'team.panel.madeAdmin' : 'team.panel.madeMember', {
          name: member.name,
        }),
      );
    } catch (error) {
      showError(error);
    }
  };

  const confirmRemove = async () => {
    if (!confirm || !teamId) return;
    setBusy(true);
    try {
      await removeMember(teamId, confirm.uid);
      showToast(leaving ? t('team.panel.left') : t('team.panel.removed', { name: confirm.name }));
      setConfirm(null);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      id="team"
      ref={panelRef}
      variant="outlined"
      sx={{ p: { xs: 3, md: 4 }, borderRadius: 4 }}
      data-testid="team-panel"
    >
      <Typography variant="h6" component="h2" gutterBottom>
        {t('team.panel.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('team.panel.description')}
      </Typography>

      {teamId === undefined ? null : !inTeam ? (
        <Typography sx={{ mb: 3 }} data-testid="team-none">
          {t('team.panel.noTeam')}
        </Typography>
      ) : (
        <Box sx={{ mb: 3 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {t('team.panel.members')}
          </Typography>
          <Box data-testid="team-members">
            {members.map((member, i) => (
              <Box key={member.uid}>
                {i > 0 && <Divider />}
                <MemberLine
                  member={member}
                  canRemove={admin}
                  canLeaveTeam={canLeave(team, uid)}
                  onRemove={setConfirm}
                  onRole={(m, role) => void changeRole(m, role)}
                />
              </Box>
            ))}
          </Box>
          {admin && !canLeave(team, uid) && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('team.panel.lastAdmin')}
              {members.length > 1 && ` ${t('team.panel.makeAdminHint')}`}
            </Typography>
          )}
        </Box>
      )}

      {teamId !== undefined && (admin || !inTeam) && (
        <Stack spacing={3}>
          <InviteForm teamId={teamId} userName={userName} onInvited={(id) => setCreatedTeam(id)} />
          {effectiveTeamId && (
            <PendingInvites teamId={effectiveTeamId} invites={invites} userName={userName} />
          )}
        </Stack>
      )}
      {teamId !== undefined && inTeam && !admin && (
        <Typography variant="body2" color="text.secondary">
          {t('team.invite.adminOnly')}
        </Typography>
      )}

      <Dialog open={confirm !== null} onClose={() => setConfirm(null)}>
        <DialogTitle>
          {leaving
            ? t('team.panel.leaveTitle')
            : t('team.panel.removeTitle', { name: confirm?.name ?? '' })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {leaving
              ? t('team.panel.leaveText')
              : t('team.panel.removeText', { name: confirm?.name ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{t('team.panel.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={busy}
            onClick={() => void confirmRemove()}
            data-testid="team-confirm-remove"
          >
            {leaving ? t('team.panel.leave') : t('team.panel.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
