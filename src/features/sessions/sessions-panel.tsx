import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { sessionTemplatesFor } from '@sim/core/templates/session-templates';
import type { SessionTemplate } from '@sim/core/templates/types';
import {
  createSession,
  deleteSession,
  saveSessionAsTemplate,
  watchSessions,
} from '@/features/sessions/session-api';
import { sessionFromTemplate, type Session } from '@/features/sessions/session-model';
import { showError } from '@/lib/errors/error-store';
import { showToast } from '@/lib/toast/toast-store';

export interface SessionsPanelProps {
  readonly uid: string;
  readonly userName: string;
  readonly features: readonly string[];
  /** The instructor's team, when in one (its sessions are listed too). */
  readonly teamId?: string | null | undefined;
}

function useSessions(uid: string, teamId: string | null | undefined): Session[] | null {
  const [mine, setMine] = useState<Session[] | null>(null);
  const [team, setTeam] = useState<Session[]>([]);
  useEffect(
    () => watchSessions({ field: 'creator', value: uid }, setMine, (e) => showError(e)),
    [uid],
  );
  useEffect(() => {
    if (!teamId) return undefined;
    return watchSessions({ field: 'team', value: teamId }, setTeam, (e) => showError(e));
  }, [teamId]);
  if (mine === null) return null;
  const others = teamId ? team.filter((s) => s.creator !== uid) : [];
  // Spec §9: sessions newest first.
  return [...mine, ...others].sort((a, b) => b.created_at - a.created_at);
}

/** Creates a session from a session template and opens its follow-up. */
export function useCreateSession(uid: string, userName: string) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return async (template: SessionTemplate, name?: string, teamId?: string | null) => {
    try {
      const sid = await createSession(
        sessionFromTemplate(
          template,
          { creator: uid, creatorName: userName, team: teamId ?? null, now: Date.now() },
          // Without a name the session takes the template's title in the language on screen.
          name?.trim() ||
            t(`templates.session.${template.id}.title`, { defaultValue: template.title }),
        ),
      );
      navigate(`/session/${sid}/follow-up`);
    } catch (error) {
      showError(error);
    }
  };
}

