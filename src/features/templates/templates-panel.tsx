import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { GAME_TEMPLATES } from '@sim/core/templates/game-templates';
import { sessionTemplatesFor } from '@sim/core/templates/session-templates';
import type { SessionTemplate } from '@sim/core/templates/types';
import {
  createGameFromTemplate,
  deleteSavedTemplate,
  watchSavedTemplates,
} from '@/features/templates/templates-api';
import {
  templateCards,
  type SavedDoc,
  type TemplateCard,
  type TemplateKind,
} from '@/features/templates/templates-model';
import { showError } from '@/lib/errors/error-store';
import { showToast } from '@/lib/toast/toast-store';

export interface TemplatesPanelProps {
  readonly uid: string;
  readonly userName: string;
  readonly features: readonly string[];
  readonly teamId: string | null;
  /** Teammates' names by uid (their templates show who made them). */
  readonly memberNames: Readonly<Record<string, string>>;
  /** `/dashboard/templates/{subtab}`: 'sessions' (default) or 'games'. */
  readonly subtab: string | undefined;
  /** Creates a session from a session template (the sessions feature, composed by the app). */
  readonly onCreateSession: (template: SessionTemplate) => Promise<void>;
}

function useSaved(kind: TemplateKind, uid: string, teamId: string | null): SavedDoc[] {
  const [docs, setDocs] = useState<SavedDoc[]>([]);
  useEffect(
    () => watchSavedTemplates(kind, uid, teamId, setDocs, (e) => showError(e)),
    [kind, uid, teamId],
  );
  return docs;
}

function TemplateCardView({
  card,
  busy,
  onUse,
  onDelete,
}: {
  card: TemplateCard;
  busy: boolean;
  onUse: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  const isDefault = card.source === 'default';
  const prefix = card.kind === 'game' ? 'game' : 'session';
  const title = isDefault
    ? t(`templates.${prefix}.${card.id}.title` as 'templates.game.beer-classic.title', {
        defaultValue: card.title,
      })
    : card.title;
  const description = isDefault
    ? t(`templates.${prefix}.${card.id}.description` as 'templates.game.beer-classic.description', {
        defaultValue: card.description,
      })
    : card.description;
  const sourceLabel =
    card.source === 'default'
      ? t('templates.panel.default')
      : card.source === 'mine'
        ? t('templates.panel.mine')
        : t('templates.panel.byTeammate', {
            name: card.ownerName || t('templates.panel.teammate'),
          });
  return (
    <Card
      variant="outlined"
      sx={{ borderRadius: 3, display: 'flex', flexDirection: 'column' }}
      data-testid={`template-${card.kind}-${card.id}`}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
          <Chip
            size="small"
            label={t(`sessions.types.${card.type}`)}
            color={card.type === 'beergame' ? 'warning' : 'info'}
            variant="outlined"
          />
          <Chip size="small" label={sourceLabel} color={isDefault ? 'default' : 'primary'} />
          {card.session && (
            <Chip
              size="small"
              variant="outlined"
              label={t('templates.panel.rounds', { count: card.session.rounds.length })}
            />
          )}
        </Stack>
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
          {title}
        </Typography>
        {description && (
          <Typography color="text.secondary" sx={{ mt: 0.5, fontSize: '0.92rem' }}>
            {description}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, justifyContent: 'space-between' }}>
        <Button variant="contained" size="small" onClick={onUse} disabled={busy}>
          {card.kind === 'session'
            ? t('templates.panel.createSession')
            : t('templates.panel.createGame')}
        </Button>
        {onDelete && (
          <Tooltip title={t('templates.panel.delete')}>
            <IconButton aria-label={t('templates.panel.delete')} onClick={onDelete} size="small">
              <DeleteOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </CardActions>
    </Card>
  );
}

/** Dashboard templates tab: default, own and teammates' templates; use one to start a class. */
export function TemplatesPanel({
  uid,
  userName,
  features,
  teamId,
  memberNames,
  subtab,
  onCreateSession,
}: TemplatesPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kind: TemplateKind = subtab === 'games' ? 'game' : 'session';
  const saved = useSaved(kind, uid, teamId);
  const [busy, setBusy] = useState(false);
  const cards = useMemo(
    () =>
      templateCards({
        kind,
        uid,
        defaults: kind === 'game' ? GAME_TEMPLATES : sessionTemplatesFor(features),
        saved,
        memberNames,
      }),
    [kind, uid, features, saved, memberNames],
  );

  const use = async (card: TemplateCard) => {
    setBusy(true);
    try {
      if (card.session) {
        await onCreateSession(card.session);
      } else if (card.game) {
        const name =
          card.source === 'default'
            ? t(`templates.game.${card.id}.title` as 'templates.game.beer-classic.title', {
                defaultValue: card.title,
              })
            : card.title;
        const gid = await createGameFromTemplate(card.game, name, {
          uid,
          creatorName: userName,
          team: teamId,
        });
        showToast(t('templates.panel.gameCreated', { name }), { durationMs: 1500 });
        navigate(`/game/${gid}/edit`);
      }
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (card: TemplateCard) => {
    try {
      await deleteSavedTemplate(card.kind, card.id);
      showToast(t('templates.panel.deleted'), { durationMs: 1500 });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Box data-testid="templates-panel">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('dashboard.tabs.templates.label')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('dashboard.tabs.templates.description')}
      </Typography>
      <Tabs value={kind} sx={{ mb: 3 }} aria-label={t('dashboard.tabs.templates.label')}>
        <Tab
          value="session"
          label={t('templates.panel.sessions')}
          component={RouterLink}
          to="/dashboard/templates/sessions"
        />
        <Tab
          value="game"
          label={t('templates.panel.games')}
          component={RouterLink}
          to="/dashboard/templates/games"
        />
      </Tabs>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        {cards.map((card) => (
          <TemplateCardView
            key={card.key}
            card={card}
            busy={busy}
            onUse={() => void use(card)}
            {...(card.source === 'mine' ? { onDelete: () => void remove(card) } : {})}
          />
        ))}
      </Box>
    </Box>
  );
}
