/**
 * The editor's debrief section of every game type (spec §3 `configDebrief`): which of the game
 * type's chart sections show, the thank-you section, and the questions or quiz with the quiz's
 * right answers (kept with the game's secrets, `private/params.answers`).
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  type FieldIssue,
  localId,
  Section,
  SwitchField,
  useIssueText,
} from '@/features/games/shared/editor-fields';
import type { DebriefConfig } from '@/features/games/shared/game-model';
import { ownEntry } from '@/lib/own';

export interface DebriefConfigSectionProps<S extends string> {
  /** The game type's chart sections, in its order, with their labels. */
  readonly sections: readonly { readonly id: S; readonly label: string }[];
  readonly value: DebriefConfig<S>;
  /** The quiz's right answers by question id. */
  readonly answers: Readonly<Record<string, unknown>> | undefined;
  readonly issueAt: (path: string) => FieldIssue | undefined;
  readonly errorCount: number;
  /** Changes the draft's debrief configuration in place (on the editor's copy). */
  readonly edit: (change: (config: DebriefConfig<S>) => void) => void;
  /** Changes a copy of the right answers, which becomes the draft's. */
  readonly editAnswers: (change: (answers: Record<string, unknown>) => void) => void;
}

export function DebriefConfigSection<S extends string>({
  sections,
  value,
  answers,
  issueAt,
  errorCount,
  edit,
  editAnswers,
}: DebriefConfigSectionProps<S>) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const qs = value.questionsSection;
  return (
    <Section title={t('game.editor.sections.debrief')} errorCount={errorCount}>
      <Stack spacing={2}>
        <Typography variant="subtitle2" component="h3">
          {t('game.editor.debrief.sections')}
        </Typography>
        <Stack sx={{ flexWrap: 'wrap' }} direction="row" useFlexGap spacing={1}>
          {sections.map((s) => (
            <SwitchField
              key={s.id}
              label={s.label}
              checked={value.debriefContent.includes(s.id)}
              onChange={(v) =>
                edit((cd) => {
                  const set = new Set(cd.debriefContent);
                  if (v) set.add(s.id);
                  else set.delete(s.id);
                  cd.debriefContent = sections.map((x) => x.id).filter((x) => set.has(x));
                })
              }
            />
          ))}
        </Stack>
        <Divider />
        <SwitchField
          label={t('game.editor.debrief.thankYou')}
          checked={value.thankYouSection.active}
          onChange={(v) => edit((cd) => void (cd.thankYouSection.active = v))}
        />
        {value.thankYouSection.active && (
          <Stack sx={{ flexWrap: 'wrap' }} direction="row" spacing={2} useFlexGap>
            {(['title', 'message', 'ctaLabel', 'ctaLink'] as const).map((k) => (
              <TextField
                key={k}
                size="small"
                label={t(`game.editor.debrief.${k}`)}
                value={value.thankYouSection[k]}
                onChange={(e) => edit((cd) => void (cd.thankYouSection[k] = e.target.value))}
                multiline={k === 'message'}
                sx={{ minWidth: 240 }}
              />
            ))}
          </Stack>
        )}
        <Divider />
        <Stack sx={{ flexWrap: 'wrap' }} direction="row" useFlexGap spacing={1}>
          {(['active', 'playersViewResults', 'quizMode', 'requireSubmitDebrief'] as const).map(
            (k) => (
              <SwitchField
                key={k}
                label={t(`game.editor.debrief.${k}`)}
                checked={qs[k]}
                onChange={(v) => edit((cd) => void (cd.questionsSection[k] = v))}
              />
            ),
          )}
        </Stack>
        {qs.active && (
          <Stack spacing={2}>
            {qs.questions.map((q, qi) => {
              const setQ = (fn: (x: typeof q) => void) =>
                edit((cd) => {
                  const x = cd.questionsSection.questions[qi];
                  if (x) fn(x);
                });
              const answer = ownEntry(answers, q.id);
              const setAnswer = (v: unknown) =>
                editAnswers((next) => {
                  if (v === null || v === '') delete next[q.id];
                  else next[q.id] = v;
                });
              return (
                <Paper key={q.id} variant="outlined" sx={{ p: 2 }}>
                  <Stack
                    sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
                    direction="row"
                    spacing={2}
                    useFlexGap
                  >
                    <TextField
                      size="small"
                      fullWidth={false}
                      label={t('game.editor.debrief.question')}
                      value={q.text}
                      error={issueAt(`questions.${qi}.text`) !== undefined}
                      helperText={
                        issueAt(`questions.${qi}.text`)
                          ? issueText(issueAt(`questions.${qi}.text`) as FieldIssue)
                          : undefined
                      }
                      onChange={(e) => setQ((x) => void (x.text = e.target.value))}
                      sx={{ flex: 1, minWidth: 260 }}
                    />
                    <TextField
                      select
                      size="small"
                      label={t('game.editor.debrief.kind')}
                      value={q.kind}
                      onChange={(e) => setQ((x) => void (x.kind = e.target.value as typeof q.kind))}
                      sx={{ width: 180 }}
                    >
                      {(['text', 'number', 'choice'] as const).map((k) => (
                        <MenuItem key={k} value={k}>
                          {t(`game.editor.debrief.kinds.${k}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                    {qs.quizMode && q.kind !== 'choice' && (
                      <TextField
                        size="small"
                        label={t('game.editor.debrief.answer')}
                        value={
                          typeof answer === 'string' || typeof answer === 'number' ? answer : ''
                        }
                        onChange={(e) =>
                          setAnswer(
                            q.kind === 'number' && e.target.value !== ''
                              ? Number(e.target.value)
                              : e.target.value,
                          )
                        }
                      />
                    )}
                    <IconButton
                      aria-label={t('game.editor.remove')}
                      onClick={() => edit((cd) => void cd.questionsSection.questions.splice(qi, 1))}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Stack>
                  {q.kind === 'choice' && (
                    <Stack spacing={1} sx={{ mt: 2 }}>
                      {(q.options ?? []).map((c, k) => (
                        <Stack sx={{ alignItems: 'center' }} key={k} direction="row" spacing={1}>
                          <TextField
                            size="small"
                            label={t('game.editor.debrief.choiceN', { n: k + 1 })}
                            value={c}
                            onChange={(e) =>
                              setQ((x) => {
                                const o = [...(x.options ?? [])];
                                o[k] = e.target.value;
                                x.options = o;
                              })
                            }
                          />
                          {qs.quizMode && (
                            <SwitchField
                              label={t('game.editor.debrief.correct')}
                              checked={answer === k}
                              onChange={(v) => setAnswer(v ? k : null)}
                            />
                          )}
                          <IconButton
                            aria-label={t('game.editor.remove')}
                            onClick={() =>
                              setQ(
                                (x) =>
                                  void (x.options = (x.options ?? []).filter((_, j) => j !== k)),
                              )
                            }
                          >
                            <DeleteIcon />
                          </IconButton>
                        </Stack>
                      ))}
                      {issueAt(`questions.${qi}.options`) && (
                        <Typography color="error" variant="body2">
                          {issueText(issueAt(`questions.${qi}.options`) as FieldIssue)}
                        </Typography>
                      )}
                      <Box>
                        <Button
                          size="small"
                          onClick={() => setQ((x) => void (x.options = [...(x.options ?? []), '']))}
                        >
                          {t('game.editor.debrief.addChoice')}
                        </Button>
                      </Box>
                    </Stack>
                  )}
                </Paper>
              );
            })}
            <Box>
              <Button
                startIcon={<AddIcon />}
                onClick={() =>
                  edit(
                    (cd) =>
                      void cd.questionsSection.questions.push({
                        id: localId('q'),
                        text: '',
                        kind: 'text',
                        options: [],
                      }),
                  )
                }
              >
                {t('game.editor.debrief.addQuestion')}
              </Button>
            </Box>
          </Stack>
        )}
      </Stack>
    </Section>
  );
}