export function NewSessionDialog({
  open,
  onClose,
  features,
  onCreate,
}: {
  open: boolean;
  onClose: () => void;
  features: readonly string[];
  onCreate: (template: SessionTemplate, name: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const templates = sessionTemplatesFor(features);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const pick = async (template: SessionTemplate) => {
    setBusy(true);
    await onCreate(template, name);
    setBusy(false);
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('sessions.panel.newTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          margin="dense"
          label={t('sessions.panel.nameOptional')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          sx={{ mb: 2 }}
        />
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(240px, 1fr))' },
          }}
        >
          {templates.map((tpl) => (
            <Card key={tpl.id} variant="outlined" sx={{ borderRadius: 3 }}>
              <CardActionArea
                disabled={busy}
                onClick={() => void pick(tpl)}
                data-testid={`session-template-${tpl.id}`}
                sx={{ height: '100%', alignItems: 'flex-start' }}
              >
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
                    <Chip
                      size="small"
                      color={tpl.type === 'beergame' ? 'primary' : 'secondary'}
                      label={t(`sessions.types.${tpl.type}`)}
                    />
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t('sessions.panel.rounds', { count: tpl.rounds.length })}
                    />
                    {tpl.advanced && (
                      <Chip size="small" color="warning" label={t('sessions.panel.advanced')} />
                    )}
                  </Stack>
                  <Typography sx={{ fontWeight: 700 }}>
                    {t(`templates.session.${tpl.id}.title`, { defaultValue: tpl.title })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`templates.session.${tpl.id}.description`, {
                      defaultValue: tpl.description,
                    })}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('sessions.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The dashboard's sessions tab: the instructor's and teammates' sessions, and new ones. */
export function SessionsPanel({ uid, userName, features, teamId }: SessionsPanelProps) {
  const { t, i18n } = useTranslation();
  const sessions = useSessions(uid, teamId);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Session | null>(null);
  const [saving, setSaving] = useState<Session | null>(null);
  const [templateName, setTemplateName] = useState('');
  const create = useCreateSession(uid, userName);

  /** Spec §5, §7: a session saved as a session template; the name is optional. */
  const saveTemplate = async () => {
    if (!saving) return;
    try {
      await saveSessionAsTemplate(saving, templateName, {
        uid,
        team: teamId ?? null,
        now: Date.now(),
      });
      showToast(t('sessions.panel.savedAsTemplate'), { durationMs: 1500 });
    } catch (error) {
      showError(error);
    }
    setSaving(null);
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteSession(deleting.id);
      showToast(t('sessions.panel.deleted'), { durationMs: 1500 });
    } catch (error) {
      showError(error);
    }
    setDeleting(null);
  };

  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h2">
          {t('sessions.panel.title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {t('sessions.panel.new')}
        </Button>
      </Stack>
      {sessions !== null && sessions.length === 0 && (
        <Alert severity="info">{t('sessions.panel.empty')}</Alert>
      )}
      <Stack spacing={1.5}>
        {(sessions ?? []).map((s) => (
          <Paper
            key={s.id}
            variant="outlined"
            sx={{ p: 2, borderRadius: 3, display: 'flex', alignItems: 'center', gap: 2 }}
            data-testid="session-row"
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              {/* Listed sessions are the instructor's and their team's: all administered. */}
              <Typography
                component={RouterLink}
                to={`/session/${s.id}/follow-up`}
                sx={{ fontWeight: 700, color: 'text.primary', textDecoration: 'none' }}
              >
                {s.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('sessions.panel.summary', {
                  count: s.rounds.length,
                  date: new Date(s.created_at).toLocaleDateString(i18n.language),
                })}
                {s.creator !== uid && ` · ${s.creatorName}`}
              </Typography>
            </Box>
            <Chip
              size="small"
              color={s.status === 'published' ? 'success' : 'default'}
              label={t(`sessions.status.${s.status}`)}
            />
            {s.code && <Chip size="small" variant="outlined" label={s.code} />}
            {s.creator === uid && (
              <Tooltip title={t('sessions.panel.saveAsTemplate')}>
                <IconButton
                  aria-label={t('sessions.panel.saveAsTemplate')}
                  onClick={() => {
                    setTemplateName('');
                    setSaving(s);
                  }}
                >
                  <SaveOutlinedIcon />
                </IconButton>
              </Tooltip>
            )}
            {s.creator === uid && (
              <Tooltip title={t('sessions.panel.delete')}>
                <IconButton aria-label={t('sessions.panel.delete')} onClick={() => setDeleting(s)}>
                  <DeleteOutlinedIcon />
                </IconButton>
              </Tooltip>
            )}
          </Paper>
        ))}
      </Stack>
      <NewSessionDialog
        open={creating}
        onClose={() => setCreating(false)}
        features={features}
        onCreate={(template, name) => create(template, name, teamId)}
      />
      <Dialog open={saving !== null} onClose={() => setSaving(null)} fullWidth maxWidth="xs">
        <DialogTitle>{t('sessions.panel.saveAsTemplate')}</DialogTitle>
        <DialogContent>
          <TextField
            fullWidth
            autoFocus
            sx={{ mt: 1 }}
            label={t('sessions.panel.templateName')}
            placeholder={saving?.name}
            value={templateName}
            onChange={(e) => setTemplateName(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSaving(null)}>{t('sessions.cancel')}</Button>
          <Button variant="contained" onClick={() => void saveTemplate()}>
            {t('sessions.panel.saveAsTemplate')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)}>
        <DialogTitle>{t('sessions.panel.deleteTitle')}</DialogTitle>
        <DialogContent>{deleting?.name}</DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('sessions.cancel')}</Button>
          <Button color="error" onClick={() => void remove()}>
            {t('sessions.panel.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
