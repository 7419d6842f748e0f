/**
 * The follow-up's settings (spec §3 session fields): teams, composition, instructions and
 * debriefing modes, the players' permissions, the words and names shown for teams and rounds,
 * and the rounds with their games.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GAME_TEMPLATES } from '@sim/core/templates/game-templates';
import type { AudioListener } from '@sim/core/templates/types';
import {
  DEBRIEFING_MODES,
  INSTRUCTIONS_MODES,
  newRoundId,
  roundStarted,
  TEAM_COMPOSITIONS,
  TEAM_COUNT_MAX,
  teamNumbers,
  type Session,
  type SessionDraft,
  type SessionRound,
} from '@/features/sessions/session-model';
import { RoundTextField } from '@/features/sessions/round-text-field';
import { useRoundTexts } from '@/features/sessions/round-texts';

/** Longest word or team name the follow-up accepts. */
const LABEL_MAX = 40;

/**
 * Spec §3 `localeLabels` and `teamNames`: the words players see for a team and a round (empty:
 * the translated default) and each team's name (empty: the word and its number).
 */
function LabelsEditor({
  draft,
  setDraft,
}: {
  draft: SessionDraft;
  setDraft: (draft: SessionDraft) => void;
}) {
  const { t } = useTranslation();
  const teamWord = draft.localeLabels.team.trim() || t('sessions.team');
  const setLabel = (key: 'team' | 'round', value: string) =>
    setDraft({ ...draft, localeLabels: { ...draft.localeLabels, [key]: value } });
  const setTeamName = (n: number, value: string) => {
    const teamNames: Record<string, string> = { ...draft.teamNames };
    if (value.trim()) teamNames[String(n)] = value;
    else delete teamNames[String(n)];
    setDraft({ ...draft, teamNames });
  };
  const count = Number.isInteger(draft.teamCount)
    ? Math.min(TEAM_COUNT_MAX, Math.max(0, draft.teamCount))
    : 0;
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h3">
        {t('sessions.followUp.labels')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('sessions.followUp.teamWord')}
          value={draft.localeLabels.team}
          placeholder={t('sessions.team')}
          slotProps={{ htmlInput: { maxLength: LABEL_MAX, 'data-testid': 'label-team' } }}
          onChange={(e) => setLabel('team', e.target.value)}
          sx={{ minWidth: 220 }}
        />
        <TextField
          label={t('sessions.followUp.roundWord')}
          value={draft.localeLabels.round}
          placeholder={t('sessions.round')}
          slotProps={{ htmlInput: { maxLength: LABEL_MAX, 'data-testid': 'label-round' } }}
          onChange={(e) => setLabel('round', e.target.value)}
          sx={{ minWidth: 220 }}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        {t('sessions.followUp.labelsHint')}
      </Typography>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
        {t('sessions.followUp.teamNames')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(200px, 1fr))' },
        }}
      >
        {teamNumbers({ teamCount: count }).map((n) => (
          <TextField
            key={n}
            size="small"
            label={t('sessions.followUp.teamName', { n })}
            value={draft.teamNames[String(n)] ?? ''}
            placeholder={`${teamWord} ${n}`}
            slotProps={{ htmlInput: { maxLength: LABEL_MAX } }}
            onChange={(e) => setTeamName(n, e.target.value)}
          />
        ))}
      </Box>
    </Stack>
  );
}

function RoundEditor({
  type,
  round,
  saved,
  index,
  removable,
  onChange,
  onRemove,
}: {
  type: Session['type'];
  round: SessionRound;
  /** The round as saved in the session (undefined for a round added to the draft). */
  saved: SessionRound | undefined;
  index: number;
  removable: boolean;
  onChange: (round: SessionRound) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const roundTexts = useRoundTexts();
  const templates = GAME_TEMPLATES.filter((g) => g.type === type);
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 700, flex: 1 }}>
            {t('sessions.round')} {index + 1}
          </Typography>
          {removable && (
            <IconButton aria-label={t('sessions.followUp.removeRound')} onClick={onRemove}>
              <DeleteOutlineIcon />
            </IconButton>
          )}
        </Stack>
        <RoundTextField
          label={t('sessions.followUp.roundName')}
          stored={round.name}
          saved={saved?.name}
          shown={roundTexts.name}
          required
          size="small"
          onChange={(name) => onChange({ ...round, name })}
        />
        <RoundTextField
          label={t('sessions.followUp.roundDescription')}
          stored={round.description}
          saved={saved?.description}
          shown={roundTexts.description}
          size="small"
          multiline
          onChange={(description) => onChange({ ...round, description })}
        />
        <TextField
          select
          size="small"
          label={t('sessions.followUp.roundGame')}
          value={round.gameTemplateId ?? ''}
          onChange={(e) => {
            const template = templates.find((g) => g.id === e.target.value);
            if (template) {
              onChange({ ...round, gameTemplateId: template.id, config: template.config });
            }
          }}
        >
          {round.gameTemplateId === null && (
            <MenuItem value="">{t('sessions.followUp.customGame')}</MenuItem>
          )}
          {templates.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {t(`templates.game.${g.id}.title`, { defaultValue: g.title })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Paper>
  );
}

