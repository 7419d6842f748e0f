/**
 * The frame of every game editor: the title, a warning when saving restarts a started game, the
 * general panel (the game's name, then the game type's own general fields), the game type's
 * sections, the issues left to fix and the save / cancel buttons.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { type FieldIssue, useIssueText } from '@/features/games/shared/editor-fields';

export interface EditorFrameProps {
  readonly title: string;
  /** Shown when saving restarts a game that has started; null otherwise. */
  readonly restartWarning: string | null;
  readonly name: string;
  readonly onName: (name: string) => void;
  readonly nameIssue: FieldIssue | undefined;
  /** The game type's fields beside the name. */
  readonly general?: ReactNode;
  /** Every issue of the draft, listed once the user tried to save. */
  readonly issues: readonly FieldIssue[];
  readonly showIssues: boolean;
  readonly saving: boolean;
  readonly isNew: boolean;
  readonly onSave: () => void;
  /** The game type's sections. */
  readonly children: ReactNode;
}

export function EditorFrame({
  title,
  restartWarning,
  name,
  onName,
  nameIssue,
  general,
  issues,
  showIssues,
  saving,
  isNew,
  onSave,
  children,
}: EditorFrameProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const issueText = useIssueText();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {restartWarning !== null && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {restartWarning}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 3, mb: 2 }}>
        <Stack
          sx={{ alignItems: 'flex-start' }}
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
        >
          <TextField
            label={t('game.editor.name')}
            value={name}
            onChange={(e) => onName(e.target.value)}
            error={nameIssue !== undefined}
            helperText={nameIssue ? issueText(nameIssue) : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'editor-name' } }}
            sx={{ minWidth: 280 }}
          />
          {general}
        </Stack>
      </Paper>

      {children}

      {showIssues && issues.length > 0 && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="editor-issues">
          {t('game.editor.fixErrors', { n: issues.length })}
          <ul>
            {issues.slice(0, 8).map((i) => (
              <li key={`${i.path}-${i.key}`}>{issueText(i)}</li>
            ))}
          </ul>
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
        <Button
          variant="contained"
          size="large"
          disabled={saving}
          onClick={onSave}
          data-testid="editor-save"
        >
          {saving
            ? t('game.editor.saving')
            : isNew
              ? t('game.editor.create')
              : t('game.editor.saveChanges')}
        </Button>
        <Button size="large" onClick={() => navigate(-1)} disabled={saving}>
          {t('game.editor.cancel')}
        </Button>
      </Stack>
    </Container>
  );
}