/** The session's settings and rounds, edited as a draft the follow-up saves. */
export function SettingsPanel({
  session,
  draft,
  setDraft,
}: {
  session: Session;
  draft: SessionDraft;
  setDraft: (draft: SessionDraft) => void;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof SessionDraft>(key: K, value: SessionDraft[K]) =>
    setDraft({ ...draft, [key]: value });
  const audio = (who: AudioListener, on: boolean) =>
    set(
      'allowAudioPlayer',
      on
        ? [...new Set([...draft.allowAudioPlayer, who])]
        : draft.allowAudioPlayer.filter((a) => a !== who),
    );
  const firstTemplate = GAME_TEMPLATES.find((g) => g.type === session.type);
  return (
    <Stack spacing={2.5}>
      <TextField
        label={t('sessions.followUp.name')}
        value={draft.name}
        required
        onChange={(e) => set('name', e.target.value)}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="number"
          label={t('sessions.followUp.teamCount')}
          value={draft.teamCount}
          slotProps={{ htmlInput: { min: 1, max: TEAM_COUNT_MAX } }}
          onChange={(e) => set('teamCount', Math.round(Number(e.target.value)))}
          sx={{ minWidth: 160 }}
        />
        <TextField
          select
          label={t('sessions.followUp.teamComposition')}
          value={draft.teamComposition}
          onChange={(e) =>
            set('teamComposition', e.target.value as SessionDraft['teamComposition'])
          }
          sx={{ minWidth: 240 }}
        >
          {TEAM_COMPOSITIONS.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`sessions.compositions.${c}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('sessions.followUp.instructionsMode')}
          value={draft.instructionsMode}
          onChange={(e) =>
            set('instructionsMode', e.target.value as SessionDraft['instructionsMode'])
          }
          sx={{ minWidth: 240 }}
        >
          {INSTRUCTIONS_MODES.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`sessions.instructions.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('sessions.followUp.debriefingMode')}
          value={draft.debriefingMode}
          onChange={(e) => set('debriefingMode', e.target.value as SessionDraft['debriefingMode'])}
          sx={{ minWidth: 240 }}
        >
          {DEBRIEFING_MODES.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`sessions.debriefing.${m}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        {t(`sessions.followUp.instructionsHint.${draft.instructionsMode}`)}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3 }}>
        <FormControlLabel
          control={
            <Switch
              checked={draft.allowJoinRandom}
              onChange={(e) => set('allowJoinRandom', e.target.checked)}
            />
          }
          label={t('sessions.followUp.allowJoinRandom')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.allowLanguagePicker}
              onChange={(e) => set('allowLanguagePicker', e.target.checked)}
            />
          }
          label={t('sessions.followUp.allowLanguagePicker')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.allowPlayerReset}
              onChange={(e) => set('allowPlayerReset', e.target.checked)}
            />
          }
          label={t('sessions.followUp.allowPlayerReset')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.observersAdminsOnly}
              onChange={(e) => set('observersAdminsOnly', e.target.checked)}
              data-testid="session-observers-admins-only"
            />
          }
          label={t('sessions.followUp.observersAdminsOnly')}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.allowAudioPlayer.includes('instructor')}
              onChange={(e) => audio('instructor', e.target.checked)}
            />
          }
          label={t('sessions.followUp.audioInstructor')}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.allowAudioPlayer.includes('player')}
              onChange={(e) => audio('player', e.target.checked)}
            />
          }
          label={t('sessions.followUp.audioPlayer')}
        />
      </Stack>
      <LabelsEditor draft={draft} setDraft={setDraft} />
      <Typography variant="h6" component="h3">
        {t('sessions.followUp.rounds')}
      </Typography>
      {draft.rounds.map((round, i) => (
        <RoundEditor
          key={round.id}
          type={session.type}
          round={round}
          saved={session.rounds.find((r) => r.id === round.id)}
          index={i}
          removable={draft.rounds.length > 1 && !roundStarted(session, i + 1)}
          onChange={(r) =>
            set(
              'rounds',
              draft.rounds.map((x, k) => (k === i ? r : x)),
            )
          }
          onRemove={() =>
            set(
              'rounds',
              draft.rounds.filter((_, k) => k !== i),
            )
          }
        />
      ))}
      {firstTemplate && (
        <Box>
          <Button
            startIcon={<AddIcon />}
            onClick={() =>
              set('rounds', [
                ...draft.rounds,
                {
                  id: newRoundId(draft.rounds),
                  name: `${t('sessions.round')} ${draft.rounds.length + 1}`,
                  description: '',
                  gameTemplateId: firstTemplate.id,
                  config: firstTemplate.config,
                },
              ])
            }
          >
            {t('sessions.followUp.addRound')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
